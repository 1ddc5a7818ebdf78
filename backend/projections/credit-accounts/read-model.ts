import { defineReadModel } from '../runner/read-model';
import { creditAccountsMigration, creditAccountsProjection, type CreditAccountsTable } from './credit-accounts-projection';

export const creditAccountsReadModel = defineReadModel<{ credit_accounts: CreditAccountsTable }>({
  projection: creditAccountsProjection,
  migrations: { '2026_11_22_0007_credit_accounts_read_model': creditAccountsMigration },
});
