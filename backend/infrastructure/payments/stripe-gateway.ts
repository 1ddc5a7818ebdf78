import Stripe from 'stripe';
import type {
  CheckoutRequest,
  PaymentGateway,
  PortalRequest,
  ProviderEvent,
} from '../../application/ports/payment-gateway';
import type { PaymentFacts, PaymentMode } from '../../domain/billing/billing-events';
import { minorUnitDigits } from '../../domain/billing/currency';
import { AlreadySubscribed } from '../../domain/billing/billing-account';
import { DomainError } from '../../domain/shared/domain-error';

export interface StripeGatewayOptions {
  secretKey: string;
  webhookSecret: string;
  priceId: string;
  /** A Stripe-compatible API server (`STRIPE_API_URL`); Stripe's own when absent. */
  apiUrl?: string;
  /** How long one API request may take (default 20 s). */
  timeoutMs?: number;
  /** The SDK's retries of a request that failed on the network or with a 409/429/5xx (default 2). */
  maxNetworkRetries?: number;
}

/**
 * A webhook delivery whose `stripe-signature` header is missing, malformed, made with another
 * secret, over other bytes, or older than the SDK's tolerance (5 minutes). The route answers 400
 * (kind 'invalid') and takes nothing. `detail` is the SDK's reason, for the log only. Exported
 * here because the port's file is a fixed contract; the simulated gateway may throw it too.
 */
export class WebhookSignatureInvalid extends DomainError<'invalid_signature'> {
  constructor(readonly detail: string = 'invalid signature') {
    super('invalid_signature', 'invalid');
    this.name = 'WebhookSignatureInvalid';
  }
}

/**
 * A delivery whose signature is right but whose event is not what its type promises (a field
 * missing or of another shape): refused with a 400 (`malformed_webhook`), kept in the inbox as
 * refused, nothing taken.
 */
export class WebhookMalformed extends DomainError<'malformed_webhook'> {
  constructor(
    readonly eventId: string,
    readonly eventType: string,
    readonly detail: string,
  ) {
    super('malformed_webhook', 'invalid');
    this.name = 'WebhookMalformed';
  }
}

/**
 * Currencies whose amounts Stripe gives in whole units (https://docs.stripe.com/currencies,
 * "Zero-decimal currencies"), and those it gives in thousandths. Every other currency is in
 * hundredths: ISK, HUF and TWD included, which Stripe represents with two decimals too. Where
 * Stripe's unit is not the ISO minor unit (ISK, MGA), `toMinorUnitsOfStripe` converts.
 */
const zeroDecimal = new Set(['bif', 'clp', 'djf', 'gnf', 'jpy', 'kmf', 'krw', 'mga', 'pyg', 'rwf', 'ugx', 'vnd', 'vuv', 'xaf', 'xof', 'xpf']);
const threeDecimal = new Set(['bhd', 'jod', 'kwd', 'omr', 'tnd']);

/** Stripe's integer amount in `currency` (999 for 9.99 USD) as an integer of the currency's ISO minor unit (`currency.ts`). */
export function toMinorUnitsOfStripe(amount: number, currency: string): number {
  const code = currency.toLowerCase();
  const stripeDigits = zeroDecimal.has(code) ? 0 : threeDecimal.has(code) ? 3 : 2;
  return Math.round(Math.round(amount) * 10 ** (minorUnitDigits(code) - stripeDigits));
}

/** 'live' for live secret and restricted keys (`sk_live_…`, `rk_live_…`), 'test' for every other key. */
export const modeOfKey = (secretKey: string): PaymentMode => (/^(sk|rk)_live_/.test(secretKey) ? 'live' : 'test');

const iso = (unixSeconds: number) => new Date(unixSeconds * 1000).toISOString();
const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;
const modeOf = (livemode: boolean): PaymentMode => (livemode ? 'live' : 'test');
const userIdIn = (metadata: Stripe.Metadata | null | undefined): string | null => {
  const value = metadata?.userId;
  return typeof value === 'string' && value.trim() !== '' ? value : null;
};

const day = 24 * 60 * 60;
/** The billing interval a period of this many seconds is: a month is 28 to 31 days, a year 365 or 366. */
function intervalOfPeriod(seconds: number): string | null {
  const days = Math.round(seconds / day);
  if (days === 1) return 'day';
  if (days === 7) return 'week';
  if (days >= 28 && days <= 31) return 'month';
  if (days >= 365 && days <= 366) return 'year';
  return null;
}

