import type { BackfillResponse } from '../contracts/admin-stats';
import { DomainError } from '../../domain/shared/domain-error';
import type { AdminStatsReads } from '../ports/admin-stats-reads';

/**
 * POST /api/admin/backfill-analytics (back-office §2, §7): rebuilds the analytics read models
 * from the event log with the runner's shadow rebuild (readers keep the old figures until the
 * new ones replace them in one transaction), then reports the idea sets and plans the rebuilt
 * model counts. One at a time in this process: a second request while one runs is refused.
 */

export const BackfillRunning = () => new DomainError('backfill_running', 'conflict');

export interface AnalyticsBackfillDeps {
  /** Rebuilds every analytics read model from the event log. */
  rebuildAnalytics(): Promise<void>;
  reads: Pick<AdminStatsReads, 'dayTotals'>;
}

export function createAnalyticsBackfill({ rebuildAnalytics, reads }: AnalyticsBackfillDeps) {
  let running = false;
  return {
    async backfill(): Promise<BackfillResponse> {
      if (running) throw BackfillRunning();
      running = true;
      try {
        await rebuildAnalytics();
        const totals = await reads.dayTotals();
        return { ideasBackfilled: totals.ideas, plansBackfilled: totals.plans };
      } finally {
        running = false;
      }
    },
  };
}
