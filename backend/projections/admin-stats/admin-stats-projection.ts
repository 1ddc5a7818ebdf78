import { sql, type Migration, type RawBuilder, type Transaction } from 'kysely';
import type { Database } from '../../application/ports/database';
import type { RecordedEvent } from '../../application/ports/event-store';
import type { AiCallRecorded } from '../../domain/ai-usage/ai-call';
import { billingStream, type PaymentRecorded, type PaymentRefunded, type SubscriptionActivated, type SubscriptionEnded } from '../../domain/billing/billing-events';
import { minorUnitDigits } from '../../domain/billing/currency';
import { creditAccountStreams, type CreditConsumed } from '../../domain/credits/credit-account';
import type { IdeaSetCreated } from '../../domain/ideas/idea-set';
import { userStreams, type UserProfileUpdated, type UserRegistered, type UserRoleChanged } from '../../domain/identity/user';
import { countsAsActive, planStream, type PlanCreated, type PlanRestored } from '../../domain/plans/plan';
import type { TicketOpened, TicketStatusChanged } from '../../domain/support/ticket';
import type { Projection } from '../runner/projection';

/**
 * The admin Dashboard's figures (back-office §2, §3 Admin stats; docs/admin-stats.md), kept so
 * that GET /api/admin/stats is a handful of small indexed reads:
 *
 * - `admin_stats_counters`: named whole numbers (members by role, active plans, tickets by
 *   status, live subscriptions and MRR in cents by payment mode); a counter at 0 has no row.
 * - `admin_stats_days`: one row per UTC day (`YYYY-MM-DD`) with what happened that day (signups,
 *   revenue in cents by mode, AI calls and tokens, idea sets, plans, milestone and help credits
 *   spent) and how many members were last active that day; a day of zeros has no row.
 * - `admin_stats_countries`: members by profile country ('Unknown' without one).
 * - per-member rows, the only ones holding a member's id, all removed by `erase`:
 *   `admin_stats_members` (role, country, last active day), `admin_stats_member_days` (what the
 *   member's own streams added to each day), `admin_stats_plans`, `admin_stats_tickets`,
 *   `admin_stats_subscriptions`.
 *
 * - `admin_stats_payments`: the provider id of every paid payment counted in the revenue, so
 *   each is counted once (an erasure appends the member's billing events again, pseudonymised,
 *   under new event ids).
 *
 * Erasure subtracts what the member's streams contributed (their day figures, role, country,
 * activity, plans, tickets, subscriptions) before deleting their rows: after an erasure the
 * model equals a replay of the log without the erased streams, which is what a rebuild sees.
 * Revenue stays: the member's billing stream is kept, pseudonymised, and its payments were
 * counted already. AI calls stay (their `ai-call-` streams are kept), without naming anyone.
 */

export const dayColumns = [
  'signups',
  'revenue_live_cents',
  'revenue_test_cents',
  'ai_calls',
  'input_tokens',
  'output_tokens',
  'ideas',
  'plans',
  'milestone_requests',
  'help_requests',
  'last_active_members',
] as const;
export type DayColumn = (typeof dayColumns)[number];
/**
 * The day figures a member's own streams add, kept per member so that an erasure can take them
 * back. Not revenue: the books keep an erased member's payments (their billing stream is
 * pseudonymised, not deleted), so past revenue never changes with an erasure.
 */
export const memberDayColumns = [
  'signups',
  'ideas',
  'plans',
  'milestone_requests',
  'help_requests',
] as const satisfies readonly DayColumn[];
type MemberDayColumn = (typeof memberDayColumns)[number];

export type AdminStatsCountersTable = { name: string; value: number };
export type AdminStatsDaysTable = { day: string } & Record<DayColumn, number>;
export type AdminStatsCountriesTable = { country: string; members: number };
export type AdminStatsMembersTable = { user_id: string; role: string; country: string | null; deleted: boolean; last_active_on: string | null };
export type AdminStatsMemberDaysTable = { user_id: string; day: string } & Record<MemberDayColumn, number>;
export type AdminStatsPlansTable = { plan_id: string; owner_id: string; active: boolean };
export type AdminStatsTicketsTable = { ticket_id: string; member_id: string; status: string };
/** Every paid payment (its provider id) and refund (`refund:{id}`) counted in the revenue: each is counted once. */
export type AdminStatsPaymentsTable = { payment_id: string };
export type AdminStatsSubscriptionsTable = {
  subscription_id: string;
  user_id: string;
  mode: string;
  /** The monthly amount in cents (a yearly price divided by 12), from its latest paid payment. */
  monthly_cents: number;
  status: 'pending' | 'live' | 'ended';
  ended_at: Date | null;
};

