import { describe, expect, it } from 'vitest';
import { billingRoleReasons, billingStream, type BillingEvent, type PaymentFacts, type PaymentMode } from '../../domain/billing/billing-events';
import { erasureStreams } from '../../domain/identity/erasure';
import { userStreams } from '../../domain/identity/user';
import { systemActor, type Role } from '../../domain/shared/actor';
import type { RecordedEvent } from '../ports/event-store';
import { reconcile, type ReadModelTotal, type ReconcileInput, type ReconcileReport } from './reconcile';

// ── A small log builder: events in the order they are written, positions given at the end ──
type Draft = { streamName: string; type: string; data: Record<string, unknown>; occurredAt?: string };

function log(drafts: Draft[]): RecordedEvent[] {
  return drafts.map((d, i) => ({
    eventId: `e${i}`,
    type: d.type,
    schemaVersion: 1,
    streamName: d.streamName,
    streamVersion: 0,
    globalPosition: i + 1,
    position: { commit: i + 1, prepare: 0 },
    occurredAt: new Date(d.occurredAt ?? '2026-01-01T00:00:00Z'),
    actor: systemActor('billing'),
    causationId: 'c',
    correlationId: 'c',
    data: d.data,
  }));
}

const billing = (userId: string, event: BillingEvent, occurredAt?: string): Draft => ({
  streamName: billingStream.name(userId),
  type: event.type,
  data: event.data as Record<string, unknown>,
  occurredAt,
});

const registered = (userId: string, role: Role = 'free'): Draft => ({
  streamName: userStreams.name(userId),
  type: 'UserRegistered',
  data: { userId, firstName: 'A', lastName: 'B', email: `${userId}@example.com`, passwordHash: 'h', role },
});

const madePro = (userId: string, subscriptionId: string, occurredAt = '2026-01-15T10:00:00Z', from: Role = 'free'): Draft => ({
  streamName: userStreams.name(userId),
  type: 'UserRoleChanged',
  data: { from, to: 'pro', reason: billingRoleReasons.activated, subscriptionId },
  occurredAt,
});

const madeFree = (userId: string, subscriptionId: string): Draft => ({
  streamName: userStreams.name(userId),
  type: 'UserRoleChanged',
  data: { from: 'pro', to: 'free', reason: billingRoleReasons.ended, subscriptionId },
});

const byAdmin = (userId: string, from: Role, to: Role): Draft => ({
  streamName: userStreams.name(userId),
  type: 'UserRoleChanged',
  data: { from, to, reason: 'goodwill' },
});

let evt = 0;
const providerEventId = () => `evt_${++evt}`;

const activated = (userId: string, subscriptionId: string, mode: PaymentMode = 'live') =>
  billing(userId, {
    type: 'SubscriptionActivated',
    data: { providerEventId: providerEventId(), subscriptionId, customerId: `cus_${userId}`, mode, currentPeriodEnd: null },
  });

function facts(paymentId: string, overrides: Partial<PaymentFacts> = {}): PaymentFacts {
  return {
    paymentId,
    mode: 'live',
    type: 'subscription',
    status: 'paid',
    amount: 999,
    currency: 'usd',
    interval: 'month',
    description: 'Skilly Pro',
    customerName: 'A B',
    customerEmail: 'a@example.com',
    created: '2026-01-15T10:00:00Z',
    subscriptionId: 'sub_1',
    ...overrides,
  };
}

const recorded = (userId: string, payment: PaymentFacts) =>
  billing(userId, { type: 'PaymentRecorded', data: { providerEventId: providerEventId(), payment } });

/** A member who subscribed and paid: activation, the role change, the payment. */
function subscriber(userId: string, subscriptionId: string, payments: Partial<PaymentFacts>[], mode: PaymentMode = 'live'): Draft[] {
  return [
    registered(userId),
    activated(userId, subscriptionId, mode),
    madePro(userId, subscriptionId),
    ...payments.map((p, i) => recorded(userId, facts(`in_${userId}_${i}`, { subscriptionId, mode, ...p }))),
  ];
}

/** The read model's totals as a correct projection of the same paid payments would have them. */
function totalsOf(report: ReconcileReport): ReadModelTotal[] {
  return report.months
    .filter((m) => m.payments > 0)
    .map((m) => ({ month: m.month, mode: m.mode, currency: m.currency, count: m.payments, grossMinor: m.grossMinor }));
}

