import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ERASURE_SWEEP } from '../../backend/application/account/account-erasure';
import { accountDeletedMessage } from '../../backend/application/contracts/account';
import type { ReconcileReport } from '../../backend/application/finance/reconcile';
import { runReconcile } from '../../backend/application/finance/reconcile-run';
import { billingStream } from '../../backend/domain/billing/billing-events';
import { creditAccountStreams } from '../../backend/domain/credits/credit-account';
import { erasureStreams } from '../../backend/domain/identity/erasure';
import { userStreams } from '../../backend/domain/identity/user';
import { planStream, type PlanCreated } from '../../backend/domain/plans/plan';
import { ticketStream } from '../../backend/domain/support/ticket';
import { createStripeGateway } from '../../backend/infrastructure/payments/stripe-gateway';
import { product } from '../../backend/infrastructure/slices/product-slices';
import { usingServer } from '../support/database';
import { distinctive } from '../support/distinctive';
import { memberWithData, personalTexts, staffMember, type MemberWithData } from '../support/member-data';
import { checkoutCompleted, invoicePaid, proPriceId, signedDelivery, startStripeServer, stripeInvoice, stripeSubscription, subscriptionDeleted, type StripeServer } from '../support/stripe-server';
import { databaseDump, occurrencesIn } from '../support/personal-data-search';
import { leftAfterErasure, memberWithExamples, textsMissingFromExport } from '../support/slice-coverage';
import { Client, eventCount, newMember, startTestApp, type TestApp } from '../support/test-app';

/**
 * Account deletion with verified erasure (issue 31 "Done when"; design §3.5; member-product §4):
 * a member with an idea set, a plan with history, a ticket with a staff reply, a payment and a
 * profile picture deletes their account; afterwards no table of the database (the event store's
 * included) and no file of the store holds their email, names or anything they wrote, a rebuild
 * from zero gives the same rows, and the person is gone for good while everyone else is as before.
 */

let t: TestApp;
let admin: Awaited<ReturnType<typeof staffMember>>;
beforeAll(async () => {
  t = await startTestApp();
  admin = await staffMember(t, 'admin');
});
afterAll(async () => t?.close());

/** Where each text still occurs in this app's database and file store. */
const occurrences = (texts: Record<string, string>) => occurrencesIn(t, texts);

/** Every row of every read model's tables, as comparable text. */
async function readModelRows(): Promise<Record<string, string[]>> {
  const rows: Record<string, string[]> = {};
  for (const table of product.readModels.flatMap((model) => model.projection.tables)) {
    const { rows: found } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(t.services.database.db);
    rows[table] = found.map((row) => JSON.stringify(row)).sort();
  }
  return rows;
}

const exportOf = async (client: Client) => {
  const answer = await client.get('/api/user/export');
  expect(answer.status, answer.text).toBe(200);
  const { exportedAt: _at, ...rest } = answer.body;
  return rest;
};

/** `finance reconcile` over this app's event store and payments read model (the CLI exits 0 when it finds no discrepancy). */
const books = async (app: TestApp = t) => {
  await app.services.runner.catchUpAll();
  return runReconcile({ eventStore: app.services.eventStore, db: app.services.database.db, gateway: app.services.paymentGateway });
};

const streamExists = async (stream: string) => (await t.services.eventStore.readStream(stream)).length > 0;