export type AdminStatsTables = {
  admin_stats_counters: AdminStatsCountersTable;
  admin_stats_days: AdminStatsDaysTable;
  admin_stats_countries: AdminStatsCountriesTable;
  admin_stats_members: AdminStatsMembersTable;
  admin_stats_member_days: AdminStatsMemberDaysTable;
  admin_stats_plans: AdminStatsPlansTable;
  admin_stats_tickets: AdminStatsTicketsTable;
  admin_stats_subscriptions: AdminStatsSubscriptionsTable;
  admin_stats_payments: AdminStatsPaymentsTable;
};

export const adminStatsMigration: Migration = {
  async up(db) {
    const figures = (columns: readonly string[]) => sql.raw(columns.map((c) => `${c} bigint not null default 0`).join(', '));
    await sql`create table admin_stats_counters (name text primary key, value bigint not null)`.execute(db);
    await sql`create table admin_stats_days (day text primary key, ${figures(dayColumns)})`.execute(db);
    await sql`create table admin_stats_countries (country text primary key, members bigint not null)`.execute(db);
    await sql`create table admin_stats_members (
      user_id text primary key, role text not null, country text, deleted boolean not null, last_active_on text)`.execute(db);
    // The columns as they were when this migration landed (revenue left them in 0052).
    const memberDayColumnsIn0031 = ['signups', 'revenue_live_cents', 'revenue_test_cents', 'ideas', 'plans', 'milestone_requests', 'help_requests'];
    await sql`create table admin_stats_member_days (user_id text not null, day text not null, ${figures(memberDayColumnsIn0031)},
      primary key (user_id, day))`.execute(db);
    await sql`create table admin_stats_plans (plan_id text primary key, owner_id text not null, active boolean not null)`.execute(db);
    await sql`create index admin_stats_plans_owner on admin_stats_plans (owner_id)`.execute(db);
    await sql`create table admin_stats_tickets (ticket_id text primary key, member_id text not null, status text not null)`.execute(db);
    await sql`create index admin_stats_tickets_member on admin_stats_tickets (member_id)`.execute(db);
    await sql`create table admin_stats_subscriptions (
      subscription_id text primary key, user_id text not null, mode text not null, monthly_cents bigint not null,
      status text not null, ended_at timestamptz)`.execute(db);
    await sql`create index admin_stats_subscriptions_user on admin_stats_subscriptions (user_id)`.execute(db);
    await sql`create index admin_stats_subscriptions_ended on admin_stats_subscriptions (ended_at) where ended_at is not null`.execute(db);
  },
};

/**
 * Revenue counted once per payment and kept through erasures: the table of counted payments,
 * revenue out of the per-member day figures, and the model folded again from the log (its
 * tables emptied and its checkpoint removed: the runner replays every event into it), so the
 * payments counted before this migration are in that table.
 */
export const adminStatsPaymentsMigration: Migration = {
  async up(db) {
    await sql`create table admin_stats_payments (payment_id text primary key)`.execute(db);
    await sql`alter table admin_stats_member_days drop column revenue_live_cents, drop column revenue_test_cents`.execute(db);
    // The tables as they are at this migration (a later one may add others).
    const tablesIn0052 = ['admin_stats_counters', 'admin_stats_days', 'admin_stats_countries', 'admin_stats_members', 'admin_stats_member_days',
      'admin_stats_plans', 'admin_stats_tickets', 'admin_stats_subscriptions', 'admin_stats_payments'];
    for (const table of tablesIn0052) await sql`delete from ${sql.table(table)}`.execute(db);
    await sql`delete from projection_checkpoints where projection = 'admin-stats'`.execute(db);
  },
};