/** Reconciles with a read model that agrees with the replay, unless one is given. */
function run(drafts: Draft[], extra: Partial<ReconcileInput> = {}): ReconcileReport {
  const events = log(drafts);
  const readModelTotals = extra.readModelTotals ?? totalsOf(reconcile({ events, readModelTotals: [], range: extra.range }));
  return reconcile({ events, readModelTotals, ...extra });
}

const kinds = (report: ReconcileReport) => report.discrepancies.map((d) => d.kind);

describe('finance reconcile: totals', () => {
  it('a clean history has no discrepancy and its totals per month and mode, in cents', () => {
    const report = run([
      ...subscriber('u1', 'sub_1', [{ created: '2026-01-15T10:00:00Z' }, { created: '2026-02-15T10:00:00Z' }]),
      ...subscriber('u2', 'sub_2', [{ created: '2026-01-20T10:00:00Z' }], 'test'),
      ...subscriber('u3', 'sub_3', [{ created: '2026-02-03T10:00:00Z' }, { created: '2026-03-03T10:00:00Z', status: 'failed' }]),
    ]);
    expect(report.discrepancies).toEqual([]);
    expect(report.months).toEqual([
      { month: '2026-01', mode: 'live', currency: 'usd', payments: 1, grossMinor: 999, gross: '9.99', failed: 0, refunds: 0, refundedMinor: 0, refunded: '0.00' },
      { month: '2026-01', mode: 'test', currency: 'usd', payments: 1, grossMinor: 999, gross: '9.99', failed: 0, refunds: 0, refundedMinor: 0, refunded: '0.00' },
      { month: '2026-02', mode: 'live', currency: 'usd', payments: 2, grossMinor: 1998, gross: '19.98', failed: 0, refunds: 0, refundedMinor: 0, refunded: '0.00' },
      { month: '2026-03', mode: 'live', currency: 'usd', payments: 0, grossMinor: 0, gross: '0.00', failed: 1, refunds: 0, refundedMinor: 0, refunded: '0.00' },
    ]);
  });

  it('sums integers of the minor unit, so ten payments of 0.10 make exactly 1.00', () => {
    const amounts = [...Array<number>(10).fill(10), 1999, 999, 999, 999];
    const drafts = [registered('u1'), ...amounts.map((amount, i) => recorded('u1', facts(`in_${i}`, { amount, type: 'charge', subscriptionId: null })))];
    const [month] = run(drafts).months;
    expect(month).toMatchObject({ payments: 14, grossMinor: 5096, gross: '50.96' });
  });

  it('writes each currency\'s gross with its own decimals (jpy none, kwd three)', () => {
    const report = run([
      registered('u1'),
      recorded('u1', facts('in_jpy', { currency: 'jpy', amount: 1000, type: 'charge', subscriptionId: null })),
      recorded('u1', facts('in_kwd', { currency: 'kwd', amount: 1234, type: 'charge', subscriptionId: null })),
    ]);
    expect(report.months.map((m) => [m.currency, m.grossMinor, m.gross])).toEqual([['jpy', 1000, '1000'], ['kwd', 1234, '1.234']]);
  });

  it('places a payment in the UTC month of its created instant and keeps currencies apart', () => {
    const report = run([
      registered('u1'),
      recorded('u1', facts('in_a', { created: '2026-01-31T23:30:00-01:00', type: 'charge', subscriptionId: null })),
      recorded('u1', facts('in_b', { created: '2026-01-10T00:00:00Z', currency: 'eur', amount: 800, type: 'charge', subscriptionId: null })),
    ]);
    expect(report.months.map((m) => [m.month, m.currency, m.gross])).toEqual([
      ['2026-01', 'eur', '8.00'],
      ['2026-02', 'usd', '9.99'],
    ]);
  });

  it('counts a payment that failed and was then paid as paid once, not failed', () => {
    const drafts = [
      ...subscriber('u1', 'sub_1', []),
      recorded('u1', facts('in_1', { status: 'open' })),
      billing('u1', { type: 'SubscriptionPaymentFailed', data: { providerEventId: providerEventId(), subscriptionId: 'sub_1', paymentId: 'in_1' } }),
      recorded('u1', facts('in_1', { status: 'paid' })),
    ];
    const report = run(drafts);
    expect(report.discrepancies).toEqual([]);
    expect(report.months).toMatchObject([{ payments: 1, grossMinor: 999, failed: 0 }]);
  });

  it('counts a failure whose payment was never recorded in its subscription mode, by the day it happened', () => {
    const report = run([
      ...subscriber('u1', 'sub_1', [{}], 'test'),
      billing(
        'u1',
        { type: 'SubscriptionPaymentFailed', data: { providerEventId: providerEventId(), subscriptionId: 'sub_1', paymentId: 'in_x' } },
        '2026-02-14T08:00:00Z',
      ),
    ]);
    expect(report.months.find((m) => m.month === '2026-02')).toMatchObject({ mode: 'test', payments: 0, failed: 1 });
  });

  it('gives the same totals whatever the order of the events within each stream', () => {
    const drafts = [
      ...subscriber('u1', 'sub_1', [{ created: '2026-01-15T10:00:00Z' }, { created: '2026-02-15T10:00:00Z' }]),
      recorded('u1', facts('in_f', { status: 'failed', created: '2026-03-15T10:00:00Z' })),
      recorded('u1', facts('in_r', { status: 'failed', created: '2026-04-15T10:00:00Z' })),
      recorded('u1', facts('in_r', { status: 'paid', created: '2026-04-15T10:00:00Z' })),
      ...subscriber('u2', 'sub_2', [{ created: '2026-01-20T10:00:00Z', amount: 1999 }], 'test'),
    ];
    const expected = run(drafts).months;
    const streams = [...new Set(drafts.map((d) => d.streamName))];
    const reversedWithin = streams.flatMap((s) => drafts.filter((d) => d.streamName === s).reverse());
    const rotatedWithin = streams.flatMap((s) => {
      const own = drafts.filter((d) => d.streamName === s);
      return [...own.slice(2), ...own.slice(0, 2)];
    });
    expect(run(reversedWithin).months).toEqual(expected);
    expect(run(rotatedWithin).months).toEqual(expected);
    expect(expected.find((m) => m.month === '2026-04')).toMatchObject({ payments: 1, failed: 0 });
    expect(expected.find((m) => m.month === '2026-03')).toMatchObject({ payments: 0, failed: 1 });
  });
});

