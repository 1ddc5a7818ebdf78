import { defineReadModel } from '../runner/read-model';
import { creditStatementMigration, creditStatementProjection, type CreditStatementTable } from './credit-statement-projection';

export const creditStatementReadModel = defineReadModel<{ credit_statement: CreditStatementTable }>({
  projection: creditStatementProjection,
  migrations: { '2026_11_22_0008_credit_statement_read_model': creditStatementMigration },
});
