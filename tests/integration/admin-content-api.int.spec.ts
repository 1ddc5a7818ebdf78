import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContentCleanup } from '../../backend/application/admin/content-cleanup';
import { userStreams } from '../../backend/domain/identity/user';
import { planStream } from '../../backend/domain/plans/plan';
import { pageIdeaSetIds } from '../../backend/projections/idea-sets/idea-sets-projection';
import { pagePlanIds } from '../../backend/projections/plans/plans-projection';
import { staffMember } from '../support/member-data';
import { streamMessages } from '../support/scripted-idea-generator';
import { Client, eventCount, newMember, startTestApp, type TestApp } from '../support/test-app';

/**
 * Deleting members' content as events (back-office §2 Members tab "reset data", Dashboard tab
 * cleanup; §6 admin only, never on self): POST /api/admin/users/{id}/reset-data and
 * POST /api/admin/cleanup-user-content through real HTTP on a real database.
 */

let t: TestApp;
let admin: Awaited<ReturnType<typeof staffMember>>;
beforeAll(async () => {
  t = await startTestApp();
  admin = await staffMember(t, 'admin');
});
afterAll(async () => t?.close());

const idea = { id: 'a', title: 'Pet portraits', subtitle: 's', description: 'Paint pets', category: 'services', industry: 'Art', method: 'Gigs', pricing: '$40' };

/**
 * A free member with two idea sets (one generated: an idea credit), two plans (both plan credits)
 * and a help answer (a help credit): ideasGenerated 1, helpCredits 1, activePlans 2.
 */
async function memberWithContent() {
  const client = new Client(t.url);
  const signup = await client.post('/api/auth/signup', newMember());
  expect(signup.status).toBe(201);
  const userId = signup.body.user.id as string;
  const generated = await client.post('/api/generate-ideas-stream', { skill: 'Pottery' });
  expect(streamMessages(generated.text).at(-1)).toMatchObject({ done: true });
  const saved = await client.post('/api/idea-sets', { skill: 'Painting', categories: [{ id: 'services', name: 'Services', color: 'green' }], ideas: [idea] });
  expect(saved.status, saved.text).toBe(201);
  const planIds: string[] = [];
  for (let i = 0; i < 2; i++) {
    const plan = await client.post('/api/plans/generate', { ideaTitle: idea.title, ideaDescription: idea.description, category: 'services', ideaId: idea.id });
    expect(plan.status, plan.text).toBe(201);
    planIds.push(plan.body.planId as string);
  }
  const taskId = (await client.get(`/api/plans/${planIds[0]}`)).body.milestones[0].tasks[0].id as string;
  expect((await client.post(`/api/tasks/${taskId}/help`)).status).toBe(200);
  const me = (await client.get('/api/auth/me')).body;
  expect(me).toMatchObject({ ideasGenerated: 1, helpCredits: 1, activePlans: 2 });
  return { client, userId, planIds, taskId };
}

const contentOf = async (client: Client) => ({
  ideaSets: (await client.get('/api/idea-sets')).body as unknown[],
  plans: (await client.get('/api/plans')).body as unknown[],
});

describe('who may delete members’ content', () => {
  it('a visitor is told to sign in; free, pro and moderator are refused; nothing is deleted', async () => {
    const member = await memberWithContent();
    const moderator = await staffMember(t, 'moderator');
    const proClient = new Client(t.url);
    const proSignup = await proClient.post('/api/auth/signup', newMember());
    await t.services.identity.changeRole(proSignup.body.user.id, 'pro', 'test', { actor: null, requestId: 'pro' });
    await t.services.runner.catchUpAll();
    const callers: [Client, number][] = [
      [new Client(t.url), 401],
      [member.client, 403],
      [proClient, 403],
      [moderator.client, 403],
    ];
    for (const [client, status] of callers) {
      expect((await client.post(`/api/admin/users/${member.userId}/reset-data`)).status).toBe(status);
      expect((await client.post('/api/admin/cleanup-user-content')).status).toBe(status);
    }
    expect(await contentOf(member.client)).toMatchObject({ ideaSets: { length: 2 }, plans: { length: 2 } });
  });
});