/** Counter names (`admin_stats_counters.name`). */
export const counterNames = {
  role: (role: string) => `users:${role}`,
  activePlans: 'plans:active',
  tickets: (status: string) => `tickets:${status}`,
  liveSubscriptions: (mode: string) => `subscriptions:live:${mode}`,
  mrrCents: (mode: string) => `mrr_cents:${mode}`,
} as const;

export const UNKNOWN_COUNTRY = 'Unknown';

/** The UTC day of a moment, `YYYY-MM-DD`. */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/**
 * An amount in its currency's minor unit as hundredths of the major unit: the stats' cents,
 * which add every currency up as they always did (1000 jpy counts 100000, 1.234 kwd 123).
 */
export const centsOf = (amountMinor: number, currency: string) => Math.round(amountMinor * 10 ** (2 - minorUnitDigits(currency)));

/** Monthly cents of a price paid per `interval` ('month', 'year', 'week', 'day'; anything else counts as monthly). */
export function monthlyCents(cents: number, interval: string | null): number {
  if (interval === 'year') return Math.round(cents / 12);
  if (interval === 'week') return Math.round((cents * 52) / 12);
  if (interval === 'day') return Math.round((cents * 365) / 12);
  return cents;
}

/** Additions of one batch (or one erasure), written at the end in a few statements. */
function createDeltas() {
  const counters = new Map<string, number>();
  const countries = new Map<string, number>();
  const days = new Map<string, Map<DayColumn, number>>();
  const memberDays = new Map<string, { userId: string; day: string; figures: Map<MemberDayColumn, number> }>();
  const bump = <K>(map: Map<K, number>, key: K, by: number) => map.set(key, (map.get(key) ?? 0) + by);
  return {
    counters,
    countries,
    days,
    memberDays,
    counter: (name: string, by: number) => bump(counters, name, by),
    country: (country: string | null, by: number) => bump(countries, country ?? UNKNOWN_COUNTRY, by),
    day(day: string, column: DayColumn, by: number) {
      if (!days.has(day)) days.set(day, new Map());
      bump(days.get(day)!, column, by);
    },
    /** A figure the member's own streams add to a day: counted in the day and remembered for their erasure. */
    memberDay(userId: string, day: string, column: MemberDayColumn, by: number) {
      this.day(day, column, by);
      const key = `${userId}\u0000${day}`;
      if (!memberDays.has(key)) memberDays.set(key, { userId, day, figures: new Map() });
      bump(memberDays.get(key)!.figures, column, by);
    },
  };
}
type Deltas = ReturnType<typeof createDeltas>;

/** Rows of one table touched by a batch: loaded once, changed in memory (null: removed), written once. */
class RowSet<R extends Record<string, unknown>> {
  readonly rows = new Map<string, R | null>();
  constructor(
    readonly table: string,
    readonly key: keyof R & string,
  ) {}
  async load(trx: Transaction<Database>, keys: Iterable<string>) {
    const wanted = [...new Set(keys)].filter((k) => !this.rows.has(k));
    for (const k of wanted) this.rows.set(k, null);
    for (let i = 0; i < wanted.length; i += 5000) {
      const chunk = wanted.slice(i, i + 5000);
      const { rows } = await sql<R>`select * from ${sql.table(this.table)} where ${sql.ref(this.key)} in (${sql.join(chunk)})`.execute(trx);
      for (const row of rows) this.rows.set(String(row[this.key]), row);
    }
  }
  get(key: string): R | null {
    return this.rows.get(key) ?? null;
  }
  set(key: string, row: R | null) {
    this.rows.set(key, row);
  }
  async write(trx: Transaction<Database>, loadedBefore: ReadonlyMap<string, string>) {
    const removed = [...this.rows].filter(([k, row]) => row === null && loadedBefore.has(k)).map(([k]) => k);
    const kept = [...this.rows].filter(([k, row]) => row !== null && loadedBefore.get(k) !== JSON.stringify(row)).map(([, row]) => row!);
    if (removed.length) await sql`delete from ${sql.table(this.table)} where ${sql.ref(this.key)} in (${sql.join(removed)})`.execute(trx);
    if (kept.length) await upsert(trx, this.table, [this.key], kept, 'replace');
  }
  /** The rows as they were loaded, to write only what changed. */
  snapshot(): Map<string, string> {
    return new Map([...this.rows].filter(([, row]) => row !== null).map(([k, row]) => [k, JSON.stringify(row)]));
  }
}

