import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { monthlyAllowances as allowances } from '../../backend/domain/credits/allowances';
import { billingStream } from '../../backend/domain/billing/billing-events';
import {
  checkoutCompleted,
  invoicePaid,
  proPriceId,
  signedDelivery,
  startStripeServer,
  stripeId,
  stripeInvoice,
  stripeSubscription,
  subscriptionDeleted,
  subscriptionUpdated,
  type StripeServer,
} from '../support/stripe-server';
import { runReconcile } from '../../backend/application/finance/reconcile-run';
import { Client, eventCount, newMember, startTestApp, type TestApp } from '../support/test-app';

/**
 * The Stripe adapter end to end (issue 29, "Done when" 1): the app with Stripe keys, the
 * official SDK talking to a local server that speaks Stripe's protocol, and webhooks signed by
 * the SDK's own test helper, posted over real HTTP.
 */

const webhookSecret = 'whsec_skilly_test_secret';
let stripe: StripeServer;
let t: TestApp;
let admin: Client;

beforeAll(async () => {
  stripe = await startStripeServer();
  t = await startTestApp({
    PUBLIC_URL: 'https://skilly.example',
    STRIPE_SECRET_KEY: 'sk_test_skilly',
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    STRIPE_PRICE_ID: proPriceId,
    STRIPE_API_URL: stripe.apiUrl,
  });
  const person = await signUp();
  await t.services.identity.changeRole(person.userId, 'admin', 'billing test', { actor: null, requestId: `role-${person.userId}` });
  await t.services.runner.catchUpAll();
  const { token } = await t.services.identity.startSession(person.userId);
  admin = new Client(t.url, { cookie: `skilly_session=${encodeURIComponent(t.app.signCookie(token))}` });
});
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});
beforeEach(() => stripe.reset());

type Member = { client: Client; userId: string; email: string };

async function signUp(): Promise<Member> {
  const client = new Client(t.url);
  const details = newMember();
  const signup = await client.post('/api/auth/signup', details);
  expect(signup.status).toBe(201);
  return { client, userId: signup.body.user.id, email: details.email };
}

async function deliver(event: object, secret = webhookSecret) {
  const { body, headers } = signedDelivery(event as never, secret);
  const response = await fetch(new URL('/api/stripe/webhook', t.url), { method: 'POST', headers, body });
  return { status: response.status, body: await response.json().catch(() => undefined) };
}

const roleOf = async (member: Member) => (await member.client.get('/api/auth/me')).body.role as string;
const billingEvents = async (member: Member) => t.services.eventStore.readStream(billingStream.name(member.userId));
const paymentsOf = async (member: Member) => {
  const listed = await admin.get('/api/admin/stripe-payments');
  expect(listed.status).toBe(200);
  return (listed.body as { customerEmail: string | null; id: string; status: string; mode: string; amount: number }[]).filter(
    (payment) => payment.customerEmail === member.email,
  );
};

/** A member's subscription as Stripe would bill it: ids and the events of its life. */
function subscriptionOf(member: Member) {
  const ids = { userId: member.userId, customerId: stripeId('cus'), subscriptionId: stripeId('sub') };
  const invoice = { ...ids, invoiceId: stripeId('in'), customerEmail: member.email, customerName: 'Ada Lovelace', amount: 999, currency: 'usd' };
  return {
    ids,
    invoice,
    completed: checkoutCompleted({ ...ids, email: member.email }),
    paid: invoicePaid(invoice),
    deleted: subscriptionDeleted(ids),
    cancelling: subscriptionUpdated({ ...ids, cancelAtPeriodEnd: true }),
  };
}

