import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../../../tests/support/decider-spec';
import { systemActor, type Actor } from '../shared/actor';
import {
  billingAccountDecider,
  currentSubscription,
  customerOf,
  customersOf,
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

  it('starts a subscription first heard of as trialing: the member has Pro during the trial', () => {
    spec.given([]).when(take(updated('evt_trial', 0, { status: 'trialing' }))).then([activated('evt_trial', 0)]);
  });

  it('ends a subscription whose first payment never came (incomplete_expired)', () => {
    spec.given([activated()]).when(take(updated('evt_expired', 4, { status: 'incomplete_expired' }))).then([ended('evt_expired', 4)]);
  });

  it('records a one-off charge without touching any subscription', () => {
    const charge = invoicePaid('evt_charge', 2, { paymentId: 'in_c', type: 'charge', interval: null, subscriptionId: null });
    spec.given([activated()]).when(take({ ...charge, subscriptionId: null } as ProviderEvent)).then([
      recorded('evt_charge', 2, { paymentId: 'in_c', type: 'charge', interval: null, subscriptionId: null }),
    ]);
  });

  it('marks a cancelling subscription past due on a failed renewal, but not a suspended one', () => {
    spec.given([activated(), scheduled('evt_upd', 3)]).when(take(paymentFailed('evt_failed', 4))).then([
      { type: 'SubscriptionPaymentFailed', data: { ...from('evt_failed', 4), subscriptionId: sub, paymentId: 'in_2' } },
      { type: 'PaymentRecorded', data: { ...from('evt_failed', 4), payment: payment({ paymentId: 'in_2', status: 'failed', created: at(4) }) } },
    ]);
    const suspended: BillingEvent = { type: 'SubscriptionSuspended', data: { ...from('evt_unpaid', 3), subscriptionId: sub, status: 'unpaid' } };
    spec.given([activated(), suspended]).when(take(paymentFailed('evt_failed', 4))).then([
      { type: 'PaymentRecorded', data: { ...from('evt_failed', 4), payment: payment({ paymentId: 'in_2', status: 'failed', created: at(4) }) } },
    ]);
  });

  it('keeps a suspended subscription suspended on a change to a status that is not paid for', () => {
    const suspended: BillingEvent = { type: 'SubscriptionSuspended', data: { ...from('evt_unpaid', 3), subscriptionId: sub, status: 'unpaid' } };
    spec.given([activated(), suspended]).when(take(updated('evt_past_due', 4, { status: 'past_due' }))).thenNothingHappens();
    spec.given([activated(), suspended]).when(take(updated('evt_incomplete', 4, { status: 'incomplete' }))).thenNothingHappens();
  });

  it('applies a change made at the same moment as the last one applied', () => {
    spec.given([activated(), scheduled('evt_upd', 3)]).when(take(updated('evt_upd_same_time', 3))).then([
      { type: 'SubscriptionCancellationWithdrawn', data: { ...from('evt_upd_same_time', 3), subscriptionId: sub } },
    ]);
  });

  it('judges a change against the newest change applied, not the last delivered', () => {
    // The renewal (minute 1) is delivered after the cancellation (minute 3): the subscription's last change is still minute 3.
    const history = [activated(), scheduled('evt_upd', 3), renewed('evt_paid', 1)];
    spec.given(history).when(take(updated('evt_older', 2))).thenNothingHappens();
    expect(stateAfter(history).subscriptions[sub].lastChangeAt).toBe(at(3));
  });

  it('remembers no change time for events written before the provider time was recorded', () => {
    const { eventCreated: _, ...untimed } = (activated() as Extract<BillingEvent, { type: 'SubscriptionActivated' }>).data;
    const state = stateAfter([{ type: 'SubscriptionActivated', data: untimed }]);
    expect(state.subscriptions[sub].lastChangeAt).toBeNull();
  });

  it('never changes an ended subscription, whatever change comes late', () => {
    const over = [activated(), ended()];
    spec.given(over).when(take(updated('evt_late_cancel', 7, { cancelAtPeriodEnd: true }))).thenNothingHappens();
    spec.given(over).when(take(updated('evt_late_unpaid', 7, { status: 'unpaid' }))).thenNothingHappens();
    spec.given(over).when(take(updated('evt_late_canceled', 7, { status: 'canceled' }))).thenNothingHappens();
  });

  it('refuses a provider event of a kind it does not know, rather than ignoring it', () => {
    const unknown = { ...deleted(), kind: 'refund_created' } as unknown as ProviderEvent;
    expect(() => billingAccountDecider.decide(take(unknown), billingAccountDecider.initialState)).toThrow('Unhandled case');
  });
});