/** Inserts rows, on conflict replacing every other column, or adding to it. */
async function upsert(trx: Transaction<Database>, table: string, keys: string[], rows: Record<string, unknown>[], mode: 'replace' | 'add') {
  const columns = Object.keys(rows[0]);
  const set = columns
    .filter((c) => !keys.includes(c))
    .map((c) => (mode === 'replace' ? sql`${sql.ref(c)} = excluded.${sql.ref(c)}` : sql`${sql.ref(c)} = ${sql.table(table)}.${sql.ref(c)} + excluded.${sql.ref(c)}`));
  for (let i = 0; i < rows.length; i += 2000) {
    const values = rows.slice(i, i + 2000).map((row) => sql`(${sql.join(columns.map((c) => row[c]))})`);
    await sql`insert into ${sql.table(table)} (${sql.join(columns.map((c) => sql.ref(c)))}) values ${sql.join(values)}
      on conflict (${sql.join(keys.map((k) => sql.ref(k)))}) do update set ${sql.join(set)}`.execute(trx);
  }
}

/** Adds the deltas, then deletes the rows they left at zero (a zero has no row, so live and rebuilt models compare equal). */
async function writeDeltas(trx: Transaction<Database>, deltas: Deltas) {
  const nonZero = <K>(map: Map<K, number>) => [...map].filter(([, n]) => n !== 0);
  const counters = nonZero(deltas.counters);
  if (counters.length) {
    await upsert(trx, 'admin_stats_counters', ['name'], counters.map(([name, value]) => ({ name, value })), 'add');
    await sql`delete from admin_stats_counters where value = 0 and name in (${sql.join(counters.map(([name]) => name))})`.execute(trx);
  }
  const countries = nonZero(deltas.countries);
  if (countries.length) {
    await upsert(trx, 'admin_stats_countries', ['country'], countries.map(([country, members]) => ({ country, members })), 'add');
    await sql`delete from admin_stats_countries where members = 0 and country in (${sql.join(countries.map(([c]) => c))})`.execute(trx);
  }
  const allZero = (columns: readonly string[]): RawBuilder<unknown> => sql.raw(columns.map((c) => `${c} = 0`).join(' and '));
  const days = [...deltas.days].filter(([, figures]) => [...figures.values()].some((n) => n !== 0));
  if (days.length) {
    const rows = days.map(([day, figures]) => ({ day, ...Object.fromEntries(dayColumns.map((c) => [c, figures.get(c) ?? 0])) }));
    await upsert(trx, 'admin_stats_days', ['day'], rows, 'add');
    await sql`delete from admin_stats_days where ${allZero(dayColumns)} and day in (${sql.join(days.map(([day]) => day))})`.execute(trx);
  }
  const memberDays = [...deltas.memberDays.values()].filter(({ figures }) => [...figures.values()].some((n) => n !== 0));
  if (memberDays.length) {
    const rows = memberDays.map(({ userId, day, figures }) => ({
      user_id: userId,
      day,
      ...Object.fromEntries(memberDayColumns.map((c) => [c, figures.get(c) ?? 0])),
    }));
    await upsert(trx, 'admin_stats_member_days', ['user_id', 'day'], rows, 'add');
    const keys = memberDays.map(({ userId, day }) => sql`(${userId}, ${day})`);
    await sql`delete from admin_stats_member_days where ${allZero(memberDayColumns)} and (user_id, day) in (${sql.join(keys)})`.execute(trx);
  }
}

type Rows = {
  members: RowSet<AdminStatsMembersTable>;
  plans: RowSet<AdminStatsPlansTable>;
  tickets: RowSet<AdminStatsTicketsTable>;
  subscriptions: RowSet<AdminStatsSubscriptionsTable>;
};

