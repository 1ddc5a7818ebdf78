import { defineStream } from '../shared/stream';

/**
 * A member's billing account (member-product §2 Upsell, §6, §9; back-office §2 Billing tab, §3
 * Payment; issue 29): their Pro subscriptions and the payments recorded for them. One stream per
 * member, `billing-{userId}`; a member who subscribes, cancels and subscribes again has two
 * subscriptions in one stream. Every fact comes from the payment provider's events (Stripe, or
 * the simulated gateway), each named by the provider event id that brought it, so a replay of
 * the event store alone tells finance what was paid and when the member was Pro.
 *
 * The events are the contract the decider (`billing-account.ts`), the payments read model and
 * `finance reconcile` share.
 */
export const billingStream = defineStream('billing');

export const paymentModes = ['live', 'test'] as const;
export type PaymentMode = (typeof paymentModes)[number];
export const paymentTypes = ['subscription', 'charge'] as const;
export type PaymentType = (typeof paymentTypes)[number];

/** A payment as back-office §3 describes it; currency lower-case ('usd'). */
export interface PaymentFacts {
  /** The provider's id of the payment (Stripe's invoice id `in_…`, or `sim_in_…` when simulated). */
  paymentId: string;
  mode: PaymentMode;
  type: PaymentType;
  /** The provider's status: 'paid', 'open', 'failed', … */
  status: string;
  /** An integer of the currency's minor unit (`currency.ts`): 999 for 9.99 USD, 1000 for 1000 JPY (since v2 of PaymentRecorded; v1 had 9.99). */
  amount: number;
  currency: string;
  /** 'month', 'year'; null for a one-off charge. */
  interval: string | null;
  description: string;
  customerName: string | null;
  customerEmail: string | null;
  /** ISO 8601: when the provider created the payment. */
  created: string;
  /** The subscription it pays for; null for a one-off charge. */
  subscriptionId: string | null;
}

/** A payment the simulated gateway recorded (its ids are `sim_in_…`): a TEST checkout that charged nobody. */
export const isSimulatedPayment = (paymentId: string): boolean => paymentId.startsWith('sim_');

/** What every event brought in from the provider carries: which provider event it was. */
interface FromProvider {
  /** Stripe's `evt_…` id, or the simulated gateway's; the same id is taken once. */
  providerEventId: string;
  /**
   * ISO 8601: when the provider created that event (its `created`). Written by the decider on
   * every event it takes from the provider; a `subscription_updated` older than the last one
   * applied to a subscription is ignored by it. Optional: absent on events written before it.
   */
  eventCreated?: string;
}

export type CheckoutStarted = {
  type: 'CheckoutStarted';
  /** `customerId`: the provider customer the checkout is for (absent in events written before it was recorded). */
  data: { checkoutId: string; mode: PaymentMode; customerId?: string };
};
export type SubscriptionActivated = {
  type: 'SubscriptionActivated';
  data: FromProvider & { subscriptionId: string; customerId: string; mode: PaymentMode; currentPeriodEnd: string | null };
};
export type SubscriptionRenewed = {
  type: 'SubscriptionRenewed';
  data: FromProvider & { subscriptionId: string; paymentId: string; currentPeriodEnd: string | null };
};
export type SubscriptionPaymentFailed = {
  type: 'SubscriptionPaymentFailed';
  data: FromProvider & { subscriptionId: string; paymentId: string };
};
export type SubscriptionCancellationScheduled = {
  type: 'SubscriptionCancellationScheduled';
  data: FromProvider & { subscriptionId: string; endsAt: string | null };
};
export type SubscriptionCancellationWithdrawn = {
  type: 'SubscriptionCancellationWithdrawn';
  data: FromProvider & { subscriptionId: string };
};
/** Stripe stopped the subscription without ending it (`unpaid` after the retries, `paused`): not Pro until it is paid or resumed. */
export type SubscriptionSuspended = {
  type: 'SubscriptionSuspended';
  data: FromProvider & { subscriptionId: string; status: string };
};
/** A suspended subscription is live again (`active` at the provider, or an invoice paid). */
export type SubscriptionResumed = {
  type: 'SubscriptionResumed';
  data: FromProvider & { subscriptionId: string };
};
export type SubscriptionEnded = {
  type: 'SubscriptionEnded';
  data: FromProvider & { subscriptionId: string; endedAt: string };
};
export type PaymentRecorded = {
  type: 'PaymentRecorded';
  data: FromProvider & { payment: PaymentFacts };
};
/**
 * A subscription started while another of the member's was live (two checkouts paid at once,
 * two tabs): one member has one subscription, so the first stays and this one is a duplicate.
 * It never entitles the member; billing cancels it at the provider and refunds its payments.
 */
export type DuplicateSubscriptionFound = {
  type: 'DuplicateSubscriptionFound';
  data: FromProvider & { subscriptionId: string; keptSubscriptionId: string };
};
/** Billing asked the provider to cancel a duplicate subscription at once (its deletion event follows). */
export type DuplicateSubscriptionCancelled = {
  type: 'DuplicateSubscriptionCancelled';
  data: { subscriptionId: string };
};
/** A payment given back through the provider (today: the payments of a duplicate subscription). Amount as the payment's, in minor units (since v2). */
export type PaymentRefunded = {
  type: 'PaymentRefunded';
  data: { paymentId: string; refundId: string; subscriptionId: string | null; amount: number; currency: string; mode: PaymentMode; reason: 'duplicate_subscription'; refundedAt: string };
};

export type BillingEvent =
  | CheckoutStarted
  | SubscriptionActivated
  | SubscriptionRenewed
  | SubscriptionPaymentFailed
  | SubscriptionCancellationScheduled
  | SubscriptionCancellationWithdrawn
  | SubscriptionSuspended
  | SubscriptionResumed
  | SubscriptionEnded
  | PaymentRecorded
  | DuplicateSubscriptionFound
  | DuplicateSubscriptionCancelled
  | PaymentRefunded;

export const billingEventTypes = [
  'CheckoutStarted',
  'SubscriptionActivated',
  'SubscriptionRenewed',
  'SubscriptionPaymentFailed',
  'SubscriptionCancellationScheduled',
  'SubscriptionCancellationWithdrawn',
  'SubscriptionSuspended',
  'SubscriptionResumed',
  'SubscriptionEnded',
  'PaymentRecorded',
  'DuplicateSubscriptionFound',
  'DuplicateSubscriptionCancelled',
  'PaymentRefunded',
] as const satisfies readonly BillingEvent['type'][];

/**
 * The `reason` of a `UserRoleChanged` the billing policy causes; such an event also carries
 * `subscriptionId` (the subscription whose start or end caused it), which is what finance
 * reconciles pro periods against.
 */
export const billingRoleReasons = { activated: 'subscription_active', ended: 'subscription_ended' } as const;
