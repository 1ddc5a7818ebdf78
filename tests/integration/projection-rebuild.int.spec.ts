import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresEventStore } from '../../backend/infrastructure/event-store/postgres-event-store';
import { product } from '../../backend/infrastructure/slices/product-slices';
import { ProjectionRunner } from '../../backend/projections/runner/projection-runner';
import { countedApplications, countingProjection, createCountingTable } from '../support/counting-projection';
import { createTestDatabase, usingServer, type TestDatabase } from '../support/database';
import { ScriptedIdeaGenerator, streamMessages } from '../support/scripted-idea-generator';
import { Client, newMember, startTestApp, type TestApp } from '../support/test-app';
import { expectRebuildsReproduceEveryTable } from '../support/rebuild-check';
import { runMemberExamples } from '../support/slice-examples';
import { testAppendContext as ctx } from '../support/append-context';

let database: TestDatabase;
let store: PostgresEventStore;
const quiet = { info() {}, error() {} };

async function appendCounted(count: number) {
  for (let i = 0; i < count; i += 10) {
    const events = Array.from({ length: Math.min(10, count - i) }, () => ({ id: randomUUID(), type: 'Counted', schemaVersion: 1, data: {} }));
    await store.append(`counted-${randomUUID()}`, events, ctx);
  }
}

beforeAll(async () => {
  database = await createTestDatabase();
  store = new PostgresEventStore(database.handle);
  await createCountingTable(database.handle.db);
});
afterAll(async () => database.drop());