const streamId = (event: RecordedEvent) => event.streamName.slice(event.streamName.indexOf('-') + 1);
const idOf = (event: RecordedEvent, prefix: string) => (event.streamName.startsWith(prefix) ? event.streamName.slice(prefix.length) : null);

/** The keys of the rows an event may touch, to load them before folding. */
function keysOf(event: RecordedEvent, keys: { members: string[]; plans: string[]; tickets: string[]; subscriptions: string[] }) {
  if (event.actor.kind === 'user') keys.members.push(event.actor.userId);
  const member = idOf(event, userStreams.prefix);
  if (member) keys.members.push(member);
  const plan = idOf(event, planStream.prefix);
  if (plan) keys.plans.push(plan);
  const data = event.data as unknown as Record<string, unknown>;
  if (typeof data.ticketId === 'string') keys.tickets.push(data.ticketId);
  if (typeof data.subscriptionId === 'string') keys.subscriptions.push(data.subscriptionId);
  if (event.type === 'PaymentRecorded') {
    const subscriptionId = (data as unknown as PaymentRecorded['data']).payment.subscriptionId;
    if (subscriptionId) keys.subscriptions.push(subscriptionId);
  }
}

function applyEvent(event: RecordedEvent, rows: Rows, deltas: Deltas, payments: CountedPayments) {
  const day = utcDay(event.occurredAt);
  switch (event.type) {
    case 'UserRegistered': {
      const { userId, role } = event.data as unknown as UserRegistered['data'];
      if (rows.members.get(userId)) break;
      rows.members.set(userId, { user_id: userId, role, country: null, deleted: false, last_active_on: null });
      deltas.counter(counterNames.role(role), 1);
      deltas.country(null, 1);
      deltas.memberDay(userId, day, 'signups', 1);
      break;
    }
    case 'UserProfileUpdated': {
      const member = liveMember(rows, streamId(event));
      const { country } = event.data as unknown as UserProfileUpdated['data'];
      if (!member || member.country === country) break;
      deltas.country(member.country, -1);
      deltas.country(country, 1);
      rows.members.set(member.user_id, { ...member, country });
      break;
    }
    case 'UserRoleChanged': {
      const member = liveMember(rows, streamId(event));
      const { to } = event.data as unknown as UserRoleChanged['data'];
      if (!member || member.role === to) break;
      deltas.counter(counterNames.role(member.role), -1);
      deltas.counter(counterNames.role(to), 1);
      rows.members.set(member.user_id, { ...member, role: to });
      break;
    }
    case 'UserDeleted': {
      const member = liveMember(rows, streamId(event));
      if (!member) break;
      deltas.counter(counterNames.role(member.role), -1);
      deltas.country(member.country, -1);
      if (member.last_active_on) deltas.day(member.last_active_on, 'last_active_members', -1);
      rows.members.set(member.user_id, { ...member, deleted: true, last_active_on: null });
      break;
    }
    case 'CreditConsumed':
    case 'CreditRefunded': {
      const { kind } = event.data as unknown as CreditConsumed['data'];
      const userId = idOf(event, creditAccountStreams.prefix);
      if (!userId || (kind !== 'milestone' && kind !== 'help')) break;
      // An admin giving a period back (the data reset) refunds work that was served: it stays counted.
      if (event.type === 'CreditRefunded' && event.actor.kind === 'user' && event.actor.role === 'admin') break;
      deltas.memberDay(userId, day, kind === 'milestone' ? 'milestone_requests' : 'help_requests', event.type === 'CreditConsumed' ? 1 : -1);
      break;
    }
    case 'IdeaSetCreated':
      deltas.memberDay((event.data as unknown as IdeaSetCreated['data']).ownerId, day, 'ideas', 1);
      break;
    case 'PlanCreated': {
      const { planId, ownerId } = event.data as unknown as PlanCreated['data'];
      if (rows.plans.get(planId)) break;
      rows.plans.set(planId, { plan_id: planId, owner_id: ownerId, active: true });
      deltas.counter(counterNames.activePlans, 1);
      deltas.memberDay(ownerId, day, 'plans', 1);
      break;
    }
    case 'PlanCompleted':
    case 'TaskAdded':
    case 'TaskReopened': {
      const plan = rows.plans.get(streamId(event));
      const active = event.type !== 'PlanCompleted';
      if (!plan || plan.active === active) break;
      rows.plans.set(plan.plan_id, { ...plan, active });
      deltas.counter(counterNames.activePlans, active ? 1 : -1);
      break;
    }
    case 'PlanDeleted': {
      const plan = rows.plans.get(streamId(event));
      if (!plan) break;
      if (plan.active) deltas.counter(counterNames.activePlans, -1);
      rows.plans.set(plan.plan_id, null);
      break;
    }
    case 'PlanRestored': {
      const { planId, plan } = event.data as unknown as PlanRestored['data'];
      if (rows.plans.get(planId)) break;
      const active = countsAsActive(plan);
      rows.plans.set(planId, { plan_id: planId, owner_id: plan.ownerId, active });
      if (active) deltas.counter(counterNames.activePlans, 1);
      break;
    }
    case 'TicketOpened': {
      const { ticketId, memberId } = event.data as unknown as TicketOpened['data'];
      if (rows.tickets.get(ticketId)) break;
      rows.tickets.set(ticketId, { ticket_id: ticketId, member_id: memberId, status: 'pending' });
      deltas.counter(counterNames.tickets('pending'), 1);
      break;
    }
    case 'TicketStatusChanged': {
      const { ticketId, to } = event.data as unknown as TicketStatusChanged['data'];
      const ticket = rows.tickets.get(ticketId);
      if (!ticket || ticket.status === to) break;
      deltas.counter(counterNames.tickets(ticket.status), -1);
      deltas.counter(counterNames.tickets(to), 1);
      rows.tickets.set(ticketId, { ...ticket, status: to });
      break;
    }
    case 'TicketDeleted': {
      const ticket = rows.tickets.get((event.data as unknown as { ticketId: string }).ticketId);
      if (!ticket) break;
      deltas.counter(counterNames.tickets(ticket.status), -1);
      rows.tickets.set(ticket.ticket_id, null);
      break;
    }
    case 'SubscriptionActivated': {
      const { subscriptionId, mode } = event.data as unknown as SubscriptionActivated['data'];
      const subscription = subscriptionOf(rows, subscriptionId, event, mode);
      if (subscription.status !== 'pending') break;
      rows.subscriptions.set(subscriptionId, { ...subscription, mode, status: 'live' });
      deltas.counter(counterNames.liveSubscriptions(mode), 1);
      deltas.counter(counterNames.mrrCents(mode), subscription.monthly_cents);
      break;
    }
    case 'SubscriptionEnded': {
      const { subscriptionId, endedAt } = event.data as unknown as SubscriptionEnded['data'];
      const subscription = subscriptionOf(rows, subscriptionId, event, 'test');
      if (subscription.status === 'ended') break;
      if (subscription.status === 'live') {
        deltas.counter(counterNames.liveSubscriptions(subscription.mode), -1);
        deltas.counter(counterNames.mrrCents(subscription.mode), -subscription.monthly_cents);
      }
      rows.subscriptions.set(subscriptionId, { ...subscription, status: 'ended', ended_at: new Date(endedAt) });
      break;
    }
    case 'PaymentRecorded': {
      const { payment } = event.data as unknown as PaymentRecorded['data'];
      const userId = idOf(event, billingStream.prefix);
      if (!userId || payment.status !== 'paid') break;
      const cents = centsOf(payment.amount, payment.currency);
      // Once per payment: an erasure appends the member's payments again (pseudonymised, new event ids).
      if (!payments.counted.has(payment.paymentId)) {
        payments.counted.add(payment.paymentId);
        payments.added.push(payment.paymentId);
        deltas.day(day, payment.mode === 'live' ? 'revenue_live_cents' : 'revenue_test_cents', cents);
      }
      if (!payment.subscriptionId) break;
      const subscription = subscriptionOf(rows, payment.subscriptionId, event, payment.mode);
      const monthly = monthlyCents(cents, payment.interval);
      if (subscription.status === 'live') deltas.counter(counterNames.mrrCents(subscription.mode), monthly - subscription.monthly_cents);
      rows.subscriptions.set(payment.subscriptionId, { ...subscription, monthly_cents: monthly });
      break;
    }
    case 'PaymentRefunded': {
      // Money given back leaves the revenue on the day it was refunded.
      // Once per refund, like payments: an erasure appends the member's billing events again.
      const { refundId, amount, currency, mode } = event.data as unknown as PaymentRefunded['data'];
      const userId = idOf(event, billingStream.prefix);
      const key = `refund:${refundId}`;
      if (!userId || payments.counted.has(key)) break;
      payments.counted.add(key);
      payments.added.push(key);
      deltas.day(day, mode === 'live' ? 'revenue_live_cents' : 'revenue_test_cents', -centsOf(amount, currency));
      break;
    }
    case 'AiCallRecorded': {
      const { inputTokens, outputTokens } = event.data as unknown as AiCallRecorded['data'];
      deltas.day(day, 'ai_calls', 1);
      deltas.day(day, 'input_tokens', inputTokens);
      deltas.day(day, 'output_tokens', outputTokens);
      break;
    }
    default:
      break;
  }
  markActive(event, day, rows, deltas);
}

