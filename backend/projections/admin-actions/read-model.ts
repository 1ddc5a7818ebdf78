import { defineReadModel } from '../runner/read-model';
import { adminActionsMigration, adminActionsProjection, type AdminActionsTable } from './admin-actions-projection';

export const adminActionsReadModel = defineReadModel({
  projection: adminActionsProjection,
  migrations: { '2026_12_01_0060_admin_actions': adminActionsMigration },
});

// Its tables, in `Database` (the application declares its own there and never imports projections).
declare module '../../application/ports/database' {
  interface Database {
    admin_actions: AdminActionsTable;
  }
}