describe('deleting an account through DELETE /api/user/account', () => {
  let ada: MemberWithData;
  let grace: MemberWithData;
  let graceExport: unknown;
  let aiCallsBefore: number;
  let booksBefore: ReconcileReport;

  beforeAll(async () => {
    ada = await memberWithData(t, admin);
    grace = await memberWithData(t, admin);
    graceExport = await exportOf(grace.client);
    aiCallsBefore = await eventCount(t, 'AiCallRecorded');
    booksBefore = await books();
  }, 120_000);

  it('finds every text of the member in the database and the file store before (so the search below can fail)', async () => {
    const found = await occurrences(personalTexts(ada));
    expect(Object.keys(found).sort()).toEqual(Object.keys(personalTexts(ada)).sort());
    // On the PostgreSQL server a full pg_dump is searched too, and finds them.
    if (usingServer()) expect(Object.values(found).flat().filter((place) => place.startsWith('pg_dump:'))).not.toEqual([]);
    expect((await t.services.files.get(ada.pictureKey))?.bytes.length).toBeGreaterThan(0);
    expect(aiCallsBefore).toBeGreaterThan(0);
  });

  it('answers 200 with the spec’s sentence and ends the session (its cookie cleared, the old one refused)', async () => {
    const cookieBefore = ada.client.sessionCookie;
    const deleted = await ada.client.request('DELETE', '/api/user/account');
    expect(deleted.status, deleted.text).toBe(200);
    expect(deleted.body).toEqual({ message: accountDeletedMessage });
    expect(deleted.setCookie.some((cookie) => /^skilly_session=;/.test(cookie))).toBe(true);
    expect(ada.client.sessionCookie).toBeUndefined();
    const oldSession = new Client(t.url, { cookie: `skilly_session=${cookieBefore}` });
    expect((await oldSession.get('/api/auth/me')).status).toBe(401);
  }, 60_000);

  it('leaves no occurrence of their email, names, skill, ideas, tasks or ticket texts in any table or file, and no picture', async () => {
    expect(await occurrences(personalTexts(ada))).toEqual({});
    expect(await t.services.files.get(ada.pictureKey)).toBeNull();
    // Not even their id, but in the record of the erasure, the AI usage records and the books (the id of nobody now).
    const erasureRecord = ({ table, row }: { table: string; row: string }) =>
      table.endsWith('.member_erasures') ||
      table.endsWith('.payments') ||
      (table.endsWith('.projection_stream_versions') &&
        (row.includes(erasureStreams.name(ada.userId)) || row.includes(billingStream.name(ada.userId)))) ||
      (table.endsWith('.events') && (row.includes(',membererased,') || row.includes(',aicallrecorded,') || row.includes(`,${billingStream.name(ada.userId)},`)));
    const withId = (await databaseDump(t)).filter(({ row }) => row.includes(ada.userId));
    expect(withId.filter((place) => !erasureRecord(place))).toEqual([]);
  });

  it('deletes their streams, keeps the AI calls, and records the erasure without personal data, naming who asked', async () => {
    for (const stream of [userStreams.name(ada.userId), creditAccountStreams.name(ada.userId), planStream.name(ada.planId), ticketStream.name(ada.ticketId)]) {
      expect(await streamExists(stream), stream).toBe(false);
    }
    // The books stay: the billing stream, written again without the customer's name and email.
    const billing = await t.services.eventStore.readStream(billingStream.name(ada.userId));
    const payments = billing.filter((event) => event.type === 'PaymentRecorded').map((event) => event.data.payment as Record<string, unknown>);
    expect(payments).toEqual([expect.objectContaining({ status: 'paid', customerName: null, customerEmail: null })]);
    expect(await eventCount(t, 'AiCallRecorded')).toBe(aiCallsBefore);
    const [erased] = await t.services.eventStore.readStream(erasureStreams.name(ada.userId));
    expect(erased.type).toBe('MemberErased');
    expect(erased.data).toEqual({ userId: ada.userId, streamsErased: expect.any(Number), by: 'member' });
    // Account, ledger, billing, idea set, plan, ticket and the email claim.
    expect(erased.data.streamsErased).toBe(7);
    expect(erased.actor).toEqual({ kind: 'user', userId: ada.userId, role: 'pro' });
  });

  it('keeps the books: reconcile finds nothing amiss and every month’s revenue is what it was', async () => {
    // Both members paid (TEST mode, simulated): the erased one's payment still counts.
    expect(booksBefore.months.reduce((sum, month) => sum + month.payments, 0)).toBeGreaterThanOrEqual(2);
    expect(booksBefore.discrepancies).toEqual([]);
    const after = await books();
    expect(after.discrepancies).toEqual([]);
    expect(after.months).toEqual(booksBefore.months);
    const [row] = await t.services.database.db.selectFrom('payments').selectAll().where('user_id', '=', ada.userId).execute();
    expect(row).toMatchObject({ status: 'paid', customer_name: null, customer_email: null });
  });

  it('a rebuild of every read model from zero gives the same rows, still without any of it', async () => {
    const before = await readModelRows();
    for (const projection of product.readModels.map((model) => model.projection).filter((p) => p.tables.length > 0)) {
      await t.services.runner.rebuild(projection);
    }
    expect(await readModelRows()).toEqual(before);
    expect(await occurrences(personalTexts(ada))).toEqual({});
  }, 120_000);

  it('leaves another member’s data as it was', async () => {
    expect(await exportOf(grace.client)).toEqual(graceExport);
    const found = await occurrences(personalTexts(grace));
    expect(Object.keys(found).sort()).toEqual(Object.keys(personalTexts(grace)).sort());
    expect((await t.services.files.get(grace.pictureKey))?.bytes.length).toBeGreaterThan(0);
  });

  it('the member can no longer sign in, and their email can sign up again as a new account', async () => {
    const signIn = await new Client(t.url).post('/api/auth/login', { email: ada.email, password: ada.password });
    expect(signIn.status).toBe(401);
    const again = await new Client(t.url).post('/api/auth/signup', { firstName: 'New', lastName: 'Person', email: ada.email, password: 'another password 1' });
    expect(again.status, again.text).toBe(201);
    expect(again.body.user.id).not.toBe(ada.userId);
    expect((await new Client(t.url).post('/api/auth/login', { email: ada.email, password: 'another password 1' })).status).toBe(200);
  });

  it('an account already erased is not found (404 user_not_found), also for an admin', async () => {
    await expect(t.services.accountErasure.erase(ada.userId, { actor: { kind: 'user', userId: admin.userId, role: 'admin' }, requestId: 'again' })).rejects.toMatchObject({
      code: 'user_not_found',
      kind: 'not_found',
    });
  });
});

