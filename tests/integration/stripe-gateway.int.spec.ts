import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PaymentGateway, ProviderEvent } from '../../backend/application/ports/payment-gateway';
import type { PaymentFacts } from '../../backend/domain/billing/billing-events';
import { createStripeGateway, WebhookSignatureInvalid } from '../../backend/infrastructure/payments/stripe-gateway';
import {
  checkoutCompleted,
  invoicePaid,
  invoicePaymentFailed,
  proPriceId,
  decodeStripeForm,
  signedDelivery,
  startStripeServer,
  stripeEvent,
  stripeInvoice,
  stripeSubscription,
  subscriptionCreated,
  subscriptionDeleted,
  subscriptionUpdated,
  type StripeServer,
} from '../support/stripe-server';

/**
 * The Stripe adapter through the real `stripe` SDK against a local server that speaks Stripe's
 * protocol (tests/support/stripe-server.ts): what Checkout and the portal are asked for, how a
 * Stripe error surfaces, how each webhook is verified (signatures made by the SDK's own
 * `generateTestHeaderString`) and normalized, and how paid invoices are paged for finance.
 */

const secretKey = 'sk_test_51SkillyLocalServerKey000000000000';
const webhookSecret = 'whsec_skilly_local_test_secret';
const member = { userId: 'user-7f3a', customerId: 'cus_SkillyMember01', subscriptionId: 'sub_1SkillyPro000000000001' };
const checkout = {
  userId: member.userId,
  email: 'ada@example.com',
  successUrl: 'http://localhost:3000/dashboard?success=true',
  cancelUrl: 'http://localhost:3000/upsell',
};

let server: StripeServer;
let gateway: PaymentGateway;

beforeAll(async () => {
  server = await startStripeServer({ apiKey: secretKey, customers: [member.customerId] });
});
afterAll(async () => {
  await server?.close();
});
beforeEach(() => {
  server.reset();
  gateway = createStripeGateway({ secretKey, webhookSecret, priceId: proPriceId, apiUrl: server.apiUrl, maxNetworkRetries: 0 });
});

async function rejection(run: () => Promise<unknown>): Promise<Error> {
  try {
    await run();
  } catch (error) {
    expect(error).toBeInstanceOf(Error);
    return error as Error;
  }
  throw new Error('expected a rejection');
}

describe('mode', () => {
  it('is live for live secret and restricted keys and test for test keys', () => {
    const mode = (key: string) => createStripeGateway({ secretKey: key, webhookSecret, priceId: proPriceId, apiUrl: server.apiUrl }).mode;
    expect(mode('sk_live_51abc')).toBe('live');
    expect(mode('rk_live_51abc')).toBe('live');
    expect(mode('sk_test_51abc')).toBe('test');
    expect(mode('rk_test_51abc')).toBe('test');
    expect(gateway.kind).toBe('stripe');
  });
});

