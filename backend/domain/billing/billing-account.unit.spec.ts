import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../../../tests/support/decider-spec';
import { systemActor, type Actor } from '../shared/actor';
import {
  billingAccountDecider,
  currentSubscription,
  customerOf,
  duplicatesToSettle,
  isEntitledToPro,
  type BillingCommand,
  type BillingEvent,
} from './billing-account';
import type { PaymentFacts } from './billing-events';
import type { ProviderEvent } from './provider-events';

const spec = deciderSpec(billingAccountDecider);
const now = new Date('2026-03-01T10:00:00Z');
const billing = systemActor('billing');
const ada: Actor = { kind: 'user', userId: 'user-ada', role: 'free' };
const sub = 'sub_1';
const base = { mode: 'test' as const, userId: 'user-ada', customerId: 'cus_1' };
const at = (minute: number) => new Date(Date.UTC(2026, 2, 1, 10, minute)).toISOString();
const periodEnd = '2026-04-01T10:00:00.000Z';

const payment = (over: Partial<PaymentFacts> = {}): PaymentFacts => ({
  paymentId: 'in_1',
  mode: 'test',
  type: 'subscription',
  status: 'paid',
  amount: 9.99,
  currency: 'usd',
  interval: 'month',
  description: 'Skilly Pro (monthly)',
  customerName: 'Ada Lovelace',
  customerEmail: 'ada@example.com',
  created: at(1),
  subscriptionId: sub,
  ...over,
});

const checkoutCompleted = (eventId = 'evt_checkout', minute = 0): ProviderEvent => ({
  ...base,
  kind: 'checkout_completed',
  eventId,
  created: at(minute),
  subscriptionId: sub,
  currentPeriodEnd: periodEnd,
});
const invoicePaid = (eventId = 'evt_paid', minute = 1, facts: Partial<PaymentFacts> = {}): ProviderEvent => ({
  ...base,
  kind: 'invoice_paid',
  eventId,
  created: at(minute),
  subscriptionId: sub,
  payment: payment(facts),
  currentPeriodEnd: periodEnd,
});
const paymentFailed = (eventId = 'evt_failed', minute = 2, paymentId = 'in_2'): ProviderEvent => ({
  ...base,
  kind: 'invoice_payment_failed',
  eventId,
  created: at(minute),
  subscriptionId: sub,
  payment: payment({ paymentId, status: 'failed', created: at(minute) }),
});
const updated = (eventId: string, minute: number, over: { status?: string; cancelAtPeriodEnd?: boolean } = {}): ProviderEvent => ({
  ...base,
  kind: 'subscription_updated',
  eventId,
  created: at(minute),
  subscriptionId: sub,
  status: over.status ?? 'active',
  cancelAtPeriodEnd: over.cancelAtPeriodEnd ?? false,
  currentPeriodEnd: periodEnd,
});
const deleted = (eventId = 'evt_deleted', minute = 5): ProviderEvent => ({
  ...base,
  kind: 'subscription_deleted',
  eventId,
  created: at(minute),
  subscriptionId: sub,
  endedAt: at(minute),
});

const take = (event: ProviderEvent, actor: Actor = billing): BillingCommand => ({ type: 'TakeProviderEvent', data: { event }, metadata: { actor, now } });
const startCheckout = (actor: Actor, userId = 'user-ada'): BillingCommand => ({
  type: 'StartCheckout',
  data: { userId, checkoutId: 'cs_1', mode: 'test', customerId: 'cus_1' },
  metadata: { actor, now },
});