describe("every slice's examples (Slice.memberExamples)", () => {
  it('the export holds every text they wrote; after deletion no text and no stream of the member remains', async () => {
    const member = await memberWithExamples(t);
    expect(member.examples.texts.length).toBeGreaterThan(3);
    expect(member.streams.length).toBeGreaterThan(3);
    expect(await textsMissingFromExport(member)).toEqual([]);
    expect(await leftAfterErasure(t, member)).toEqual({ texts: {}, streams: [] });
  });
});

describe('writes that land after the erasure', () => {
  it('the sweep erases a plan a generation still in flight wrote for the erased member, and records the pass', async () => {
    const member = new Client(t.url);
    const signup = await member.post('/api/auth/signup', newMember());
    const userId = signup.body.user.id as string;
    expect((await member.request('DELETE', '/api/user/account')).status).toBe(200);
    expect(await t.services.erasureSweeper.sweep()).toBe(0);

    // The generation finishes after the erasure: its plan names the erased member.
    const planId = randomUUID();
    const lateTitle = distinctive('Qlate');
    const late: PlanCreated['data'] = {
      planId,
      ownerId: userId,
      ideaId: 'a',
      title: lateTitle,
      description: 'Written after the account was erased',
      category: 'offline',
      timeEstimate: '6 weeks',
      firstMilestone: { milestoneId: randomUUID(), title: 'Week 1', description: '', timeEstimate: '1 week', freeResources: [], paidResources: [], tasks: [{ taskId: randomUUID(), title: 'Start', description: '' }], successCriteria: '' },
      outlines: [],
    };
    await t.services.eventStore.append(planStream.name(planId), [{ id: randomUUID(), type: 'PlanCreated', schemaVersion: 1, data: late }], {
      expectedVersion: 'no_stream',
      actor: { kind: 'user', userId, role: 'free' },
      occurredAt: new Date(),
      causationId: 'late',
      correlationId: 'late',
    });
    await t.services.runner.catchUpAll();
    expect(await t.services.database.db.selectFrom('plans').select('id').where('owner_id', '=', userId).execute()).toHaveLength(1);

    expect(await t.services.erasureSweeper.sweep()).toBe(1);
    expect(await streamExists(planStream.name(planId))).toBe(false);
    expect(await t.services.database.db.selectFrom('plans').select('id').where('owner_id', '=', userId).execute()).toEqual([]);
    expect(await occurrences({ lateTitle })).toEqual({});
    const passes = await t.services.eventStore.readStream(erasureStreams.name(userId));
    expect(passes.map((event) => [event.data.by, event.data.streamsErased, event.actor])).toEqual([
      ['member', expect.any(Number), { kind: 'user', userId, role: 'free' }],
      ['member', 1, { kind: 'system', name: ERASURE_SWEEP }],
    ]);
    expect(await t.services.erasureSweeper.sweep()).toBe(0);
  }, 60_000);
});