describe('checkout sessions', () => {
  it('creates the member’s Stripe customer, asks for a subscription Checkout of the Pro price for it naming the member everywhere, and returns its url', async () => {
    const session = await gateway.createCheckoutSession(checkout);

    const [created] = server.requestsTo('POST', '/v1/customers');
    expect(created.body).toEqual({ email: 'ada@example.com', metadata: { userId: member.userId } });
    const customerId = [...server.customers].find((id) => id !== member.customerId);
    expect(session.customerId).toBe(customerId);
    const [request] = server.requestsTo('POST', '/v1/checkout/sessions');
    expect(request.headers.authorization).toBe(`Bearer ${secretKey}`);
    expect(request.body).toEqual({
      mode: 'subscription',
      line_items: [{ price: proPriceId, quantity: '1' }],
      client_reference_id: member.userId,
      metadata: { userId: member.userId },
      subscription_data: { metadata: { userId: member.userId } },
      customer: customerId,
      success_url: checkout.successUrl,
      cancel_url: checkout.cancelUrl,
    });
    expect(session.id).toMatch(/^cs_test_/);
    expect(session.id).toBe(server.checkoutSessions[0].id);
    expect(session.url).toBe(`https://checkout.stripe.com/c/pay/${session.id}`);
  });

  it('reuses a known customer, after checking Stripe bills it for no live subscription', async () => {
    const session = await gateway.createCheckoutSession({ ...checkout, customerId: member.customerId });

    expect(server.requestsTo('POST', '/v1/customers')).toEqual([]);
    expect(server.requestsTo('GET', '/v1/subscriptions')[0].query).toMatchObject({ customer: member.customerId, status: 'all' });
    const [request] = server.requestsTo('POST', '/v1/checkout/sessions');
    expect(request.body.customer).toBe(member.customerId);
    expect(request.body).not.toHaveProperty('customer_email');
    expect(session.customerId).toBe(member.customerId);
  });

  it('refuses a checkout for a customer Stripe already bills for a live subscription (a second one would charge twice)', async () => {
    server.seedSubscriptions(stripeSubscription({ ...member, status: 'active' }));
    const error = await rejection(() => gateway.createCheckoutSession({ ...checkout, customerId: member.customerId }));
    expect(error).toMatchObject({ code: 'subscription_active', kind: 'conflict' });
    expect(server.checkoutSessions).toHaveLength(0);
    server.subscriptions = [stripeSubscription({ ...member, status: 'canceled' })];
    await gateway.createCheckoutSession({ ...checkout, customerId: member.customerId });
    expect(server.checkoutSessions).toHaveLength(1);
  });

  it("turns Stripe's error for an unknown price into a provider failure, keeping Stripe's error as its cause", async () => {
    gateway = createStripeGateway({ secretKey, webhookSecret, priceId: 'price_gone', apiUrl: server.apiUrl, maxNetworkRetries: 0 });

    const error = await rejection(() => gateway.createCheckoutSession(checkout));
    expect(error).toMatchObject({ code: 'payment_provider_failed', kind: 'unavailable' });
    const cause = error.cause as Stripe.errors.StripeError;
    expect(cause).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(cause.message).toBe("No such price: 'price_gone'");
    expect(cause.code).toBe('resource_missing');
    expect(cause.statusCode).toBe(400);
    expect(server.checkoutSessions).toHaveLength(0);
  });

  it("turns Stripe's error for an unknown customer into a provider failure", async () => {
    const error = await rejection(() => gateway.createCheckoutSession({ ...checkout, customerId: 'cus_Unknown' }));
    expect(error).toMatchObject({ code: 'payment_provider_failed' });
    expect((error.cause as Error).message).toBe("No such customer: 'cus_Unknown'");
  });

  it('refuses a session that comes back without a url', async () => {
    server.omitCheckoutUrl = true;
    const error = await rejection(() => gateway.createCheckoutSession(checkout));
    expect(error.message).toMatch(/without a url/);
  });

  it('turns a refused key into a provider failure (never a 401: that is not the member’s session)', async () => {
    gateway = createStripeGateway({ secretKey: 'sk_test_wrong_key_000000', webhookSecret, priceId: proPriceId, apiUrl: server.apiUrl, maxNetworkRetries: 0 });
    const error = await rejection(() => gateway.createCheckoutSession(checkout));
    expect(error).toMatchObject({ code: 'payment_provider_failed', kind: 'unavailable' });
    expect(error.cause).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect((error.cause as Stripe.errors.StripeError).statusCode).toBe(401);
  });
});

describe('portal sessions', () => {
  it('opens the Customer Portal for the member’s customer with the return url', async () => {
    const portal = await gateway.createPortalSession({ userId: member.userId, customerId: member.customerId, returnUrl: 'http://localhost:3000/dashboard' });

    const [request] = server.requestsTo('POST', '/v1/billing_portal/sessions');
    expect(request.body).toEqual({ customer: member.customerId, return_url: 'http://localhost:3000/dashboard' });
    expect(portal.url).toBe(server.portalSessions[0].url);
    expect(portal.url).toMatch(/^https:\/\/billing\.stripe\.com\/p\/session\/test_/);
  });

  it("turns Stripe's error for an unknown customer into a provider failure", async () => {
    const error = await rejection(() => gateway.createPortalSession({ userId: member.userId, customerId: 'cus_Nobody', returnUrl: 'http://localhost:3000/dashboard' }));
    expect(error).toMatchObject({ code: 'payment_provider_failed' });
    expect(error.cause).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect((error.cause as Error).message).toBe("No such customer: 'cus_Nobody'");
  });
});