describe('the subscription as the events leave it', () => {
  it('keeps a cancelling subscription cancelling when its renewal is paid, and moves its period end', () => {
    const nextEnd = '2026-05-01T10:00:00.000Z';
    const renewal: BillingEvent = { type: 'SubscriptionRenewed', data: { ...from('evt_paid_2', 4), subscriptionId: sub, paymentId: 'in_2', currentPeriodEnd: nextEnd } };
    expect(stateAfter([activated(), scheduled('evt_upd', 3), renewal]).subscriptions[sub]).toMatchObject({ status: 'cancelling', currentPeriodEnd: nextEnd });
    const noEnd: BillingEvent = { type: 'SubscriptionRenewed', data: { ...from('evt_paid_2', 4), subscriptionId: sub, paymentId: 'in_2', currentPeriodEnd: null } };
    expect(stateAfter([activated(), noEnd]).subscriptions[sub]).toMatchObject({ status: 'active', currentPeriodEnd: periodEnd });
  });

  it('ends a cancelling subscription at the date the provider gives, else at its period end', () => {
    const endsAt = '2026-03-20T00:00:00.000Z';
    const cancelling = (at: string | null): BillingEvent => ({ type: 'SubscriptionCancellationScheduled', data: { ...from('evt_upd', 3), subscriptionId: sub, endsAt: at } });
    expect(stateAfter([activated(), cancelling(endsAt)]).subscriptions[sub]).toMatchObject({ status: 'cancelling', currentPeriodEnd: endsAt });
    expect(stateAfter([activated(), cancelling(null)]).subscriptions[sub]).toMatchObject({ status: 'cancelling', currentPeriodEnd: periodEnd });
  });

  it('is active again when the cancellation is withdrawn or a suspension ends', () => {
    const withdrawn: BillingEvent = { type: 'SubscriptionCancellationWithdrawn', data: { ...from('evt_upd_2', 4), subscriptionId: sub } };
    expect(stateAfter([activated(), scheduled('evt_upd', 3), withdrawn]).subscriptions[sub].status).toBe('active');
    const suspended: BillingEvent = { type: 'SubscriptionSuspended', data: { ...from('evt_unpaid', 5), subscriptionId: sub, status: 'unpaid' } };
    const resumed: BillingEvent = { type: 'SubscriptionResumed', data: { ...from('evt_active', 6), subscriptionId: sub } };
    expect(stateAfter([activated(), suspended, resumed]).subscriptions[sub].status).toBe('active');
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

  it('asks to cancel a duplicate nothing was paid for yet', () => {
    expect(duplicatesToSettle(stateAfter([activated(), secondActivated, found]))).toEqual([{ subscriptionId: 'sub_2', cancel: true, payments: [] }]);
  });

  it('asks only for the refund of a duplicate the provider ended before billing cancelled it', () => {
    const secondEnded: BillingEvent = { type: 'SubscriptionEnded', data: { ...from('evt_deleted_2', 6), subscriptionId: 'sub_2', endedAt: at(6) } };
    expect(duplicatesToSettle(stateAfter([activated(), recorded(), secondActivated, found, secondPaid, secondEnded]))).toEqual([
      { subscriptionId: 'sub_2', cancel: false, payments: [{ paymentId: 'in_2', subscriptionId: 'sub_2', amount: 9.99, currency: 'usd', mode: 'test' }] },
    ]);
    expect(duplicatesToSettle(stateAfter([activated(), secondActivated, found, secondEnded]))).toEqual([]);
  });

  it('refunds only paid payments of the duplicate', () => {
    const secondFailed = recorded('evt_failed_2', 4, { paymentId: 'in_2', subscriptionId: 'sub_2', status: 'failed' });
    expect(duplicatesToSettle(stateAfter([activated(), recorded(), secondActivated, found, secondFailed]))).toEqual([
      { subscriptionId: 'sub_2', cancel: true, payments: [] },
    ]);
  });

  it('records no refund of a payment that is not the duplicate\'s paid one, and nothing for a subscription that is no duplicate', () => {
    const settle = (subscriptionId: string, paymentIds: string[]): BillingCommand => ({
      type: 'SettleDuplicate',
      data: { subscriptionId, cancelled: true, refunds: paymentIds.map((paymentId) => ({ paymentId, refundId: `re_${paymentId}`, refundedAt: at(5) })) },
      metadata: { actor: billing, now },
    });
    const cancelled: BillingEvent = { type: 'DuplicateSubscriptionCancelled', data: { subscriptionId: 'sub_2' } };
    // Nothing paid yet at all; then the kept subscription's payment, and one never recorded.
    spec.given([activated(), secondActivated, found]).when(settle('sub_2', ['in_2'])).then([cancelled]);
    spec.given([activated(), recorded(), secondActivated, found, secondPaid]).when(settle('sub_2', ['in_1', 'in_404'])).then([cancelled]);
    spec.given([activated(), recorded(), secondActivated, found, secondPaid]).when(settle(sub, ['in_1'])).thenNothingHappens();
    spec.given([activated()]).when(settle('sub_404', ['in_1'])).thenNothingHappens();
    spec.given([activated(), secondActivated, found]).when({ ...settle('sub_2', []), metadata: { actor: ada, now } }).thenThrows('forbidden', {
      kind: 'forbidden',
      data: { action: 'settle_duplicate' },
    });
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

  it('shows the newest subscription when none is live', () => {
    const of = (id: string, minute: number): BillingEvent[] => [
      { type: 'SubscriptionActivated', data: { ...from(`evt_start_${id}`, minute), subscriptionId: id, customerId: 'cus_1', mode: 'test', currentPeriodEnd: null } },
      { type: 'SubscriptionEnded', data: { ...from(`evt_end_${id}`, minute + 1), subscriptionId: id, endedAt: at(minute + 1) } },
    ];
    expect(currentSubscription(stateAfter([...of('sub_a', 0), ...of('sub_b', 10), ...of('sub_c', 20)]))?.subscriptionId).toBe('sub_c');
    expect(currentSubscription(stateAfter([...of('sub_c', 0), ...of('sub_b', 10), ...of('sub_a', 20)]))?.subscriptionId).toBe('sub_a');
  });

  it("names the customer of the newest subscription that has one, of the mode asked for, else the checkout's", () => {
    const live: BillingEvent = {
      type: 'SubscriptionActivated',
      data: { ...from('evt_live', 0), subscriptionId: 'sub_live', customerId: 'cus_live', mode: 'live', currentPeriodEnd: null },
    };
    const checkout: BillingEvent = { type: 'CheckoutStarted', data: { checkoutId: 'cs_1', mode: 'test', customerId: 'cus_checkout' } };
    expect(customerOf(stateAfter([live]), 'test')).toBeUndefined();
    expect(customerOf(stateAfter([live, checkout]), 'test')).toBe('cus_checkout');
    expect(customerOf(stateAfter([live, checkout]), 'live')).toBe('cus_live');
    expect(customerOf(stateAfter([checkout]))).toBe('cus_checkout');
    // A subscription first heard of by its deletion names no customer: the older one's is used.
    const deletedFirst: BillingEvent = { type: 'SubscriptionEnded', data: { ...from('evt_deleted_2', 9), subscriptionId: 'sub_2', endedAt: at(9) } };
    expect(customerOf(stateAfter([activated(), ended(), deletedFirst]))).toBe('cus_1');
  });

  it('lists every provider customer the account has known once, for erasure', () => {
    const checkout = (mode: 'live' | 'test', customerId: string): BillingEvent => ({ type: 'CheckoutStarted', data: { checkoutId: `cs_${customerId}`, mode, customerId } });
    const deletedFirst: BillingEvent = { type: 'SubscriptionEnded', data: { ...from('evt_deleted_2', 9), subscriptionId: 'sub_2', endedAt: at(9) } };
    const noCustomer: BillingEvent = {
      type: 'SubscriptionActivated',
      data: { ...from('evt_3', 10), subscriptionId: 'sub_3', customerId: '', mode: 'test', currentPeriodEnd: null },
    };
    const another: BillingEvent = {
      type: 'SubscriptionActivated',
      data: { ...from('evt_4', 8), subscriptionId: 'sub_4', customerId: 'cus_2', mode: 'test', currentPeriodEnd: null },
    };
    expect(customersOf(stateAfter([]))).toEqual([]);
    const known = customersOf(stateAfter([checkout('test', 'cus_1'), activated(), ended(), another, deletedFirst, noCustomer, checkout('live', 'cus_live')]));
    expect(known).toHaveLength(3);
    expect([...known].sort()).toEqual(['cus_1', 'cus_2', 'cus_live']);
  });

  it('reads an account folded before checkout customers were recorded', () => {
    const older = { subscriptions: {}, payments: {}, providerEventIds: {}, checkouts: 0 };
    expect(customerOf(older, 'test')).toBeUndefined();
    expect(customerOf(older)).toBeUndefined();
    expect(customersOf(older)).toEqual([]);
  });
});
