import { sql, type Kysely } from 'kysely';
import type { AdminStatsReads, DayFigures, StatsCounters } from '../../application/ports/admin-stats-reads';
import type { Database } from '../../application/ports/database';
import { paymentModes } from '../../domain/billing/billing-events';
import { roles } from '../../domain/shared/actor';
import { counterNames, dayColumns, type AdminStatsDaysTable } from './admin-stats-projection';

/** The admin stats read port, each answer one small query on the admin-stats tables. */
export function adminStatsQueries(db: Kysely<Database>): AdminStatsReads {
  return {
    async counters(): Promise<StatsCounters> {
      const rows = await db.selectFrom('admin_stats_counters').selectAll().execute();
      const value = new Map(rows.map((row) => [row.name, Number(row.value)]));
      const of = (name: string) => value.get(name) ?? 0;
      const byMode = (name: (mode: string) => string) =>
        Object.fromEntries(paymentModes.map((mode) => [mode, of(name(mode))])) as StatsCounters['mrrCents'];
      return {
        usersByRole: Object.fromEntries(roles.map((role) => [role, of(counterNames.role(role))])) as StatsCounters['usersByRole'],
        activePlans: of(counterNames.activePlans),
        ticketsByStatus: Object.fromEntries(
          rows.filter((row) => row.name.startsWith('tickets:')).map((row) => [row.name.slice('tickets:'.length), Number(row.value)]),
        ),
        liveSubscriptions: byMode(counterNames.liveSubscriptions),
        mrrCents: byMode(counterNames.mrrCents),
      };
    },
    async dayTotals(fromDay) {
      const sums = sql.raw(dayColumns.map((c) => `coalesce(sum(${c}), 0)::bigint as ${c}`).join(', '));
      const { rows } = await sql<AdminStatsDaysTable>`
        select ${sums} from admin_stats_days where ${fromDay === undefined ? sql`true` : sql`day >= ${fromDay}`}`.execute(db);
      return toFigures(rows[0]);
    },
    async days(fromDay) {
      const rows = await db.selectFrom('admin_stats_days').selectAll().where('day', '>=', fromDay).orderBy('day').execute();
      return rows.map((row) => ({ day: row.day, ...toFigures(row) }));
    },
    async countries() {
      const rows = await db.selectFrom('admin_stats_countries').selectAll().orderBy('members', 'desc').orderBy('country').execute();
      return rows.map((row) => ({ country: row.country, count: Number(row.members) }));
    },
    async subscriptionsEndedSince(since) {
      const row = await db
        .selectFrom('admin_stats_subscriptions')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('ended_at', 'is not', null)
        .where('ended_at', '>=', since)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}

function toFigures(row: Omit<AdminStatsDaysTable, 'day'>): DayFigures {
  const n = (column: (typeof dayColumns)[number]) => Number(row[column]);
  return {
    signups: n('signups'),
    revenueCents: { live: n('revenue_live_cents'), test: n('revenue_test_cents') },
    aiCalls: n('ai_calls'),
    inputTokens: n('input_tokens'),
    outputTokens: n('output_tokens'),
    ideas: n('ideas'),
    plans: n('plans'),
    milestoneRequests: n('milestone_requests'),
    helpRequests: n('help_requests'),
    lastActiveMembers: n('last_active_members'),
  };
}
