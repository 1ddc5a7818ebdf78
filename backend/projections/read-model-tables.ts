import type { ProjectionCheckpointsTable } from './runner/checkpoints';
import type { UsersTable } from './users/users-projection';
import type { CreditAccountsTable } from './credit-accounts/credit-accounts-projection';
import type { CreditStatementTable } from './credit-statement/credit-statement-projection';
import type { IdeaSetsTable } from './idea-sets/idea-sets-projection';
import type { PendingSpendsTable } from './pending-spends/pending-spends-projection';

/** The read models' tables; each row type sits beside the projection that owns it. */
export interface ReadModelTables {
  projection_checkpoints: ProjectionCheckpointsTable;
  users: UsersTable;
  credit_accounts: CreditAccountsTable;
  credit_statement: CreditStatementTable;
  idea_sets: IdeaSetsTable;
  pending_spends: PendingSpendsTable;
}