describe('online rebuild', () => {
  it('readers polling during a rebuild always see the whole model; events appended meanwhile are applied exactly once', async () => {
    const db = database.handle.db;
    await appendCounted(300);
    const projection = countingProjection();
    // Small batches: the replay takes many transactions, and a reader can look between each.
    const live = new ProjectionRunner(db, store, [projection], quiet, { batchSize: 20 });
    // On a shared server another database's open transaction can hold events back for a moment.
    await expect.poll(async () => (await live.catchUp(projection), (await countedApplications(db)).size), { timeout: 30_000 }).toBe(300);
    await live.start();

    const seen: number[] = [];
    let rebuilding = true;
    const reader = (async () => {
      while (rebuilding) {
        const { rows } = await sql<{ n: number }>`select count(*)::int as n from counted_events`.execute(db);
        seen.push(rows[0].n);
      }
    })();
    const writer = (async () => {
      for (let i = 0; i < 5; i++) await appendCounted(10);
    })();

    const rebuilder = new ProjectionRunner(db, store, [projection], quiet, { batchSize: 20 });
    await rebuilder.rebuild(projection);
    rebuilding = false;
    await Promise.all([reader, writer]);
    await live.stop();

    expect(seen.length).toBeGreaterThan(5);
    // Never empty, never partial: every count is at least the 300 there were before.
    expect(Math.min(...seen)).toBeGreaterThanOrEqual(300);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from events where type = 'Counted'`.execute(db);
    expect(rows[0].n).toBe(350);
    await expect.poll(async () => (await live.catchUp(projection), (await countedApplications(db)).size), { timeout: 30_000 }).toBe(350);
    const applications = await countedApplications(db);
    expect([...applications.values()].every((n) => n === 1)).toBe(true);
    // The shadow tables are gone.
    const { rows: shadows } = await sql<{ n: number }>`
      select count(*)::int as n from information_schema.tables where table_schema = 'projection_rebuild'`.execute(db);
    expect(shadows[0].n).toBe(0);
  }, 120_000);
});

describe('rebuild equals live, for every registered read model', () => {
  let t: TestApp;
  const generator = new ScriptedIdeaGenerator();
  beforeAll(async () => {
    t = await startTestApp({}, { ideaGenerator: generator });
  });
  afterAll(async () => t?.close());

  /** Members doing what members do, so that every read model has rows. */
  async function memberActivity() {
    for (let i = 0; i < 3; i++) {
      const member = new Client(t.url);
      const signup = await member.post('/api/auth/signup', newMember());
      expect(signup.status).toBe(201);
      const userId = signup.body.user.id as string;
      // A generation that fails gives its credit back; the next one spends it.
      generator.failNext();
      await member.post('/api/generate-ideas-stream', { skill: 'Refunded' });
      const generated = await member.post('/api/generate-ideas-stream', { skill: `Pottery ${i}` });
      expect(streamMessages(generated.text).at(-1)).toMatchObject({ done: true });
      const saved = await member.post('/api/idea-sets', {
        skill: 'Kept by hand',
        categories: [{ id: 'services', name: 'Services', color: 'green' }],
        ideas: [{ id: 'a', title: 'An idea', subtitle: 's', description: 'd', category: 'services', industry: 'i', method: 'm', pricing: 'p' }],
      });
      expect(saved.status).toBe(201);
      // A plan from the kept idea with one task ticked (the plans read model, activePlans).
      const plan = await member.post('/api/plans/generate', { ideaTitle: 'An idea', ideaDescription: 'd', category: 'services', ideaId: 'a' });
      expect(plan.status).toBe(201);
      const taskId = (await member.get(`/api/plans/${plan.body.planId}`)).body.milestones[0].tasks[0].id;
      expect((await member.request('PATCH', `/api/tasks/${taskId}/toggle`, { completed: true })).status).toBe(200);
      // A support ticket with a staff reply (the support read model: tickets and messages), and one deleted.
      const ticket = await member.post('/api/support/tickets', { subject: `Question ${i}`, message: 'How do I export a plan?' });
      expect(ticket.status).toBe(201);
      const supportStaff = { kind: 'user', userId: randomUUID(), role: 'moderator' } as const;
      await t.services.support.reply(supportStaff, ticket.body.id, 'From the plan page.', { requestId: 'test' });
      await t.services.support.update(supportStaff, ticket.body.id, { priority: 'high', tags: ['General'] }, { requestId: 'test' });
      const gone = await member.post('/api/support/tickets', { subject: 'Never mind', message: 'Solved it myself.' });
      await t.services.support.remove(supportStaff, gone.body.id, { requestId: 'test' });
      const system = { actor: null, requestId: 'test' };
      await t.services.credits.grant({ userId, role: 'free' }, { kind: 'idea', amount: 1, reason: 'test' }, system);
      // A spend whose idea set never came (the process died): the pending-spends inbox holds it.
      await t.services.credits.consume(
        { userId, role: 'free' },
        { consumptionId: randomUUID(), kind: 'idea', paidFor: { ideaSetId: randomUUID() } },
        { actor: { kind: 'user', userId, role: 'free' }, requestId: 'abandoned' },
      );
      // Pro through the simulated gateway (billing accounts, payments, the role checks); the first cancels and its period ends.
      const checkout = await member.post('/api/stripe/create-checkout-session');
      expect(checkout.status).toBe(200);
      const checkoutId = String(checkout.body.url).split('/').at(-1);
      expect((await member.post(`/api/stripe/test-checkout/${checkoutId}/pay`)).status).toBe(200);
      if (i === 0) {
        const portal = await member.post('/api/stripe/create-portal-session');
        const portalId = String(portal.body.url).split('/').at(-1);
        expect((await member.post(`/api/stripe/test-portal/${portalId}/cancel-subscription`)).status).toBe(200);
        expect((await member.post(`/api/stripe/test-portal/${portalId}/end-period`)).status).toBe(200);
      }
      // An admin resets the second member's data: idea sets and plans deleted as events, the period's credits refunded.
      if (i === 1) {
        const admin = { kind: 'user', userId: randomUUID(), role: 'admin' } as const;
        // Undone once and reset again (issue 53): the restore events, and the admin actions read model, rebuild too.
        const origin = { actor: admin, requestId: 'reset' };
        const first = await t.services.adminActions.resetUser(admin, userId, undefined, origin);
        await t.services.adminActions.undo(admin, first.actionId!, origin);
        const reset = await t.services.adminActions.resetUser(admin, userId, undefined, origin);
        // The admin saves an AI configuration version (the ai-config read model, issue 33).
        await t.services.aiConfig.save(admin, { temperature: 0.3, reason: 'Calmer' }, 'ai-config');
        expect(reset).toMatchObject({ deletedIdeas: 2, deletedPlans: 1 });
      }
    }
    // One more member doing what every slice's examples do (so a slice added later has rows too).
    const example = new Client(t.url);
    expect((await example.post('/api/auth/signup', newMember())).status).toBe(201);
    await runMemberExamples(t.services.product.slices, example);
    // A member who deletes their account: the erasure read model records it, and every read model erases their rows.
    const leaving = new Client(t.url);
    expect((await leaving.post('/api/auth/signup', newMember())).status).toBe(201);
    expect((await leaving.post('/api/support/tickets', { subject: 'Leaving', message: 'Please delete everything.' })).status).toBe(201);
    expect((await leaving.request('DELETE', '/api/user/account')).status).toBe(200);
  }

  it('replaying every event into each read model gives exactly the rows it has live', async () => {
    await memberActivity();
    await expectRebuildsReproduceEveryTable(t);
    // The plan shapes the tables swapped in hold are stored as the migrated table's were: out
    // of the row, compressed with LZ4 on the server (the embedded database has only the default).
    const { rows } = await sql<{ storage: string; compression: string }>`
      select attstorage::text as storage, attcompression::text as compression
        from pg_attribute where attrelid = 'plans'::regclass and attname = 'plan'`.execute(t.services.database.db);
    expect(rows[0]).toEqual({ storage: 'x', compression: usingServer() ? 'l' : '' });
  }, 180_000);
});

describe('shadow tables a rebuild that died left', () => {
  const db = () => database.handle.db;
  const shadowTables = async () =>
    (await sql<{ name: string }>`select tablename as name from pg_tables where schemaname = 'projection_rebuild' order by tablename`.execute(db())).rows.map((row) => row.name);
  /** What a rebuild of every read model killed midway leaves: whole copies of the read models, rows and all. */
  async function leaveShadowCopies(tables: readonly string[]) {
    await sql`create schema if not exists projection_rebuild`.execute(db());
    for (const table of tables) {
      await sql`create table if not exists ${sql.table(`projection_rebuild.${table}`)} (like ${sql.table(table)} including all)`.execute(db());
      await sql`insert into ${sql.table(`projection_rebuild.${table}`)} select * from ${sql.table(table)}`.execute(db());
    }
  }
  const readModelTables = product.readModels.flatMap((model) => model.projection.tables);

  it('a rebuild of one projection first drops every leftover, of any projection', async () => {
    await leaveShadowCopies(readModelTables);
    expect(await shadowTables()).toEqual([...readModelTables].sort());
    const projection = countingProjection();
    await new ProjectionRunner(db(), store, [projection], quiet).rebuild(projection);
    expect(await shadowTables()).toEqual([]);
  }, 60_000);

  it('a runner drops them when it starts', async () => {
    await leaveShadowCopies(['users', 'payments', 'support_tickets']);
    expect(await shadowTables()).toEqual(['payments', 'support_tickets', 'users']);
    const runner = new ProjectionRunner(db(), store, [], quiet);
    await runner.start();
    await runner.stop();
    expect(await shadowTables()).toEqual([]);
  }, 60_000);
});
