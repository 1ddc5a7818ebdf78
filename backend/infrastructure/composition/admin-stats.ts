import { createAdminStatsService, type ContentCounts } from '../../application/admin/admin-stats';
import { createAnalyticsBackfill } from '../../application/admin/analytics-backfill';
import { createApiCostService } from '../../application/admin/api-cost';
import { readAiSettings } from '../../application/ai/ai-config-store';
import { adminStatsQueries } from '../../projections/admin-stats/admin-stats-queries';
import { countPublicBlogPosts } from '../../application/blog/blog-posts';
import type { Platform } from './platform';
import type { Kysely } from 'kysely';
import type { Database } from '../../application/ports/database';
import type { Clock } from '../../application/ports/system';
import { countFaqs } from '../../application/content/faqs';
import { adminStatsReadModel } from '../../projections/admin-stats/read-model';
import { defineSlice } from '../slices/slice';
import { callers } from '../slices/callers';

/** The read models the analytics backfill rebuilds (back-office §2 Dashboard tab; the outcomes per AI configuration version, issue 53). */
export const analyticsProjectionNames = ['admin-stats', 'ai-outcomes'] as const;

/** Blog posts and FAQs (issue 33): counted from their plain tables. */
const contentCounts = (db: Kysely<Database>, clock: Clock): ContentCounts => ({
  /** The posts visitors can read now. */
  blogPosts: () => countPublicBlogPosts(db, clock.now()),
  faqs: () => countFaqs(db),
});

/** The admin Dashboard tab: stats, API cost and the analytics backfill. */
export function adminStatsContext(platform: Platform, { paymentsSimulated }: { paymentsSimulated: boolean }) {
  const { database, clock, runner } = platform;
  const db = database.db;
  const reads = adminStatsQueries(db);
  return {
    adminStats: createAdminStatsService({ reads, content: contentCounts(db, clock), clock, paymentsSimulated }),
    apiCost: createApiCostService({ reads, prices: () => readAiSettings(db), clock }),
    analyticsBackfill: createAnalyticsBackfill({
      reads,
      async rebuildAnalytics() {
        for (const name of analyticsProjectionNames) await runner.rebuild(runner.projection(name));
      },
    }),
  };
}

/** The admin Dashboard's slice: its statistics follow every slice's member activity. */
export const adminStatsSlice = defineSlice({
  name: 'admin-stats',
  context: (platform, built: { paymentGateway: { kind: string } }) => adminStatsContext(platform, { paymentsSimulated: built.paymentGateway.kind === 'simulated' }),
  readModels: (facts) => [adminStatsReadModel(facts.activityEventTypes)],
  // Who may call each of its operations (the role matrix: tests/reliability/role-matrix.int.spec.ts).
  callers: {
    getAdminStats: callers.admins,
    getApiCost: callers.admins,
    backfillAnalytics: callers.admins,
  },
});
