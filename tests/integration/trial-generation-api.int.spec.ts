import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AiGenerationError } from '../../backend/application/ports/idea-generator';
import { Client, everyEvent, newMember, startTestApp, type TestApp } from '../support/test-app';
import { ScriptedIdeaGenerator, streamMessages } from '../support/scripted-idea-generator';

// Their own servers and databases: the per-IP counts must not leak into other test files.
const generator = new ScriptedIdeaGenerator();
let t: TestApp;
let small: TestApp;
beforeAll(async () => {
  t = await startTestApp({}, { ideaGenerator: generator });
  small = await startTestApp({ TRIAL_GENERATIONS_PER_DAY: '2' }, { ideaGenerator: new ScriptedIdeaGenerator() });
});
afterAll(async () => {
  await t.close();
  await small.close();
});

const visitor = (app = t) => new Client(app.url);
const generate = (c: Client, skill = 'Calligraphy') => c.post('/api/generate-ideas-stream', { skill });

describe('visitor trial generation (default: 5 a day per IP address)', () => {
  it('counts only successful generations, refuses the 6th with a clear 429 before streaming, and keeps nothing', async () => {
    // A refused request does not count.
    const invalid = await visitor().post('/api/generate-ideas-stream', { skill: '' });
    expect(invalid.status).toBe(400);
    // A failed generation does not count either.
    generator.failNext(new AiGenerationError('timeout', 'Request timed out. Please try again.'));
    const failed = await generate(visitor());
    expect(failed.status).toBe(200);
    expect(streamMessages(failed.text).at(-1)).toEqual({ error: 'Request timed out. Please try again.', errorType: 'timeout' });

    for (let i = 0; i < 5; i++) {
      const res = await generate(visitor(), `Calligraphy ${i}`);
      expect(res.status).toBe(200);
      const done = streamMessages(res.text).at(-1);
      expect(done).toMatchObject({ done: true, generator: 'offline' });
      expect(done.ideas.ideas.length).toBeGreaterThan(0);
      // A trial keeps nothing on the server: the ideas live in the visitor's session storage.
      expect(done).not.toHaveProperty('ideaSetId');
    }

    const calls = generator.calls.length;
    const sixth = await generate(visitor());
    expect(sixth.status).toBe(429);
    expect(sixth.headers.get('content-type')).toMatch(/application\/json/);
    expect(sixth.body).toEqual({
      message: "You've used your 5 free idea generations for today. Sign up for free to keep going, or come back tomorrow.",
      code: 'trial_limit',
    });
    const retryAfter = Number(sixth.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(86_400);
    expect(generator.calls.length).toBe(calls);

    const events = await everyEvent(t);
    expect(events.filter((e) => e.type === 'IdeaSetCreated')).toHaveLength(0);
    const aiCalls = events.filter((e) => e.type === 'AiCallRecorded');
    expect(aiCalls).toHaveLength(6);
    for (const call of aiCalls) {
      expect(call.data).toMatchObject({ userId: null, audience: 'visitor', kind: 'ideas' });
      expect(call.actor).toEqual({ kind: 'system', name: 'visitor-trial' });
    }
  });

  it('does not limit a signed-in member from the same address: credits apply instead', async () => {
    const c = new Client(t.url);
    expect((await c.post('/api/auth/signup', newMember())).status).toBe(201);
    const res = await generate(c);
    expect(res.status).toBe(200);
    expect(streamMessages(res.text).at(-1)).toMatchObject({ done: true, ideaSetId: expect.any(String) });
  });
});

describe('visitor trial with TRIAL_GENERATIONS_PER_DAY=2', () => {
  it('lets simultaneous requests from one address pass the limit no further than it allows', async () => {
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => generate(visitor(small), `Juggling ${i}`)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(2);
    const refused = results.filter((r) => r.status !== 200);
    expect(refused).toHaveLength(6);
    for (const r of refused) {
      expect(r.status).toBe(429);
      expect(r.body.message).toBe("You've used your 2 free idea generations for today. Sign up for free to keep going, or come back tomorrow.");
    }
  });
});