/** The invoice line that bills the subscription (not a one-off item on the same invoice). */
function subscriptionLine(invoice: Stripe.Invoice): Stripe.InvoiceLineItem | undefined {
  const lines = invoice.lines?.data ?? [];
  return lines.find((line) => line.parent?.type === 'subscription_item_details' && !line.parent.subscription_item_details?.proration) ??
    lines.find((line) => line.parent?.type === 'subscription_item_details');
}

/** The subscription an invoice belongs to: `parent.subscription_details` since API 2025-03-31. */
function subscriptionOfInvoice(invoice: Stripe.Invoice): string | null {
  return (
    idOf(invoice.parent?.subscription_details?.subscription) ??
    subscriptionLine(invoice)?.parent?.subscription_item_details?.subscription ??
    null
  );
}

/**
 * The line's price interval when the price is expanded (`pricing.price_details.price` is an
 * object), otherwise read from the line's period: webhooks carry the price as an id only, and
 * expanding it on a list is deeper than Stripe's four levels.
 */
function intervalOfLine(line: Stripe.InvoiceLineItem | undefined): string | null {
  if (!line) return null;
  const price = line.pricing?.price_details?.price;
  if (price && typeof price === 'object' && price.recurring) return price.recurring.interval;
  return line.period ? intervalOfPeriod(line.period.end - line.period.start) : null;
}

/** An invoice as back-office §3's payment: the amount in the currency's minor unit, from `amountField`. */
export function paymentOfInvoice(invoice: Stripe.Invoice, status: string, amountField: 'amount_paid' | 'amount_due'): PaymentFacts {
  const subscriptionId = subscriptionOfInvoice(invoice);
  const line = subscriptionLine(invoice);
  const currency = (invoice.currency ?? 'usd').toLowerCase();
  return {
    paymentId: invoice.id,
    mode: modeOf(invoice.livemode),
    type: subscriptionId ? 'subscription' : 'charge',
    status,
    amount: toMinorUnitsOfStripe(invoice[amountField] ?? 0, currency),
    currency,
    interval: subscriptionId ? intervalOfLine(line) : null,
    description: invoice.description ?? invoice.lines?.data?.[0]?.description ?? '',
    customerName: invoice.customer_name ?? null,
    customerEmail: invoice.customer_email ?? null,
    created: iso(invoice.created),
    subscriptionId,
  };
}

/** A subscription's period end: since API 2025-03-31 it lives on each item (the latest of them). */
function periodEndOfSubscription(subscription: Stripe.Subscription): string | null {
  const ends = (subscription.items?.data ?? []).map((item) => item.current_period_end).filter((end) => typeof end === 'number');
  return ends.length ? iso(Math.max(...ends)) : null;
}

/**
 * The Stripe event as billing's `ProviderEvent`, or null for one billing does not handle. The
 * member comes from the metadata the checkout put everywhere (`client_reference_id` and
 * `metadata.userId` on the session, `subscription_data.metadata.userId` on the subscription and
 * so on every subscription invoice's `parent.subscription_details.metadata`).
 */
export function normalizeStripeEvent(event: Stripe.Event): ProviderEvent | null {
  const base = { eventId: event.id, created: iso(event.created), mode: modeOf(event.livemode) };
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      const subscriptionId = idOf(session.subscription);
      if (session.mode !== 'subscription' || !subscriptionId) return null;
      return {
        ...base,
        kind: 'checkout_completed',
        userId: session.client_reference_id || userIdIn(session.metadata),
        customerId: idOf(session.customer) ?? '',
        subscriptionId,
        currentPeriodEnd: null,
      };
    }
    case 'invoice.paid': {
      const invoice = event.data.object;
      const payment = paymentOfInvoice(invoice, 'paid', 'amount_paid');
      const line = subscriptionLine(invoice);
      return {
        ...base,
        kind: 'invoice_paid',
        userId: userIdIn(invoice.parent?.subscription_details?.metadata) ?? userIdIn(invoice.metadata),
        customerId: idOf(invoice.customer) ?? '',
        subscriptionId: payment.subscriptionId,
        payment,
        currentPeriodEnd: payment.subscriptionId && line?.period ? iso(line.period.end) : null,
      };
    }
    case 'invoice.payment_failed': {
      const invoice = event.data.object;
      const payment = paymentOfInvoice(invoice, 'failed', 'amount_due');
      return {
        ...base,
        kind: 'invoice_payment_failed',
        userId: userIdIn(invoice.parent?.subscription_details?.metadata) ?? userIdIn(invoice.metadata),
        customerId: idOf(invoice.customer) ?? '',
        subscriptionId: payment.subscriptionId,
        payment,
      };
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated': {
      const subscription = event.data.object;
      return {
        ...base,
        kind: 'subscription_updated',
        userId: userIdIn(subscription.metadata),
        customerId: idOf(subscription.customer) ?? '',
        subscriptionId: subscription.id,
        status: subscription.status,
        // The portal may schedule the end with `cancel_at` rather than `cancel_at_period_end`.
        cancelAtPeriodEnd: subscription.cancel_at_period_end || (subscription.cancel_at != null && subscription.status !== 'canceled'),
        currentPeriodEnd: periodEndOfSubscription(subscription),
      };
    }
    case 'customer.subscription.deleted': {
      const subscription = event.data.object;
      return {
        ...base,
        kind: 'subscription_deleted',
        userId: userIdIn(subscription.metadata),
        customerId: idOf(subscription.customer) ?? '',
        subscriptionId: subscription.id,
        endedAt: iso(subscription.ended_at ?? event.created),
      };
    }
    default:
      return null;
  }
}

