import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';

/**
 * Builders of Stripe objects and events as the installed SDK's API version sends them
 * (`Stripe.API_VERSION`): since 2025-03-31 an invoice names its subscription under
 * `parent.subscription_details` (with the subscription's metadata), its lines name their price
 * under `pricing.price_details`, and a subscription's period lives on each of its items. Each
 * builder fills the fields Stripe sends for a Pro subscription and is checked against the SDK's
 * types (`Shape<T>`: every field named exists with that type), so a renamed or moved field is a
 * type error here rather than a test that passes against a shape Stripe no longer sends.
 */

/** Stripe's object `T` with any fields left out (the ones a builder fills must match `T`). */
export type Shape<T> = T extends readonly (infer U)[]
  ? Shape<U>[]
  : T extends (...args: never[]) => unknown
    ? T
    : T extends object
      ? { [K in keyof T]?: Shape<T[K]> }
      : T;

/** `evt_…`, `in_…`, `sub_…`: a prefix and 24 random characters, as Stripe's ids look. */
export const stripeId = (prefix: string) => `${prefix}_${randomBytes(18).toString('base64url').replace(/[-_]/g, '').slice(0, 24).padEnd(24, '0')}`;

const unix = (at: Date | number | undefined, fallback = Date.now()) =>
  Math.floor((at === undefined ? fallback : typeof at === 'number' ? at : at.getTime()) / 1000);

export const proPriceId = 'price_skilly_pro_monthly';
export const proProductId = 'prod_skilly_pro';

/** The Pro price: 9.99 usd a month (member-product §9). */
export function stripePrice(options: { id?: string; amount?: number; currency?: string; interval?: 'day' | 'week' | 'month' | 'year' | null; livemode?: boolean } = {}): Stripe.Price {
  const interval = options.interval === undefined ? 'month' : options.interval;
  const amount = options.amount ?? 999;
  const price = {
    id: options.id ?? proPriceId,
    object: 'price',
    active: true,
    billing_scheme: 'per_unit',
    created: 1735689600,
    currency: options.currency ?? 'usd',
    custom_unit_amount: null,
    livemode: options.livemode ?? false,
    lookup_key: null,
    metadata: {},
    nickname: 'Skilly Pro',
    product: proProductId,
    recurring: interval ? { interval, interval_count: 1, meter: null, trial_period_days: null, usage_type: 'licensed' } : null,
    tax_behavior: 'unspecified',
    tiers_mode: null,
    transform_quantity: null,
    type: interval ? 'recurring' : 'one_time',
    unit_amount: amount,
  } satisfies Shape<Stripe.Price>;
  return price as unknown as Stripe.Price;
}

export interface SubscriptionFacts {
  userId?: string | null;
  customerId: string;
  subscriptionId: string;
  status?: Stripe.Subscription.Status;
  cancelAtPeriodEnd?: boolean;
  /** Set by a portal that schedules the end at a date. */
  cancelAt?: Date | null;
  periodStart?: Date;
  periodEnd?: Date;
  endedAt?: Date | null;
  canceledAt?: Date | null;
  priceId?: string;
  amount?: number;
  currency?: string;
  livemode?: boolean;
}

const monthSeconds = 30 * 24 * 60 * 60;

/** A subscription to the Pro price, its period on its one item. */
export function stripeSubscription(facts: SubscriptionFacts): Stripe.Subscription {
  const start = unix(facts.periodStart);
  const end = facts.periodEnd ? unix(facts.periodEnd) : start + monthSeconds;
  const price = stripePrice({ id: facts.priceId, amount: facts.amount, currency: facts.currency, livemode: facts.livemode });
  const subscription = {
    id: facts.subscriptionId,
    object: 'subscription',
    application: null,
    application_fee_percent: null,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null },
    billing_cycle_anchor: start,
    billing_cycle_anchor_config: null,
    cancel_at: facts.cancelAt ? unix(facts.cancelAt) : null,
    cancel_at_period_end: facts.cancelAtPeriodEnd ?? false,
    canceled_at: facts.canceledAt ? unix(facts.canceledAt) : null,
    cancellation_details: { comment: null, feedback: null, reason: facts.canceledAt ? 'cancellation_requested' : null },
    collection_method: 'charge_automatically',
    created: start,
    currency: price.currency,
    customer: facts.customerId,
    customer_account: null,
    days_until_due: null,
    default_payment_method: 'pm_1SkillyCard0000000000000',
    default_source: null,
    description: null,
    discounts: [],
    ended_at: facts.endedAt ? unix(facts.endedAt) : null,
    invoice_settings: { account_tax_ids: null, issuer: { type: 'self' } },
    items: {
      object: 'list',
      data: [
        {
          id: `si_${facts.subscriptionId.slice(4)}`,
          object: 'subscription_item',
          billing_thresholds: null,
          created: start,
          current_period_end: end,
          current_period_start: start,
          discounts: [],
          metadata: {},
          price,
          quantity: 1,
          subscription: facts.subscriptionId,
          tax_rates: [],
        },
      ],
      has_more: false,
      url: `/v1/subscription_items?subscription=${facts.subscriptionId}`,
    },
    latest_invoice: null,
    livemode: facts.livemode ?? false,
    metadata: facts.userId ? { userId: facts.userId } : {},
    next_pending_invoice_item_invoice: null,
    on_behalf_of: null,
    pause_collection: null,
    payment_settings: null,
    pending_invoice_item_interval: null,
    pending_setup_intent: null,
    pending_update: null,
    schedule: null,
    start_date: start,
    status: facts.status ?? 'active',
    test_clock: null,
    transfer_data: null,
    trial_end: null,
    trial_settings: { end_behavior: { missing_payment_method: 'create_invoice' } },
    trial_start: null,
  } satisfies Shape<Stripe.Subscription>;
  return subscription as unknown as Stripe.Subscription;
}

