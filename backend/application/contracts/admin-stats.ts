import { z } from 'zod';
import { paymentModes } from '../../domain/billing/billing-events';

/**
 * The admin Dashboard (stats) tab (back-office §2 Dashboard tab; §3 Admin stats, API cost; §7).
 * Every figure comes from the admin-stats read model, never from a scan of the event log.
 * Shared by the server and the React app.
 */

/**
 * GET /api/admin/stats?mode=all|live|test (default all): which payments count as revenue
 * (TEST payments are what the embedded default records). Money is in the payments' currency
 * units (2 decimals); rates are percentages (0–100, 1 decimal); "today" and "this month" are UTC.
 */
export const statsModes = ['all', ...paymentModes] as const;
export const adminStatsQuerySchema = z.object({ mode: z.enum(statsModes).optional() });

export const dailyFigureSchema = z.object({
  /** YYYY-MM-DD (UTC). */
  date: z.string(),
  signups: z.number(),
  revenue: z.number(),
  aiCalls: z.number(),
  tokens: z.number(),
});
export type DailyFigureDto = z.infer<typeof dailyFigureSchema>;

export const adminStatsSchema = z.object({
  /**
   * The server runs the simulated payment gateway (no Stripe settings; PAYMENTS_SIMULATED):
   * every payment it records is a TEST checkout nobody was charged for, and the screen says so
   * beside the revenue figures.
   */
  paymentsSimulated: z.boolean(),
  totalRevenue: z.number(),
  /** The monthly amount of every live (not ended) subscription. */
  mrr: z.number(),
  revenueThisMonth: z.number(),
  /** mrr / (free + pro members). */
  arpu: z.number(),
  /** Members (every role). */
  totalUsers: z.number().int(),
  usersByRole: z.object({ pro: z.number().int(), free: z.number().int(), moderator: z.number().int(), admin: z.number().int() }),
  /** Subscriptions not ended. */
  proSubscriptions: z.number().int(),
  /** pro / (free + pro) × 100. */
  conversionRate: z.number(),
  /** Subscriptions ended in the last 30 days / (live + those) × 100. */
  churnRate: z.number(),
  /** Idea sets generated (ever, deleted ones included). */
  totalIdeas: z.number().int(),
  ideasToday: z.number().int(),
  /** Plans not completed and not deleted. */
  activePlans: z.number().int(),
  plansCreatedToday: z.number().int(),
  /** Members who acted themselves (saved their profile, generated ideas, ticked a task, paid…) in the last 7 / 30 days. */
  activeUsers7Days: z.number().int(),
  activeUsers30Days: z.number().int(),
  newSignupsToday: z.number().int(),
  newSignupsThisMonth: z.number().int(),
  /** Milestone and help credits spent (ever, refunds subtracted). */
  totalMilestoneRequests: z.number().int(),
  totalHelpRequests: z.number().int(),
  aiCalls: z.number().int(),
  aiCallsToday: z.number().int(),
  aiCallsThisMonth: z.number().int(),
  tokensUsed: z.number().int(),
  /** Tickets pending or in progress / resolved. */
  supportTicketsOpen: z.number().int(),
  supportTicketsResolved: z.number().int(),
  blogPostsCount: z.number().int(),
  faqsCount: z.number().int(),
  /** Members by profile country, most first; members without one under 'Unknown'. */
  usersByCountry: z.array(z.object({ country: z.string(), count: z.number().int() })),
  /** The last 30 UTC days, oldest first, for the charts. */
  daily: z.array(dailyFigureSchema),
});
export type AdminStatsDto = z.infer<typeof adminStatsSchema>;

/** GET /api/admin/api-cost?period=all|month (default all): AI usage priced with the configured token costs. */
export const apiCostPeriods = ['all', 'month'] as const;
export const apiCostQuerySchema = z.object({ period: z.enum(apiCostPeriods).optional() });
export const apiCostSchema = z.object({
  period: z.enum(apiCostPeriods),
  /** USD: inputTokens × inputTokenCostPer1M / 1e6 + outputTokens × outputTokenCostPer1M / 1e6. */
  totalCost: z.number(),
  inputTokens: z.number().int(),
  outputTokens: z.number().int(),
});
export type ApiCostDto = z.infer<typeof apiCostSchema>;

/** POST /api/admin/backfill-analytics: the analytics read models rebuilt from the event log. */
export const backfillResponseSchema = z.object({
  ideasBackfilled: z.number().int(),
  plansBackfilled: z.number().int(),
});
export type BackfillResponse = z.infer<typeof backfillResponseSchema>;