describe('finance reconcile: range', () => {
  const drafts = [
    ...subscriber('u1', 'sub_1', [
      { created: '2025-12-31T23:59:59Z' },
      { created: '2026-01-01T00:00:00Z' },
      { created: '2026-01-31T23:59:59Z' },
      { created: '2026-02-01T00:00:00Z' },
    ]),
  ];

  it('keeps the payments created from the first day to the last day, both inclusive (UTC)', () => {
    const report = run(drafts, { range: { from: '2026-01-01', to: '2026-01-31' } });
    expect(report.range).toEqual({ from: '2026-01-01', to: '2026-01-31' });
    expect(report.months).toEqual([{ month: '2026-01', mode: 'live', currency: 'usd', payments: 2, grossMinor: 1998, gross: '19.98', failed: 0, refunds: 0, refundedMinor: 0, refunded: '0.00' }]);
    expect(report.discrepancies).toEqual([]);
  });

  it('takes either bound alone', () => {
    expect(run(drafts, { range: { from: '2026-01-31' } }).months.map((m) => [m.month, m.payments])).toEqual([
      ['2026-01', 1],
      ['2026-02', 1],
    ]);
    expect(run(drafts, { range: { to: '2025-12-31' } }).months.map((m) => [m.month, m.payments])).toEqual([['2025-12', 1]]);
  });

  it('matches a payment in range with a Pro period before it, and reports a Pro period only when it began in range', () => {
    const history = [registered('u1'), madePro('u1', 'sub_1', '2025-12-20T00:00:00Z'), recorded('u1', facts('in_1', { created: '2026-01-20T00:00:00Z' }))];
    expect(run(history, { range: { from: '2026-01-01' } }).discrepancies).toEqual([]);
    const unpaid = [registered('u2'), madePro('u2', 'sub_2', '2025-12-20T00:00:00Z')];
    expect(kinds(run(unpaid, { range: { from: '2026-01-01' } }))).toEqual([]);
    expect(kinds(run(unpaid, { range: { from: '2025-12-01' } }))).toEqual(['pro_period_without_payment']);
  });
});

