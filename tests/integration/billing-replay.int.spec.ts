import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../../backend/application/contracts/seeded-random';
import {
  checkoutCompleted,
  invoicePaid,
  invoicePaymentFailed,
  proPriceId,
  stripeInvoice,
  signedDelivery,
  startStripeServer,
  stripeId,
  subscriptionCreated,
  subscriptionDeleted,
  subscriptionUpdated,
  type InvoiceFacts,
  type StripeServer,
} from '../support/stripe-server';
import { runReconcile } from '../../backend/application/finance/reconcile-run';
import { Client, newMember, startTestApp, type TestApp } from '../support/test-app';

/**
 * Reconciliation by replay (issue 29, "Done when" 2): 1,000 signed webhook deliveries over 50
 * members — redeliveries, reordering within each burst of a subscription's life, late
 * redeliveries of earlier events, several at a time — end with exactly the roles and payments
 * each member's story implies, and `finance reconcile` (a replay of the event store) finds
 * nothing wrong; after one payment row is removed from the read model by hand it reports exactly
 * that one difference.
 */

const webhookSecret = 'whsec_skilly_replay_secret';
const seed = Number(process.env.BILLING_REPLAY_SEED ?? 29_1000);
let stripe: StripeServer;
let t: TestApp;

beforeAll(async () => {
  stripe = await startStripeServer();
  t = await startTestApp({
    STRIPE_SECRET_KEY: 'sk_test_skilly',
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    STRIPE_PRICE_ID: proPriceId,
    STRIPE_API_URL: stripe.apiUrl,
  });
});
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

type StripeEvent = { id: string; type: string };
type Story = { userId: string; email: string; bursts: StripeEvent[][]; role: 'pro' | 'free'; paid: string[]; invoices: InvoiceFacts[] };

const day = 86_400_000;

/** One member's life with Stripe, as bursts of events: Stripe may reorder within a burst, not across months. */
function story(userId: string, email: string, kind: number, start: Date): Story {
  const at = (days: number) => new Date(start.getTime() + days * day);
  const customerId = stripeId('cus');
  const subscription = (subscriptionId = stripeId('sub')) => ({ userId, customerId, subscriptionId });
  const invoice = (ids: ReturnType<typeof subscription>, created: Date, invoiceId = stripeId('in')) => ({
    ...ids,
    invoiceId,
    customerEmail: email,
    customerName: 'Replay Member',
    amount: 999,
    currency: 'usd',
    created,
    periodStart: created,
    periodEnd: new Date(created.getTime() + 30 * day),
  });
  const first = subscription();
  const firstInvoice = invoice(first, at(0));
  const signup = [
    checkoutCompleted({ ...first, email }, { created: at(0) }),
    subscriptionCreated({ ...first, periodStart: at(0), periodEnd: at(30) }, { created: at(0) }),
    invoicePaid(firstInvoice, { created: at(0) }),
  ];
  const renewal = (n: number) => invoice(first, at(30 * n));
  switch (kind % 4) {
    case 0: {
      // Subscribes and renews twice: Pro, three payments.
      const [r1, r2] = [renewal(1), renewal(2)];
      return { userId, email, role: 'pro', paid: [firstInvoice.invoiceId, r1.invoiceId, r2.invoiceId], invoices: [firstInvoice, r1, r2],
        bursts: [signup, [invoicePaid(r1, { created: at(30) })], [invoicePaid(r2, { created: at(60) })]] };
    }
    case 1: {
      // Subscribes, cancels in the portal, the period ends: free again, one payment.
      return { userId, email, role: 'free', paid: [firstInvoice.invoiceId], invoices: [firstInvoice],
        bursts: [
          signup,
          [subscriptionUpdated({ ...first, cancelAtPeriodEnd: true, periodStart: at(0), periodEnd: at(30) }, { created: at(10) })],
          [subscriptionDeleted({ ...first, periodStart: at(0), periodEnd: at(30) }, { created: at(30) })],
        ] };
    }
    case 2: {
      // A renewal is declined, then paid on retry: still Pro, the invoice paid.
      const r1 = renewal(1);
      return { userId, email, role: 'pro', paid: [firstInvoice.invoiceId, r1.invoiceId], invoices: [firstInvoice, r1],
        bursts: [signup, [invoicePaymentFailed(r1, { created: at(30) })], [invoicePaid(r1, { created: at(33) })]] };
    }
    default: {
      // Ends after a month, subscribes again later: Pro on the second subscription.
      const second = subscription();
      const secondInvoice = invoice(second, at(45));
      return { userId, email, role: 'pro', paid: [firstInvoice.invoiceId, secondInvoice.invoiceId], invoices: [firstInvoice, secondInvoice],
        bursts: [
          signup,
          [subscriptionDeleted({ ...first, periodStart: at(0), periodEnd: at(30) }, { created: at(30) })],
          [checkoutCompleted({ ...second, email }, { created: at(45) }), invoicePaid(secondInvoice, { created: at(45) })],
        ] };
    }
  }
}

