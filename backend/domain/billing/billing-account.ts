import type { ProviderEvent } from './provider-events';
import type { Actor } from '../shared/actor';
import type { Command, Decider } from '../shared/decider';
import { DomainError, NotAllowed, assertNever } from '../shared/domain-error';
import type { BillingEvent, PaymentMode } from './billing-events';

/**
 * A member's billing account (issue 29): one stream per member, `billing-{userId}`
 * (`billingStream` in `billing-events.ts`). Every rule about the provider's events is here, in
 * one place: which provider event is taken once, what an out-of-order delivery may still
 * change, when a subscription is active, cancelling, past due or ended, and which payments are
 * recorded. The member is entitled to Pro while some subscription is not ended
 * (`isEntitledToPro`); the role policy (`application/billing/billing-role-policy.ts`) makes the
 * member's role follow that.
 */
export type { BillingEvent } from './billing-events';

export const subscriptionStates = ['active', 'past_due', 'cancelling', 'suspended', 'ended'] as const;
export type SubscriptionStatus = (typeof subscriptionStates)[number];

// ── Commands ──────────────────────────────────────────────────────────────────
/** The member asks for a checkout; `checkoutId` is the provider's session id. */
export type StartCheckout = Command<'StartCheckout', { userId: string; checkoutId: string; mode: PaymentMode; customerId: string }>;
/** A provider event (webhook, or the simulated gateway's pages) for this member, normalized. */
export type TakeProviderEvent = Command<'TakeProviderEvent', { event: ProviderEvent }>;
/** What billing had the provider do about a duplicate subscription: cancelled it, refunded these payments. */
export type SettleDuplicate = Command<
  'SettleDuplicate',
  { subscriptionId: string; cancelled: boolean; refunds: { paymentId: string; refundId: string; refundedAt: string }[] }
>;
export type BillingCommand = StartCheckout | TakeProviderEvent | SettleDuplicate;

// ── State ─────────────────────────────────────────────────────────────────────
export interface SubscriptionState {
  subscriptionId: string;
  status: SubscriptionStatus;
  /** Null when the subscription was first heard of by its end (a deletion delivered first). */
  customerId: string | null;
  mode: PaymentMode | null;
  currentPeriodEnd: string | null;
  /** The provider `created` of the newest event applied to it (ISO 8601), or null. */
  lastChangeAt: string | null;
  /** The provider event that activated it and the one that ended it (the causes of the role changes). */
  activatedBy: string | null;
  endedBy: string | null;
  endedAt: string | null;
  /** Order in which the account first heard of each subscription (the newest is the member's current one). */
  seq: number;
  /** Set when it started while another was live: the subscription kept. A duplicate never entitles the member. */
  duplicateOf?: string | null;
  /** Billing asked the provider to cancel it (a duplicate). */
  cancelRequested?: boolean;
}

/** A paid payment as the account remembers it (what a refund gives back). */
export interface PaidPayment {
  subscriptionId: string | null;
  /** In the currency's minor unit, as the payment's. */
  amount: number;
  currency: string;
  mode: PaymentMode;
}

export interface BillingAccountState {
  subscriptions: Record<string, SubscriptionState>;
  /** Payment id → the status last recorded for it. */
  payments: Record<string, string>;
  /** Provider event ids already taken (each decides once). */
  providerEventIds: Record<string, true>;
  checkouts: number;
  /** The customer of the member's latest checkout, per mode (before any subscription names one). */
  checkoutCustomers?: Partial<Record<PaymentMode, string>>;
  /** The member's latest checkout session (one open checkout per member: a new one expires it). */
  lastCheckout?: { checkoutId: string; mode: PaymentMode } | null;
  /** Paid payments by id, and those refunded. */
  paid?: Record<string, PaidPayment>;
  refunded?: Record<string, true>;
}

export const initialBillingAccountState: BillingAccountState = { subscriptions: {}, payments: {}, providerEventIds: {}, checkouts: 0, checkoutCustomers: {} };

// ── Errors ────────────────────────────────────────────────────────────────────
/** A Pro member, or one with a live subscription, asks for another checkout. */
export const AlreadySubscribed = () => new DomainError('subscription_active', 'conflict');

// ── Reading the state ─────────────────────────────────────────────────────────
const byNewest = (a: SubscriptionState, b: SubscriptionState) => b.seq - a.seq;

