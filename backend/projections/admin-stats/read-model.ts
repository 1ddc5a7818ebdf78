import { defineReadModel } from '../runner/read-model';
import { adminStatsMigration, adminStatsPaymentsMigration, adminStatsProjection, type AdminStatsTables } from './admin-stats-projection';

/** The admin statistics' read model, following the activity every slice declares. */
export const adminStatsReadModel = (activityEventTypes: readonly string[]) =>
  defineReadModel({
    projection: adminStatsProjection(activityEventTypes),
    migrations: {
      '2026_11_25_0031_admin_stats_read_model': adminStatsMigration,
      '2026_11_28_0050_admin_stats_payments_counted_once': adminStatsPaymentsMigration,
    },
  });

declare module '../../application/ports/database' {
  interface Database extends AdminStatsTables {}
}
