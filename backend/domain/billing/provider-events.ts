import type { PaymentFacts, PaymentMode } from './billing-events';

/**
 * What the payment provider tells billing, normalized by the gateway adapter (Stripe's webhook
 * events, or the simulated gateway's pages): the command data of `TakeProviderEvent`. Defined in
 * the domain because the decider takes it; `application/ports/payment-gateway.ts` re-exports it.
 */
export interface ProviderEventBase {
  /** The provider's event id (`evt_…`): the inbox takes each id once. */
  eventId: string;
  /** ISO 8601: when the provider created the event (deliveries may arrive in any order). */
  created: string;
  mode: PaymentMode;
  /** Our member's id from the checkout's metadata; null when the provider object does not carry it. */
  userId: string | null;
  customerId: string;
}

/** The provider's events billing reacts to (Stripe's names in comments). */
export type ProviderEvent =
  /** checkout.session.completed (mode subscription) */
  | (ProviderEventBase & { kind: 'checkout_completed'; subscriptionId: string; currentPeriodEnd: string | null })
  /** invoice.paid */
  | (ProviderEventBase & { kind: 'invoice_paid'; subscriptionId: string | null; payment: PaymentFacts; currentPeriodEnd: string | null })
  /** invoice.payment_failed */
  | (ProviderEventBase & { kind: 'invoice_payment_failed'; subscriptionId: string | null; payment: PaymentFacts })
  /** customer.subscription.updated (and .created) */
  | (ProviderEventBase & {
      kind: 'subscription_updated';
      subscriptionId: string;
      /** Stripe's subscription status: active, trialing, past_due, canceled, unpaid, incomplete, … */
      status: string;
      cancelAtPeriodEnd: boolean;
      currentPeriodEnd: string | null;
    })
  /** customer.subscription.deleted */
  | (ProviderEventBase & { kind: 'subscription_deleted'; subscriptionId: string; endedAt: string });

export type ProviderEventKind = ProviderEvent['kind'];