/** Subscriptions newest first. */
export const subscriptionsOf = (state: BillingAccountState): SubscriptionState[] => Object.values(state.subscriptions).sort(byNewest);

/** The subscription that entitles the member to Pro (the newest neither ended nor suspended), if any. */
export const liveSubscription = (state: BillingAccountState): SubscriptionState | undefined =>
  subscriptionsOf(state).find((subscription) => !subscription.duplicateOf && subscription.status !== 'ended' && subscription.status !== 'suspended');

/** A duplicate subscription billing still has to settle: cancel it at the provider, refund its paid payments. */
export interface DuplicateToSettle {
  subscriptionId: string;
  /** Not ended and not cancelled by billing yet. */
  cancel: boolean;
  payments: ({ paymentId: string } & PaidPayment)[];
}

/** The duplicate subscriptions with something left to do (none: every duplicate cancelled and refunded). */
export function duplicatesToSettle(state: BillingAccountState): DuplicateToSettle[] {
  return subscriptionsOf(state)
    .filter((subscription) => subscription.duplicateOf)
    .map((subscription) => ({
      subscriptionId: subscription.subscriptionId,
      cancel: subscription.status !== 'ended' && !subscription.cancelRequested,
      payments: Object.entries(state.paid ?? {})
        .filter(([paymentId, payment]) => payment.subscriptionId === subscription.subscriptionId && !state.refunded?.[paymentId])
        .map(([paymentId, payment]) => ({ paymentId, ...payment })),
    }))
    .filter((duplicate) => duplicate.cancel || duplicate.payments.length > 0);
}

/** The member is Pro while some subscription of theirs is live (past due and cancelling included; not suspended or ended). */
export const isEntitledToPro = (state: BillingAccountState): boolean => liveSubscription(state) !== undefined;

/** The subscription the member sees: the live one, else the newest (suspended or ended). */
export const currentSubscription = (state: BillingAccountState): SubscriptionState | undefined =>
  liveSubscription(state) ?? subscriptionsOf(state)[0];

/**
 * The provider customer of the member's newest subscription that names one (for the portal and
 * the next checkout); given a mode, only a customer of that mode (a Stripe test customer does not
 * exist in live mode).
 */
export const customerOf = (state: BillingAccountState, mode?: PaymentMode): string | undefined =>
  subscriptionsOf(state).find((subscription) => subscription.customerId !== null && (mode === undefined || subscription.mode === mode))
    ?.customerId ??
  (mode ? state.checkoutCustomers?.[mode] : Object.values(state.checkoutCustomers ?? {})[0]);

/** Every provider customer the account has known, of any mode (erasure deletes each at the provider). */
export const customersOf = (state: BillingAccountState): string[] => [
  ...new Set(
    [...subscriptionsOf(state).map((subscription) => subscription.customerId), ...Object.values(state.checkoutCustomers ?? {})].filter(
      (customerId): customerId is string => typeof customerId === 'string' && customerId !== '',
    ),
  ),
];

// ── One function per command ──────────────────────────────────────────────────
/**
 * Whether `actor` may start a checkout for `userId`'s account: only for themselves, and not
 * while Pro or subscribed. The application asks before it opens a session at the provider.
 */
export function checkCanCheckout(actor: Actor, userId: string, state: BillingAccountState): void {
  if (actor.kind !== 'user' || actor.userId !== userId) throw NotAllowed('start_checkout_for_another');
  if (actor.role === 'pro' || isEntitledToPro(state)) throw AlreadySubscribed();
}

function startCheckout(command: StartCheckout, state: BillingAccountState): BillingEvent[] {
  checkCanCheckout(command.metadata.actor, command.data.userId, state);
  const { checkoutId, mode, customerId } = command.data;
  return [{ type: 'CheckoutStarted', data: { checkoutId, mode, customerId } }];
}

/** Stripe's subscription statuses that mean it is over. */
const endedStatuses = new Set(['canceled', 'incomplete_expired']);
/** Stripe's subscription statuses that mean the member has paid for Pro. */
const liveStatuses = new Set(['active', 'trialing']);
/** Stripe's statuses of a subscription stopped but not over: `unpaid` (retries exhausted, set to mark unpaid), `paused`. */
const suspendedStatuses = new Set(['unpaid', 'paused']);

