import { defineReadModel } from '../runner/read-model';
import { adminStatsMigration, adminStatsPaymentsMigration, adminStatsProjection, type AdminStatsTables } from './admin-stats-projection';

export const adminStatsReadModel = defineReadModel<AdminStatsTables>({
  projection: adminStatsProjection,
  migrations: {
    '2026_11_25_0031_admin_stats_read_model': adminStatsMigration,
    '2026_11_28_0050_admin_stats_payments_counted_once': adminStatsPaymentsMigration,
  },
});
