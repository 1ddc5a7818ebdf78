import { defineReadModel } from '../runner/read-model';
import { creditAccountsMigration, creditAccountsProjection, type CreditAccountsTable } from './credit-accounts-projection';

export const creditAccountsReadModel = defineReadModel({
  projection: creditAccountsProjection,
  migrations: { '2026_11_22_0007_credit_accounts_read_model': creditAccountsMigration },
});

// Its tables, in `Database` (the application declares its own there and never imports projections).
declare module '../../application/ports/database' {
  interface Database {
    credit_accounts: CreditAccountsTable;
  }
}