function takeProviderEvent(command: TakeProviderEvent, state: BillingAccountState): BillingEvent[] {
  if (command.metadata.actor.kind !== 'system') throw NotAllowed('take_provider_event');
  const { event } = command.data;
  // Exactly once: an event id already taken decides nothing (a redelivery, or the loser of a retry race).
  if (state.providerEventIds[event.eventId]) return [];
  const from = { providerEventId: event.eventId, eventCreated: event.created };
  switch (event.kind) {
    case 'checkout_completed':
      return checkoutCompleted(event, state, from);
    case 'invoice_paid':
      return invoicePaid(event, state, from);
    case 'invoice_payment_failed':
      return invoicePaymentFailed(event, state, from);
    case 'subscription_updated':
      return subscriptionUpdated(event, state, from);
    case 'subscription_deleted':
      return subscriptionDeleted(event, state, from);
    default:
      return assertNever(event);
  }
}

type From = { providerEventId: string; eventCreated: string };
type Of<Kind extends ProviderEvent['kind']> = Extract<ProviderEvent, { kind: Kind }>;

/**
 * A subscription not heard of starts; while another is live it is a duplicate (one member, one
 * subscription: the first stays), which billing cancels and refunds.
 */
function activated(event: ProviderEvent & { subscriptionId: string }, state: BillingAccountState, from: From, currentPeriodEnd: string | null): BillingEvent[] {
  const { subscriptionId, customerId, mode } = event;
  const kept = liveSubscription(state);
  const events: BillingEvent[] = [{ type: 'SubscriptionActivated', data: { ...from, subscriptionId, customerId, mode, currentPeriodEnd } }];
  if (kept && kept.subscriptionId !== subscriptionId) {
    events.push({ type: 'DuplicateSubscriptionFound', data: { ...from, subscriptionId, keptSubscriptionId: kept.subscriptionId } });
  }
  return events;
}

/** A checkout made a subscription: it starts, unless it is already known (an `invoice_paid` got here first, or it has ended). */
function checkoutCompleted(event: Of<'checkout_completed'>, state: BillingAccountState, from: From): BillingEvent[] {
  if (state.subscriptions[event.subscriptionId]) return [];
  return activated(event, state, from, event.currentPeriodEnd);
}

/**
 * A paid invoice: the payment is recorded once; it renews a live subscription and starts one
 * not heard of yet (checkout.session.completed may come later), but never brings an ended one back.
 */
function invoicePaid(event: Of<'invoice_paid'>, state: BillingAccountState, from: From): BillingEvent[] {
  const { payment, subscriptionId } = event;
  if (state.payments[payment.paymentId] === 'paid') return [];
  const events: BillingEvent[] = [];
  if (subscriptionId !== null) {
    const known = state.subscriptions[subscriptionId];
    if (!known) events.push(...activated({ ...event, subscriptionId }, state, from, event.currentPeriodEnd));
    if (known?.status === 'suspended') events.push({ type: 'SubscriptionResumed', data: { ...from, subscriptionId } });
    if (known?.status !== 'ended') {
      events.push({ type: 'SubscriptionRenewed', data: { ...from, subscriptionId, paymentId: payment.paymentId, currentPeriodEnd: event.currentPeriodEnd } });
    }
  }
  events.push({ type: 'PaymentRecorded', data: { ...from, payment: { ...payment, subscriptionId } } });
  return events;
}

/** A failed renewal: the payment is recorded (unless paid already, or failed already) and a live subscription is past due. */
function invoicePaymentFailed(event: Of<'invoice_payment_failed'>, state: BillingAccountState, from: From): BillingEvent[] {
  const { payment, subscriptionId } = event;
  const recorded = state.payments[payment.paymentId];
  if (recorded === 'paid') return [];
  const events: BillingEvent[] = [];
  const known = subscriptionId === null ? undefined : state.subscriptions[subscriptionId];
  if (known && (known.status === 'active' || known.status === 'cancelling')) {
    events.push({ type: 'SubscriptionPaymentFailed', data: { ...from, subscriptionId: known.subscriptionId, paymentId: payment.paymentId } });
  }
  if (recorded !== payment.status) events.push({ type: 'PaymentRecorded', data: { ...from, payment: { ...payment, subscriptionId } } });
  return events;
}

/**
 * A change of the subscription at the provider. Older than the last change applied to it:
 * ignored. Ended: final. Otherwise its cancellation is scheduled or withdrawn, a cancelled one
 * ends, an unpaid or paused one is suspended (not Pro) until it is active again, and one not
 * heard of yet that is active starts.
 */
