import type { EventStoreTables } from '../event-store/postgres-event-store';
import type { ProjectionCheckpointsTable } from '../../projections/runner/checkpoints';
import type { UsersTable } from '../../projections/users/users-projection';
import type { CreditAccountsTable } from '../../projections/credit-accounts/credit-accounts-projection';
import type { CreditStatementTable } from '../../projections/credit-statement/credit-statement-projection';
import type { IdeaSetsTable } from '../../projections/idea-sets/idea-sets-projection';
import type { AiSettingsTables } from '../../application/ai/ai-settings';
import type { TrialTables } from '../../application/ideas/trial-allowance';
import type { PlatformTables } from './platform-tables';
import type { ContentTables } from './content-tables';

/** Every table the product queries; each table's row type sits beside its migration. */
export interface Database extends EventStoreTables, PlatformTables, ContentTables, AiSettingsTables, TrialTables {
  projection_checkpoints: ProjectionCheckpointsTable;
  users: UsersTable;
  credit_accounts: CreditAccountsTable;
  credit_statement: CreditStatementTable;
  idea_sets: IdeaSetsTable;
}