const from = (eventId: string, minute: number) => ({ providerEventId: eventId, eventCreated: at(minute) });
const activated = (eventId = 'evt_checkout', minute = 0): BillingEvent => ({
  type: 'SubscriptionActivated',
  data: { ...from(eventId, minute), subscriptionId: sub, customerId: 'cus_1', mode: 'test', currentPeriodEnd: periodEnd },
});
const renewed = (eventId = 'evt_paid', minute = 1, paymentId = 'in_1'): BillingEvent => ({
  type: 'SubscriptionRenewed',
  data: { ...from(eventId, minute), subscriptionId: sub, paymentId, currentPeriodEnd: periodEnd },
});
const recorded = (eventId = 'evt_paid', minute = 1, facts: Partial<PaymentFacts> = {}): BillingEvent => ({
  type: 'PaymentRecorded',
  data: { ...from(eventId, minute), payment: payment(facts) },
});
const ended = (eventId = 'evt_deleted', minute = 5): BillingEvent => ({
  type: 'SubscriptionEnded',
  data: { ...from(eventId, minute), subscriptionId: sub, endedAt: at(minute) },
});
const scheduled = (eventId: string, minute: number): BillingEvent => ({
  type: 'SubscriptionCancellationScheduled',
  data: { ...from(eventId, minute), subscriptionId: sub, endsAt: periodEnd },
});

const stateAfter = (events: BillingEvent[]) => events.reduce(billingAccountDecider.evolve, billingAccountDecider.initialState);

describe('starting a checkout', () => {
  it('records the checkout for a free member without a subscription', () => {
    spec.given([]).when(startCheckout(ada)).then([{ type: 'CheckoutStarted', data: { checkoutId: 'cs_1', mode: 'test', customerId: 'cus_1' } }]);
  });

  it('refuses a Pro member, and a member whose subscription is live (409)', () => {
    spec.given([]).when(startCheckout({ ...ada, role: 'pro' } as Actor)).thenThrows('subscription_active', { kind: 'conflict' });
    spec.given([activated()]).when(startCheckout(ada)).thenThrows('subscription_active', { kind: 'conflict' });
  });

  it('lets a member whose subscription ended subscribe again', () => {
    spec.given([activated(), ended()]).when(startCheckout(ada)).then([{ type: 'CheckoutStarted', data: { checkoutId: 'cs_1', mode: 'test', customerId: 'cus_1' } }]);
  });

  it('refuses a checkout for another member, or by the system', () => {
    spec.given([]).when(startCheckout(ada, 'user-grace')).thenThrows('forbidden', { data: { action: 'start_checkout_for_another' } });
    spec.given([]).when(startCheckout(billing)).thenThrows('forbidden', { data: { action: 'start_checkout_for_another' } });
  });
});