function liveMember(rows: Rows, userId: string): AdminStatsMembersTable | null {
  const member = rows.members.get(userId);
  return member && !member.deleted ? member : null;
}

/** A subscription's row, made (pending, nothing paid yet) by whichever of its events comes first. */
function subscriptionOf(rows: Rows, subscriptionId: string, event: RecordedEvent, mode: string): AdminStatsSubscriptionsTable {
  return (
    rows.subscriptions.get(subscriptionId) ?? {
      subscription_id: subscriptionId,
      user_id: idOf(event, billingStream.prefix) ?? '',
      mode,
      monthly_cents: 0,
      status: 'pending',
      ended_at: null,
    }
  );
}

/** A member is active on the day of any event they acted in; only their last active day is kept. */
function markActive(event: RecordedEvent, day: string, rows: Rows, deltas: Deltas) {
  if (event.actor.kind !== 'user') return;
  const member = liveMember(rows, event.actor.userId);
  if (!member || (member.last_active_on !== null && member.last_active_on >= day)) return;
  if (member.last_active_on) deltas.day(member.last_active_on, 'last_active_members', -1);
  deltas.day(day, 'last_active_members', 1);
  rows.members.set(member.user_id, { ...member, last_active_on: day });
}

/** The paid payments of a batch already counted (loaded), and those the batch counts (to insert). */
type CountedPayments = { counted: Set<string>; added: string[] };