export interface InvoiceFacts {
  invoiceId?: string;
  userId?: string | null;
  customerId: string;
  /** The subscription the invoice bills; null for a one-off invoice (a charge). */
  subscriptionId: string | null;
  status?: Stripe.Invoice.Status;
  /** In minor units (999 = 9.99 usd). */
  amount?: number;
  currency?: string;
  interval?: 'day' | 'week' | 'month' | 'year';
  periodStart?: Date;
  periodEnd?: Date;
  created?: Date;
  /** The invoice's own description; Stripe leaves it null for subscription invoices. */
  description?: string | null;
  lineDescription?: string;
  customerName?: string | null;
  customerEmail?: string | null;
  livemode?: boolean;
  billingReason?: Stripe.Invoice.BillingReason;
  /** Expand the line's price (`pricing.price_details.price` as an object, as a retrieve with expand gives). */
  expandPrice?: boolean;
}

const intervalSeconds = { day: 86_400, week: 7 * 86_400, month: monthSeconds, year: 365 * 86_400 };

/** An invoice for one period of the Pro subscription, or a one-off invoice when `subscriptionId` is null. */
export function stripeInvoice(facts: InvoiceFacts): Stripe.Invoice {
  const id = facts.invoiceId ?? stripeId('in');
  const created = unix(facts.created);
  const status = facts.status ?? 'paid';
  const amount = facts.amount ?? 999;
  const currency = facts.currency ?? 'usd';
  const interval = facts.interval ?? 'month';
  const periodStart = facts.periodStart ? unix(facts.periodStart) : created;
  const periodEnd = facts.periodEnd ? unix(facts.periodEnd) : periodStart + intervalSeconds[interval];
  const subscriptionId = facts.subscriptionId;
  const price = stripePrice({ amount, currency, interval: subscriptionId ? interval : null, livemode: facts.livemode });
  const paid = status === 'paid';
  const lineDescription = facts.lineDescription ?? (subscriptionId ? `1 × Skilly Pro (at $${(amount / 100).toFixed(2)} / ${interval})` : 'Skilly credits pack');
  const invoice = {
    id,
    object: 'invoice',
    account_country: 'US',
    account_name: 'Skilly',
    account_tax_ids: null,
    amount_due: amount,
    amount_overpaid: 0,
    amount_paid: paid ? amount : 0,
    amount_remaining: paid ? 0 : amount,
    amount_shipping: 0,
    application: null,
    attempt_count: 1,
    attempted: true,
    auto_advance: false,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null, provider: null, status: null },
    automatically_finalizes_at: null,
    billing_reason: facts.billingReason ?? (subscriptionId ? 'subscription_cycle' : 'manual'),
    collection_method: 'charge_automatically',
    created,
    currency,
    custom_fields: null,
    customer: facts.customerId,
    customer_account: null,
    customer_address: null,
    customer_email: facts.customerEmail === undefined ? 'member@example.com' : facts.customerEmail,
    customer_name: facts.customerName === undefined ? 'Ada Member' : facts.customerName,
    customer_phone: null,
    customer_shipping: null,
    customer_tax_exempt: 'none',
    customer_tax_ids: [],
    default_payment_method: null,
    default_source: null,
    default_tax_rates: [],
    description: facts.description ?? null,
    discounts: [],
    due_date: null,
    effective_at: created,
    ending_balance: 0,
    footer: null,
    from_invoice: null,
    hosted_invoice_url: `https://invoice.stripe.com/i/acct_skilly/${id}`,
    invoice_pdf: `https://pay.stripe.com/invoice/acct_skilly/${id}/pdf`,
    issuer: { type: 'self' },
    last_finalization_error: null,
    latest_revision: null,
    lines: {
      object: 'list',
      data: [
        {
          id: `il_${id.slice(3)}`,
          object: 'line_item',
          amount,
          currency,
          description: lineDescription,
          discount_amounts: [],
          discountable: true,
          discounts: [],
          invoice: id,
          livemode: facts.livemode ?? false,
          metadata: {},
          parent: subscriptionId
            ? {
                invoice_item_details: null,
                subscription_item_details: {
                  invoice_item: null,
                  proration: false,
                  proration_details: { credited_items: null },
                  subscription: subscriptionId,
                  subscription_item: `si_${subscriptionId.slice(4)}`,
                },
                type: 'subscription_item_details',
              }
            : {
                invoice_item_details: { invoice_item: stripeId('ii'), proration: false, proration_details: { credited_items: null }, subscription: null },
                subscription_item_details: null,
                type: 'invoice_item_details',
              },
          period: { end: periodEnd, start: periodStart },
          pretax_credit_amounts: [],
          pricing: {
            price_details: { price: facts.expandPrice ? price : price.id, product: proProductId },
            type: 'price_details',
          },
          quantity: 1,
          subscription: subscriptionId,
          subtotal: amount,
          taxes: [],
        },
      ],
      has_more: false,
      url: `/v1/invoices/${id}/lines`,
    },
    livemode: facts.livemode ?? false,
    metadata: {},
    next_payment_attempt: null,
    number: `SKL-${id.slice(3, 9).toUpperCase()}-0001`,
    on_behalf_of: null,
    parent: subscriptionId
      ? {
          quote_details: null,
          subscription_details: { metadata: facts.userId ? { userId: facts.userId } : {}, subscription: subscriptionId },
          type: 'subscription_details',
        }
      : null,
    payment_settings: { default_mandate: null, payment_method_options: null, payment_method_types: null },
    period_end: created,
    period_start: created,
    post_payment_credit_notes_amount: 0,
    pre_payment_credit_notes_amount: 0,
    receipt_number: null,
    rendering: null,
    shipping_cost: null,
    shipping_details: null,
    starting_balance: 0,
    statement_descriptor: null,
    status,
    status_transitions: {
      finalized_at: created,
      marked_uncollectible_at: null,
      paid_at: paid ? created : null,
      voided_at: status === 'void' ? created : null,
    },
    subtotal: amount,
    subtotal_excluding_tax: amount,
    test_clock: null,
    total: amount,
    total_discount_amounts: [],
    total_excluding_tax: amount,
    total_pretax_credit_amounts: [],
    total_taxes: [],
    webhooks_delivered_at: created,
  } satisfies Shape<Stripe.Invoice>;
  return invoice as unknown as Stripe.Invoice;
}

