import { defineReadModel } from '../runner/read-model';
import { pendingSpendsMigration, pendingSpendsProjection, type PendingSpendsTable } from './pending-spends-projection';

export const pendingSpendsReadModel = defineReadModel<{ pending_spends: PendingSpendsTable }>({
  projection: pendingSpendsProjection,
  migrations: { '2026_11_23_0017_pending_spends': pendingSpendsMigration },
});