describe('POST /api/admin/users/{id}/reset-data', () => {
  it('deletes the member’s idea sets and plans as events, gives the period’s credits back and records the reset', async () => {
    const member = await memberWithContent();
    const other = await memberWithContent();
    const reset = await admin.client.post(`/api/admin/users/${member.userId}/reset-data`, { reason: '  Spam content ' });
    expect(reset.status, reset.text).toBe(200);
    expect(reset.body).toEqual({ message: 'User data reset successfully', deletedIdeas: 2, deletedPlans: 2 });

    // Read-your-writes: the answer waited for the lists and the counters.
    expect(await contentOf(member.client)).toEqual({ ideaSets: [], plans: [] });
    expect((await member.client.get('/api/auth/me')).body).toMatchObject({ ideasGenerated: 0, milestoneCredits: 0, helpCredits: 0, activePlans: 0 });
    expect((await member.client.get('/api/credits')).body.used).toEqual({ idea: 0, plan: 0, milestone: 0, help: 0 });
    // A deleted plan is gone for the member's routes too.
    expect((await member.client.get(`/api/plans/${member.planIds[0]}`)).status).toBe(404);
    expect((await member.client.get(`/api/plans/${member.planIds[0]}/history`)).status).toBe(404);
    expect((await member.client.request('PATCH', `/api/tasks/${member.taskId}/toggle`, { completed: true })).status).toBe(404);

    // The events name the admin and the reason; the account's stream records the reset.
    const plan = await t.services.eventStore.readStream(planStream.name(member.planIds[0]));
    expect(plan.at(-1)).toMatchObject({ type: 'PlanDeleted', data: { planId: member.planIds[0], reason: 'Spam content' }, actor: { kind: 'user', userId: admin.userId, role: 'admin' } });
    const account = await t.services.eventStore.readStream(userStreams.name(member.userId));
    expect(account.at(-1)).toMatchObject({ type: 'UserDataReset', data: { reason: 'Spam content', deletedIdeas: 2, deletedPlans: 2 }, actor: { userId: admin.userId } });
    const statement = (await member.client.get('/api/credits/statement')).body;
    expect(JSON.stringify(statement)).toContain('Spam content');

    // Another member is untouched.
    expect(await contentOf(other.client)).toMatchObject({ ideaSets: { length: 2 }, plans: { length: 2 } });
    expect((await other.client.get('/api/auth/me')).body).toMatchObject({ ideasGenerated: 1, helpCredits: 1, activePlans: 2 });

    // A second reset finds nothing to delete, and says so.
    const again = await admin.client.post(`/api/admin/users/${member.userId}/reset-data`);
    expect(again.body).toEqual({ message: 'User data reset successfully', deletedIdeas: 0, deletedPlans: 0 });
    expect((await t.services.eventStore.readStream(userStreams.name(member.userId))).at(-1)?.data).toMatchObject({ reason: 'Reset by an admin' });
  });

  it('refuses the admin’s own account (403) and changes nothing', async () => {
    const before = await eventCount(t, 'UserDataReset');
    const own = await admin.client.post(`/api/admin/users/${admin.userId}/reset-data`, {});
    expect(own.status).toBe(403);
    expect(own.body.message).toBe('You cannot reset your own data');
    expect(await eventCount(t, 'UserDataReset')).toBe(before);
  });

  it('answers 404 "User not found" for an unknown id, and 400 for a reason too long', async () => {
    const unknown = await admin.client.post('/api/admin/users/no-such-user/reset-data');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('User not found');
    const member = await memberWithContent();
    const long = await admin.client.post(`/api/admin/users/${member.userId}/reset-data`, { reason: 'x'.repeat(501) });
    expect(long.status).toBe(400);
    expect(await contentOf(member.client)).toMatchObject({ ideaSets: { length: 2 }, plans: { length: 2 } });
  });
});

describe('POST /api/admin/cleanup-user-content', () => {
  it('deletes every member’s idea sets and plans, counts the members, and a second run answers zeros', async () => {
    const members = [await memberWithContent(), await memberWithContent(), await memberWithContent()];
    const ideaSetsBefore = Number((await t.services.database.db.selectFrom('idea_sets').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
    const plansBefore = Number((await t.services.database.db.selectFrom('plans').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
    const owners = await t.services.database.db
      .selectFrom('idea_sets')
      .select('owner_id')
      .union(t.services.database.db.selectFrom('plans').select('owner_id'))
      .execute();

    const cleanup = await admin.client.post('/api/admin/cleanup-user-content');
    expect(cleanup.status, cleanup.text).toBe(200);
    expect(cleanup.body).toEqual({ deletedIdeas: ideaSetsBefore, deletedPlans: plansBefore, updatedUsers: owners.length });
    expect(cleanup.body.updatedUsers).toBeGreaterThanOrEqual(3);
    for (const member of members) {
      expect(await contentOf(member.client)).toEqual({ ideaSets: [], plans: [] });
      expect((await member.client.get('/api/auth/me')).body.activePlans).toBe(0);
    }
    const plan = await t.services.eventStore.readStream(planStream.name(members[0].planIds[1]));
    expect(plan.at(-1)).toMatchObject({ type: 'PlanDeleted', data: { reason: 'Content cleanup by an admin' }, actor: { userId: admin.userId } });

    const again = await admin.client.post('/api/admin/cleanup-user-content');
    expect(again.body).toEqual({ deletedIdeas: 0, deletedPlans: 0, updatedUsers: 0 });
  });

  it('goes through the content a page at a time', async () => {
    const members = [await memberWithContent(), await memberWithContent()];
    const { db } = t.services.database;
    const limits: number[] = [];
    const small = createContentCleanup({
      ...t.services,
      reads: {
        ideaSets: (page) => (limits.push(page.limit), pageIdeaSetIds(db, page)),
        plans: (page) => (limits.push(page.limit), pagePlanIds(db, page)),
      },
      pageSize: 1,
    });
    const adminActor = { kind: 'user', userId: admin.userId, role: 'admin' } as const;
    const outcome = await small.cleanupAll(adminActor, { actor: adminActor, requestId: 'paged' });
    expect(outcome).toMatchObject({ deletedIdeas: 4, deletedPlans: 4, updatedUsers: 2 });
    // One id per page: 4 pages of sets and 4 of plans, each followed by the empty page that ends it.
    expect(limits).toEqual(Array(10).fill(1));
    await t.services.runner.catchUpAll();
    for (const member of members) expect(await contentOf(member.client)).toEqual({ ideaSets: [], plans: [] });
  });
});