export interface CheckoutFacts {
  sessionId?: string;
  userId: string | null;
  customerId: string;
  subscriptionId: string;
  email?: string;
  mode?: Stripe.Checkout.Session.Mode;
  created?: Date;
  livemode?: boolean;
  successUrl?: string;
  cancelUrl?: string;
}

/** A completed Checkout Session for the Pro subscription, as `checkout.session.completed` carries it. */
export function stripeCheckoutSession(facts: CheckoutFacts): Stripe.Checkout.Session {
  const id = facts.sessionId ?? stripeId(facts.livemode ? 'cs_live' : 'cs_test');
  const created = unix(facts.created);
  const mode = facts.mode ?? 'subscription';
  const session = {
    id,
    object: 'checkout.session',
    adaptive_pricing: { enabled: false },
    after_expiration: null,
    allow_promotion_codes: null,
    amount_subtotal: 999,
    amount_total: 999,
    automatic_tax: { enabled: false, liability: null, provider: null, status: null },
    billing_address_collection: null,
    cancel_url: facts.cancelUrl ?? 'http://localhost:3000/upsell',
    client_reference_id: facts.userId,
    client_secret: null,
    collected_information: null,
    consent: null,
    consent_collection: null,
    created,
    currency: 'usd',
    currency_conversion: null,
    custom_fields: [],
    custom_text: { after_submit: null, shipping_address: null, submit: null, terms_of_service_acceptance: null },
    customer: facts.customerId,
    customer_account: null,
    customer_creation: 'always',
    customer_details: { address: null, business_name: null, email: facts.email ?? 'member@example.com', individual_name: null, name: 'Ada Member', phone: null, tax_exempt: 'none', tax_ids: [] },
    customer_email: facts.email ?? 'member@example.com',
    discounts: [],
    expires_at: created + 24 * 60 * 60,
    integration_identifier: null,
    invoice: mode === 'subscription' ? stripeId('in') : null,
    invoice_creation: null,
    livemode: facts.livemode ?? false,
    locale: null,
    managed_payments: null,
    metadata: facts.userId ? { userId: facts.userId } : {},
    mode,
    origin_context: null,
    payment_intent: null,
    payment_link: null,
    payment_method_collection: 'always',
    payment_method_configuration_details: null,
    payment_method_options: {},
    payment_method_types: ['card'],
    payment_status: 'paid',
    permissions: null,
    recovered_from: null,
    saved_payment_method_options: null,
    setup_intent: null,
    shipping_address_collection: null,
    shipping_cost: null,
    shipping_options: [],
    status: 'complete',
    submit_type: null,
    subscription: mode === 'subscription' ? facts.subscriptionId : null,
    success_url: facts.successUrl ?? 'http://localhost:3000/dashboard?success=true',
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    ui_mode: 'hosted',
    url: null,
    wallet_options: null,
  } satisfies Shape<Stripe.Checkout.Session>;
  return session as unknown as Stripe.Checkout.Session;
}

