import { defineReadModel } from '../runner/read-model';
import { pendingSpendsMigration, pendingSpendsPlanMigration, pendingSpendsProjection, type PendingSpendsTable } from './pending-spends-projection';

export const pendingSpendsReadModel = defineReadModel({
  projection: pendingSpendsProjection,
  migrations: {
    '2026_11_23_0017_pending_spends': pendingSpendsMigration,
    '2026_11_23_0020_pending_spends_plan': pendingSpendsPlanMigration,
  },
});

// Its tables, in `Database` (the application declares its own there and never imports projections).
declare module '../../application/ports/database' {
  interface Database {
    pending_spends: PendingSpendsTable;
  }
}
