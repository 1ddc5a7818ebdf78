import { startOfAll } from '../../backend/application/ports/event-store';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { ProviderEvent } from '../../backend/application/ports/payment-gateway';
import { billingRoleReasons, billingStream } from '../../backend/domain/billing/billing-events';
import { monthlyAllowances } from '../../backend/domain/credits/allowances';
import { userStreams } from '../../backend/domain/identity/user';
import { ROLE_CHECK_GRACE_MS } from '../../backend/projections/billing-role-checks/billing-role-checks-projection';
import { MovableClock } from '../support/movable-clock';
import { Client, everyEvent, newMember, startTestApp, type TestApp } from '../support/test-app';

/**
 * Pro subscriptions over real HTTP and a real database, through the simulated gateway (issue 29;
 * member-product §2 Upsell, §7, §8; back-office §2 Billing tab, §7): checkout and TEST payment
 * make the member Pro with Pro credits at once, the admin sees the TEST payment, a cancellation
 * ends at the period's end, the policy's sweeper repairs a role a crash left behind, and who may
 * call what.
 */

const clock = new MovableClock();
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({}, { clock });
});
afterAll(async () => t?.close());
afterEach(() => clock.reset());

type Person = { client: Client; userId: string; email: string };

async function signUp(): Promise<Person> {
  const client = new Client(t.url);
  const details = newMember();
  const signup = await client.post('/api/auth/signup', details);
  expect(signup.status).toBe(201);
  return { client, userId: signup.body.user.id, email: details.email };
}

async function withRole(role: 'admin' | 'moderator' | 'pro'): Promise<Person> {
  const person = await signUp();
  await t.services.identity.changeRole(person.userId, role, 'billing test', { actor: null, requestId: `role-${person.userId}` });
  await t.services.runner.catchUpAll();
  const { token } = await t.services.identity.startSession(person.userId);
  return { ...person, client: new Client(t.url, { cookie: `skilly_session=${encodeURIComponent(t.app.signCookie(token))}` }) };
}

const idIn = (url: string) => url.split('/').at(-1)!;
const role = async (member: Person) => (await member.client.get('/api/auth/me')).body.role as string;
const billingEvents = async (userId: string) => (await t.services.eventStore.readStream(billingStream.name(userId))).map((e) => e.type);

async function checkout(member: Person): Promise<string> {
  const started = await member.client.post('/api/stripe/create-checkout-session');
  expect(started.status, started.text).toBe(200);
  expect(started.body.url).toMatch(/^\/billing\/test-checkout\/sim_cs_\w+$/);
  return idIn(started.body.url);
}

async function subscribe(member: Person): Promise<void> {
  const paid = await member.client.post(`/api/stripe/test-checkout/${await checkout(member)}/pay`);
  expect(paid.status, paid.text).toBe(200);
}

async function portal(member: Person): Promise<string> {
  const opened = await member.client.post('/api/stripe/create-portal-session');
  expect(opened.status, opened.text).toBe(200);
  expect(opened.body.url).toMatch(/^\/billing\/test-portal\/sim_ps_\w+$/);
  return idIn(opened.body.url);
}

let admin: Person;
beforeAll(async () => {
  admin = await withRole('admin');
});

