import type { ProjectionCheckpointsTable } from './runner/checkpoints';
import type { ProjectionStreamVersionsTable } from './runner/stream-versions';
import type { Projection } from './runner/projection';
import type { TablesOf } from './runner/read-model';
import { adminStatsReadModel } from './admin-stats/read-model';
import { billingReadModel } from './billing/read-model';
import { billingRoleChecksReadModel } from './billing-role-checks/read-model';
import { creditAccountsReadModel } from './credit-accounts/read-model';
import { creditStatementReadModel } from './credit-statement/read-model';
import { erasureReadModel } from './erasure/read-model';
import { ideaSetsReadModel } from './idea-sets/read-model';
import { pendingSpendsReadModel } from './pending-spends/read-model';
import { plansReadModel } from './plans/read-model';
import { sessionRevocationReadModel } from './sessions/read-model';
import { supportReadModel } from './support/read-model';
import { usersReadModel } from './users/read-model';
import { aiConfigReadModel } from './ai-config/read-model';

/**
 * Every read model the product runs: the one list. The runner's projections, the database
 * migrations and the read-model tables of `Database` all come from it.
 */
export const readModels = [
  usersReadModel,
  sessionRevocationReadModel,
  creditAccountsReadModel,
  creditStatementReadModel,
  ideaSetsReadModel,
  pendingSpendsReadModel,
  plansReadModel,
  supportReadModel,
  billingReadModel,
  billingRoleChecksReadModel,
  erasureReadModel,
  adminStatsReadModel,
  aiConfigReadModel,
] as const;

export const allProjections: readonly Projection[] = readModels.map((model) => model.projection);

/** The read models' tables, the runner's checkpoints and the inline projections' seen stream versions. */
export type ReadModelTables = TablesOf<typeof readModels> & {
  projection_checkpoints: ProjectionCheckpointsTable;
  projection_stream_versions: ProjectionStreamVersionsTable;
};

// The application declares `Database` with its own tables and never imports projections; the
// read models add theirs here, so the list above is the only place a read model is named.
declare module '../application/ports/database' {
  interface Database extends ReadModelTables {}
}