describe('deleting a customer (account erasure)', () => {
  it('deletes the customer through the SDK, which cancels its subscriptions at once', async () => {
    server.seedSubscriptions(stripeSubscription({ userId: member.userId, customerId: member.customerId, subscriptionId: member.subscriptionId, status: 'active' }));
    await gateway.deleteCustomer(member.customerId);
    expect(server.requestsTo('DELETE', `/v1/customers/${member.customerId}`)).toHaveLength(1);
    expect(server.deletedCustomers).toEqual([member.customerId]);
    expect(server.subscriptions.map((subscription) => subscription.status)).toEqual(['canceled']);
  });

  it('takes a customer Stripe no longer knows as deleted (a repeated erasure)', async () => {
    await gateway.deleteCustomer(member.customerId);
    await expect(gateway.deleteCustomer(member.customerId)).resolves.toBeUndefined();
    await expect(gateway.deleteCustomer('cus_Nobody')).resolves.toBeUndefined();
    expect(server.requestsTo('DELETE', '/v1/customers/cus_Nobody')).toHaveLength(1);
  });

  it('turns Stripe being down into a provider failure, so the account is not erased', async () => {
    server.unavailable = true;
    const error = await rejection(() => gateway.deleteCustomer(member.customerId));
    expect(error).toMatchObject({ code: 'payment_provider_failed', kind: 'unavailable' });
    expect(error.cause).toBeInstanceOf(Stripe.errors.StripeAPIError);
    expect(server.customers.has(member.customerId)).toBe(true);
  });
});