describe('becoming Pro through the simulated checkout', () => {
  it('a free member checks out and pays: Pro at once, with Pro allowances, and the admin sees the TEST payment', async () => {
    const ada = await signUp();
    expect((await ada.client.get('/api/billing/subscription')).body).toEqual({ status: 'none', currentPeriodEnd: null, mode: null, canManage: false });
    const sessionId = await checkout(ada);

    const page = await ada.client.get(`/api/stripe/test-checkout/${sessionId}`);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ id: sessionId, status: 'open', email: ada.email, amount: 9.99, currency: 'usd', interval: 'month', description: 'Skilly Pro (monthly)' });

    const paid = await ada.client.post(`/api/stripe/test-checkout/${sessionId}/pay`);
    expect(paid.status, paid.text).toBe(200);
    expect(paid.body).toEqual({ url: '/dashboard?success=true' });
    // Read-your-writes: the very next requests see the member as Pro, with Pro credits.
    expect(await role(ada)).toBe('pro');
    const credits = await ada.client.get('/api/credits');
    expect(credits.body.tier).toBe('pro');
    expect(credits.body.allowances).toEqual(monthlyAllowances.pro);
    const subscription = await ada.client.get('/api/billing/subscription');
    expect(subscription.body).toMatchObject({ status: 'active', mode: 'test', canManage: true });
    expect(Date.parse(subscription.body.currentPeriodEnd)).toBeGreaterThan(Date.now());

    const payments = await admin.client.get('/api/admin/stripe-payments');
    expect(payments.status).toBe(200);
    const mine = payments.body.filter((p: { customerEmail: string }) => p.customerEmail === ada.email);
    expect(mine).toEqual([
      expect.objectContaining({ mode: 'test', type: 'subscription', status: 'paid', amount: 9.99, currency: 'usd', interval: 'month', description: 'Skilly Pro (monthly)', simulated: true }),
    ]);
    expect(mine[0].id).toMatch(/^sim_in_/);
    // Wherever the admin reads revenue, a simulated server says its payments are simulated.
    expect((await admin.client.get('/api/admin/stats')).body.paymentsSimulated).toBe(true);

    // The role change names its cause: the system billing, the subscription, the provider event.
    const roleChange = (await t.services.eventStore.readStream(userStreams.name(ada.userId))).find((e) => e.type === 'UserRoleChanged')!;
    expect(roleChange.actor).toEqual({ kind: 'system', name: 'billing' });
    expect(roleChange.data).toMatchObject({ from: 'free', to: 'pro', reason: billingRoleReasons.activated, subscriptionId: expect.stringMatching(/^sim_sub_/) });
    expect(roleChange.causationId).toMatch(/^sim_evt_/);
  });

  it('support staff see the member’s last payment beside their ticket', async () => {
    const ada = await signUp();
    await subscribe(ada);
    const ticket = await ada.client.post('/api/support/tickets', { subject: 'Invoice', message: 'Where is my invoice?' });
    expect(ticket.status).toBe(201);
    const context = await admin.client.get(`/api/admin/support-tickets/${ticket.body.id}/member`);
    expect(context.status).toBe(200);
    expect(context.body).toMatchObject({ role: 'pro', lastPayment: { amount: 9.99, currency: 'usd', status: 'paid' } });
    expect(Date.parse(context.body.lastPayment.createdAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('paying the same session twice has one effect', async () => {
    const ada = await signUp();
    const sessionId = await checkout(ada);
    expect((await ada.client.post(`/api/stripe/test-checkout/${sessionId}/pay`)).status).toBe(200);
    const before = await billingEvents(ada.userId);
    const again = await ada.client.post(`/api/stripe/test-checkout/${sessionId}/pay`);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ url: '/dashboard?success=true' });
    expect(await billingEvents(ada.userId)).toEqual(before);
    expect(before.filter((type) => type === 'PaymentRecorded')).toHaveLength(1);
    const roleChanges = (await t.services.eventStore.readStream(userStreams.name(ada.userId))).filter((e) => e.type === 'UserRoleChanged');
    expect(roleChanges).toHaveLength(1);
  });

  it('refuses a checkout to a Pro member, and a second subscription (409)', async () => {
    const ada = await signUp();
    await subscribe(ada);
    const again = await ada.client.post('/api/stripe/create-checkout-session');
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('You already have an active Pro subscription');
    const pro = await withRole('pro');
    expect((await pro.client.post('/api/stripe/create-checkout-session')).body.message).toBe('You already have an active Pro subscription');
  });
});