describe('finance reconcile: payments and Pro periods', () => {
  it('reports a paid subscription payment of a member billing never made Pro for it', () => {
    const report = run([registered('u1'), activated('u1', 'sub_1'), recorded('u1', facts('in_1', { subscriptionId: 'sub_1' }))]);
    expect(report.discrepancies).toEqual([
      {
        kind: 'payment_without_pro_period',
        ids: { paymentId: 'in_1', subscriptionId: 'sub_1', userId: 'u1' },
        message: expect.stringContaining('billing never made them Pro for it'),
      },
    ]);
  });

  it('asks no Pro period of an erased member, whose role history went with their account, and still counts their payment', () => {
    // What erasure leaves: the billing stream without the person, no account stream, the erasure record.
    const pseudonymised = recorded('u1', facts('in_1', { subscriptionId: 'sub_1', customerName: null, customerEmail: null }));
    const erasedMember = { streamName: erasureStreams.name('u1'), type: 'MemberErased', data: { userId: 'u1', streamsErased: 3, by: 'member' } };
    const report = run([activated('u1', 'sub_1'), pseudonymised, erasedMember]);
    expect(report.discrepancies).toEqual([]);
    expect(report.months.map((m) => [m.month, m.payments, m.gross])).toEqual([['2026-01', 1, '9.99']]);
    // Without the erasure record the same history is a payment without a Pro period.
    expect(kinds(run([activated('u1', 'sub_1'), pseudonymised]))).toEqual(['payment_without_pro_period']);
  });

  it('finds the Pro period whichever arrived first, the payment or the role change', () => {
    expect(run([registered('u1'), recorded('u1', facts('in_1')), activated('u1', 'sub_1'), madePro('u1', 'sub_1')]).discrepancies).toEqual([]);
  });

  it('does not expect a Pro period for a staff member, nor for one already Pro by another subscription', () => {
    const staff = run([registered('u1', 'admin'), activated('u1', 'sub_1'), recorded('u1', facts('in_1'))]);
    expect(staff.discrepancies).toEqual([]);
    const promoted = run([registered('u1'), byAdmin('u1', 'free', 'moderator'), activated('u1', 'sub_1'), recorded('u1', facts('in_1'))]);
    expect(promoted.discrepancies).toEqual([]);
    const overlapping = run([
      ...subscriber('u1', 'sub_1', [{}]),
      activated('u1', 'sub_2'),
      recorded('u1', facts('in_2', { subscriptionId: 'sub_2' })),
    ]);
    expect(overlapping.discrepancies).toEqual([]);
  });

  it('still reports a payment when the member was Pro by an admin, or by a subscription that had ended', () => {
    const byHand = run([registered('u1'), byAdmin('u1', 'free', 'pro'), activated('u1', 'sub_1'), recorded('u1', facts('in_1'))]);
    expect(byHand.discrepancies).toMatchObject([{ kind: 'payment_without_pro_period', message: expect.stringContaining('not by billing') }]);
    const ended = run([...subscriber('u1', 'sub_1', [{}]), madeFree('u1', 'sub_1'), activated('u1', 'sub_2'), recorded('u1', facts('in_2', { subscriptionId: 'sub_2' }))]);
    expect(ended.discrepancies).toMatchObject([{ kind: 'payment_without_pro_period', ids: { paymentId: 'in_2', subscriptionId: 'sub_2' } }]);
  });

  it('asks no Pro period of a one-off charge, nor of a payment that did not go through', () => {
    const report = run([
      registered('u1'),
      recorded('u1', facts('ch_1', { type: 'charge', subscriptionId: null })),
      recorded('u1', facts('in_2', { status: 'failed' })),
    ]);
    expect(report.discrepancies).toEqual([]);
  });

  it('reports a billing-caused Pro period with no paid payment for its subscription', () => {
    const report = run([
      registered('u1'),
      activated('u1', 'sub_1'),
      madePro('u1', 'sub_1', '2026-01-15T10:00:00Z'),
      recorded('u1', facts('in_1', { status: 'failed' })),
      // A payment of another member for a subscription of the same id does not count.
      ...subscriber('u2', 'sub_1', [{}]),
    ]);
    expect(report.discrepancies).toEqual([
      {
        kind: 'pro_period_without_payment',
        ids: { subscriptionId: 'sub_1', userId: 'u1' },
        message: 'Member u1 was made Pro by billing for subscription sub_1 on 2026-01-15, but no paid payment for it is recorded.',
      },
    ]);
  });

  it('does not take a role change by an admin, or billing making someone free, as a Pro period', () => {
    expect(run([registered('u1'), byAdmin('u1', 'free', 'pro'), byAdmin('u1', 'pro', 'free')]).discrepancies).toEqual([]);
    expect(run([...subscriber('u1', 'sub_1', [{}]), madeFree('u1', 'sub_1')]).discrepancies).toEqual([]);
  });
});

