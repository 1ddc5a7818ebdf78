import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, newMember, startTestApp, type TestApp } from '../support/test-app';
import { ScriptedIdeaGenerator, streamMessages } from '../support/scripted-idea-generator';

/** Issue 8 item 4 (design §3.7): creates a client may retry take an Idempotency-Key. */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({}, { ideaGenerator: new ScriptedIdeaGenerator() });
});
afterAll(async () => t.close());

const db = () => t.services.database.db;
async function count(type: string) {
  const row = await sql<{ n: string }>`select count(*) as n from events where type = ${type}`.execute(db());
  return Number(row.rows[0].n);
}
async function signedUp() {
  const c = new Client(t.url);
  const res = await c.post('/api/auth/signup', newMember());
  expect(res.status).toBe(201);
  return c;
}
const set = (skill: string) => ({
  skill,
  categories: [{ id: 'online', name: 'Online', color: 'blue' }],
  ideas: [
    { id: 'o1', title: 'Course', subtitle: 'Teach it', description: 'Record lessons.', category: 'online', industry: 'Education', method: 'Video', pricing: '$49' },
  ],
});

describe('Idempotency-Key', () => {
  it('POST /api/idea-sets: the same key twice has one effect and answers the first status and body', async () => {
    const c = await signedUp();
    const before = await count('IdeaSetCreated');
    const first = await c.post('/api/idea-sets', set('Pottery'), { 'idempotency-key': 'save-1' });
    const second = await c.post('/api/idea-sets', set('Pottery'), { 'idempotency-key': 'save-1' });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(await count('IdeaSetCreated')).toBe(before + 1);
    expect((await c.get('/api/idea-sets')).body).toHaveLength(1);

    // Without a key, or with another key, it is a new request.
    expect((await c.post('/api/idea-sets', set('Pottery'), { 'idempotency-key': 'save-2' })).status).toBe(201);
    expect(await count('IdeaSetCreated')).toBe(before + 2);
  });

  it('the key with a different body answers 422 with a message and changes nothing', async () => {
    const c = await signedUp();
    expect((await c.post('/api/idea-sets', set('Knitting'), { 'idempotency-key': 'k' })).status).toBe(201);
    const before = await count('IdeaSetCreated');
    const reused = await c.post('/api/idea-sets', set('Weaving'), { 'idempotency-key': 'k' });
    expect(reused.status).toBe(422);
    expect(reused.body).toMatchObject({ code: 'idempotency_key_reused', message: expect.stringMatching(/different request/) });
    expect(await count('IdeaSetCreated')).toBe(before);
  });

  it('the key on the same route with other path parameters is a different request (422), not the first answer', async () => {
    const c = await signedUp();
    expect((await c.post('/api/idea-sets', set('Baking'), {})).status).toBe(201);
    const generated = await c.post('/api/plans/generate', { ideaTitle: 'Course', ideaDescription: 'Record lessons.', category: 'online', ideaId: 'o1' });
    expect(generated.status).toBe(201);
    const plan = (await c.get(`/api/plans/${generated.body.planId}`)).body;
    const [first, second] = plan.milestones[0].tasks;
    const helped = await c.post(`/api/tasks/${first.id}/help`, {}, { 'idempotency-key': 'help-1' });
    expect(helped.status).toBe(200);
    const other = await c.post(`/api/tasks/${second.id}/help`, {}, { 'idempotency-key': 'help-1' });
    expect(other.status).toBe(422);
    expect(other.body).toMatchObject({ code: 'idempotency_key_reused' });
    expect(other.headers.get('idempotent-replayed')).toBeNull();
  });

  it('keys belong to their caller: another member may use the same key', async () => {
    const ada = await signedUp();
    const grace = await signedUp();
    const a = await ada.post('/api/idea-sets', set('Baking'), { 'idempotency-key': 'shared' });
    const g = await grace.post('/api/idea-sets', set('Baking'), { 'idempotency-key': 'shared' });
    expect(a.status).toBe(201);
    expect(g.status).toBe(201);
    expect(g.body.id).not.toBe(a.body.id);
  });

  it('simultaneous retries with one key still have one effect', async () => {
    const c = await signedUp();
    const before = await count('IdeaSetCreated');
    const answers = await Promise.all(Array.from({ length: 5 }, () => c.post('/api/idea-sets', set('Juggling'), { 'idempotency-key': 'burst' })));
    for (const answer of answers) expect([201, 409]).toContain(answer.status);
    expect(answers.filter((a) => a.status === 201).every((a) => a.body.id === answers.find((x) => x.status === 201)!.body.id)).toBe(true);
    expect(await count('IdeaSetCreated')).toBe(before + 1);
  });

  it('sign-up: the same key twice creates one account and answers the first result', async () => {
    const c = new Client(t.url);
    const member = newMember();
    const before = await count('UserRegistered');
    const first = await c.post('/api/auth/signup', member, { 'idempotency-key': 'signup-1' });
    const second = await new Client(t.url).post('/api/auth/signup', member, { 'idempotency-key': 'signup-1' });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body.user.id).toBe(first.body.user.id);
    expect(await count('UserRegistered')).toBe(before + 1);
  });

  it('sign-up: the replay is signed in as the first answer was, with a session cookie of the same account', async () => {
    const member = newMember();
    const first = new Client(t.url);
    expect((await first.post('/api/auth/signup', member, { 'idempotency-key': 'signup-session' })).status).toBe(201);
    const retry = new Client(t.url);
    const replay = await retry.post('/api/auth/signup', member, { 'idempotency-key': 'signup-session' });
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toMatchObject({ message: 'Account created' });
    expect(retry.sessionCookie).toBeTruthy();
    const me = await retry.get('/api/auth/me');
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(replay.body.user.id);
    expect((await retry.get('/api/credits')).status).toBe(200);
    // The first session is its own and keeps working.
    expect((await first.get('/api/auth/me')).body.id).toBe(replay.body.user.id);
  });

  it('sign-up: a replay after the password was changed opens no session (it carries the old password)', async () => {
    const member = newMember();
    expect((await new Client(t.url).post('/api/auth/signup', member, { 'idempotency-key': 'signup-old' })).status).toBe(201);
    expect((await new Client(t.url).post('/api/auth/forgot-password', { email: member.email })).status).toBe(200);
    const mail = await db().selectFrom('email_outbox').selectAll().where('recipient', '=', member.email).where('template', '=', 'password-reset').executeTakeFirstOrThrow();
    const token = decodeURIComponent(/reset-password\?token=([^\s]+)/.exec(mail.body)![1]);
    expect((await new Client(t.url).post('/api/auth/reset-password', { token, password: 'a brand new secret' })).status).toBe(200);
    const retry = new Client(t.url);
    const replay = await retry.post('/api/auth/signup', member, { 'idempotency-key': 'signup-old' });
    expect(replay.status).toBe(401);
    expect(replay.body).toMatchObject({ code: 'invalid_credentials' });
    expect(retry.sessionCookie).toBeUndefined();
  });

  it('the idea stream: a retried key does not generate or spend again (409, the ideas are in the idea sets)', async () => {
    const c = await signedUp();
    const first = await c.post('/api/generate-ideas-stream', { skill: 'Woodworking' }, { 'idempotency-key': 'gen-1' });
    expect(first.status).toBe(200);
    expect(streamMessages(first.text).at(-1)).toMatchObject({ done: true });
    const retry = await c.post('/api/generate-ideas-stream', { skill: 'Woodworking' }, { 'idempotency-key': 'gen-1' });
    expect(retry.status).toBe(409);
    expect(retry.body).toMatchObject({ code: 'idempotency_already_streamed', message: expect.stringMatching(/idea sets/) });
    expect((await c.get('/api/credits')).body.used.idea).toBe(1);
    expect((await c.get('/api/idea-sets')).body).toHaveLength(1);
  });

  it('refuses an over-long key with 400; expired keys are pruned', async () => {
    const c = await signedUp();
    const long = await c.post('/api/idea-sets', set('Long'), { 'idempotency-key': 'k'.repeat(201) });
    expect(long.status).toBe(400);
    await sql`update idempotency_keys set expires_at = now() - interval '1 minute'`.execute(db());
    expect((await c.post('/api/idea-sets', set('Fresh'), { 'idempotency-key': 'fresh' })).status).toBe(201);
    const left = await sql<{ n: string }>`select count(*) as n from idempotency_keys where expires_at < now()`.execute(db());
    expect(Number(left.rows[0].n)).toBe(0);
  });
});