describe('cancelling in the portal', () => {
  it('schedules the end; at the period’s end the member is free again, with free allowances', async () => {
    const ada = await signUp();
    await subscribe(ada);
    const portalId = await portal(ada);
    const page = await ada.client.get(`/api/stripe/test-portal/${portalId}`);
    expect(page.body).toMatchObject({ id: portalId, returnUrl: '/dashboard', subscription: { status: 'active' } });

    const cancelled = await ada.client.post(`/api/stripe/test-portal/${portalId}/cancel-subscription`);
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.body).toEqual({ url: '/dashboard' });
    expect((await ada.client.get('/api/billing/subscription')).body.status).toBe('cancelling');
    expect(await role(ada)).toBe('pro');

    const ended = await ada.client.post(`/api/stripe/test-portal/${portalId}/end-period`);
    expect(ended.status, ended.text).toBe(200);
    expect(await role(ada)).toBe('free');
    const credits = await ada.client.get('/api/credits');
    expect(credits.body.tier).toBe('free');
    expect(credits.body.allowances).toEqual(monthlyAllowances.free);
    expect((await ada.client.get('/api/billing/subscription')).body.status).toBe('ended');
    const roleChanges = (await t.services.eventStore.readStream(userStreams.name(ada.userId))).filter((e) => e.type === 'UserRoleChanged');
    expect(roleChanges.map((e) => e.data.reason)).toEqual([billingRoleReasons.activated, billingRoleReasons.ended]);
    // The portal is for Pro members now that the member is free again.
    expect((await ada.client.post('/api/stripe/create-portal-session')).status).toBe(403);
  });

  it('the sweeper ends a cancelled simulated subscription once its period has passed', async () => {
    const ada = await signUp();
    await subscribe(ada);
    const portalId = await portal(ada);
    expect((await ada.client.post(`/api/stripe/test-portal/${portalId}/cancel-subscription`)).status).toBe(200);
    await t.services.billingSweeper.sweep();
    expect(await role(ada)).toBe('pro');
    clock.moveBy(32 * 24 * 60 * 60_000);
    await t.services.billingSweeper.sweep();
    await t.services.runner.catchUpAll();
    expect(Object.values((await t.services.billing.account(ada.userId)).subscriptions).map((s) => s.status)).toEqual(['ended']);
    const roles = (await t.services.eventStore.readStream(userStreams.name(ada.userId))).filter((e) => e.type === 'UserRoleChanged').map((e) => e.data.to);
    expect(roles).toEqual(['pro', 'free']);
  });
});

describe('who may do what', () => {
  it('the portal is 403 for a free member; a Pro member without a subscription gets 409', async () => {
    const ada = await signUp();
    const refused = await ada.client.post('/api/stripe/create-portal-session');
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Manage Subscription is for Pro members');
    const pro = await withRole('pro');
    const none = await pro.client.post('/api/stripe/create-portal-session');
    expect(none.status).toBe(409);
    expect(none.body.message).toBe('There is no subscription to manage');
  });

  it('a visitor gets 401 and staff 403 on the member routes; the admin list is the admin’s', async () => {
    const visitor = new Client(t.url);
    const moderator = await withRole('moderator');
    for (const [method, path] of [
      ['POST', '/api/stripe/create-checkout-session'],
      ['POST', '/api/stripe/create-portal-session'],
      ['GET', '/api/billing/subscription'],
      ['GET', '/api/stripe/test-checkout/sim_cs_x'],
      ['POST', '/api/stripe/test-checkout/sim_cs_x/pay'],
      ['GET', '/api/stripe/test-portal/sim_ps_x'],
    ] as const) {
      expect((await visitor.request(method, path, method === 'POST' ? {} : undefined)).status, `${method} ${path}`).toBe(401);
      expect((await moderator.client.request(method, path, method === 'POST' ? {} : undefined)).status, `${method} ${path}`).toBe(403);
      expect((await admin.client.request(method, path, method === 'POST' ? {} : undefined)).status, `${method} ${path}`).toBe(403);
    }
    const ada = await signUp();
    expect((await ada.client.get('/api/admin/stripe-payments')).status).toBe(403);
    expect((await visitor.get('/api/admin/stripe-payments')).status).toBe(401);
  });

  it('another member’s TEST session is 404, and paying it changes nothing', async () => {
    const ada = await signUp();
    const grace = await signUp();
    const sessionId = await checkout(ada);
    expect((await grace.client.get(`/api/stripe/test-checkout/${sessionId}`)).status).toBe(404);
    expect((await grace.client.post(`/api/stripe/test-checkout/${sessionId}/pay`)).status).toBe(404);
    expect(await billingEvents(ada.userId)).toEqual(['CheckoutStarted']);
    expect(await billingEvents(grace.userId)).toEqual([]);
    expect(await role(grace)).toBe('free');
    await subscribe(grace);
    const gracePortal = await portal(grace);
    expect((await ada.client.get(`/api/stripe/test-portal/${gracePortal}`)).status).toBe(404);
    expect((await ada.client.post(`/api/stripe/test-portal/${gracePortal}/cancel-subscription`)).status).toBe(404);
    expect((await grace.client.get('/api/billing/subscription')).body.status).toBe('active');
  });
});

