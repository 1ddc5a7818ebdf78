import { createAdminStatsService, type ContentCounts } from '../../application/admin/admin-stats';
import { createAnalyticsBackfill } from '../../application/admin/analytics-backfill';
import { createApiCostService } from '../../application/admin/api-cost';
import { readAiSettings } from '../../application/ai/ai-config-store';
import { adminStatsProjection } from '../../projections/admin-stats/admin-stats-projection';
import { adminStatsQueries } from '../../projections/admin-stats/admin-stats-queries';
import { countPublicBlogPosts } from '../../application/blog/blog-posts';
import type { Platform } from './platform';
import type { Kysely } from 'kysely';
import type { Database } from '../../application/ports/database';
import type { Clock } from '../../application/ports/system';
import { countFaqs } from '../../application/content/faqs';

/** The read models the analytics backfill rebuilds (back-office §2 Dashboard tab). */
export const analyticsProjections = [adminStatsProjection] as const;

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
        for (const projection of analyticsProjections) await runner.rebuild(runner.projection(projection.name));
      },
    }),
  };
}
