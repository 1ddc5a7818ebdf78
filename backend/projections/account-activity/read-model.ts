import { defineReadModel } from '../runner/read-model';
import { accountActivityMigration, accountActivityProjection, type AccountActivityAccountsTable, type AccountActivityTable } from './account-activity-projection';

export const accountActivityReadModel = defineReadModel({
  projection: accountActivityProjection,
  migrations: { '2026_11_30_0055_account_activity_read_model': accountActivityMigration },
});

// Its tables, in `Database` (the application declares its own there and never imports projections).
declare module '../../application/ports/database' {
  interface Database {
    account_activity: AccountActivityTable;
    account_activity_accounts: AccountActivityAccountsTable;
  }
}
