import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAVES_PER_DAY } from '../../backend/application/ideas/idea-set-saves';
import { Client, newMember, startTestApp, type TestApp, eventCount } from '../support/test-app';
import { ScriptedIdeaGenerator, streamMessages } from '../support/scripted-idea-generator';

/** Issue 8 item 2: trial ideas saved from the server's copy, free saves capped, the list paged. */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({}, { ideaGenerator: new ScriptedIdeaGenerator() });
});
afterAll(async () => t.close());

async function signedUp(c = new Client(t.url)) {
  expect((await c.post('/api/auth/signup', newMember())).status).toBe(201);
  return c;
}

const set = (skill: string) => ({
  skill,
  categories: [{ id: 'offline', name: 'Local/Offline', color: 'orange' }],
  ideas: [
    {
      id: 'offline-1',
      title: 'Weekend bread subscription',
      subtitle: 'Neighbours pay for fresh loaves',
      description: 'Bake and deliver.',
      category: 'offline',
      industry: 'Food',
      method: 'Local service',
      pricing: '$25 per month',
    },
  ],
});

const ideaSetEvents = () => eventCount(t, 'IdeaSetCreated');

describe('POST /api/idea-sets/save-pending', () => {
  it('saves what the trial generated once, whatever the body says; a retry answers the same set; others get 404', async () => {
    const visitor = new Client(t.url);
    const done = streamMessages((await visitor.post('/api/generate-ideas-stream', { skill: 'Pottery' })).text).at(-1);
    expect(done).toMatchObject({ done: true, trialToken: expect.any(String) });
    await signedUp(visitor);

    const forged = { ...set('Anything I like'), trialToken: done.trialToken };
    const saved = await visitor.post('/api/idea-sets/save-pending', forged);
    expect(saved.status).toBe(201);
    expect(saved.body).toMatchObject({ skill: 'Pottery', categories: done.ideas.categories, ideas: done.ideas.ideas, personalized: false });

    const before = await ideaSetEvents();
    const again = await visitor.post('/api/idea-sets/save-pending', forged);
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(saved.body.id);
    expect((await visitor.get('/api/idea-sets')).body).toHaveLength(1);

    const other = await signedUp();
    const stolen = await other.post('/api/idea-sets/save-pending', forged);
    expect(stolen.status).toBe(404);
    expect(stolen.body.message).toMatch(/no longer be saved/);
    expect((await other.get('/api/idea-sets')).body).toEqual([]);
    expect(await ideaSetEvents()).toBe(before);
  });

  it('takes the body of spec §7 without a token: it saves the server\'s copy of the ideas the trial generated, once', async () => {
    const visitor = new Client(t.url);
    const done = streamMessages((await visitor.post('/api/generate-ideas-stream', { skill: 'Sourdough baking' })).text).at(-1);
    await signedUp(visitor);
    // The spec's body, as the trial returned it, with a description the client changed on the way.
    const body = {
      skill: 'Sourdough baking',
      categories: done.ideas.categories,
      ideas: done.ideas.ideas.map((idea: { description: string }, i: number) => (i === 0 ? { ...idea, description: 'Changed by the client' } : idea)),
    };
    const saved = await visitor.post('/api/idea-sets/save-pending', body);
    expect(saved.status).toBe(201);
    expect(saved.body).toMatchObject({ skill: 'Sourdough baking', ideas: done.ideas.ideas, personalized: false });
    const again = await visitor.post('/api/idea-sets/save-pending', body);
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(saved.body.id);
    // Once saved it is this member's: another member sending the same body gets 404.
    const other = await signedUp();
    expect((await other.post('/api/idea-sets/save-pending', body)).status).toBe(404);
    expect((await visitor.get('/api/idea-sets')).body).toHaveLength(1);
  });

  it('refuses ideas the server never generated (404), a body with neither token nor ideas (400), and an unknown token (404), storing nothing', async () => {
    const c = await signedUp();
    const before = await ideaSetEvents();
    const forged = await c.post('/api/idea-sets/save-pending', set('Forged'));
    expect(forged.status).toBe(404);
    expect(forged.body).toMatchObject({ code: 'trial_result_not_found', message: expect.stringMatching(/no longer be saved/) });
    const empty = await c.post('/api/idea-sets/save-pending', {});
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ code: 'trial_token_missing', message: expect.stringMatching(/trial token/) });
    const unknown = await c.post('/api/idea-sets/save-pending', { ...set('Forged'), trialToken: 'not-a-real-token' });
    expect(unknown.status).toBe(404);
    expect(await ideaSetEvents()).toBe(before);
    expect((await c.get('/api/idea-sets')).body).toEqual([]);
  });
});

