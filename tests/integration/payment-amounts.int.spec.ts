import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runReconcile } from '../../backend/application/finance/reconcile-run';
import { billingStream, type PaymentMode } from '../../backend/domain/billing/billing-events';
import { systemActor } from '../../backend/domain/shared/actor';
import { paymentAmountsInMinorUnitsMigration } from '../../backend/projections/billing/billing-projection';
import { staffMember } from '../support/member-data';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Amounts in the currency's minor unit (issue 48): a member's payment and refund stored as v1
 * events (major units, 9.99, as written before) read everywhere as the same payment and refund
 * stored at v2 (999): the payments read model, the admin API, admin stats and finance reconcile.
 */

let t: TestApp;
let admin: Awaited<ReturnType<typeof staffMember>>;
const now = new Date();

beforeAll(async () => {
  t = await startTestApp({});
  admin = await staffMember(t, 'admin');
}, 60_000);
afterAll(async () => t?.close());

/** A subscription paid twice, its second payment refunded, with the payment events at `schemaVersion` and amounts as that version wrote them. */
async function history(mode: PaymentMode, schemaVersion: 1 | 2): Promise<string> {
  const userId = randomUUID();
  const amount = schemaVersion === 1 ? 9.99 : 999;
  const subscriptionId = `sub_${userId}`;
  const payment = (paymentId: string) => ({
    providerEventId: `evt_${randomUUID()}`,
    payment: {
      paymentId, mode, type: 'subscription', status: 'paid', amount, currency: 'usd', interval: 'month', description: 'Skilly Pro',
      customerName: 'Ada Member', customerEmail: 'ada@example.com', created: now.toISOString(), subscriptionId,
    },
  });
  const events = [
    { type: 'SubscriptionActivated', schemaVersion: 1, data: { providerEventId: `evt_${randomUUID()}`, subscriptionId, customerId: `cus_${userId}`, mode, currentPeriodEnd: null } },
    { type: 'PaymentRecorded', schemaVersion, data: payment(`in_${userId}_1`) },
    { type: 'PaymentRecorded', schemaVersion, data: payment(`in_${userId}_2`) },
    {
      type: 'PaymentRefunded',
      schemaVersion,
      data: { paymentId: `in_${userId}_2`, refundId: `re_${userId}`, subscriptionId, amount, currency: 'usd', mode, reason: 'duplicate_subscription', refundedAt: now.toISOString() },
    },
  ];
  await t.services.eventStore.append(
    billingStream.name(userId),
    events.map((e) => ({ id: randomUUID(), ...e })),
    { expectedVersion: 'any', actor: systemActor('billing'), occurredAt: now, causationId: `amounts-${userId}`, correlationId: 'payment-amounts-test' },
  );
  return userId;
}

describe('payments and refunds stored in major units (v1)', () => {
  it('read as the same payments in minor units (v2) in the read model, the admin API, admin stats and reconcile', async () => {
    const old = await history('live', 1);
    const current = await history('test', 2);
    await t.services.runner.catchUpAll();

    const { rows } = await sql<{ user_id: string; amount: string | number; status: string }>`
      select user_id, amount, status from payments where user_id in (${old}, ${current}) order by id`.execute(t.services.database.db);
    const amounts = (userId: string) => rows.filter((r) => r.user_id === userId).map((r) => [Number(r.amount), r.status]);
    expect(amounts(old)).toEqual([[999, 'paid'], [999, 'refunded']]);
    expect(amounts(current)).toEqual(amounts(old));

    const listed = await admin.client.get('/api/admin/stripe-payments');
    expect(listed.status).toBe(200);
    const shown = (userId: string) =>
      (listed.body as { id: string; amount: number; currency: string }[]).filter((p) => p.id.startsWith(`in_${userId}`)).map((p) => [p.amount, p.currency]);
    expect(shown(old)).toEqual([[9.99, 'usd'], [9.99, 'usd']]);
    expect(shown(current)).toEqual(shown(old));

    const stats = async (mode: PaymentMode) => {
      const answer = await admin.client.get(`/api/admin/stats?mode=${mode}`);
      expect(answer.status).toBe(200);
      const { totalRevenue, revenueThisMonth, mrr } = answer.body as { totalRevenue: number; revenueThisMonth: number; mrr: number };
      return { totalRevenue, revenueThisMonth, mrr };
    };
    // Two payments of 9.99, one given back; the subscription's monthly price is 9.99.
    expect(await stats('live')).toEqual({ totalRevenue: 9.99, revenueThisMonth: 9.99, mrr: 9.99 });
    expect(await stats('test')).toEqual(await stats('live'));

    const report = await runReconcile({ eventStore: t.services.eventStore, db: t.services.database.db });
    expect(report.discrepancies.filter((d) => d.kind === 'read_model_total_differs')).toEqual([]);
    const month = (mode: PaymentMode) => {
      const row = report.months.find((m) => m.mode === mode && m.currency === 'usd')!;
      return { payments: row.payments, grossMinor: row.grossMinor, gross: row.gross, refunds: row.refunds, refundedMinor: row.refundedMinor, refunded: row.refunded };
    };
    expect(month('live')).toEqual({ payments: 2, grossMinor: 1998, gross: '19.98', refunds: 1, refundedMinor: 999, refunded: '9.99' });
    expect(month('test')).toEqual(month('live'));
  }, 120_000);
});

describe('migration 0051', () => {
  it('turns the payments rows written in major units into integers of each currency\'s minor unit', async () => {
    const db = t.services.database.db;
    // The column as it was before (numeric, major units), with a row of each kind of currency.
    await sql`delete from payments`.execute(db);
    await sql`alter table payments alter column amount type numeric(12, 2)`.execute(db);
    const row = (id: string, amount: string, currency: string) =>
      sql`insert into payments (id, user_id, subscription_id, mode, type, status, amount, currency, interval, description, customer_name, customer_email, created, provider_event_id, recorded_at)
          values (${id}, 'u', null, 'live', 'charge', 'paid', ${amount}::numeric, ${currency}, null, 'd', null, null, now(), ${`evt_${id}`}, now())`.execute(db);
    await row('in_usd', '9.99', 'usd');
    await row('in_jpy', '1000', 'jpy');
    await row('in_kwd', '1.23', 'kwd');
    await row('in_eur', '19.99', 'EUR');

    await paymentAmountsInMinorUnitsMigration.up(db);

    const { rows } = await sql<{ id: string; amount: string | number }>`select id, amount from payments order by id`.execute(db);
    expect(rows.map((r) => [r.id, Number(r.amount)])).toEqual([['in_eur', 1999], ['in_jpy', 1000], ['in_kwd', 1230], ['in_usd', 999]]);
  });
});
