import type { AdminStatsDto, DailyFigureDto, statsModes } from '../contracts/admin-stats';
import type { PaymentMode } from '../../domain/billing/billing-events';
import type { AdminStatsReads } from '../ports/admin-stats-reads';
import type { Clock } from '../ports/system';

/**
 * The admin Dashboard's figures (back-office §2, §3 Admin stats; docs/admin-stats.md), computed
 * from the admin-stats read model: a handful of small reads whatever the number of members.
 */

export type StatsMode = (typeof statsModes)[number];

/**
 * Blog posts and FAQs (back-office §2): no tables hold them yet (issue 33 adds them), so the
 * composition answers 0 until then; the stats only ever ask this port.
 */
export interface ContentCounts {
  blogPosts(): Promise<number>;
  faqs(): Promise<number>;
}

export interface AdminStatsDeps {
  reads: AdminStatsReads;
  content: ContentCounts;
  clock: Clock;
  /** Whether the server's payments are simulated (the payment gateway in use is the simulated one). */
  paymentsSimulated: boolean;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC day of a moment, `YYYY-MM-DD`. */
export const utcDayOf = (at: Date) => at.toISOString().slice(0, 10);
/** The first day of the UTC month of a moment. */
export const utcMonthStartOf = (at: Date) => `${utcDayOf(at).slice(0, 7)}-01`;
/** The `count` UTC days ending with the day of `at`, oldest first. */
export function lastUtcDays(at: Date, count: number): string[] {
  return Array.from({ length: count }, (_, i) => utcDayOf(new Date(at.getTime() - (count - 1 - i) * DAY_MS)));
}

const money = (cents: number) => Math.round(cents) / 100;
const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((1000 * part) / whole) / 10);
/** Cents of the payments a mode counts ('all': live and test). */
const centsIn = (byMode: Record<PaymentMode, number>, mode: StatsMode) => (mode === 'all' ? byMode.live + byMode.test : byMode[mode]);

export function createAdminStatsService({ reads, content, clock, paymentsSimulated }: AdminStatsDeps) {
  return {
    async stats(mode: StatsMode = 'all'): Promise<AdminStatsDto> {
      const now = clock.now();
      const last30 = lastUtcDays(now, 30);
      const today = last30[29];
      const [counters, ever, month, days, countries, endedLately, blogPosts, faqs] = await Promise.all([
        reads.counters(),
        reads.dayTotals(),
        reads.dayTotals(utcMonthStartOf(now)),
        reads.days(last30[0]),
        reads.countries(),
        reads.subscriptionsEndedSince(new Date(now.getTime() - 30 * DAY_MS)),
        content.blogPosts(),
        content.faqs(),
      ]);
      const byDay = new Map(days.filter((d) => d.day <= today).map((d) => [d.day, d]));
      const onDay = (day: string) => byDay.get(day);
      const activeSince = (from: string) => days.filter((d) => d.day >= from && d.day <= today).reduce((n, d) => n + d.lastActiveMembers, 0);
      const { usersByRole } = counters;
      const members = usersByRole.free + usersByRole.pro;
      const mrrCents = centsIn(counters.mrrCents, mode);
      const live = counters.liveSubscriptions.live + counters.liveSubscriptions.test;
      const daily: DailyFigureDto[] = last30.map((day) => {
        const figures = onDay(day);
        return {
          date: day,
          signups: figures?.signups ?? 0,
          revenue: money(figures ? centsIn(figures.revenueCents, mode) : 0),
          aiCalls: figures?.aiCalls ?? 0,
          tokens: figures ? figures.inputTokens + figures.outputTokens : 0,
        };
      });
      return {
        paymentsSimulated,
        totalRevenue: money(centsIn(ever.revenueCents, mode)),
        mrr: money(mrrCents),
        revenueThisMonth: money(centsIn(month.revenueCents, mode)),
        arpu: members === 0 ? 0 : Math.round(mrrCents / members) / 100,
        totalUsers: usersByRole.free + usersByRole.pro + usersByRole.moderator + usersByRole.admin,
        usersByRole,
        proSubscriptions: live,
        conversionRate: percent(usersByRole.pro, members),
        churnRate: percent(endedLately, live + endedLately),
        totalIdeas: ever.ideas,
        ideasToday: onDay(today)?.ideas ?? 0,
        activePlans: counters.activePlans,
        plansCreatedToday: onDay(today)?.plans ?? 0,
        activeUsers7Days: activeSince(last30[23]),
        activeUsers30Days: activeSince(last30[0]),
        newSignupsToday: onDay(today)?.signups ?? 0,
        newSignupsThisMonth: month.signups,
        totalMilestoneRequests: ever.milestoneRequests,
        totalHelpRequests: ever.helpRequests,
        aiCalls: ever.aiCalls,
        aiCallsToday: onDay(today)?.aiCalls ?? 0,
        aiCallsThisMonth: month.aiCalls,
        tokensUsed: ever.inputTokens + ever.outputTokens,
        supportTicketsOpen: (counters.ticketsByStatus.pending ?? 0) + (counters.ticketsByStatus['in-progress'] ?? 0),
        supportTicketsResolved: counters.ticketsByStatus.resolved ?? 0,
        blogPostsCount: blogPosts,
        faqsCount: faqs,
        usersByCountry: [...countries].sort((a, b) => b.count - a.count || a.country.localeCompare(b.country)),
        daily,
      };
    },
  };
}

export type AdminStatsService = ReturnType<typeof createAdminStatsService>;