describe('webhooks', () => {
  const read = (event: Stripe.Event | Record<string, unknown>): ProviderEvent | null => {
    const delivery = signedDelivery(event, webhookSecret);
    return gateway.readWebhook(Buffer.from(delivery.body), delivery.headers['stripe-signature']);
  };
  const at = new Date('2026-03-14T10:00:00.000Z');
  const periodStart = new Date('2026-03-14T10:00:00.000Z');
  const periodEnd = new Date('2026-04-14T10:00:00.000Z');

  it('reads a completed subscription checkout', () => {
    const event = checkoutCompleted({ ...member, email: 'ada@example.com' }, { created: at });
    expect(read(event)).toEqual({
      kind: 'checkout_completed',
      eventId: event.id,
      created: at.toISOString(),
      mode: 'test',
      userId: member.userId,
      customerId: member.customerId,
      subscriptionId: member.subscriptionId,
      currentPeriodEnd: null,
    });
  });

  it('takes the member from the session metadata when client_reference_id is absent', () => {
    const event = checkoutCompleted({ ...member }, { created: at });
    event.data.object.client_reference_id = null;
    expect(read(event)).toMatchObject({ kind: 'checkout_completed', userId: member.userId });
  });

  it('ignores a completed checkout that is not for a subscription', () => {
    expect(read(checkoutCompleted({ ...member, mode: 'payment' }))).toBeNull();
  });

  it('reads a paid subscription invoice as a payment and a renewal to the line’s period end', () => {
    const event = invoicePaid(
      { ...member, invoiceId: 'in_1SkillyPaid0000000001', created: at, periodStart, periodEnd, customerName: 'Ada Lovelace', customerEmail: 'ada@example.com' },
      { created: at },
    );
    const expected: PaymentFacts = {
      paymentId: 'in_1SkillyPaid0000000001',
      mode: 'test',
      type: 'subscription',
      status: 'paid',
      amount: 999,
      currency: 'usd',
      interval: 'month',
      description: '1 × Skilly Pro (at $9.99 / month)',
      customerName: 'Ada Lovelace',
      customerEmail: 'ada@example.com',
      created: at.toISOString(),
      subscriptionId: member.subscriptionId,
    };
    expect(read(event)).toEqual({
      kind: 'invoice_paid',
      eventId: event.id,
      created: at.toISOString(),
      mode: 'test',
      userId: member.userId,
      customerId: member.customerId,
      subscriptionId: member.subscriptionId,
      payment: expected,
      currentPeriodEnd: periodEnd.toISOString(),
    });
  });

  it('prefers the invoice’s own description and reads a yearly interval from an expanded price', () => {
    const event = invoicePaid({ ...member, description: 'Skilly Pro, yearly', interval: 'year', amount: 9900, expandPrice: true });
    const read1 = read(event);
    expect(read1).toMatchObject({ kind: 'invoice_paid', payment: { description: 'Skilly Pro, yearly', interval: 'year', amount: 9900 } });
  });

  it('reads amounts as integers of the currency\'s minor unit: whole yen, dinars to the thousandth', () => {
    expect(read(invoicePaid({ ...member, amount: 1500, currency: 'jpy' }))).toMatchObject({ payment: { amount: 1500, currency: 'jpy' } });
    expect(read(invoicePaid({ ...member, amount: 12_345, currency: 'kwd' }))).toMatchObject({ payment: { amount: 12_345, currency: 'kwd' } });
    expect(read(invoicePaid({ ...member, amount: 1999, currency: 'eur' }))).toMatchObject({ payment: { amount: 1999, currency: 'eur' } });
    // Stripe gives ISK in hundredths (two decimals, for backwards compatibility); ISO's króna has no minor unit.
    expect(read(invoicePaid({ ...member, amount: 150_000, currency: 'isk' }))).toMatchObject({ payment: { amount: 1500, currency: 'isk' } });
  });

  it('reads a one-off invoice as a charge with no subscription, interval or member', () => {
    const event = invoicePaid({ customerId: member.customerId, subscriptionId: null, amount: 500, description: null });
    expect(read(event)).toMatchObject({
      kind: 'invoice_paid',
      userId: null,
      subscriptionId: null,
      currentPeriodEnd: null,
      payment: { type: 'charge', interval: null, subscriptionId: null, amount: 500, description: 'Skilly credits pack' },
    });
  });

  it('reads a live-mode event as live', () => {
    const event = invoicePaid({ ...member }, { livemode: true });
    expect(read(event)).toMatchObject({ mode: 'live', payment: { mode: 'live' } });
  });

  it('reads a failed invoice payment with the amount due', () => {
    const event = invoicePaymentFailed({ ...member, invoiceId: 'in_1SkillyFailed00000001', amount: 999, created: at }, { created: at });
    expect(read(event)).toEqual({
      kind: 'invoice_payment_failed',
      eventId: event.id,
      created: at.toISOString(),
      mode: 'test',
      userId: member.userId,
      customerId: member.customerId,
      subscriptionId: member.subscriptionId,
      payment: expect.objectContaining({ paymentId: 'in_1SkillyFailed00000001', status: 'failed', amount: 999, type: 'subscription' }),
    });
  });

  it('reads subscription changes with status, scheduled cancellation and the period end from its items', () => {
    const created = subscriptionCreated({ ...member, periodStart, periodEnd }, { created: at });
    expect(read(created)).toEqual({
      kind: 'subscription_updated',
      eventId: created.id,
      created: at.toISOString(),
      mode: 'test',
      userId: member.userId,
      customerId: member.customerId,
      subscriptionId: member.subscriptionId,
      status: 'active',
      cancelAtPeriodEnd: false,
      currentPeriodEnd: periodEnd.toISOString(),
    });
    expect(read(subscriptionUpdated({ ...member, periodStart, periodEnd, cancelAtPeriodEnd: true }))).toMatchObject({
      kind: 'subscription_updated',
      cancelAtPeriodEnd: true,
      currentPeriodEnd: periodEnd.toISOString(),
    });
    expect(read(subscriptionUpdated({ ...member, status: 'past_due' }))).toMatchObject({ status: 'past_due', cancelAtPeriodEnd: false });
    expect(read(subscriptionUpdated({ ...member, cancelAt: periodEnd }))).toMatchObject({ cancelAtPeriodEnd: true });
  });

  it('reads a deleted subscription as ended at ended_at, or at the event’s time without one', () => {
    const endedAt = new Date('2026-04-14T10:00:05.000Z');
    const event = subscriptionDeleted({ ...member, endedAt }, { created: new Date('2026-04-14T10:00:09.000Z') });
    expect(read(event)).toEqual({
      kind: 'subscription_deleted',
      eventId: event.id,
      created: '2026-04-14T10:00:09.000Z',
      mode: 'test',
      userId: member.userId,
      customerId: member.customerId,
      subscriptionId: member.subscriptionId,
      endedAt: endedAt.toISOString(),
    });
    const withoutEnd = subscriptionDeleted({ ...member }, { created: at });
    withoutEnd.data.object.ended_at = null;
    expect(read(withoutEnd)).toMatchObject({ kind: 'subscription_deleted', endedAt: at.toISOString() });
  });

  it('names no member when the subscription carries no metadata', () => {
    expect(read(subscriptionUpdated({ ...member, userId: null }))).toMatchObject({ userId: null, subscriptionId: member.subscriptionId });
    expect(read(invoicePaid({ ...member, userId: null }))).toMatchObject({ userId: null, subscriptionId: member.subscriptionId });
  });

  it('returns null for event types billing does not handle', () => {
    expect(read(stripeEvent('customer.created', { id: member.customerId, object: 'customer' } as unknown as Stripe.Customer))).toBeNull();
    expect(read(stripeEvent('invoice.finalized', stripeInvoice({ ...member, status: 'open' })))).toBeNull();
    expect(read(stripeEvent('payment_intent.succeeded', { id: 'pi_1', object: 'payment_intent' } as unknown as Stripe.PaymentIntent))).toBeNull();
  });

  describe('refuses a delivery whose signature does not hold', () => {
    const event = invoicePaid({ ...member });
    const refused = (body: Buffer, signature: string | undefined) => {
      let thrown: unknown;
      try {
        gateway.readWebhook(body, signature);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(WebhookSignatureInvalid);
      expect(thrown).toMatchObject({ code: 'invalid_signature', kind: 'invalid' });
      return thrown as WebhookSignatureInvalid;
    };

    it('signed with another secret', () => {
      const delivery = signedDelivery(event, 'whsec_someone_else');
      expect(refused(Buffer.from(delivery.body), delivery.headers['stripe-signature']).detail).toMatch(/No signatures found matching/);
    });

    it('without a signature header', () => {
      const delivery = signedDelivery(event, webhookSecret);
      refused(Buffer.from(delivery.body), undefined);
      refused(Buffer.from(delivery.body), '');
    });

    it('with a malformed signature header', () => {
      const delivery = signedDelivery(event, webhookSecret);
      refused(Buffer.from(delivery.body), 'not-a-signature');
      refused(Buffer.from(delivery.body), `t=${Math.floor(Date.now() / 1000)},v1=00`);
    });

    it('whose body was changed after signing', () => {
      const delivery = signedDelivery(event, webhookSecret);
      const changed = delivery.body.replace('"amount_paid": 999', '"amount_paid": 1');
      expect(changed).not.toBe(delivery.body);
      refused(Buffer.from(changed), delivery.headers['stripe-signature']);
      // The same JSON re-serialized is other bytes too: only the raw body verifies.
      refused(Buffer.from(JSON.stringify(JSON.parse(delivery.body))), delivery.headers['stripe-signature']);
    });

    it('signed longer ago than the tolerance (a replayed delivery)', () => {
      const delivery = signedDelivery(event, webhookSecret, { timestamp: Math.floor(Date.now() / 1000) - 10 * 60 });
      expect(refused(Buffer.from(delivery.body), delivery.headers['stripe-signature']).detail).toMatch(/tolerance/);
    });

    it('while the same delivery, untouched and fresh, is read', () => {
      const delivery = signedDelivery(event, webhookSecret);
      expect(gateway.readWebhook(Buffer.from(delivery.body), delivery.headers['stripe-signature'])).toMatchObject({ kind: 'invoice_paid', eventId: event.id });
    });
  });
});

describe('paid invoices for reconciliation', () => {
  const day = 24 * 60 * 60 * 1000;
  const start = new Date('2026-01-01T00:00:00.000Z').getTime();

  async function all(range: { from?: Date; to?: Date }): Promise<PaymentFacts[]> {
    const payments: PaymentFacts[] = [];
    for await (const payment of gateway.listPaidInvoices!(range)) payments.push(payment);
    return payments;
  }

  it('pages through every paid invoice in the range, and only those', async () => {
    // 230 paid invoices over January–March, plus open and void ones in the same days.
    const paid = Array.from({ length: 230 }, (_, i) =>
      stripeInvoice({ ...member, invoiceId: `in_paid_${String(i).padStart(4, '0')}`, created: new Date(start + Math.floor(i / 2.5) * day + (i % 3) * 1000) }),
    );
    const unpaid = Array.from({ length: 20 }, (_, i) =>
      stripeInvoice({ ...member, invoiceId: `in_open_${i}`, status: i % 2 ? 'open' : 'void', created: new Date(start + i * day) }),
    );
    server.seedInvoices(...paid, ...unpaid);

    const payments = await all({});
    expect(payments.map((p) => p.paymentId).sort()).toEqual(paid.map((i) => i.id).sort());
    expect(new Set(payments.map((p) => p.paymentId)).size).toBe(230);
    expect(payments.every((p) => p.status === 'paid' && p.amount === 999 && p.type === 'subscription')).toBe(true);

    const pages = server.requestsTo('GET', '/v1/invoices');
    expect(pages).toHaveLength(3);
    expect(pages[0].query).toEqual({ status: 'paid', limit: '100' });
    expect(pages[1].query.starting_after).toBe(payments[99].paymentId);
    expect(pages[2].query.starting_after).toBe(payments[199].paymentId);
  });

  it('respects the range, both ends included', async () => {
    const created = (i: number) => new Date(start + i * day);
    server.seedInvoices(...Array.from({ length: 150 }, (_, i) => stripeInvoice({ ...member, invoiceId: `in_day_${String(i).padStart(3, '0')}`, created: created(i) })));

    const from = created(10);
    const to = created(129);
    const payments = await all({ from, to });
    expect(payments).toHaveLength(120);
    expect(payments.every((p) => p.created >= from.toISOString() && p.created <= to.toISOString())).toBe(true);
    expect(payments.map((p) => p.paymentId)).toContain('in_day_010');
    expect(payments.map((p) => p.paymentId)).toContain('in_day_129');

    const [first] = server.requestsTo('GET', '/v1/invoices');
    expect(first.query.created).toEqual({ gte: String(from.getTime() / 1000), lte: String(to.getTime() / 1000) });
    expect(server.requestsTo('GET', '/v1/invoices')).toHaveLength(2);

    expect(await all({ from: created(140) })).toHaveLength(10);
    expect(await all({ to: created(4) })).toHaveLength(5);
  });

  it('maps a paid one-off invoice as a charge', async () => {
    server.seedInvoices(stripeInvoice({ customerId: member.customerId, subscriptionId: null, invoiceId: 'in_charge_1', amount: 2500, currency: 'usd', livemode: true }));
    expect(await all({})).toEqual([expect.objectContaining({ paymentId: 'in_charge_1', type: 'charge', interval: null, amount: 2500, mode: 'live', subscriptionId: null })]);
  });
});

describe('the local Stripe server', () => {
  it('refuses a request without a key as Stripe does', async () => {
    const response = await fetch(`${server.apiUrl}/v1/invoices`);
    expect(response.status).toBe(401);
    const body = await response.json();
    expect(body.error.type).toBe('invalid_request_error');
    expect(body.error.message).toMatch(/^You did not provide an API key/);
  });

  it('answers an unknown path 404 and a limit over 100 with 400, in Stripe\'s error format', async () => {
    const headers = { authorization: `Bearer ${secretKey}` };
    const unknown = await fetch(`${server.apiUrl}/v1/charges`, { headers });
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).error.message).toMatch(/^Unrecognized request URL \(GET: \/v1\/charges\)/);
    const tooMany = await fetch(`${server.apiUrl}/v1/invoices?limit=101`, { headers });
    expect(tooMany.status).toBe(400);
    expect((await tooMany.json()).error).toMatchObject({ type: 'invalid_request_error', param: 'limit' });
  });

  it("decodes Stripe's bracket form encoding", () => {
    expect(decodeStripeForm('line_items[0][price]=price_1&line_items[0][quantity]=1&metadata[userId]=u%201&expand[]=a&expand[]=b&created[gte]=5')).toEqual({
      line_items: [{ price: 'price_1', quantity: '1' }],
      metadata: { userId: 'u 1' },
      expand: ['a', 'b'],
      created: { gte: '5' },
    });
  });
});