async function loadCountedPayments(trx: Transaction<Database>, events: RecordedEvent[]): Promise<CountedPayments> {
  const ids = [
    ...new Set(
      events.flatMap((event) => {
        if (event.type === 'PaymentRecorded') {
          const { payment } = event.data as unknown as PaymentRecorded['data'];
          return payment.status === 'paid' ? [payment.paymentId] : [];
        }
        if (event.type === 'PaymentRefunded') return [`refund:${(event.data as unknown as PaymentRefunded['data']).refundId}`];
        return [];
      }),
    ),
  ];
  const counted = new Set<string>();
  for (let i = 0; i < ids.length; i += 5000) {
    const rows = await trx.selectFrom('admin_stats_payments').select('payment_id').where('payment_id', 'in', ids.slice(i, i + 5000)).execute();
    for (const row of rows) counted.add(row.payment_id);
  }
  return { counted, added: [] };
}

async function writeCountedPayments(trx: Transaction<Database>, payments: CountedPayments) {
  for (let i = 0; i < payments.added.length; i += 5000) {
    const rows = payments.added.slice(i, i + 5000).map((id) => ({ payment_id: id }));
    await trx.insertInto('admin_stats_payments').values(rows).onConflict((oc) => oc.column('payment_id').doNothing()).execute();
  }
}