describe('POST /api/idea-sets limits', () => {
  it(`takes at most ${SAVES_PER_DAY} sets a day per member, then answers 429 with a message and stores nothing`, async () => {
    const c = await signedUp();
    for (let i = 0; i < SAVES_PER_DAY; i++) expect((await c.post('/api/idea-sets', set(`Skill ${i}`))).status).toBe(201);
    const before = await ideaSetEvents();
    const refused = await c.post('/api/idea-sets', set('One too many'));
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'idea_set_save_limit', message: expect.stringMatching(/at most 20 idea sets a day/) });
    expect(await ideaSetEvents()).toBe(before);
    // Another member is not affected.
    expect((await (await signedUp()).post('/api/idea-sets', set('Mine'))).status).toBe(201);
  });

  it('bounds every field: too many ideas or a 5 KB idea title is a 400', async () => {
    const c = await signedUp();
    const base = set('Bounded');
    const tooMany = await c.post('/api/idea-sets', { ...base, ideas: Array.from({ length: 21 }, (_, i) => ({ ...base.ideas[0], id: `i${i}` })) });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toMatch(/at most 20 ideas/);
    const longTitle = await c.post('/api/idea-sets', { ...base, ideas: [{ ...base.ideas[0], title: 'x'.repeat(5000) }] });
    expect(longTitle.status).toBe(400);
    expect((await c.get('/api/idea-sets')).body).toEqual([]);
  });
});

describe('GET /api/idea-sets paging', () => {
  it('answers 10 newest by default and the rest through x-next-cursor, with no overlap; limit at most 20', async () => {
    const c = await signedUp();
    for (let i = 0; i < 13; i++) expect((await c.post('/api/idea-sets', set(`Skill ${i}`))).status).toBe(201);

    const first = await c.get('/api/idea-sets');
    expect(first.status).toBe(200);
    expect(first.body.map((s: { skill: string }) => s.skill)).toEqual(Array.from({ length: 10 }, (_, i) => `Skill ${12 - i}`));
    const cursor = first.headers.get('x-next-cursor');
    expect(cursor).toBeTruthy();

    const second = await c.get(`/api/idea-sets?cursor=${cursor}`);
    expect(second.body.map((s: { skill: string }) => s.skill)).toEqual(['Skill 2', 'Skill 1', 'Skill 0']);
    expect(second.headers.get('x-next-cursor')).toBeNull();

    const small = await c.get('/api/idea-sets?limit=4');
    expect(small.body).toHaveLength(4);
    expect((await c.get('/api/idea-sets?limit=20')).body).toHaveLength(13);
    expect((await c.get('/api/idea-sets?limit=21')).status).toBe(400);
    expect((await c.get('/api/idea-sets?limit=0')).status).toBe(400);
    const bad = await c.get('/api/idea-sets?cursor=garbage');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/cursor/);
  });

  it('stops a page at about 256 KB, however large the sets: the rest follows through the cursor', async () => {
    const c = await signedUp();
    const big = (i: number) => ({
      skill: `Big ${i} ${'s'.repeat(1990)}`,
      categories: Array.from({ length: 10 }, (_, k) => ({ id: `c${k}`, name: 'n'.repeat(100), color: 'c'.repeat(50) })),
      ideas: Array.from({ length: 20 }, (_, k) => ({
        id: `i${k}`,
        title: 't'.repeat(200),
        subtitle: 'u'.repeat(300),
        description: 'd'.repeat(1000),
        category: 'c0',
        industry: 'i'.repeat(200),
        method: 'm'.repeat(500),
        pricing: 'p'.repeat(200),
      })),
    });
    for (let i = 0; i < 8; i++) expect((await c.post('/api/idea-sets', big(i))).status).toBe(201);
    const seen: string[] = [];
    let url = '/api/idea-sets?limit=20';
    for (let pages = 0; pages < 10; pages++) {
      const res = await c.get(url);
      expect(Buffer.byteLength(res.text)).toBeLessThan(256 * 1024 + 60 * 1024);
      seen.push(...res.body.map((set: { skill: string }) => set.skill.split(' ').slice(0, 2).join(' ')));
      const next = res.headers.get('x-next-cursor');
      if (!next) break;
      url = `/api/idea-sets?limit=20&cursor=${next}`;
    }
    expect(seen).toEqual(Array.from({ length: 8 }, (_, i) => `Big ${7 - i}`));
  });
});