function subscriptionUpdated(event: Of<'subscription_updated'>, state: BillingAccountState, from: From): BillingEvent[] {
  const { subscriptionId, status, cancelAtPeriodEnd, currentPeriodEnd } = event;
  const known = state.subscriptions[subscriptionId];
  if (known?.status === 'ended') return [];
  if (known?.lastChangeAt && Date.parse(event.created) < Date.parse(known.lastChangeAt)) return [];
  if (endedStatuses.has(status)) return [{ type: 'SubscriptionEnded', data: { ...from, subscriptionId, endedAt: event.created } }];
  if (suspendedStatuses.has(status)) {
    if (!known || known.status === 'suspended') return [];
    return [{ type: 'SubscriptionSuspended', data: { ...from, subscriptionId, status } }];
  }
  const events: BillingEvent[] = [];
  if (!known) {
    if (!liveStatuses.has(status)) return [];
    events.push(...activated(event, state, from, currentPeriodEnd));
  }
  if (known?.status === 'suspended') {
    if (!liveStatuses.has(status)) return [];
    events.push({ type: 'SubscriptionResumed', data: { ...from, subscriptionId } });
  }
  const cancelling = known?.status === 'cancelling';
  if (cancelAtPeriodEnd && !cancelling) {
    events.push({ type: 'SubscriptionCancellationScheduled', data: { ...from, subscriptionId, endsAt: currentPeriodEnd } });
  }
  if (!cancelAtPeriodEnd && cancelling) events.push({ type: 'SubscriptionCancellationWithdrawn', data: { ...from, subscriptionId } });
  return events;
}

/** The subscription is over, for good; heard of first, it is remembered as ended so nothing later revives it. */
function subscriptionDeleted(event: Of<'subscription_deleted'>, state: BillingAccountState, from: From): BillingEvent[] {
  if (state.subscriptions[event.subscriptionId]?.status === 'ended') return [];
  return [{ type: 'SubscriptionEnded', data: { ...from, subscriptionId: event.subscriptionId, endedAt: event.endedAt } }];
}

/** Records what the provider did about a duplicate: its cancellation and each refund, once. */
function settleDuplicate(command: SettleDuplicate, state: BillingAccountState): BillingEvent[] {
  if (command.metadata.actor.kind !== 'system') throw NotAllowed('settle_duplicate');
  const { subscriptionId, cancelled, refunds } = command.data;
  const subscription = state.subscriptions[subscriptionId];
  if (!subscription?.duplicateOf) return [];
  const events: BillingEvent[] = [];
  if (cancelled && !subscription.cancelRequested) events.push({ type: 'DuplicateSubscriptionCancelled', data: { subscriptionId } });
  for (const refund of refunds) {
    const payment = state.paid?.[refund.paymentId];
    if (!payment || payment.subscriptionId !== subscriptionId || state.refunded?.[refund.paymentId]) continue;
    events.push({
      type: 'PaymentRefunded',
      data: { paymentId: refund.paymentId, refundId: refund.refundId, subscriptionId, amount: payment.amount, currency: payment.currency, mode: payment.mode, reason: 'duplicate_subscription', refundedAt: refund.refundedAt },
    });
  }
  return events;
}

export function decideBillingAccount(command: BillingCommand, state: BillingAccountState): BillingEvent[] {
  switch (command.type) {
    case 'StartCheckout':
      return startCheckout(command, state);
    case 'TakeProviderEvent':
      return takeProviderEvent(command, state);
    case 'SettleDuplicate':
      return settleDuplicate(command, state);
    default:
      return assertNever(command);
  }
}

// ── Evolve ────────────────────────────────────────────────────────────────────
const later = (a: string | null, b: string | undefined): string | null => (b === undefined ? a : a === null || Date.parse(b) > Date.parse(a) ? b : a);

function withTaken(state: BillingAccountState, data: { providerEventId: string }): BillingAccountState {
  return { ...state, providerEventIds: { ...state.providerEventIds, [data.providerEventId]: true } };
}