describe('one member, one subscription (simulated checkout)', () => {
  it('a second checkout closes the first (its page is gone), and two sessions paid at once make one subscription and one payment', async () => {
    const ada = await signUp();
    const first = await checkout(ada);
    const second = await checkout(ada);
    expect((await ada.client.get(`/api/stripe/test-checkout/${first}`)).status).toBe(404);
    expect((await ada.client.post(`/api/stripe/test-checkout/${first}/pay`)).status).toBe(404);

    // A double click can still leave two sessions open (both opened at once): both paid at once.
    await sql`update simulated_payment_sessions set status = 'open' where id = ${first}`.execute(t.services.database.db);
    const answers = await Promise.all([first, second, first, second].map((id) => ada.client.post(`/api/stripe/test-checkout/${id}/pay`)));
    expect(answers.filter((answer) => answer.status === 200).length).toBeGreaterThanOrEqual(1);
    expect(answers.every((answer) => answer.status === 200 || answer.status === 409)).toBe(true);
    const types = await billingEvents(ada.userId);
    expect(types.filter((type) => type === 'SubscriptionActivated')).toHaveLength(1);
    expect(types.filter((type) => type === 'PaymentRecorded')).toHaveLength(1);
    expect(await role(ada)).toBe('pro');
  });
});

describe('the intake', () => {
  it('the sweeper repairs a role change a crash left undone', async () => {
    const ada = await signUp();
    // A billing event recorded without the policy running (the server died between the two writes).
    await t.services.eventStore.append(
      billingStream.name(ada.userId),
      [
        {
          id: crypto.randomUUID(),
          type: 'SubscriptionActivated',
          schemaVersion: 1,
          data: { providerEventId: 'evt_crash', subscriptionId: 'sub_crash', customerId: 'cus_crash', mode: 'test', currentPeriodEnd: null },
        },
      ],
      { expectedVersion: 'no_stream', actor: { kind: 'system', name: 'billing' }, occurredAt: clock.now(), causationId: 'evt_crash', correlationId: 'evt_crash' },
    );
    await t.services.runner.catchUpAll();
    // Within the grace the sweeper leaves it to the request that may still be working.
    expect(await t.services.billingSweeper.sweep()).toBe(0);
    expect(await role(ada)).toBe('free');

    clock.moveBy(ROLE_CHECK_GRACE_MS + 1_000);
    expect(await t.services.billingSweeper.sweep()).toBe(1);
    await t.services.runner.catchUpAll();
    expect(await role(ada)).toBe('pro');
    const change = (await t.services.eventStore.readStream(userStreams.name(ada.userId))).find((e) => e.type === 'UserRoleChanged')!;
    expect(change.causationId).toBe('evt_crash');
    expect(change.data).toMatchObject({ subscriptionId: 'sub_crash', reason: billingRoleReasons.activated });
    expect((await t.services.credits.current({ userId: ada.userId, role: 'pro' })).allowances).toEqual(monthlyAllowances.pro);
    // Done once: a second sweep finds nothing left.
    expect(await t.services.billingSweeper.sweep()).toBe(0);
  });

  it('a provider event naming no member, whose customer no account knows, is recorded in the inbox as not ours and changes nothing else', async () => {
    const unmatched: ProviderEvent = {
      kind: 'subscription_deleted',
      eventId: 'evt_unmatched',
      created: new Date().toISOString(),
      mode: 'test',
      userId: null,
      customerId: 'cus_nobody',
      subscriptionId: 'sub_nobody',
      endedAt: new Date().toISOString(),
    };
    await t.services.eventStore.committedReadable();
    const head = await t.services.eventStore.headPosition();
    expect(await t.services.billing.takeProviderEvent(unmatched, { requestId: 'test' })).toEqual({ userId: '', taken: false, position: null });
    expect(await t.services.eventStore.headPosition()).toEqual(head);
    const inbox = await t.services.database.db.selectFrom('billing_inbox').selectAll().where('event_id', '=', 'evt_unmatched').execute();
    expect(inbox).toEqual([expect.objectContaining({ event_id: 'evt_unmatched', user_id: null, processed_at: expect.any(Date) })]);
  });

  it('a provider event naming no member is matched by its customer, and a redelivery is answered at once', async () => {
    const ada = await signUp();
    await subscribe(ada);
    const account = await t.services.billing.account(ada.userId);
    const subscription = Object.values(account.subscriptions)[0];
    const cancel: ProviderEvent = {
      kind: 'subscription_updated',
      eventId: 'evt_by_customer',
      created: new Date(Date.now() + 1_000).toISOString(),
      mode: 'test',
      userId: null,
      customerId: subscription.customerId!,
      subscriptionId: subscription.subscriptionId,
      status: 'active',
      cancelAtPeriodEnd: true,
      currentPeriodEnd: subscription.currentPeriodEnd,
    };
    expect(await t.services.billing.takeProviderEvent(cancel, { requestId: 'test' })).toMatchObject({ userId: ada.userId, taken: true });
    expect(await t.services.billing.takeProviderEvent(cancel, { requestId: 'test' })).toMatchObject({ taken: false, position: null });
    expect((await billingEvents(ada.userId)).filter((type) => type === 'SubscriptionCancellationScheduled')).toHaveLength(1);
  });

  it('without Stripe keys the webhook refuses every delivery (400 Invalid signature) and takes nothing', async () => {
    await t.services.eventStore.committedReadable();
    const head = await t.services.eventStore.headPosition();
    const visitor = new Client(t.url);
    const unsigned = await visitor.post('/api/stripe/webhook', { id: 'evt_1', type: 'invoice.paid' });
    expect(unsigned.status).toBe(400);
    expect(unsigned.body.message).toBe('Invalid signature');
    const signed = await visitor.post('/api/stripe/webhook', { id: 'evt_1', type: 'invoice.paid' }, { 'stripe-signature': 't=1,v1=abc' });
    expect(signed.status).toBe(400);
    // Nothing taken: no inbox row, no event on a billing stream. (Another part of the app may
    // append meanwhile, which is why the store's head is not the measure.)
    expect(await t.services.database.db.selectFrom('billing_inbox').select('event_id').where('event_id', '=', 'evt_1').execute()).toEqual([]);
    const appended = await everyEvent(t, head ?? startOfAll);
    expect(
      appended.filter((event) => event.streamName.startsWith(billingStream.prefix)).map((event) => event.type),
      JSON.stringify(appended.map((event) => [event.streamName, event.type])),
    ).toEqual([]);
  });

  it('the upsell offer is public: $9.99 a month instead of $19.99, until 31 December 23:59 UTC of this year by default', async () => {
    const offer = await new Client(t.url).get('/api/billing/offer');
    expect(offer.status).toBe(200);
    expect(offer.body).toEqual({
      endsAt: new Date(Date.UTC(new Date().getUTCFullYear(), 11, 31, 23, 59)).toISOString(),
      amount: 9.99,
      listAmount: 19.99,
      currency: 'usd',
      interval: 'month',
    });
  });
});