describe('taking provider events', () => {
  it('is for the system only: a member cannot feed provider events', () => {
    spec.given([]).when(take(checkoutCompleted(), ada)).thenThrows('forbidden', { data: { action: 'take_provider_event' } });
  });

  it('activates the subscription on a completed checkout, with its customer, mode and period end', () => {
    spec.given([]).when(take(checkoutCompleted())).then([activated()]);
    spec.given([activated()]).thenState({ subscriptions: { [sub]: expect.objectContaining({ status: 'active', customerId: 'cus_1', mode: 'test', currentPeriodEnd: periodEnd }) } });
  });

  it('takes each provider event id once: a redelivery decides nothing', () => {
    spec.given([activated(), renewed(), recorded()]).when(take(checkoutCompleted())).thenNothingHappens();
    spec.given([activated(), renewed(), recorded()]).when(take(invoicePaid())).thenNothingHappens();
    spec.given([activated(), scheduled('evt_upd', 3)]).when(take(updated('evt_upd', 3, { cancelAtPeriodEnd: false }))).thenNothingHappens();
  });

  it('renews a live subscription and records the payment on a paid invoice', () => {
    spec.given([activated()]).when(take(invoicePaid())).then([renewed(), recorded()]);
  });

  it('activates a subscription it has not heard of on a paid invoice (the checkout completes later), and the later checkout adds nothing', () => {
    spec.given([]).when(take(invoicePaid())).then([
      { ...activated('evt_paid', 1) },
      renewed(),
      recorded(),
    ]);
    spec.given([activated('evt_paid', 1), renewed(), recorded()]).when(take(checkoutCompleted())).thenNothingHappens();
  });

  it('records a paid payment once: the same invoice in another event decides nothing', () => {
    spec.given([activated(), renewed(), recorded()]).when(take(invoicePaid('evt_paid_again', 2))).thenNothingHappens();
  });

  it('records a failed renewal and marks the subscription past due; a paid invoice makes it active again', () => {
    spec.given([activated(), renewed(), recorded()]).when(take(paymentFailed())).then([
      { type: 'SubscriptionPaymentFailed', data: { ...from('evt_failed', 2), subscriptionId: sub, paymentId: 'in_2' } },
      { type: 'PaymentRecorded', data: { ...from('evt_failed', 2), payment: payment({ paymentId: 'in_2', status: 'failed', created: at(2) }) } },
    ]);
    const pastDue = [
      activated(),
      { type: 'SubscriptionPaymentFailed', data: { ...from('evt_failed', 2), subscriptionId: sub, paymentId: 'in_2' } } as BillingEvent,
    ];
    spec.given(pastDue).thenState({ subscriptions: { [sub]: expect.objectContaining({ status: 'past_due' }) } });
    expect(isEntitledToPro(stateAfter(pastDue))).toBe(true);
    const paidLater = [...pastDue, renewed('evt_paid_2', 3, 'in_2')];
    spec.given(paidLater).thenState({ subscriptions: { [sub]: expect.objectContaining({ status: 'active' }) } });
  });

  it('does not record a failure of an invoice already paid, nor the same failure twice', () => {
    spec.given([activated(), renewed(), recorded()]).when(take(paymentFailed('evt_failed', 2, 'in_1'))).thenNothingHappens();
    const failedOnce = [
      activated(),
      { type: 'SubscriptionPaymentFailed', data: { ...from('evt_failed', 2), subscriptionId: sub, paymentId: 'in_2' } } as BillingEvent,
      { type: 'PaymentRecorded', data: { ...from('evt_failed', 2), payment: payment({ paymentId: 'in_2', status: 'failed' }) } } as BillingEvent,
    ];
    spec.given(failedOnce).when(take(paymentFailed('evt_failed_retry', 4))).thenNothingHappens();
  });

  it('schedules a cancellation, and withdraws it when the member changes their mind', () => {
    spec.given([activated()]).when(take(updated('evt_upd', 3, { cancelAtPeriodEnd: true }))).then([scheduled('evt_upd', 3)]);
    spec.given([activated(), scheduled('evt_upd', 3)]).thenState({ subscriptions: { [sub]: expect.objectContaining({ status: 'cancelling' }) } });
    spec.given([activated(), scheduled('evt_upd', 3)]).when(take(updated('evt_upd_2', 4))).then([
      { type: 'SubscriptionCancellationWithdrawn', data: { ...from('evt_upd_2', 4), subscriptionId: sub } },
    ]);
  });

  it("remembers the checkout's customer, so a second checkout before any subscription is the same customer's", () => {
    const checkout: BillingEvent = { type: 'CheckoutStarted', data: { checkoutId: 'cs_1', mode: 'test', customerId: 'cus_first' } };
    expect(customerOf(stateAfter([checkout]), 'test')).toBe('cus_first');
    expect(customerOf(stateAfter([checkout]), 'live')).toBeUndefined();
    // A subscription's own customer comes first once there is one.
    expect(customerOf(stateAfter([checkout, activated()]), 'test')).toBe('cus_1');
    // Events written before the customer was recorded still fold.
    expect(customerOf(stateAfter([{ type: 'CheckoutStarted', data: { checkoutId: 'cs_0', mode: 'test' } }]), 'test')).toBeUndefined();
  });

  it('suspends an unpaid or paused subscription (not Pro), and resumes it when it is active again or its invoice is paid', () => {
    const suspended: BillingEvent = { type: 'SubscriptionSuspended', data: { ...from('evt_unpaid', 5), subscriptionId: sub, status: 'unpaid' } };
    spec.given([activated()]).when(take(updated('evt_unpaid', 5, { status: 'unpaid' }))).then([suspended]);
    spec.given([activated()]).when(take(updated('evt_paused', 5, { status: 'paused' }))).then([
      { type: 'SubscriptionSuspended', data: { ...from('evt_paused', 5), subscriptionId: sub, status: 'paused' } },
    ]);
    expect(isEntitledToPro(stateAfter([activated(), suspended]))).toBe(false);
    expect(currentSubscription(stateAfter([activated(), suspended]))?.status).toBe('suspended');
    spec.given([activated(), suspended]).when(take(updated('evt_unpaid_again', 6, { status: 'unpaid' }))).thenNothingHappens();
    spec.given([activated(), suspended]).when(take(updated('evt_active', 6))).then([
      { type: 'SubscriptionResumed', data: { ...from('evt_active', 6), subscriptionId: sub } },
    ]);
    spec.given([activated(), suspended]).when(take(invoicePaid('evt_paid_late', 7, { paymentId: 'in_3' }))).then([
      { type: 'SubscriptionResumed', data: { ...from('evt_paid_late', 7), subscriptionId: sub } },
      renewed('evt_paid_late', 7, 'in_3'),
      recorded('evt_paid_late', 7, { paymentId: 'in_3' }),
    ]);
    const resumed: BillingEvent = { type: 'SubscriptionResumed', data: { ...from('evt_active', 6), subscriptionId: sub } };
    expect(isEntitledToPro(stateAfter([activated(), suspended, resumed]))).toBe(true);
  });

  it('ignores a subscription change older than the last change applied to that subscription', () => {
    spec.given([activated(), scheduled('evt_upd', 3)]).when(take(updated('evt_older', 2))).thenNothingHappens();
  });

  it('ends the subscription on its deletion, and on a change to canceled', () => {
    spec.given([activated()]).when(take(deleted())).then([ended()]);
    spec.given([activated()]).when(take(updated('evt_upd', 4, { status: 'canceled' }))).then([ended('evt_upd', 4)]);
    expect(isEntitledToPro(stateAfter([activated(), ended()]))).toBe(false);
  });

  it('treats an ended subscription as final: a late checkout, paid invoice or change never reactivates it, but a new payment is still recorded', () => {
    const over = [activated(), ended()];
    spec.given(over).when(take(checkoutCompleted('evt_late_checkout', 6))).thenNothingHappens();
    spec.given(over).when(take(updated('evt_late_update', 7))).thenNothingHappens();
    spec.given(over).when(take(invoicePaid('evt_late_paid', 8, { paymentId: 'in_9' }))).then([recorded('evt_late_paid', 8, { paymentId: 'in_9' })]);
    spec.given(over).when(take(deleted('evt_deleted_again', 9))).thenNothingHappens();
  });

  it('remembers a deletion delivered before anything else, so the checkout and invoice that follow record the payment but leave the member free', () => {
    spec.given([]).when(take(deleted())).then([ended()]);
    const first = [ended()];
    spec.given(first).when(take(checkoutCompleted())).thenNothingHappens();
    spec.given(first).when(take(invoicePaid())).then([recorded()]);
    expect(isEntitledToPro(stateAfter([...first, recorded()]))).toBe(false);
  });

  it('starts a subscription first heard of by an active change, but not one heard of as incomplete', () => {
    spec.given([]).when(take(updated('evt_created', 0))).then([activated('evt_created', 0)]);
    spec.given([]).when(take(updated('evt_created', 0, { status: 'incomplete' }))).thenNothingHappens();
  });
});