export interface EventOptions {
  /** The event id (`evt_…`); give the same id to build a redelivery of the same event. */
  id?: string;
  /** When Stripe created the event (default now). */
  created?: Date;
  livemode?: boolean;
}

/** A Stripe event of `type` around `object` (a snapshot event, as webhooks deliver them). */
export function stripeEvent<E extends Stripe.Event>(type: E['type'], object: E['data']['object'], options: EventOptions = {}, previousAttributes?: Record<string, unknown>): E {
  const event = {
    id: options.id ?? stripeId('evt'),
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: unix(options.created),
    data: { object, ...(previousAttributes ? { previous_attributes: previousAttributes } : {}) },
    livemode: options.livemode ?? false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
  return event as unknown as E;
}

/** `checkout.session.completed` for a Pro subscription checkout. */
export const checkoutCompleted = (facts: CheckoutFacts, options: EventOptions = {}) =>
  stripeEvent<Stripe.CheckoutSessionCompletedEvent>('checkout.session.completed', stripeCheckoutSession({ livemode: options.livemode, ...facts }), options);

/** `invoice.paid`: one period of the subscription paid (or a one-off invoice when `subscriptionId` is null). */
export const invoicePaid = (facts: InvoiceFacts, options: EventOptions = {}) =>
  stripeEvent<Stripe.InvoicePaidEvent>('invoice.paid', stripeInvoice({ livemode: options.livemode, ...facts, status: 'paid' }), options);

/** `invoice.payment_failed`: the card was declined; the invoice stays open. */
export const invoicePaymentFailed = (facts: InvoiceFacts, options: EventOptions = {}) =>
  stripeEvent<Stripe.InvoicePaymentFailedEvent>('invoice.payment_failed', stripeInvoice({ livemode: options.livemode, ...facts, status: 'open' }), options);

/** `customer.subscription.created`. */
export const subscriptionCreated = (facts: SubscriptionFacts, options: EventOptions = {}) =>
  stripeEvent<Stripe.CustomerSubscriptionCreatedEvent>('customer.subscription.created', stripeSubscription({ livemode: options.livemode, ...facts }), options);

/** `customer.subscription.updated`: e.g. `cancelAtPeriodEnd: true` after a cancel in the portal. */
export const subscriptionUpdated = (facts: SubscriptionFacts, options: EventOptions = {}) =>
  stripeEvent<Stripe.CustomerSubscriptionUpdatedEvent>(
    'customer.subscription.updated',
    stripeSubscription({ livemode: options.livemode, ...facts }),
    options,
    { cancel_at_period_end: !(facts.cancelAtPeriodEnd ?? false) },
  );

/** `customer.subscription.deleted`: the subscription ended (`endedAt`, default the event's time). */
export const subscriptionDeleted = (facts: SubscriptionFacts, options: EventOptions = {}) => {
  const endedAt = facts.endedAt ?? options.created ?? new Date();
  return stripeEvent<Stripe.CustomerSubscriptionDeletedEvent>(
    'customer.subscription.deleted',
    stripeSubscription({ livemode: options.livemode, ...facts, status: 'canceled', endedAt, canceledAt: facts.canceledAt ?? endedAt }),
    options,
  );
};

export interface SignedDelivery {
  /** The exact bytes to POST (Stripe sends pretty-printed JSON). */
  body: string;
  headers: { 'stripe-signature': string; 'content-type': string };
}

/**
 * A webhook delivery of `event` signed with `secret` by the SDK's own
 * `stripe.webhooks.generateTestHeaderString`, as Stripe would POST it. `timestamp` (unix
 * seconds, default now) makes a stale delivery when old enough (the SDK's tolerance is 300 s).
 */
export function signedDelivery(event: Stripe.Event | Record<string, unknown>, secret: string, options: { timestamp?: number } = {}): SignedDelivery {
  const body = JSON.stringify(event, null, 2);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload: body, secret, timestamp: options.timestamp });
  return { body, headers: { 'stripe-signature': signature, 'content-type': 'application/json; charset=utf-8' } };
}