/**
 * Stripe refused or failed a call (a bad key, an unknown price or customer, Stripe down): the
 * member is told the provider failed (502, `payment_provider_failed`), never Stripe's own words
 * (they name keys and ids) nor its status (a 401 from Stripe is not the member's session). The
 * Stripe error stays as `cause`, for the log.
 */
export const PaymentProviderFailed = (cause: unknown) =>
  Object.assign(new DomainError('payment_provider_failed', 'unavailable', { provider: 'stripe' }), { cause });

/** Stripe's subscription statuses that still bill the customer (a new checkout would charge twice). */
const liveAtStripe = new Set<string>(['active', 'trialing', 'past_due', 'unpaid', 'paused']);

async function providerCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError) throw PaymentProviderFailed(error);
    throw error;
  }
}

/** The SDK's host, port and protocol for `apiUrl` (e.g. `http://127.0.0.1:12111`). */
function hostOptions(apiUrl: string | undefined): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
}

/**
 * The Stripe adapter through the official SDK (issue 29; the SDK's pinned API version, see
 * `node_modules/stripe/esm/apiVersion.js`).
 *
 * - Checkout: a hosted Checkout Session in `subscription` mode for the one Pro price (quantity
 *   1). The member's id goes in `client_reference_id`, the session's `metadata.userId` and
 *   `subscription_data.metadata.userId`, so the subscription and every one of its invoices name
 *   the member (`invoice.parent.subscription_details.metadata`). A known customer is reused
 *   (`customer`), otherwise Stripe creates one from `customer_email`.
 * - Portal: a Customer Portal session for the member's customer.
 * - Erasure: `customers.del`, which cancels the customer's subscriptions at once (Stripe then
 *   sends their `customer.subscription.deleted`, which the intake keeps as not ours: the member is
 *   gone). A customer Stripe no longer knows (`resource_missing`) counts as deleted.
 * - Webhooks: `stripe.webhooks.constructEvent` over the exact bytes received; any failure of
 *   the signature check (missing, malformed, another secret, changed bytes, older than the
 *   SDK's 300 s tolerance) is `WebhookSignatureInvalid`, and so is a signed body that is not
 *   JSON. `normalizeStripeEvent` reads the event types billing handles (checkout.session.completed,
 *   invoice.paid, invoice.payment_failed, customer.subscription.created/updated/deleted); every
 *   other type is null.
 * - Reconciliation: `listPaidInvoices` pages through `GET /v1/invoices?status=paid` in the range.
 *
 * Amounts are integers of the currency's minor unit (`toMinorUnitsOfStripe`). A
 * Stripe API error on checkout or portal (unknown price, unknown customer, bad key) is
 * `PaymentProviderFailed`, with the SDK's `StripeError` as its cause.
 */