describe('checkout and portal through the Stripe SDK', () => {
  it('a free member gets a Checkout Session for the Pro price, naming them; its url is answered', async () => {
    const member = await signUp();
    const created = await member.client.post('/api/stripe/create-checkout-session');
    expect(created.status, created.text).toBe(200);
    const [request] = stripe.requestsTo('POST', '/v1/checkout/sessions');
    expect(request.body).toMatchObject({
      mode: 'subscription',
      line_items: [{ price: proPriceId, quantity: '1' }],
      client_reference_id: member.userId,
      metadata: { userId: member.userId },
      subscription_data: { metadata: { userId: member.userId } },
      success_url: 'https://skilly.example/dashboard?success=true',
    });
    expect(created.body.url).toBe(stripe.checkoutSessions[0].url);
  });

  it('a second checkout before the first is paid is for the same Stripe customer; once Stripe bills that customer, another checkout is refused (409)', async () => {
    const member = await signUp();
    expect((await member.client.post('/api/stripe/create-checkout-session')).status).toBe(200);
    expect((await member.client.post('/api/stripe/create-checkout-session')).status).toBe(200);
    expect(stripe.requestsTo('POST', '/v1/customers')).toHaveLength(1);
    const [first, second] = stripe.requestsTo('POST', '/v1/checkout/sessions').map((request) => request.body.customer);
    expect(first).toMatch(/^cus_/);
    expect(second).toBe(first);

    // The first checkout was paid at Stripe; its webhook has not arrived yet.
    stripe.seedSubscriptions(stripeSubscription({ userId: member.userId, customerId: first, subscriptionId: stripeId('sub'), status: 'active' }));
    const third = await member.client.post('/api/stripe/create-checkout-session');
    expect(third.status).toBe(409);
    expect(third.body.message).toBe('You already have an active Pro subscription');
    expect(stripe.checkoutSessions).toHaveLength(2);
  });

  it('one open checkout per member: a second checkout expires the first at Stripe; one whose first was paid is refused (409)', async () => {
    const member = await signUp();
    expect((await member.client.post('/api/stripe/create-checkout-session')).status).toBe(200);
    expect((await member.client.post('/api/stripe/create-checkout-session')).status).toBe(200);
    const [first, second] = stripe.checkoutSessions.map((session) => session.id);
    expect(stripe.requestsTo('POST', `/v1/checkout/sessions/${first}/expire`)).toHaveLength(1);
    expect(stripe.checkoutSessions.map((session) => session.status)).toEqual(['expired', 'open']);

    // The member paid the second on Stripe's page; its webhooks have not arrived yet.
    stripe.completeCheckoutSession(second);
    const third = await member.client.post('/api/stripe/create-checkout-session');
    expect(third.status).toBe(409);
    expect(third.body.message).toBe('You already have an active Pro subscription');
    expect(stripe.checkoutSessions).toHaveLength(2);
  });

  it("a refusal at Stripe (an unknown price) is a 502 in our words, never Stripe's, and nothing is recorded", async () => {
    const member = await signUp();
    stripe.prices.clear();
    const created = await member.client.post('/api/stripe/create-checkout-session');
    expect(created.status).toBe(502);
    expect(created.body).toEqual({
      message: 'The payment provider could not be reached. Please try again in a moment.',
      code: 'payment_provider_failed',
    });
    expect(await billingEvents(member)).toEqual([]);
  });

  it('a Pro subscriber opens the Customer Portal for their own customer', async () => {
    const member = await signUp();
    const life = subscriptionOf(member);
    stripe.customers.add(life.ids.customerId);
    expect((await deliver(life.completed)).status).toBe(200);
    expect((await deliver(life.paid)).status).toBe(200);
    await expect.poll(() => roleOf(member)).toBe('pro');
    const portal = await member.client.post('/api/stripe/create-portal-session');
    expect(portal.status, portal.text).toBe(200);
    expect(stripe.requestsTo('POST', '/v1/billing_portal/sessions')[0].body).toMatchObject({ customer: life.ids.customerId });
    expect(portal.body.url).toBe(stripe.portalSessions[0].url);
  });
});