describe('one member, one subscription', () => {
  const second = (eventId: string, minute: number): ProviderEvent => ({ ...checkoutCompleted(eventId, minute), subscriptionId: 'sub_2' });
  const secondActivated: BillingEvent = {
    type: 'SubscriptionActivated',
    data: { ...from('evt_checkout_2', 3), subscriptionId: 'sub_2', customerId: 'cus_1', mode: 'test', currentPeriodEnd: periodEnd },
  };
  const found: BillingEvent = { type: 'DuplicateSubscriptionFound', data: { ...from('evt_checkout_2', 3), subscriptionId: 'sub_2', keptSubscriptionId: sub } };
  const secondPaid = recorded('evt_paid_2', 4, { paymentId: 'in_2', subscriptionId: 'sub_2' });

  it('finds a second subscription started while one is live a duplicate of it; after the first ended it is not', () => {
    spec.given([activated(), renewed(), recorded()]).when(take(second('evt_checkout_2', 3))).then([secondActivated, found]);
    spec.given([activated(), ended()]).when(take(second('evt_checkout_2', 6))).then([{ ...secondActivated, data: { ...secondActivated.data, ...from('evt_checkout_2', 6) } }]);
  });

  it('keeps the latest checkout to expire until the subscription it started ends; then none is open', () => {
    const checkout: BillingEvent = { type: 'CheckoutStarted', data: { checkoutId: 'cs_1', mode: 'test', customerId: 'cus_1' } };
    expect(stateAfter([checkout, activated()]).lastCheckout).toEqual({ checkoutId: 'cs_1', mode: 'test' });
    expect(stateAfter([checkout, activated(), ended()]).lastCheckout).toBeNull();
  });

  it('never entitles the member by the duplicate: the member is free once the kept one ends', () => {
    const state = stateAfter([activated(), recorded(), secondActivated, found, secondPaid, ended('evt_deleted', 9)]);
    expect(isEntitledToPro(state)).toBe(false);
  });

  it('asks to cancel the duplicate and refund its paid payments until both are recorded, each once', () => {
    const given = [activated(), recorded(), secondActivated, found, secondPaid];
    expect(duplicatesToSettle(stateAfter(given))).toEqual([
      { subscriptionId: 'sub_2', cancel: true, payments: [{ paymentId: 'in_2', subscriptionId: 'sub_2', amount: 9.99, currency: 'usd', mode: 'test' }] },
    ]);
    const settle: BillingCommand = {
      type: 'SettleDuplicate',
      data: { subscriptionId: 'sub_2', cancelled: true, refunds: [{ paymentId: 'in_2', refundId: 're_1', refundedAt: at(5) }] },
      metadata: { actor: billing, now },
    };
    const settled: BillingEvent[] = [
      { type: 'DuplicateSubscriptionCancelled', data: { subscriptionId: 'sub_2' } },
      { type: 'PaymentRefunded', data: { paymentId: 'in_2', refundId: 're_1', subscriptionId: 'sub_2', amount: 9.99, currency: 'usd', mode: 'test', reason: 'duplicate_subscription', refundedAt: at(5) } },
    ];
    spec.given(given).when(settle).then(settled);
    spec.given([...given, ...settled]).when(settle).thenNothingHappens();
    expect(duplicatesToSettle(stateAfter([...given, ...settled]))).toEqual([]);
    // A member cannot record a refund.
    spec.given(given).when({ ...settle, metadata: { actor: ada, now } }).thenThrows('forbidden');
  });
});

describe('reading the account', () => {
  it('is entitled to Pro while some subscription is not ended; the current one is the live one, else the newest', () => {
    expect(isEntitledToPro(stateAfter([]))).toBe(false);
    const second: BillingEvent = {
      type: 'SubscriptionActivated',
      data: { providerEventId: 'evt_2', eventCreated: at(20), subscriptionId: 'sub_2', customerId: 'cus_1', mode: 'test', currentPeriodEnd: null },
    };
    const state = stateAfter([activated(), ended(), second]);
    expect(isEntitledToPro(state)).toBe(true);
    expect(currentSubscription(state)?.subscriptionId).toBe('sub_2');
    expect(customerOf(state)).toBe('cus_1');
    expect(currentSubscription(stateAfter([activated(), ended()]))).toMatchObject({ subscriptionId: sub, status: 'ended', endedBy: 'evt_deleted', activatedBy: 'evt_checkout' });
  });
});
