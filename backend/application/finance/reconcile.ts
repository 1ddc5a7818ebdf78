import { billingRoleReasons, billingStream, type PaymentFacts, type PaymentMode } from '../../domain/billing/billing-events';
import { formatMinorUnits } from '../../domain/billing/currency';
import { erasureStreams } from '../../domain/identity/erasure';
import { userStreams } from '../../domain/identity/user';
import type { Role } from '../../domain/shared/actor';
import { proPrice } from '../contracts/billing';
import type { RecordedEvent } from '../ports/event-store';

/**
 * Reconciliation of payments by replaying the event store (issue 29, item 5): what was paid,
 * month by month, and whether every payment and every Pro period billing caused match up.
 *
 * Pure: the events, the read model's totals and the provider's list come in as values, so the
 * rules below are tested without a database (`reconcile-run.ts` gathers them).
 *
 * The rules, each independent of the order of events within a stream (webhooks arrive in any
 * order):
 * - A **payment** is a `PaymentRecorded` of a `billing-{userId}` stream. One payment id may be
 *   recorded more than once (failed, then paid on a retry): it is **paid** when any record says
 *   `paid`, and then counted once, in the month (UTC) and mode of its record with the earliest
 *   `created`. It is **failed** when it is not paid and a record says `failed` or
 *   `uncollectible`, or a `SubscriptionPaymentFailed` names it (placed by its own record; with
 *   none, by the event's date and its subscription's mode, when known).
 * - `payment_seen_twice`: a payment id recorded as paid by more than one `PaymentRecorded`, in
 *   one stream or in two.
 * - A **billing-caused Pro period** is a `UserRoleChanged` to `pro` whose reason is
 *   `billingRoleReasons.activated` and which names its `subscriptionId`.
 * - `payment_without_pro_period`: a paid subscription payment of member M for subscription S
 *   when no billing-caused change to pro of M names S, unless the billing policy had nothing to
 *   change when S began (its first event in M's billing stream, in log order): M then held a
 *   staff role (moderator, admin: billing never changes a staff role), or was Pro through a
 *   billing-caused change naming another subscription (overlapping subscriptions). A member
 *   made Pro by an admin is not excused: no Pro period is on record for what they paid. An
 *   erased member (a `MemberErased` names them) is not checked: their role history went with
 *   their account, while their payments stay in the books without the person in them. Nor is
 *   a payment of a duplicate subscription (`DuplicateSubscriptionFound`): it never makes anyone
 *   Pro, whichever of the two webhooks' role change came first; it is to be refunded.
 *   Charges (type `charge`) buy no Pro period and are not checked.
 * - `pro_period_without_payment`: a billing-caused change to pro of M naming S when no paid
 *   payment of M for S is recorded (at any date).
 * - `read_model_total_differs`: for a month, mode and currency, the read model's paid count or
 *   gross amount differs from the replay's (the caller gives the read model's totals for the
 *   same range).
 * - A **refund** is a `PaymentRefunded`: the payment stays in its month's paid count and gross,
 *   and is counted again under `refunds` / `refunded` (the read model shows it as `refunded`).
 * - `duplicate_not_refunded`: a paid payment of a subscription billing found to be a member's
 *   second one (`DuplicateSubscriptionFound`) with no `PaymentRefunded`.
 * - With the provider's list of paid invoices (one mode: the keys'), `missing_from_provider`: a
 *   paid payment of that mode in the events which the provider does not list (payments of the
 *   simulated gateway, `sim_…`, are never at the provider); `missing_from_events`: a paid
 *   invoice the provider lists and no event records as paid.
 *
 * The range (`from`/`to`, UTC days, inclusive) selects payments and provider invoices by their
 * `created`, and Pro periods by when the role changed; matching a payment to a Pro period, or
 * the reverse, looks at the whole history. Amounts are summed in integer cents.
 */

export type DiscrepancyKind =
  | 'payment_without_pro_period'
  | 'pro_period_without_payment'
  | 'payment_seen_twice'
  | 'read_model_total_differs'
  | 'missing_from_provider'
  | 'missing_from_events'
  | 'duplicate_not_refunded';

export interface Discrepancy {
  kind: DiscrepancyKind;
  /** The ids the finding is about: the payment, subscription and member; month, mode and currency for a total. */
  ids: {
    paymentId?: string;
    subscriptionId?: string;
    userId?: string;
    /** When one payment id is in several members' streams. */
    userIds?: string[];
    month?: string;
    mode?: PaymentMode;
    currency?: string;
  };
  /** One sentence for a person. */
  message: string;
}