/** The subscription after `change`, creating it (as heard of by that event) when it is new. */
function changeSubscription(
  state: BillingAccountState,
  data: { subscriptionId: string; eventCreated?: string },
  change: (subscription: SubscriptionState) => Partial<SubscriptionState>,
): BillingAccountState {
  const existing: SubscriptionState = state.subscriptions[data.subscriptionId] ?? {
    subscriptionId: data.subscriptionId,
    status: 'active',
    customerId: null,
    mode: null,
    currentPeriodEnd: null,
    lastChangeAt: null,
    activatedBy: null,
    endedBy: null,
    endedAt: null,
    seq: Object.keys(state.subscriptions).length,
  };
  const changed = { ...existing, ...change(existing), lastChangeAt: later(existing.lastChangeAt, data.eventCreated) };
  return { ...state, subscriptions: { ...state.subscriptions, [data.subscriptionId]: changed } };
}

export function evolveBillingAccount(state: BillingAccountState, event: BillingEvent): BillingAccountState {
  switch (event.type) {
    case 'CheckoutStarted': {
      const { mode, customerId } = event.data;
      const checkoutCustomers = customerId ? { ...state.checkoutCustomers, [mode]: customerId } : state.checkoutCustomers;
      return { ...state, checkouts: state.checkouts + 1, checkoutCustomers, lastCheckout: { checkoutId: event.data.checkoutId, mode } };
    }
    case 'SubscriptionActivated': {
      const { customerId, mode, currentPeriodEnd, providerEventId } = event.data;
      return changeSubscription(withTaken(state, event.data), event.data, () => ({ status: 'active', customerId, mode, currentPeriodEnd, activatedBy: providerEventId }));
    }
    case 'SubscriptionRenewed':
      return changeSubscription(withTaken(state, event.data), event.data, (s) => ({
        status: s.status === 'past_due' ? 'active' : s.status,
        currentPeriodEnd: event.data.currentPeriodEnd ?? s.currentPeriodEnd,
      }));
    case 'SubscriptionPaymentFailed':
      return changeSubscription(withTaken(state, event.data), event.data, () => ({ status: 'past_due' }));
    case 'SubscriptionCancellationScheduled':
      return changeSubscription(withTaken(state, event.data), event.data, (s) => ({ status: 'cancelling', currentPeriodEnd: event.data.endsAt ?? s.currentPeriodEnd }));
    case 'SubscriptionCancellationWithdrawn':
      return changeSubscription(withTaken(state, event.data), event.data, () => ({ status: 'active' }));
    case 'SubscriptionSuspended':
      return changeSubscription(withTaken(state, event.data), event.data, () => ({ status: 'suspended' }));
    case 'SubscriptionResumed':
      return changeSubscription(withTaken(state, event.data), event.data, () => ({ status: 'active' }));
    case 'SubscriptionEnded':
      // The checkout that started it is history: a member whose Pro ended may check out again.
      return {
        ...changeSubscription(withTaken(state, event.data), event.data, () => ({
          status: 'ended',
          endedBy: event.data.providerEventId,
          endedAt: event.data.endedAt,
        })),
        lastCheckout: null,
      };
    case 'PaymentRecorded': {
      const { payment } = event.data;
      const paid =
        payment.status === 'paid'
          ? { ...state.paid, [payment.paymentId]: { subscriptionId: payment.subscriptionId, amount: payment.amount, currency: payment.currency, mode: payment.mode } }
          : state.paid;
      return { ...withTaken(state, event.data), payments: { ...state.payments, [payment.paymentId]: payment.status }, paid };
    }
    case 'DuplicateSubscriptionFound':
      return changeSubscription(withTaken(state, event.data), event.data, () => ({ duplicateOf: event.data.keptSubscriptionId }));
    case 'DuplicateSubscriptionCancelled':
      return changeSubscription(state, event.data, () => ({ cancelRequested: true }));
    case 'PaymentRefunded':
      return { ...state, refunded: { ...state.refunded, [event.data.paymentId]: true } };
    default:
      return assertNever(event);
  }
}

export const billingAccountDecider: Decider<BillingCommand, BillingEvent, BillingAccountState> = {
  initialState: initialBillingAccountState,
  decide: decideBillingAccount,
  evolve: evolveBillingAccount,
  schemaVersions: {
    CheckoutStarted: 1,
    SubscriptionActivated: 1,
    SubscriptionRenewed: 1,
    SubscriptionPaymentFailed: 1,
    SubscriptionCancellationScheduled: 1,
    SubscriptionCancellationWithdrawn: 1,
    SubscriptionSuspended: 1,
    SubscriptionResumed: 1,
    SubscriptionEnded: 1,
    PaymentRecorded: 2,
    DuplicateSubscriptionFound: 1,
    DuplicateSubscriptionCancelled: 1,
    PaymentRefunded: 2,
  },
};