export function createStripeGateway(options: StripeGatewayOptions): PaymentGateway {
  const stripe = new Stripe(options.secretKey, {
    ...hostOptions(options.apiUrl),
    timeout: options.timeoutMs ?? 20_000,
    maxNetworkRetries: options.maxNetworkRetries ?? 2,
    telemetry: false,
    appInfo: { name: 'Skilly' },
  });

  return {
    kind: 'stripe',
    mode: modeOfKey(options.secretKey),

    async createCheckoutSession(request: CheckoutRequest) {
      // One Stripe customer per member: created on the first checkout and reused after, so two
      // checkouts opened before the first webhook lands are one customer's, whose live
      // subscription (checked here, at Stripe) refuses the second.
      const customerId =
        request.customerId ??
        (await providerCall(() => stripe.customers.create({ email: request.email, metadata: { userId: request.userId } }))).id;
      if (request.customerId) {
        const subscriptions = await providerCall(() => stripe.subscriptions.list({ customer: customerId, status: 'all', limit: 20 }));
        if (subscriptions.data.some((subscription) => liveAtStripe.has(subscription.status))) throw AlreadySubscribed();
      }
      const session = await providerCall(() => stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price: options.priceId, quantity: 1 }],
        client_reference_id: request.userId,
        metadata: { userId: request.userId },
        subscription_data: { metadata: { userId: request.userId } },
        customer: customerId,
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
      }));
      if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a url`);
      return { id: session.id, url: session.url, customerId };
    },

    ownsCustomer: (customerId: string) => customerId.startsWith('cus_'),

    async expireCheckoutSession(checkoutId: string) {
      const session = await providerCall(() => stripe.checkout.sessions.retrieve(checkoutId));
      if (session.status === 'complete') return 'completed';
      if (session.status === 'open') await providerCall(() => stripe.checkout.sessions.expire(checkoutId));
      return 'closed';
    },

    async cancelSubscription(subscriptionId: string) {
      try {
        await stripe.subscriptions.cancel(subscriptionId, { prorate: false }, { idempotencyKey: `cancel-duplicate-${subscriptionId}` });
      } catch (error) {
        // Cancelled before (a retry), or gone with its customer.
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing') return;
        if (error instanceof Stripe.errors.StripeError) throw PaymentProviderFailed(error);
        throw error;
      }
    },

    async refundPayment(payment: { paymentId: string; subscriptionId: string | null }) {
      // Since API 2025-03-31 an invoice's money is in its invoice payments (each a PaymentIntent).
      const paid = await providerCall(() => stripe.invoicePayments.list({ invoice: payment.paymentId, status: 'paid', limit: 10 }));
      const intent = paid.data.map((invoicePayment) => idOf(invoicePayment.payment.payment_intent ?? null)).find((id): id is string => Boolean(id));
      if (!intent) throw PaymentProviderFailed(new Error(`invoice ${payment.paymentId} has no paid payment intent to refund`));
      const refund = await providerCall(() =>
        stripe.refunds.create(
          { payment_intent: intent, reason: 'duplicate', metadata: { invoice: payment.paymentId, subscription: payment.subscriptionId ?? '' } },
          { idempotencyKey: `refund-${payment.paymentId}` },
        ),
      );
      return { refundId: refund.id };
    },

    async createPortalSession(request: PortalRequest) {
      const session = await providerCall(() => stripe.billingPortal.sessions.create({ customer: request.customerId, return_url: request.returnUrl }));
      return { url: session.url };
    },

    async deleteCustomer(customerId: string) {
      try {
        await stripe.customers.del(customerId);
      } catch (error) {
        // Deleted before (a retried erasure): Stripe knows no such customer any more.
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing') return;
        if (error instanceof Stripe.errors.StripeError) throw PaymentProviderFailed(error);
        throw error;
      }
    },

    readWebhook(rawBody: Buffer, signature: string | undefined) {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature ?? '', options.webhookSecret);
      } catch (error) {
        throw new WebhookSignatureInvalid(error instanceof Error ? error.message.split('\n')[0] : String(error));
      }
      try {
        return normalizeStripeEvent(event);
      } catch (error) {
        const id = typeof event?.id === 'string' ? event.id : '';
        const type = typeof event?.type === 'string' ? event.type : '';
        throw new WebhookMalformed(id, type, error instanceof Error ? error.message : String(error));
      }
    },

    async *listPaidInvoices(range: { from?: Date; to?: Date }) {
      const created: Stripe.RangeQueryParam = {};
      if (range.from) created.gte = Math.floor(range.from.getTime() / 1000);
      if (range.to) created.lte = Math.floor(range.to.getTime() / 1000);
      const invoices = stripe.invoices.list({
        status: 'paid',
        limit: 100,
        ...(Object.keys(created).length ? { created } : {}),
      });
      for await (const invoice of invoices) {
        yield paymentOfInvoice(invoice, invoice.status ?? 'paid', 'amount_paid');
      }
    },
  };
}