describe('1,000 webhook deliveries over 50 members', () => {
  it('end with exactly the expected roles and payments, and reconcile clean by replay; a payment row removed by hand is the one discrepancy', async () => {
    const random = seededRandom(seed);
    const members = await Promise.all(
      Array.from({ length: 50 }, async () => {
        const client = new Client(t.url);
        const details = newMember();
        const signup = await client.post('/api/auth/signup', details);
        expect(signup.status).toBe(201);
        return { client, userId: signup.body.user.id as string, email: details.email };
      }),
    );
    const start = new Date(Date.UTC(2026, 5, 1));
    const stories = members.map((member, index) => story(member.userId, member.email, index, start));

    // Each round delivers the next burst of every member, shuffled together; every delivery is
    // sent 1-3 times, and now and then an event of an earlier burst comes again (a late retry).
    const rounds = Math.max(...stories.map((s) => s.bursts.length));
    const deliveries: StripeEvent[][] = [];
    for (let round = 0; round < rounds; round += 1) {
      const batch: StripeEvent[] = [];
      for (const s of stories) {
        for (const event of s.bursts[round] ?? []) {
          const copies = 1 + Math.floor(random() * 3);
          for (let i = 0; i < copies; i += 1) batch.push(event);
        }
        if (round > 0 && random() < 0.5) {
          const earlier = s.bursts[Math.floor(random() * round)];
          batch.push(earlier[Math.floor(random() * earlier.length)]);
        }
      }
      for (let i = batch.length - 1; i > 0; i -= 1) {
        const j = Math.floor(random() * (i + 1));
        [batch[i], batch[j]] = [batch[j], batch[i]];
      }
      deliveries.push(batch);
    }
    // Top up to exactly 1,000 with redeliveries of the last round (always safe to repeat).
    const total = () => deliveries.reduce((sum, batch) => sum + batch.length, 0);
    const last = deliveries[deliveries.length - 1];
    while (total() < 1000) last.push(last[Math.floor(random() * last.length)]);
    expect(total()).toBeGreaterThanOrEqual(1000);

    const statuses = new Map<number, number>();
    for (const batch of deliveries) {
      // Eight at a time, as Stripe's concurrent deliveries would arrive.
      for (let i = 0; i < batch.length; i += 8) {
        const answers = await Promise.all(
          batch.slice(i, i + 8).map(async (event) => {
            const { body, headers } = signedDelivery(event as never, webhookSecret);
            const response = await fetch(new URL('/api/stripe/webhook', t.url), { method: 'POST', headers, body });
            return response.status;
          }),
        );
        for (const status of answers) statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    }
    expect(Object.fromEntries(statuses)).toEqual({ 200: total() });
    await t.services.runner.catchUpAll();

    for (const [index, s] of stories.entries()) {
      const me = await members[index].client.get('/api/auth/me');
      expect({ member: index, role: me.body.role }).toEqual({ member: index, role: s.role });
    }
    const payments = await t.services.database.db.selectFrom('payments').selectAll().execute();
    const expectedPaid = stories.flatMap((s) => s.paid).sort();
    expect(payments.filter((p) => p.status === 'paid').map((p) => p.id).sort()).toEqual(expectedPaid);
    expect(payments.filter((p) => p.status !== 'paid')).toEqual([]);

    // Stripe's own list of paid invoices holds the same payments.
    stripe.seedInvoices(...stories.flatMap((s) => s.invoices).map((facts) => stripeInvoice({ ...facts, status: 'paid' })));
    const reconcileNow = () => runReconcile({ eventStore: t.services.eventStore, db: t.services.database.db, gateway: t.services.paymentGateway });
    const clean = await reconcileNow();
    expect(clean.discrepancies).toEqual([]);

    const removed = payments[Math.floor(random() * payments.length)];
    await t.services.database.db.deleteFrom('payments').where('id', '=', removed.id).execute();
    const after = await reconcileNow();
    expect(after.discrepancies).toHaveLength(1);
    expect(after.discrepancies[0].kind).toBe('read_model_total_differs');
  }, 240_000);
});
