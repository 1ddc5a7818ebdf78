import type { PaymentFacts, PaymentMode } from '../../domain/billing/billing-events';
import type { ProviderEvent } from '../../domain/billing/provider-events';

/**
 * The card payment provider (design §1: `PaymentGateway`). Two adapters: Stripe through the
 * official SDK (`infrastructure/payments/stripe-gateway.ts`) and, when no Stripe keys are set,
 * the simulated gateway (`infrastructure/payments/simulated-gateway.ts`), whose TEST pages feed
 * the same intake as real webhooks. The application sees only normalized `ProviderEvent`s.
 */
export interface PaymentGateway {
  readonly kind: 'stripe' | 'simulated';
  /** 'test' for the simulated gateway and Stripe test keys (`sk_test_…`), 'live' for live keys. */
  readonly mode: PaymentMode;
  /**
   * A hosted checkout for the Pro subscription; the browser navigates to `url`. Always for one
   * customer of the member's (`customerId`: the one given, else a new one), so a second checkout
   * before the first is confirmed is the same customer's; refused with `AlreadySubscribed` when
   * the provider already bills that customer for a live subscription.
   */
  createCheckoutSession(request: CheckoutRequest): Promise<{ id: string; url: string; customerId: string }>;
  /**
   * One open checkout per member: closes the member's previous checkout session before another
   * is opened. 'completed' when it was paid already (the member is subscribed; the provider's
   * events are on their way), 'closed' otherwise (expired now, or before).
   */
  expireCheckoutSession(checkoutId: string): Promise<'closed' | 'completed'>;
  /** Cancels a subscription at once (a duplicate); one already cancelled or unknown is not an error. */
  cancelSubscription(subscriptionId: string): Promise<void>;
  /**
   * Refunds a paid payment in full (the invoice's payment); the same payment refunded twice is one
   * refund (the provider's idempotency key is the payment id).
   */
  refundPayment(payment: { paymentId: string; subscriptionId: string | null }): Promise<{ refundId: string }>;
  /** The provider's customer portal for a subscriber; the browser navigates to `url`. */
  createPortalSession(request: PortalRequest): Promise<{ url: string }>;
  /**
   * Account erasure (design §3.5): deletes the customer at the provider, which ends its
   * subscriptions at once and stops every future charge. A customer already gone is not an
   * error; a provider that cannot be reached is `PaymentProviderFailed` (and the account is not
   * erased, so nobody is ever billed without an account).
   */
  deleteCustomer(customerId: string): Promise<void>;
  /**
   * Whether a customer id recorded in a billing account is one of this provider's (Stripe's
   * `cus_…`, the simulated gateway's `sim_cus_…`): a customer of the simulated gateway, kept
   * from before Stripe keys were set, is never sent to Stripe.
   */
  ownsCustomer(customerId: string): boolean;
  /**
   * Verifies the signature over the exact bytes received and reads the event. Throws
   * `WebhookSignatureInvalid` (a 400, nothing taken) when the signature does not match; returns
   * null for an event type billing does not handle (answered 200, ignored).
   */
  readWebhook(rawBody: Buffer, signature: string | undefined): ProviderEvent | null;
  /** Stripe only: paid invoices created in the range, for `finance reconcile`. */
  listPaidInvoices?(range: { from?: Date; to?: Date }): AsyncIterable<PaymentFacts>;
}

export interface CheckoutRequest {
  userId: string;
  email: string;
  /** Where the provider sends the browser after payment: `{PUBLIC_URL}/dashboard?success=true`. */
  successUrl: string;
  /** Where the provider sends the browser on Cancel: `{PUBLIC_URL}/upsell`. */
  cancelUrl: string;
  /** The member's provider customer id from an earlier subscription, reused when known. */
  customerId?: string;
}

export interface PortalRequest {
  userId: string;
  customerId: string;
  /** Where the portal's "return" link goes: `{PUBLIC_URL}/dashboard`. */
  returnUrl: string;
}

/** The normalized provider events: the domain's type (the billing decider takes them), named here for the adapters. */
export type { ProviderEvent, ProviderEventKind } from '../../domain/billing/provider-events';
