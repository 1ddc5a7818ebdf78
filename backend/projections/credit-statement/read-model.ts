import { defineReadModel } from '../runner/read-model';
import { creditStatementMigration, creditStatementProjection, type CreditStatementTable } from './credit-statement-projection';

export const creditStatementReadModel = defineReadModel({
  projection: creditStatementProjection,
  migrations: { '2026_11_22_0008_credit_statement_read_model': creditStatementMigration },
});

// Its tables, in `Database` (the application declares its own there and never imports projections).
declare module '../../application/ports/database' {
  interface Database {
    credit_statement: CreditStatementTable;
  }
}
