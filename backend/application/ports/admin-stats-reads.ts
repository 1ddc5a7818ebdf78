import type { PaymentMode } from '../../domain/billing/billing-events';
import type { Role } from '../../domain/shared/actor';

/**
 * What the admin Dashboard's services (`admin/admin-stats.ts`, `admin/api-cost.ts`,
 * `admin/analytics-backfill.ts`) ask of the admin-stats read model, which answers it
 * (`projections/admin-stats/admin-stats-queries.ts`).
 */

/** What happened on one UTC day, or the sum over several. Money in cents. */
export interface DayFigures {
  signups: number;
  revenueCents: Record<PaymentMode, number>;
  aiCalls: number;
  inputTokens: number;
  outputTokens: number;
  ideas: number;
  plans: number;
  milestoneRequests: number;
  helpRequests: number;
  /** Members whose last activity was that day. */
  lastActiveMembers: number;
}

export interface StatsCounters {
  usersByRole: Record<Role, number>;
  activePlans: number;
  ticketsByStatus: Record<string, number>;
  liveSubscriptions: Record<PaymentMode, number>;
  mrrCents: Record<PaymentMode, number>;
}

/** The read port, answered by the admin-stats read model's queries. Days are `YYYY-MM-DD` (UTC). */
export interface AdminStatsReads {
  counters(): Promise<StatsCounters>;
  /** The sum of the days on or after `fromDay` (every day without it). */
  dayTotals(fromDay?: string): Promise<DayFigures>;
  /** Each day on or after `fromDay` that has figures, oldest first. */
  days(fromDay: string): Promise<(DayFigures & { day: string })[]>;
  /** Members by profile country ('Unknown' without one). */
  countries(): Promise<{ country: string; count: number }[]>;
  /** Subscriptions that ended at or after `since`. */
  subscriptionsEndedSince(since: Date): Promise<number>;
}