describe('who may delete', () => {
  it('the only admin is refused (409) and keeps everything; with a second admin they may', async () => {
    const lone = await startTestApp();
    try {
      const client = new Client(lone.url);
      const signup = await client.post('/api/auth/signup', newMember());
      const userId = signup.body.user.id as string;
      await lone.services.identity.changeRole(userId, 'admin', 'test', { actor: null, requestId: 'test' });
      await lone.services.runner.catchUpAll();
      const { token } = await lone.services.identity.startSession(userId);
      const onlyAdmin = new Client(lone.url, { cookie: `skilly_session=${encodeURIComponent(lone.app.signCookie(token))}` });
      const refused = await onlyAdmin.request('DELETE', '/api/user/account');
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual({ message: 'You are the only admin. Make another account an admin before deleting this one.', code: 'last_admin' });
      expect((await onlyAdmin.get('/api/auth/me')).status).toBe(200);
      expect((await lone.services.eventStore.readStream(userStreams.name(userId))).map((e) => e.type)).not.toContain('UserDeleted');

      const second = await new Client(lone.url).post('/api/auth/signup', newMember());
      await lone.services.identity.changeRole(second.body.user.id, 'admin', 'test', { actor: null, requestId: 'test' });
      await lone.services.runner.catchUpAll();
      expect((await onlyAdmin.request('DELETE', '/api/user/account')).status).toBe(200);
      const [erased] = await lone.services.eventStore.readStream(erasureStreams.name(userId));
      expect(erased.data).toMatchObject({ by: 'member' });
    } finally {
      await lone.close();
    }
  }, 60_000);

  it('an admin erases another account through the same code, recorded as by an admin; another member may not', async () => {
    const member = new Client(t.url);
    const userId = (await member.post('/api/auth/signup', newMember())).body.user.id as string;
    const other = (await new Client(t.url).post('/api/auth/signup', newMember())).body.user.id as string;
    await t.services.runner.catchUpAll();
    await expect(t.services.accountErasure.erase(userId, { actor: { kind: 'user', userId: other, role: 'free' }, requestId: 'test' })).rejects.toMatchObject({
      code: 'forbidden',
      data: { action: 'erase_member' },
    });
    expect(await streamExists(userStreams.name(userId))).toBe(true);
    await t.services.accountErasure.erase(userId, { actor: { kind: 'user', userId: admin.userId, role: 'admin' }, requestId: 'test' });
    expect(await streamExists(userStreams.name(userId))).toBe(false);
    const [erased] = await t.services.eventStore.readStream(erasureStreams.name(userId));
    expect(erased.data).toMatchObject({ userId, by: 'admin' });
    expect(erased.actor).toEqual({ kind: 'user', userId: admin.userId, role: 'admin' });
    expect((await member.get('/api/auth/me')).status).toBe(401);
  }, 60_000);

  it('a visitor is refused (401)', async () => {
    expect((await new Client(t.url).request('DELETE', '/api/user/account')).status).toBe(401);
  });
});

describe('the copies of the read models a rebuild writes (schema projection_rebuild)', () => {
  it('erasure leaves no row of the member in the shadow tables a rebuild killed midway left', async () => {
    const member = await memberWithData(t, admin);
    await t.services.runner.catchUpAll();
    const db = t.services.database.db;
    await sql`create schema if not exists projection_rebuild`.execute(db);
    for (const table of product.readModels.flatMap((model) => model.projection.tables)) {
      await sql`create table ${sql.table(`projection_rebuild.${table}`)} (like ${sql.table(table)} including all)`.execute(db);
      await sql`insert into ${sql.table(`projection_rebuild.${table}`)} select * from ${sql.table(table)}`.execute(db);
    }
    try {
      const before = await occurrences({ email: member.email });
      expect(before.email.filter((place) => place.startsWith('projection_rebuild.'))).not.toEqual([]);

      expect((await member.client.request('DELETE', '/api/user/account')).status).toBe(200);
      expect(await occurrences(personalTexts(member))).toEqual({});
    } finally {
      await t.services.runner.dropLeftoverShadowTables();
    }
  }, 120_000);
});

describe('every table is erased or holds no personal data', () => {
  it('each table is a read model whose projection erases, has a plain-table eraser, or is said to hold no personal data', async () => {
    const { rows } = await sql<{ name: string }>`
      select table_name as name from information_schema.tables where table_type = 'BASE TABLE' and table_schema = current_schema()`.execute(
      t.services.database.db,
    );
    const erasedByProjections = product.readModels.flatMap(({ projection }) => (projection.erase ? projection.tables : []));
    const erasedByErasers = t.services.personalDataErasers.flatMap((eraser) => eraser.tables);
    const decided = new Set([...erasedByProjections, ...erasedByErasers, ...Object.keys(t.services.productFacts.tablesWithoutPersonalData)]);
    expect(rows.map((row) => row.name).filter((name) => !decided.has(name))).toEqual([]);
    // And every projection with tables erases.
    expect(product.readModels.filter(({ projection }) => projection.tables.length > 0 && !projection.erase).map(({ projection }) => projection.name)).toEqual([]);
  });
});

