import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSIONS_CHANGED_CHANNEL } from '../../backend/application/ports/sessions-changed';
import { usingServer } from '../support/database';
import { SESSION_CACHE_TTL_MS } from '../../backend/infrastructure/http/session-cache';
import { systemActor } from '../../backend/domain/shared/actor';
import { Client, newMember, startTestApp, startSecondInstance, type TestApp } from '../support/test-app';

/**
 * Issue 18: sessions are cached for a few seconds per server instance, yet ending a session
 * on one instance ends it on every other at once (well under the cache lifetime).
 */
let a: TestApp;
let second: Awaited<ReturnType<typeof startSecondInstance>>;

beforeAll(async () => {
  const secret = { SESSION_SECRET: 'a shared cookie secret of two server instances' };
  a = await startTestApp(secret);
  second = await startSecondInstance(a, secret);
});
afterAll(async () => {
  await second.close();
  await a.close();
});

/** Milliseconds until GET /api/auth/me with this cookie answers 401 on the second instance. */
async function msUntilSignedOut(cookie: string, limitMs: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < limitMs) {
    const response = await fetch(`${second.url}/api/auth/me`, { headers: { cookie } });
    if (response.status === 401) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return Infinity;
}

async function signedUpCookie(member = newMember()) {
  const c = new Client(a.url);
  const signup = await c.post('/api/auth/signup', member);
  expect(signup.status).toBe(201);
  const id = signup.body.user.id as string;
  const cookie = `skilly_session=${c.sessionCookie}`;
  // Read twice on the second instance: the session is now in its cache.
  for (let i = 0; i < 2; i++) expect((await fetch(`${second.url}/api/auth/me`, { headers: { cookie } })).status).toBe(200);
  return { c, cookie, member, id };
}