/** The read model's paid payments of one month (UTC, `YYYY-MM`), mode and currency. */
export interface ReadModelTotal {
  month: string;
  mode: PaymentMode;
  currency: string;
  /** Paid payments. */
  count: number;
  /** Their amounts added up, in the currency's minor unit (cents for usd). */
  grossMinor: number;
}

export interface ReconcileRange {
  /** `YYYY-MM-DD`, inclusive. */
  from?: string;
  /** `YYYY-MM-DD`, inclusive. */
  to?: string;
}

export interface ReconcileInput {
  /**
   * Recorded events of the `billing-*` streams, the `UserRegistered` / `UserRoleChanged`
   * events of the `user-*` streams and the `MemberErased` of the `erasure-*` streams, in log
   * order (others are ignored).
   */
  events: readonly RecordedEvent[];
  readModelTotals: readonly ReadModelTotal[];
  /** The provider's paid invoices and the mode its keys are for; absent without Stripe keys. */
  provider?: { mode: PaymentMode; paidInvoices: readonly PaymentFacts[] };
  range?: ReconcileRange;
}

export interface MonthTotals {
  month: string;
  mode: PaymentMode;
  currency: string;
  /** Paid payments. */
  payments: number;
  /** In the currency's minor unit (1998 for 19.98 usd). */
  grossMinor: number;
  /** The gross amount with the currency's decimals ("19.98"; "1000" for jpy). */
  gross: string;
  failed: number;
  /** Paid payments of the month given back (a duplicate subscription's), and their amount; counted in the gross too. */
  refunds: number;
  refundedMinor: number;
  refunded: string;
}

export interface ReconcileReport {
  range: { from: string | null; to: string | null };
  /** Whether the provider's list was compared (Stripe keys set), and in which mode. */
  provider: { mode: PaymentMode } | null;
  /** By month, then mode, then currency. */
  months: MonthTotals[];
  discrepancies: Discrepancy[];
}


/** The UTC day (`YYYY-MM-DD`) of an ISO 8601 instant; the text's own first ten characters if it does not parse. */
function utcDay(instant: string | Date): string {
  const date = instant instanceof Date ? instant : new Date(instant);
  return Number.isNaN(date.getTime()) ? String(instant).slice(0, 10) : date.toISOString().slice(0, 10);
}

const failedStatuses = new Set(['failed', 'uncollectible']);
const staffRoles = new Set<Role>(['moderator', 'admin']);

interface PaymentRecord {
  userId: string;
  payment: PaymentFacts;
  eventId: string;
}

/** What one payment id adds up to over all its records. */
interface Payment {
  paymentId: string;
  records: PaymentRecord[];
  paid: PaymentRecord[];
  failed: boolean;
}

interface RoleChange {
  position: number;
  from: Role;
  to: Role;
  /** Set when billing caused it (a subscription began or ended). */
  billingSubscriptionId: string | null;
  billingReason: string | null;
  occurredAt: Date;
  eventId: string;
}

interface Member {
  registeredRole: Role | null;
  roleChanges: RoleChange[];
}

/** The earliest by `created`, the event id breaking ties, so the order of the log does not matter. */
function earliest(records: readonly PaymentRecord[]): PaymentRecord {
  return records.reduce((best, r) =>
    r.payment.created < best.payment.created || (r.payment.created === best.payment.created && r.eventId < best.eventId) ? r : best,
  );
}

const stringOrNull = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

