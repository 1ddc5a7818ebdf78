import { defineReadModel } from '../runner/read-model';
import { pendingSpendsMigration, pendingSpendsPlanMigration, pendingSpendsProjection, type PendingSpendsTable } from './pending-spends-projection';

export const pendingSpendsReadModel = defineReadModel<{ pending_spends: PendingSpendsTable }>({
  projection: pendingSpendsProjection,
  migrations: {
    '2026_11_23_0017_pending_spends': pendingSpendsMigration,
    '2026_11_23_0020_pending_spends_plan': pendingSpendsPlanMigration,
  },
});