async function applyAdminStatsBatch(trx: Transaction<Database>, events: RecordedEvent[]) {
  if (events.length === 0) return;
  const rows: Rows = {
    members: new RowSet('admin_stats_members', 'user_id'),
    plans: new RowSet('admin_stats_plans', 'plan_id'),
    tickets: new RowSet('admin_stats_tickets', 'ticket_id'),
    subscriptions: new RowSet('admin_stats_subscriptions', 'subscription_id'),
  };
  const keys = { members: [] as string[], plans: [] as string[], tickets: [] as string[], subscriptions: [] as string[] };
  for (const event of events) keysOf(event, keys);
  await rows.members.load(trx, keys.members);
  await rows.plans.load(trx, keys.plans);
  await rows.tickets.load(trx, keys.tickets);
  await rows.subscriptions.load(trx, keys.subscriptions);
  const before = Object.fromEntries(Object.entries(rows).map(([name, set]) => [name, set.snapshot()])) as Record<keyof Rows, Map<string, string>>;
  const payments = await loadCountedPayments(trx, events);
  const deltas = createDeltas();
  for (const event of events) applyEvent(event, rows, deltas, payments);
  for (const name of Object.keys(rows) as (keyof Rows)[]) await rows[name].write(trx, before[name]);
  await writeCountedPayments(trx, payments);
  await writeDeltas(trx, deltas);
}

/**
 * Takes back everything the member's streams contributed except their payments (the books keep
 * them: revenue and `admin_stats_payments` stay), then deletes every row naming them.
 */
async function eraseMember(trx: Transaction<Database>, userId: string) {
  const deltas = createDeltas();
  const member = await trx.selectFrom('admin_stats_members').selectAll().where('user_id', '=', userId).executeTakeFirst();
  if (member && !member.deleted) {
    deltas.counter(counterNames.role(member.role), -1);
    deltas.country(member.country, -1);
  }
  if (member?.last_active_on) deltas.day(member.last_active_on, 'last_active_members', -1);
  const memberDays = await trx.selectFrom('admin_stats_member_days').selectAll().where('user_id', '=', userId).execute();
  for (const row of memberDays) for (const column of memberDayColumns) deltas.day(row.day, column, -row[column]);
  const plans = await trx.selectFrom('admin_stats_plans').selectAll().where('owner_id', '=', userId).execute();
  deltas.counter(counterNames.activePlans, -plans.filter((plan) => plan.active).length);
  const tickets = await trx.selectFrom('admin_stats_tickets').selectAll().where('member_id', '=', userId).execute();
  for (const ticket of tickets) deltas.counter(counterNames.tickets(ticket.status), -1);
  const subscriptions = await trx.selectFrom('admin_stats_subscriptions').selectAll().where('user_id', '=', userId).execute();
  for (const subscription of subscriptions.filter((s) => s.status === 'live')) {
    deltas.counter(counterNames.liveSubscriptions(subscription.mode), -1);
    deltas.counter(counterNames.mrrCents(subscription.mode), -subscription.monthly_cents);
  }
  await writeDeltas(trx, deltas);
  await trx.deleteFrom('admin_stats_members').where('user_id', '=', userId).execute();
  await trx.deleteFrom('admin_stats_member_days').where('user_id', '=', userId).execute();
  await trx.deleteFrom('admin_stats_plans').where('owner_id', '=', userId).execute();
  await trx.deleteFrom('admin_stats_tickets').where('member_id', '=', userId).execute();
  await trx.deleteFrom('admin_stats_subscriptions').where('user_id', '=', userId).execute();
}

export const adminStatsTables = [
  'admin_stats_counters',
  'admin_stats_days',
  'admin_stats_countries',
  'admin_stats_members',
  'admin_stats_member_days',
  'admin_stats_plans',
  'admin_stats_tickets',
  'admin_stats_subscriptions',
  'admin_stats_payments',
] as const satisfies readonly (keyof AdminStatsTables)[];

/**
 * The admin statistics, following every event any member, staff or system can cause (each is
 * activity of its actor): the event types of every aggregate the slices declare as activity
 * (`AggregateEntry.countsAsActivity`).
 */
export function adminStatsProjection(activityEventTypes: readonly string[]): Projection {
  return {
    name: 'admin-stats',
    handles: activityEventTypes,
    tables: adminStatsTables,
    // Admin figures may lag a moment: members' writes never wait for them.
    memberFacing: false,
    apply: (trx, event) => applyAdminStatsBatch(trx, [event]),
    applyBatch: applyAdminStatsBatch,
    erase: eraseMember,
  };
}