describe('session cache across two server instances', () => {
  it('logout on one instance ends the session on the other within a second', async () => {
    const { c, cookie } = await signedUpCookie();
    expect((await c.post('/api/auth/logout')).status).toBe(200);
    const ms = await msUntilSignedOut(cookie, SESSION_CACHE_TTL_MS);
    expect(ms).toBeLessThan(1000);
  });

  it('a new password set through one instance ends old sessions on the other within a second', async () => {
    const { cookie, member } = await signedUpCookie();
    expect((await new Client(a.url).post('/api/auth/forgot-password', { email: member.email })).status).toBe(200);
    const mail = await a.services.database.db
      .selectFrom('email_outbox')
      .selectAll()
      .where('recipient', '=', member.email).where('template', '=', 'password-reset')
      .executeTakeFirstOrThrow();
    const token = decodeURIComponent(/reset-password\?token=([^\s]+)/.exec(mail.body)![1]);
    expect((await new Client(a.url).post('/api/auth/reset-password', { token, password: 'a brand new secret' })).status).toBe(200);
    const ms = await msUntilSignedOut(cookie, SESSION_CACHE_TTL_MS);
    expect(ms).toBeLessThan(1000);
  });

  it('a role changed outside the member\'s requests (an admin, a payment) shows on both instances as soon as it is projected', async () => {
    const { c, cookie, id } = await signedUpCookie();
    expect((await c.get('/api/auth/me')).body.role).toBe('free'); // cached on the first instance too
    const outcome = await a.services.identity.changeRole(id, 'pro', 'Paid subscription', { actor: systemActor('test'), requestId: 'upgrade' });
    await a.services.progress.waitFor(outcome.position!, 5000);
    const started = Date.now();
    const roles = async () => [
      (await c.get('/api/auth/me')).body.role,
      (await (await fetch(`${second.url}/api/auth/me`, { headers: { cookie } })).json()).role,
    ];
    let seen = await roles();
    while (seen.some((role) => role !== 'pro') && Date.now() - started < SESSION_CACHE_TTL_MS) seen = await roles();
    expect(seen).toEqual(['pro', 'pro']);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it("a member's own change drops only their cached session, here and (once projected) on the other instance: other members' stay", async () => {
    const x = await signedUpCookie();
    const y = await signedUpCookie();
    // Once the sign-ups are projected (their batches name X and Y), both sessions are cached on both instances.
    await a.services.runner.catchUpAll();
    await new Promise((resolve) => setTimeout(resolve, 100));
    for (const url of [a.url, second.url]) {
      for (const { cookie } of [x, y]) expect((await fetch(`${url}/api/auth/me`, { headers: { cookie } })).status).toBe(200);
    }
    const cached = (instance: { app: TestApp['app'] }, cookie: string) =>
      instance.app.sessionCache.get(decodeURIComponent(cookie.slice('skilly_session='.length)), Date.now()) !== undefined;
    expect([cached(a, x.cookie), cached(a, y.cookie), cached(second, x.cookie), cached(second, y.cookie)]).toEqual([true, true, true, true]);

    const renamed = await x.c.request('PATCH', '/api/user/profile', { firstName: 'Renamed', lastName: x.member.lastName, email: x.member.email, country: null, profilePicture: null });
    expect(renamed.status).toBe(200);
    expect([cached(a, x.cookie), cached(a, y.cookie)]).toEqual([false, true]);
    // The runner's batch names X: the other instance drops X's session and keeps Y's.
    await a.services.runner.catchUpAll();
    const started = Date.now();
    while (cached(second, x.cookie) && Date.now() - started < SESSION_CACHE_TTL_MS) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(Date.now() - started).toBeLessThan(1000);
    expect(cached(second, y.cookie)).toBe(true);
    expect((await (await fetch(`${second.url}/api/auth/me`, { headers: { cookie: x.cookie } })).json()).firstName).toBe('Renamed');
  });

  it("a task ticked in a plan whose status stays keeps the member's cached session; the toggle that completes the plan drops it, and /api/auth/me counts it at once", async () => {
    const { c, cookie, id } = await signedUpCookie();
    // Pro, so the plan's every milestone can be detailed (a plan completes only then).
    const upgraded = await a.services.identity.changeRole(id, 'pro', 'Paid subscription', { actor: systemActor('test'), requestId: 'upgrade' });
    await a.services.progress.waitFor(upgraded.position!, 5000);
    const idea = { id: 'idea-1', title: 'Custom Pet Portraits', subtitle: 'Pet owners pay for a painting', description: 'Paint pets from photos and sell on Fiverr.', category: 'fiverr', industry: 'Art', method: 'Gigs', pricing: '$40-120' };
    expect((await c.post('/api/idea-sets', { skill: 'Pet painting', categories: [{ id: 'fiverr', name: 'Fiverr', color: 'green' }], ideas: [idea] })).status).toBe(201);
    const generated = await c.post('/api/plans/generate', { ideaTitle: idea.title, ideaDescription: idea.description, category: 'fiverr', ideaId: idea.id });
    expect(generated.status, generated.text).toBe(201);
    const planId = generated.body.planId as string;
    expect((await c.get('/api/auth/me')).body.activePlans).toBe(1);
    const cached = () => a.app.sessionCache.get(decodeURIComponent(cookie.slice('skilly_session='.length)), Date.now()) !== undefined;
    type Milestone = { isDetailed: string; tasks: { id: string; completed: string }[] };
    const openTasks = async () => {
      const milestones = (await c.get(`/api/plans/${planId}`)).body.milestones as Milestone[];
      return { ids: milestones.flatMap((m) => m.tasks.filter((t) => t.completed !== 'true').map((t) => t.id)), outlines: milestones.filter((m) => m.isDetailed !== 'true').length };
    };

    // Once the runner has passed the earlier writes (a plan generated, a milestone paid for: both
    // name the member), a read puts the session back in the cache.
    const settled = async () => {
      await a.services.runner.catchUpAll();
      await new Promise((resolve) => setTimeout(resolve, 100));
      return openTasks();
    };

    // Every task but the plan's last: the plan stays active, the session stays cached.
    let ticked = 0;
    for (let plan = await settled(); ; plan = await settled()) {
      expect(cached()).toBe(true);
      const ids = plan.outlines > 0 ? plan.ids : plan.ids.slice(0, -1);
      for (const taskId of ids) {
        const toggled = await c.request('PATCH', `/api/tasks/${taskId}/toggle`, {});
        expect(toggled.status, toggled.text).toBe(200);
        expect(toggled.body.status).toBe('active');
        expect(cached()).toBe(true);
        ticked++;
      }
      if (plan.outlines === 0) break;
      const next = await c.post(`/api/plans/${planId}/generate-next-milestone`);
      expect(next.status, next.text).toBe(200);
    }
    expect(ticked).toBeGreaterThan(1);
    expect((await c.get('/api/auth/me')).body.activePlans).toBe(1);

    const [lastTask] = (await openTasks()).ids;
    const last = await c.request('PATCH', `/api/tasks/${lastTask}/toggle`, {});
    expect(last.body.status).toBe('completed');
    expect(cached()).toBe(false);
    expect((await c.get('/api/auth/me')).body.activePlans).toBe(0);
    // Reopening it makes the plan active again: counted at once too.
    expect((await c.request('PATCH', `/api/tasks/${lastTask}/toggle`, {})).body.status).toBe('active');
    expect((await c.get('/api/auth/me')).body.activePlans).toBe(1);
  });

  it("tasks ticked, reopened and added in a plan that stays active name no one: the other instance keeps the member's session once the runner passed them; a plan's new status is told at its append's commit", async () => {
    const { c, cookie } = await signedUpCookie();
    const cachedOnSecond = () => second.app.sessionCache.get(decodeURIComponent(cookie.slice('skilly_session='.length)), Date.now()) !== undefined;
    const meOnSecond = async () => (await (await fetch(`${second.url}/api/auth/me`, { headers: { cookie } })).json()) as { activePlans: number };
    const idea = { id: 'idea-1', title: 'Sourdough Classes', subtitle: 'Neighbours learn to bake', description: 'Teach small groups to bake sourdough at home.', category: 'offline', industry: 'Food', method: 'Classes', pricing: '$30 a class' };
    expect((await c.post('/api/idea-sets', { skill: 'Sourdough baking', categories: [{ id: 'offline', name: 'Local/Offline', color: 'orange' }], ideas: [idea] })).status).toBe(201);
    await a.services.runner.catchUpAll();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await meOnSecond()).activePlans).toBe(0);
    expect(cachedOnSecond()).toBe(true);

    // No runner: what the other instance hears comes from the appends' own commits.
    await a.services.runner.stop();
    try {
      const generated = await c.post('/api/plans/generate', { ideaTitle: idea.title, ideaDescription: idea.description, category: 'offline', ideaId: idea.id });
      expect(generated.status, generated.text).toBe(201);
      const planId = generated.body.planId as string;
      // The new plan moved the member's count: the other instance dropped the session at that commit.
      expect(cachedOnSecond()).toBe(false);
      expect((await meOnSecond()).activePlans).toBe(1);
      // The generation's other events (its credit, its AI call) move the member's row: once the
      // runner has passed them, a read puts the session back in the other instance's cache.
      await a.services.runner.catchUpAll();
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect((await meOnSecond()).activePlans).toBe(1);
      expect(cachedOnSecond()).toBe(true);

      const milestones = (await c.get(`/api/plans/${planId}`)).body.milestones as { id: string; isDetailed: string; tasks: { id: string }[] }[];
      const detailed = milestones.find((m) => m.isDetailed === 'true' && m.tasks.length > 1)!;
      const [taskId] = detailed.tasks.map((t) => t.id);
      for (const expected of ['true', 'false']) {
        const toggled = await c.request('PATCH', `/api/tasks/${taskId}/toggle`, {});
        expect(toggled.status, toggled.text).toBe(200);
        expect([toggled.body.status, toggled.body.task.completed]).toEqual(['active', expected]);
      }
      const added = await c.post(`/api/plans/${planId}/milestones/${detailed.id}/tasks`, { title: 'Bake a test loaf', description: 'Before the first class' });
      expect(added.status, added.text).toBe(201);
    } finally {
      await a.services.runner.start();
    }
    // The runner passes the tick, the reopening and the addition: the plan stayed active, the
    // member's row as it was, so the other instance keeps the session.
    await a.services.runner.catchUpAll();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(cachedOnSecond()).toBe(true);
    expect((await meOnSecond()).activePlans).toBe(1);
  });

  it.runIf(usingServer())('a rebuild names no member while it replays into its shadow tables: its only word to the servers is the swap’s, to everyone (server)', async () => {
    const { c } = await signedUpCookie();
    const idea = { id: 'idea-1', title: 'Sourdough Classes', subtitle: 'Neighbours learn to bake', description: 'Teach small groups to bake sourdough at home.', category: 'offline', industry: 'Food', method: 'Classes', pricing: '$30 a class' };
    expect((await c.post('/api/idea-sets', { skill: 'Sourdough baking', categories: [{ id: 'offline', name: 'Local/Offline', color: 'orange' }], ideas: [idea] })).status).toBe(201);
    const generated = await c.post('/api/plans/generate', { ideaTitle: idea.title, ideaDescription: idea.description, category: 'offline', ideaId: idea.id });
    expect(generated.status, generated.text).toBe(201);
    await a.services.runner.catchUpAll();

    const listener = new pg.Client({ connectionString: a.database.url });
    await listener.connect();
    const heard: string[] = [];
    listener.on('notification', (note) => heard.push(note.payload ?? ''));
    await listener.query(`listen ${SESSIONS_CHANGED_CHANNEL}`);
    try {
      // The replay counts every owner's active plans again (a plan created moves the count).
      await a.services.runner.rebuildAll();
      await new Promise((resolve) => setTimeout(resolve, 200));
    } finally {
      await listener.end();
    }
    expect(heard.length).toBeGreaterThan(0);
    expect(heard.filter((payload) => payload !== '')).toEqual([]);
    expect((await c.get('/api/auth/me')).body.activePlans).toBe(1);
  });

  it('a live session keeps answering from either instance', async () => {
    const { cookie } = await signedUpCookie();
    for (const url of [a.url, second.url]) expect((await fetch(`${url}/api/auth/me`, { headers: { cookie } })).status).toBe(200);
  });
});