describe('finance reconcile: a payment seen twice', () => {
  it('reports one payment id recorded as paid twice in one stream, and counts it once', () => {
    const report = run([...subscriber('u1', 'sub_1', [{}]), recorded('u1', facts('in_u1_0', { subscriptionId: 'sub_1' }))]);
    expect(report.discrepancies).toEqual([
      { kind: 'payment_seen_twice', ids: { paymentId: 'in_u1_0', userId: 'u1' }, message: expect.stringContaining('recorded as paid 2 times') },
    ]);
    expect(report.months).toMatchObject([{ payments: 1, grossMinor: 999 }]);
  });

  it('reports one payment id recorded as paid in two members’ streams', () => {
    const report = run([...subscriber('u1', 'sub_1', [{}]), ...subscriber('u2', 'sub_2', []), recorded('u2', facts('in_u1_0', { subscriptionId: 'sub_2' }))]);
    expect(report.discrepancies).toEqual([
      { kind: 'payment_seen_twice', ids: { paymentId: 'in_u1_0', userIds: ['u1', 'u2'] }, message: expect.stringContaining('billing-u1 and billing-u2') },
    ]);
  });
});

describe('finance reconcile: the read model', () => {
  const drafts = [
    ...subscriber('u1', 'sub_1', [{ created: '2026-01-15T10:00:00Z' }, { created: '2026-02-15T10:00:00Z' }]),
    ...subscriber('u2', 'sub_2', [{ created: '2026-01-20T10:00:00Z' }], 'test'),
  ];
  const good: ReadModelTotal[] = [
    { month: '2026-01', mode: 'live', currency: 'usd', count: 1, grossMinor: 999 },
    { month: '2026-01', mode: 'test', currency: 'usd', count: 1, grossMinor: 999 },
    { month: '2026-02', mode: 'live', currency: 'usd', count: 1, grossMinor: 999 },
  ];

  it('agrees when its totals are the replay’s', () => {
    expect(run(drafts, { readModelTotals: good }).discrepancies).toEqual([]);
  });

  it('reports each month and mode whose count or gross differs, or that either side lacks', () => {
    const report = run(drafts, {
      readModelTotals: [
        { ...good[0]!, grossMinor: 998 },
        // 2026-01 test missing from the read model
        { ...good[2]!, count: 2, grossMinor: 1998 },
        { month: '2026-03', mode: 'live', currency: 'usd', count: 1, grossMinor: 999 },
      ],
    });
    expect(report.discrepancies.map((d) => [d.kind, d.ids])).toEqual(
      expect.arrayContaining([
        ['read_model_total_differs', { month: '2026-01', mode: 'live', currency: 'usd' }],
        ['read_model_total_differs', { month: '2026-01', mode: 'test', currency: 'usd' }],
        ['read_model_total_differs', { month: '2026-02', mode: 'live', currency: 'usd' }],
        ['read_model_total_differs', { month: '2026-03', mode: 'live', currency: 'usd' }],
      ]),
    );
    expect(report.discrepancies).toHaveLength(4);
    expect(report.discrepancies.find((d) => d.ids.month === '2026-02')?.message).toBe(
      '2026-02 live (usd): the payments read model has 2 paid for 19.98, the event store 1 paid for 9.99.',
    );
  });
});