describe('webhooks', () => {
  it('a valid checkout and paid invoice make the member Pro with the pro allowances, and record the payment', async () => {
    const member = await signUp();
    const life = subscriptionOf(member);
    expect(await deliver(life.completed)).toEqual({ status: 200, body: { received: true } });
    expect((await deliver(life.paid)).status).toBe(200);
    await expect.poll(() => roleOf(member)).toBe('pro');
    const credits = await member.client.get('/api/credits');
    expect(credits.body.tier).toBe('pro');
    expect(credits.body.allowances).toEqual(allowances.pro);
    await expect.poll(() => paymentsOf(member)).toEqual([
      expect.objectContaining({ id: life.invoice.invoiceId, status: 'paid', mode: 'test', amount: 9.99, simulated: false }),
    ]);
    // With the Stripe settings the admin's revenue is not labelled simulated.
    expect((await admin.get('/api/admin/stats')).body.paymentsSimulated).toBe(false);
  });

  it('two checkouts paid at once make one subscription: the second is cancelled and refunded at Stripe, recorded, and reconciled', async () => {
    const member = await signUp();
    const customerId = stripeId('cus');
    const lives = [0, 1].map(() => {
      const ids = { userId: member.userId, customerId, subscriptionId: stripeId('sub') };
      const invoice = { ...ids, invoiceId: stripeId('in'), customerEmail: member.email, customerName: 'Ada Lovelace', amount: 999, currency: 'usd' };
      stripe.seedSubscriptions(stripeSubscription({ ...ids, status: 'active' }));
      stripe.seedInvoices(stripeInvoice({ ...invoice, status: 'paid' }));
      return { ids, invoice, completed: checkoutCompleted({ ...ids, email: member.email }), paid: invoicePaid(invoice) };
    });
    const answers = await Promise.all(lives.flatMap((life) => [deliver(life.completed), deliver(life.paid)]));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);

    const events = await billingEvents(member);
    const activations = events.filter((event) => event.type === 'SubscriptionActivated');
    expect(activations).toHaveLength(2);
    const found = events.filter((event) => event.type === 'DuplicateSubscriptionFound');
    expect(found).toHaveLength(1);
    const { subscriptionId: duplicate, keptSubscriptionId: kept } = found[0].data as { subscriptionId: string; keptSubscriptionId: string };
    expect(new Set([duplicate, kept])).toEqual(new Set(lives.map((life) => life.ids.subscriptionId)));
    const duplicateInvoice = lives.find((life) => life.ids.subscriptionId === duplicate)!.invoice.invoiceId;
    const keptInvoice = lives.find((life) => life.ids.subscriptionId === kept)!.invoice.invoiceId;

    // At Stripe: the duplicate cancelled, its payment refunded, once; the kept one untouched.
    expect(stripe.cancelledSubscriptions).toEqual([duplicate]);
    expect(stripe.refunds.map((refund) => refund.payment_intent)).toEqual([`pi_${duplicateInvoice}`]);
    expect(events.filter((event) => event.type === 'DuplicateSubscriptionCancelled').map((event) => event.data.subscriptionId)).toEqual([duplicate]);
    const refunds = events.filter((event) => event.type === 'PaymentRefunded');
    expect(refunds.map((event) => event.data)).toEqual([
      expect.objectContaining({ paymentId: duplicateInvoice, refundId: stripe.refunds[0].id, subscriptionId: duplicate, amount: 999, currency: 'usd' }),
    ]);
    expect(await roleOf(member)).toBe('pro');

    // Stripe then reports the duplicate deleted: the member stays Pro by the kept subscription.
    expect((await deliver(subscriptionDeleted({ userId: member.userId, customerId, subscriptionId: duplicate }))).status).toBe(200);
    expect(await roleOf(member)).toBe('pro');
    await t.services.runner.catchUpAll();
    const payments = await paymentsOf(member);
    expect(payments.find((payment) => payment.id === keptInvoice)).toMatchObject({ status: 'paid' });
    expect(payments.find((payment) => payment.id === duplicateInvoice)).toMatchObject({ status: 'refunded' });

    // Finance reconcile sees the refund, and nothing amiss with this member.
    const report = await runReconcile({ eventStore: t.services.eventStore, db: t.services.database.db, gateway: t.services.paymentGateway });
    expect(report.discrepancies.filter((d) => d.ids.userId === member.userId || [keptInvoice, duplicateInvoice].includes(d.ids.paymentId ?? ''))).toEqual([]);
    const month = report.months.find((row) => row.mode === 'test' && row.currency === 'usd')!;
    expect(month.refunds).toBeGreaterThanOrEqual(1);
    expect(month.refundedMinor).toBeGreaterThanOrEqual(999);
  });

  it('a bad, missing or foreign signature is a 400 and changes nothing', async () => {
    const member = await signUp();
    const life = subscriptionOf(member);
    const before = await eventCount(t, 'UserRoleChanged');
    expect((await deliver(life.completed, 'whsec_someone_else')).status).toBe(400);
    const { body, headers } = signedDelivery(life.paid, webhookSecret);
    const tampered = body.replace('"amount_paid": 999', '"amount_paid": 1');
    expect(tampered).not.toBe(body);
    const changed = await fetch(new URL('/api/stripe/webhook', t.url), { method: 'POST', headers, body: tampered });
    expect(changed.status).toBe(400);
    const unsigned = await fetch(new URL('/api/stripe/webhook', t.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    expect(unsigned.status).toBe(400);
    expect(await billingEvents(member)).toEqual([]);
    expect(await eventCount(t, 'UserRoleChanged')).toBe(before);
    expect(await roleOf(member)).toBe('free');
  });

  it('a correctly signed but malformed event is a 400, kept in the inbox as refused, and changes nothing', async () => {
    const before = await eventCount(t, 'PaymentRecorded');
    const eventId = stripeId('evt');
    for (const data of [{}, { object: { id: 'in_1', object: 'invoice' } }]) {
      const answer = await deliver({ id: eventId, object: 'event', type: 'invoice.paid', created: Math.floor(Date.now() / 1000), livemode: false, data });
      expect(answer).toEqual({ status: 400, body: { message: 'Malformed event', code: 'malformed_webhook' } });
    }
    const rows = await t.services.database.db.selectFrom('billing_inbox').selectAll().where('event_id', '=', eventId).execute();
    expect(rows).toEqual([expect.objectContaining({ kind: 'refused:invoice.paid', user_id: null, processed_at: null })]);
    expect(await eventCount(t, 'PaymentRecorded')).toBe(before);
  });

  it('an event naming no member of ours answers 200, as the route’s documented answers say (no 409)', async () => {
    const stranger = { userId: null, customerId: stripeId('cus'), subscriptionId: stripeId('sub') };
    expect(await deliver(subscriptionUpdated(stranger))).toEqual({ status: 200, body: { received: true } });
    const docs = await fetch(new URL('/api/docs/json', t.url));
    expect(docs.status).toBe(200);
    const operation = (await docs.json()).paths['/api/stripe/webhook'].post;
    expect(Object.keys(operation.responses).sort()).toEqual(['200', '400']);
    expect(operation.description).not.toMatch(/409/);
    expect(operation.description).toMatch(/naming no member of ours is recorded as not ours and answered 200/);
  });

  it('the same event delivered five times has one effect', async () => {
    const member = await signUp();
    const life = subscriptionOf(member);
    await deliver(life.completed);
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => deliver(life.paid)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    await expect.poll(() => roleOf(member)).toBe('pro');
    const recorded = (await billingEvents(member)).filter((event) => event.type === 'PaymentRecorded');
    expect(recorded).toHaveLength(1);
    // The webhook answers once the event is taken; the payments read model follows.
    await t.services.runner.catchUpAll();
    expect(await paymentsOf(member)).toHaveLength(1);
    const roleChanges = (await t.services.eventStore.readStream(`user-${member.userId}`)).filter((e) => e.type === 'UserRoleChanged');
    expect(roleChanges).toHaveLength(1);
  });

  it('customer.subscription.deleted arriving before invoice.paid of the same subscription still ends free, with the payment recorded', async () => {
    const member = await signUp();
    const life = subscriptionOf(member);
    await deliver(life.completed);
    await expect.poll(() => roleOf(member)).toBe('pro');
    // The end arrives first, then a late invoice.paid of that subscription (a renewal's).
    const renewal = invoicePaid({ ...life.invoice, invoiceId: stripeId('in') });
    expect((await deliver(life.deleted)).status).toBe(200);
    expect((await deliver(renewal)).status).toBe(200);
    await expect.poll(() => roleOf(member)).toBe('free');
    const credits = await member.client.get('/api/credits');
    expect(credits.body.tier).toBe('free');
    expect(credits.body.allowances).toEqual(allowances.free);
    await expect.poll(async () => (await paymentsOf(member)).map((payment) => payment.status)).toEqual(['paid']);
    const subscription = await member.client.get('/api/billing/subscription');
    expect(subscription.body.status).toBe('ended');
  });

  it('a subscription Stripe marks unpaid (retries exhausted) makes the member free; paying its invoice makes them Pro again', async () => {
    const member = await signUp();
    const life = subscriptionOf(member);
    await deliver(life.completed);
    await expect.poll(() => roleOf(member)).toBe('pro');
    expect((await deliver(subscriptionUpdated({ ...life.ids, status: 'unpaid' }))).status).toBe(200);
    await expect.poll(() => roleOf(member)).toBe('free');
    expect((await member.client.get('/api/billing/subscription')).body.status).toBe('past_due');
    expect((await deliver(life.paid)).status).toBe(200);
    await expect.poll(() => roleOf(member)).toBe('pro');
    expect((await member.client.get('/api/credits')).body.allowances).toEqual(allowances.pro);
  });

  it('a subscription whose events all arrive in reverse order ends in the state of its last event', async () => {
    const member = await signUp();
    const life = subscriptionOf(member);
    for (const event of [life.deleted, life.cancelling, life.paid, life.completed]) expect((await deliver(event)).status).toBe(200);
    await t.services.runner.catchUpAll();
    expect(await roleOf(member)).toBe('free');
    expect((await member.client.get('/api/billing/subscription')).body.status).toBe('ended');
  });
});