export function reconcile(input: ReconcileInput): ReconcileReport {
  const from = input.range?.from;
  const to = input.range?.to;
  const inRange = (instant: string | Date) => {
    const day = utcDay(instant);
    return (!from || day >= from) && (!to || day <= to);
  };

  const payments = new Map<string, Payment>();
  const paymentOf = (paymentId: string) => {
    let payment = payments.get(paymentId);
    if (!payment) payments.set(paymentId, (payment = { paymentId, records: [], paid: [], failed: false }));
    return payment;
  };
  /** `{userId}/{subscriptionId}` → the log position of the subscription's first billing event; its mode and currency when known. */
  const subscriptions = new Map<string, { firstPosition: number; mode: PaymentMode | null; currency: string | null }>();
  const noteSubscription = (userId: string, subscriptionId: string | null, position: number, mode: PaymentMode | null, currency: string | null = null) => {
    if (!subscriptionId) return;
    const key = `${userId}/${subscriptionId}`;
    const known = subscriptions.get(key);
    if (!known) subscriptions.set(key, { firstPosition: position, mode, currency });
    else {
      known.mode ??= mode;
      known.currency ??= currency;
    }
  };
  const failures: { userId: string; subscriptionId: string; paymentId: string; occurredAt: Date }[] = [];
  /** Payment ids refunded (`PaymentRefunded`), and `{userId}/{subscriptionId}` of every duplicate subscription. */
  const refunded = new Set<string>();
  const duplicates = new Set<string>();
  const members = new Map<string, Member>();
  /** Members whose account was erased: their role history is gone, their payments are not. */
  const erased = new Set<string>();
  const memberOf = (userId: string) => {
    let member = members.get(userId);
    if (!member) members.set(userId, (member = { registeredRole: null, roleChanges: [] }));
    return member;
  };

  input.events.forEach((event, position) => {
    if (event.streamName.startsWith(billingStream.prefix)) {
      const userId = billingStream.idOf(event.streamName);
      const data = event.data;
      switch (event.type) {
        case 'PaymentRecorded': {
          const payment = data.payment as PaymentFacts;
          const record = { userId, payment, eventId: event.eventId };
          const entry = paymentOf(payment.paymentId);
          entry.records.push(record);
          if (payment.status === 'paid') entry.paid.push(record);
          else if (failedStatuses.has(payment.status)) entry.failed = true;
          noteSubscription(userId, payment.subscriptionId, position, payment.mode, payment.currency);
          break;
        }
        case 'SubscriptionPaymentFailed':
          failures.push({
            userId,
            subscriptionId: String(data.subscriptionId),
            paymentId: String(data.paymentId),
            occurredAt: event.occurredAt,
          });
          noteSubscription(userId, stringOrNull(data.subscriptionId), position, null);
          break;
        case 'SubscriptionActivated':
          noteSubscription(userId, stringOrNull(data.subscriptionId), position, (data.mode as PaymentMode | undefined) ?? null);
          break;
        case 'DuplicateSubscriptionFound':
          duplicates.add(`${userId}/${String(data.subscriptionId)}`);
          noteSubscription(userId, stringOrNull(data.subscriptionId), position, null);
          break;
        case 'PaymentRefunded':
          refunded.add(String(data.paymentId));
          noteSubscription(userId, stringOrNull(data.subscriptionId), position, null);
          break;
        default:
          noteSubscription(userId, stringOrNull(data.subscriptionId), position, null);
      }
      return;
    }
    if (event.streamName.startsWith(erasureStreams.prefix)) {
      if (event.type === 'MemberErased') erased.add(erasureStreams.idOf(event.streamName));
      return;
    }
    if (!event.streamName.startsWith(userStreams.prefix)) return;
    const userId = userStreams.idOf(event.streamName);
    if (event.type === 'UserRegistered') {
      memberOf(userId).registeredRole = event.data.role as Role;
    } else if (event.type === 'UserRoleChanged') {
      const data = event.data as { from: Role; to: Role; reason: string; subscriptionId?: string | null };
      const subscriptionId = stringOrNull(data.subscriptionId);
      const byBilling = subscriptionId !== null && (data.reason === billingRoleReasons.activated || data.reason === billingRoleReasons.ended);
      memberOf(userId).roleChanges.push({
        position,
        from: data.from,
        to: data.to,
        billingSubscriptionId: byBilling ? subscriptionId : null,
        billingReason: byBilling ? data.reason : null,
        occurredAt: event.occurredAt,
        eventId: event.eventId,
      });
    }
  });

  for (const failure of failures) {
    const payment = payments.get(failure.paymentId);
    if (payment) payment.failed = true;
  }

  const discrepancies: Discrepancy[] = [];

  // ── Totals per month, mode and currency ───────────────────────────────────
  const months = new Map<string, MonthTotals>();
  const monthOf = (month: string, mode: PaymentMode, currency: string) => {
    const key = `${month}|${mode}|${currency}`;
    let row = months.get(key);
    if (!row) months.set(key, (row = { month, mode, currency, payments: 0, grossMinor: 0, gross: '', failed: 0, refunds: 0, refundedMinor: 0, refunded: '' }));
    return row;
  };
  const paidInRange: PaymentRecord[] = [];
  for (const payment of payments.values()) {
    if (payment.paid.length > 0) {
      const record = earliest(payment.paid);
      if (payment.paid.length > 1) {
        const users = [...new Set(payment.paid.map((r) => r.userId))];
        discrepancies.push({
          kind: 'payment_seen_twice',
          ids: users.length === 1 ? { paymentId: payment.paymentId, userId: users[0] } : { paymentId: payment.paymentId, userIds: users },
          message: `Payment ${payment.paymentId} is recorded as paid ${payment.paid.length} times (${users.length === 1 ? `in billing-${users[0]}` : `in ${users.map((u) => `billing-${u}`).join(' and ')}`}); it is counted once.`,
        });
      }
      if (!inRange(record.payment.created)) continue;
      paidInRange.push(record);
      const row = monthOf(utcDay(record.payment.created).slice(0, 7), record.payment.mode, record.payment.currency);
      row.payments += 1;
      row.grossMinor += record.payment.amount;
      if (refunded.has(payment.paymentId)) {
        row.refunds += 1;
        row.refundedMinor += record.payment.amount;
      }
    } else if (payment.failed) {
      const record = earliest(payment.records);
      if (!inRange(record.payment.created)) continue;
      monthOf(utcDay(record.payment.created).slice(0, 7), record.payment.mode, record.payment.currency).failed += 1;
    }
  }
  // A failure with no record of its payment: placed by when it happened, in its subscription's mode
  // and currency (Pro's price's when none of its payments says).
  const unrecorded = new Set<string>();
  for (const failure of failures) {
    if (payments.has(failure.paymentId) || unrecorded.has(failure.paymentId)) continue;
    unrecorded.add(failure.paymentId);
    const subscription = subscriptions.get(`${failure.userId}/${failure.subscriptionId}`);
    if (!subscription?.mode || !inRange(failure.occurredAt)) continue;
    monthOf(utcDay(failure.occurredAt).slice(0, 7), subscription.mode, subscription.currency ?? proPrice.currency).failed += 1;
  }
  // Every month the read model or the replay has: a month either side lacks is a difference too.
  const compared = new Set<string>();
  for (const total of input.readModelTotals) {
    const key = `${total.month}|${total.mode}|${total.currency}`;
    const row = months.get(key);
    compared.add(key);
    const replayed = { payments: row?.payments ?? 0, grossMinor: row?.grossMinor ?? 0 };
    if (replayed.payments !== total.count || replayed.grossMinor !== total.grossMinor) {
      discrepancies.push(readModelDifference(total.month, total.mode, total.currency, replayed, { payments: total.count, grossMinor: total.grossMinor }));
    }
  }
  for (const [key, row] of months) {
    if (compared.has(key) || row.payments === 0) continue;
    discrepancies.push(readModelDifference(row.month, row.mode, row.currency, row, { payments: 0, grossMinor: 0 }));
  }

  // ── Payments and Pro periods ──────────────────────────────────────────────
  const proFor = new Set<string>();
  for (const [userId, member] of members) {
    for (const change of member.roleChanges) {
      if (change.billingSubscriptionId && change.to === 'pro' && change.billingReason === billingRoleReasons.activated) {
        proFor.add(`${userId}/${change.billingSubscriptionId}`);
      }
    }
  }
  const paidFor = new Set<string>();
  for (const payment of payments.values()) {
    for (const record of payment.paid) {
      if (record.payment.subscriptionId) paidFor.add(`${record.userId}/${record.payment.subscriptionId}`);
    }
  }

  const reportedWithoutPro = new Set<string>();
  for (const record of paidInRange) {
    const { payment, userId } = record;
    const subscriptionId = payment.subscriptionId;
    if (payment.type !== 'subscription' || !subscriptionId || erased.has(userId)) continue;
    const key = `${userId}/${subscriptionId}`;
    // A duplicate never makes anyone Pro: it is to be refunded (`duplicate_not_refunded` below).
    if (proFor.has(key) || reportedWithoutPro.has(payment.paymentId) || duplicates.has(key)) continue;
    const began = subscriptions.get(key)?.firstPosition ?? Number.POSITIVE_INFINITY;
    const before = roleBefore(members.get(userId), began);
    if (staffRoles.has(before.role) || (before.role === 'pro' && before.billingSubscriptionId !== null)) continue;
    reportedWithoutPro.add(payment.paymentId);
    const held = before.role === 'pro' ? ' (they were already Pro, but not by billing)' : '';
    discrepancies.push({
      kind: 'payment_without_pro_period',
      ids: { paymentId: payment.paymentId, subscriptionId, userId },
      message: `Payment ${payment.paymentId} (${formatMinorUnits(payment.amount, payment.currency)} ${payment.currency}, ${payment.mode}) pays for subscription ${subscriptionId} of member ${userId}, but billing never made them Pro for it${held}.`,
    });
  }

  for (const [userId, member] of members) {
    for (const change of member.roleChanges) {
      if (!change.billingSubscriptionId || change.to !== 'pro' || change.billingReason !== billingRoleReasons.activated) continue;
      if (!inRange(change.occurredAt) || paidFor.has(`${userId}/${change.billingSubscriptionId}`)) continue;
      discrepancies.push({
        kind: 'pro_period_without_payment',
        ids: { subscriptionId: change.billingSubscriptionId, userId },
        message: `Member ${userId} was made Pro by billing for subscription ${change.billingSubscriptionId} on ${utcDay(change.occurredAt)}, but no paid payment for it is recorded.`,
      });
    }
  }

  // One member, one subscription: every paid payment of a duplicate subscription is given back.
  for (const record of paidInRange) {
    const { payment, userId } = record;
    if (!payment.subscriptionId || !duplicates.has(`${userId}/${payment.subscriptionId}`) || refunded.has(payment.paymentId)) continue;
    discrepancies.push({
      kind: 'duplicate_not_refunded',
      ids: { paymentId: payment.paymentId, subscriptionId: payment.subscriptionId, userId },
      message: `Payment ${payment.paymentId} (${formatMinorUnits(payment.amount, payment.currency)} ${payment.currency}) pays for subscription ${payment.subscriptionId}, a second subscription of member ${userId}, and is not refunded.`,
    });
  }

  // ── The provider's own list ───────────────────────────────────────────────
  if (input.provider) {
    const { mode, paidInvoices } = input.provider;
    const listed = new Set(paidInvoices.map((invoice) => invoice.paymentId));
    for (const record of paidInRange) {
      const { payment } = record;
      if (payment.mode !== mode || payment.paymentId.startsWith('sim_') || listed.has(payment.paymentId)) continue;
      discrepancies.push({
        kind: 'missing_from_provider',
        ids: { paymentId: payment.paymentId, subscriptionId: payment.subscriptionId ?? undefined, userId: record.userId },
        message: `Payment ${payment.paymentId} (${formatMinorUnits(payment.amount, payment.currency)} ${payment.currency}, created ${utcDay(payment.created)}) is recorded as paid, but the provider does not list it among its paid invoices.`,
      });
    }
    const seen = new Set<string>();
    for (const invoice of paidInvoices) {
      if (seen.has(invoice.paymentId) || !inRange(invoice.created)) continue;
      seen.add(invoice.paymentId);
      if ((payments.get(invoice.paymentId)?.paid.length ?? 0) > 0) continue;
      discrepancies.push({
        kind: 'missing_from_events',
        ids: { paymentId: invoice.paymentId, subscriptionId: invoice.subscriptionId ?? undefined },
        message: `The provider lists invoice ${invoice.paymentId} (${formatMinorUnits(invoice.amount, invoice.currency)} ${invoice.currency}, created ${utcDay(invoice.created)}${invoice.customerEmail ? `, ${invoice.customerEmail}` : ''}) as paid, but no event records it as paid.`,
      });
    }
  }

  const ordered = [...months.values()]
    .map((row) => ({ ...row, gross: formatMinorUnits(row.grossMinor, row.currency), refunded: formatMinorUnits(row.refundedMinor, row.currency) }))
    .sort((a, b) => a.month.localeCompare(b.month) || a.mode.localeCompare(b.mode) || a.currency.localeCompare(b.currency));
  return {
    range: { from: from ?? null, to: to ?? null },
    provider: input.provider ? { mode: input.provider.mode } : null,
    months: ordered,
    discrepancies,
  };
}

function readModelDifference(
  month: string,
  mode: PaymentMode,
  currency: string,
  replayed: { payments: number; grossMinor: number },
  readModel: { payments: number; grossMinor: number },
): Discrepancy {
  return {
    kind: 'read_model_total_differs',
    ids: { month, mode, currency },
    message: `${month} ${mode} (${currency}): the payments read model has ${readModel.payments} paid for ${formatMinorUnits(readModel.grossMinor, currency)}, the event store ${replayed.payments} paid for ${formatMinorUnits(replayed.grossMinor, currency)}.`,
  };
}

/** The member's role just before a log position, and whether billing gave it (naming which subscription). */
function roleBefore(member: Member | undefined, position: number): { role: Role; billingSubscriptionId: string | null } {
  let current: { role: Role; billingSubscriptionId: string | null } = {
    role: member?.registeredRole ?? member?.roleChanges[0]?.from ?? 'free',
    billingSubscriptionId: null,
  };
  for (const change of member?.roleChanges ?? []) {
    if (change.position >= position) break;
    current = { role: change.to, billingSubscriptionId: change.to === 'pro' ? change.billingSubscriptionId : null };
  }
  return current;
}