describe('finance reconcile: the provider’s paid invoices', () => {
  const drafts = [
    ...subscriber('u1', 'sub_1', [{ created: '2026-01-15T10:00:00Z' }, { created: '2026-02-15T10:00:00Z' }]),
    ...subscriber('u2', 'sub_2', [{ created: '2026-01-20T10:00:00Z' }], 'test'),
    registered('u3'),
    recorded('u3', facts('sim_in_1', { type: 'charge', subscriptionId: null })),
  ];
  const listed = [facts('in_u1_0', { subscriptionId: 'sub_1' }), facts('in_u1_1', { subscriptionId: 'sub_1', created: '2026-02-15T10:00:00Z' })];

  it('agrees when the provider lists every paid payment of its mode (simulated payments aside)', () => {
    const report = run(drafts, { provider: { mode: 'live', paidInvoices: listed } });
    expect(report.provider).toEqual({ mode: 'live' });
    expect(report.discrepancies).toEqual([]);
  });

  it('reports a paid payment the provider does not list, and a paid invoice no event records', () => {
    const report = run(drafts, {
      provider: { mode: 'live', paidInvoices: [listed[0]!, facts('in_elsewhere', { created: '2026-02-02T00:00:00Z', customerEmail: 'z@example.com' })] },
    });
    expect(report.discrepancies.map((d) => [d.kind, d.ids.paymentId])).toEqual([
      ['missing_from_provider', 'in_u1_1'],
      ['missing_from_events', 'in_elsewhere'],
    ]);
    expect(report.discrepancies[1]!.message).toBe(
      'The provider lists invoice in_elsewhere (9.99 usd, created 2026-02-02, z@example.com) as paid, but no event records it as paid.',
    );
  });

  it('compares only within the range', () => {
    const report = run(drafts, {
      range: { from: '2026-02-01' },
      provider: { mode: 'live', paidInvoices: [listed[1]!, facts('in_old', { created: '2025-11-02T00:00:00Z' })] },
    });
    expect(report.discrepancies).toEqual([]);
  });

  it('says the provider was not compared without its list', () => {
    expect(run(drafts).provider).toBeNull();
  });
});

describe('finance reconcile: a member’s second subscription', () => {
  const duplicate = (userId: string, subscriptionId: string, kept: string) =>
    billing(userId, { type: 'DuplicateSubscriptionFound', data: { providerEventId: providerEventId(), subscriptionId, keptSubscriptionId: kept } });
  const refund = (userId: string, paymentId: string, subscriptionId: string) =>
    billing(userId, {
      type: 'PaymentRefunded',
      data: { paymentId, refundId: `re_${paymentId}`, subscriptionId, amount: 999, currency: 'usd', mode: 'live', reason: 'duplicate_subscription', refundedAt: '2026-01-15T10:01:00Z' },
    });
  const twoPaid = () => [
    ...subscriber('u1', 'sub_1', [{ created: '2026-01-15T10:00:00Z' }]),
    activated('u1', 'sub_2'),
    duplicate('u1', 'sub_2', 'sub_1'),
    recorded('u1', facts('in_dup', { subscriptionId: 'sub_2', created: '2026-01-15T10:00:01Z' })),
  ];

  it('counts the refunded payment of the duplicate under refunds, with no discrepancy', () => {
    const report = run([...twoPaid(), refund('u1', 'in_dup', 'sub_2')]);
    expect(report.discrepancies).toEqual([]);
    expect(report.months).toEqual([
      { month: '2026-01', mode: 'live', currency: 'usd', payments: 2, grossMinor: 1998, gross: '19.98', failed: 0, refunds: 1, refundedMinor: 999, refunded: '9.99' },
    ]);
  });

  it('expects no Pro period for the duplicate even when its webhooks came before the kept one made the member Pro', () => {
    const raced = [
      registered('u1'),
      activated('u1', 'sub_2'),
      activated('u1', 'sub_1'),
      duplicate('u1', 'sub_2', 'sub_1'),
      recorded('u1', facts('in_dup', { subscriptionId: 'sub_2', created: '2026-01-15T10:00:00Z' })),
      madePro('u1', 'sub_1'),
      recorded('u1', facts('in_kept', { subscriptionId: 'sub_1', created: '2026-01-15T10:00:01Z' })),
      refund('u1', 'in_dup', 'sub_2'),
    ];
    expect(run(raced).discrepancies).toEqual([]);
  });

  it('reports a paid payment of a duplicate subscription that was never refunded', () => {
    const report = run(twoPaid());
    expect(report.discrepancies).toEqual([
      expect.objectContaining({ kind: 'duplicate_not_refunded', ids: { paymentId: 'in_dup', subscriptionId: 'sub_2', userId: 'u1' } }),
    ]);
  });
});