describe('with Stripe, the subscription is cancelled at the provider first', () => {
  const webhookSecret = 'whsec_skilly_erasure_secret';
  let stripe: StripeServer;
  let app: TestApp;
  beforeAll(async () => {
    stripe = await startStripeServer();
    app = await startTestApp(
      {},
      { paymentGateway: createStripeGateway({ secretKey: 'sk_test_skilly', webhookSecret, priceId: proPriceId, apiUrl: stripe.apiUrl, maxNetworkRetries: 0 }) },
    );
  });
  afterAll(async () => {
    await app?.close();
    await stripe?.close();
  });
  afterEach(() => {
    stripe.unavailable = false;
  });

  async function deliver(event: object) {
    const { body, headers } = signedDelivery(event as never, webhookSecret);
    return (await fetch(new URL('/api/stripe/webhook', app.url), { method: 'POST', headers, body })).status;
  }

  it('refuses (502) with nothing erased while Stripe cannot be reached; then deletes the customer, which ends the subscription', async () => {
    const client = new Client(app.url);
    const details = newMember();
    const userId = (await client.post('/api/auth/signup', details)).body.user.id as string;
    expect((await client.post('/api/stripe/create-checkout-session')).status).toBe(200);
    const customerId = stripe.requestsTo('POST', '/v1/checkout/sessions')[0].body.customer as string;
    const subscriptionId = 'sub_1SkillyErasure000000001';
    const ids = { userId, customerId, subscriptionId };
    stripe.seedSubscriptions(stripeSubscription({ ...ids, status: 'active' }));
    expect(await deliver(checkoutCompleted({ ...ids, email: details.email }))).toBe(200);
    const invoice = { ...ids, invoiceId: 'in_1SkillyErasure00000001', customerEmail: details.email, customerName: `${details.firstName} ${details.lastName}`, amount: 999, currency: 'usd' };
    stripe.seedInvoices(stripeInvoice(invoice));
    expect(await deliver(invoicePaid(invoice))).toBe(200);
    await expect.poll(async () => (await client.get('/api/auth/me')).body.role).toBe('pro');
    const booksBefore = await books(app);
    expect(booksBefore.provider).toEqual({ mode: 'test' });
    expect(booksBefore.discrepancies).toEqual([]);
    expect(booksBefore.months.map((month) => [month.payments, month.gross])).toEqual([[1, '9.99']]);

    stripe.unavailable = true;
    const refused = await client.request('DELETE', '/api/user/account');
    expect(refused.status).toBe(502);
    expect(refused.body).toEqual({ message: 'The payment provider could not be reached. Please try again in a moment.', code: 'payment_provider_failed' });
    expect((await client.get('/api/auth/me')).status).toBe(200);
    expect((await app.services.eventStore.readStream(userStreams.name(userId))).map((e) => e.type)).not.toContain('UserDeleted');
    expect((await app.services.eventStore.readStream(billingStream.name(userId))).length).toBeGreaterThan(0);

    stripe.unavailable = false;
    expect((await client.request('DELETE', '/api/user/account')).status).toBe(200);
    expect(stripe.deletedCustomers).toEqual([customerId]);
    expect(stripe.subscriptions.find((subscription) => subscription.id === subscriptionId)?.status).toBe('canceled');

    // The books keep the paid invoice the provider lists, without the person: reconcile stays clean.
    const booksAfter = await books(app);
    expect(booksAfter.discrepancies).toEqual([]);
    expect(booksAfter.months).toEqual(booksBefore.months);
    const kept = await app.services.eventStore.readStream(billingStream.name(userId));
    expect(JSON.stringify(kept.map((event) => event.data)).toLowerCase()).not.toContain(details.email.toLowerCase());
    expect(JSON.stringify(kept.map((event) => event.data))).not.toContain(details.lastName);

    // Stripe then reports the subscription's end: the member is gone, so it brings nothing back.
    const ended = subscriptionDeleted(ids);
    expect(await deliver(ended)).toBe(200);
    expect(await app.services.eventStore.readStream(billingStream.name(userId))).toEqual(kept);
    const inbox = await app.services.database.db.selectFrom('billing_inbox').selectAll().where('event_id', '=', ended.id).execute();
    expect(inbox).toEqual([expect.objectContaining({ user_id: null, processed_at: expect.anything() })]);
  }, 60_000);
});
