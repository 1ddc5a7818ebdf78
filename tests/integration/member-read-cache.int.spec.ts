import { request as httpRequest } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMBER_READ_TTL_MS } from '../../backend/infrastructure/http/plugins/member-read-cache';
import { Client, newMember, startTestApp, startSecondInstance, type TestApp } from '../support/test-app';

/**
 * Issue 18: a member's reads are answered from memory for a few seconds, yet a change is seen
 * at once by the member who made it, within a second on every other server instance, and one
 * member's answer is never another's.
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

const ideaSet = (skill: string) => ({
  skill,
  categories: [{ id: 'offline', name: 'Local/Offline', color: 'orange' }],
  ideas: Array.from({ length: 3 }, (_, i) => ({
    id: `offline-${i + 1}`,
    title: `${skill} idea ${i + 1}`,
    subtitle: 'Neighbours pay for it every week',
    description: 'Do it on Friday night, deliver on Saturday, and collect a monthly fee.',
    category: 'offline',
    industry: 'Food',
    method: 'Local service',
    pricing: '$25 per month',
  })),
});

async function member() {
  const c = new Client(a.url);
  expect((await c.post('/api/auth/signup', newMember())).status).toBe(201);
  // The sign-up answered from its inline read models; the runner passes its events a moment
  // later and tells every instance to drop its cached reads. Let that word go by first.
  await a.services.runner.catchUpAll();
  await new Promise((resolve) => setTimeout(resolve, 100));
  return { c, onSecond: new Client(second.url, { cookie: `skilly_session=${c.sessionCookie}` }) };
}

const skills = (body: { skill: string }[]) => body.map((set) => set.skill);

/** `GET /api/idea-sets` as the member, its answer as sent (fetch would decompress it). */
const readRaw = (c: Client, headers: Record<string, string>) =>
  new Promise<{ headers: Record<string, string | string[] | undefined>; bytes: Buffer }>((resolve, reject) => {
    const req = httpRequest(new URL('/api/idea-sets', a.url), { headers: { cookie: `skilly_session=${c.sessionCookie}`, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ headers: res.headers, bytes: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });

describe('member reads answered from memory', () => {
  it("shows the member's own change on the very next read", async () => {
    const { c } = await member();
    for (let i = 0; i < 2; i++) expect(skills((await c.get('/api/idea-sets')).body)).toEqual([]);
    expect(a.app.memberReadCache.size).toBeGreaterThan(0);
    expect((await c.post('/api/idea-sets', ideaSet('Sourdough baking'))).status).toBe(201);
    expect(skills((await c.get('/api/idea-sets')).body)).toEqual(['Sourdough baking']);
  });

  it('shows a change made through one instance on another within a second', async () => {
    const { c, onSecond } = await member();
    for (let i = 0; i < 2; i++) expect(skills((await onSecond.get('/api/idea-sets')).body)).toEqual([]);
    expect(second.app.memberReadCache.size).toBeGreaterThan(0);
    expect((await c.post('/api/idea-sets', ideaSet('Bike repair'))).status).toBe(201);

    const started = Date.now();
    let seen: string[] = [];
    while (Date.now() - started < MEMBER_READ_TTL_MS) {
      seen = skills((await onSecond.get('/api/idea-sets')).body);
      if (seen.length > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(seen).toEqual(['Bike repair']);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it("never answers one member with another's read", async () => {
    const first = await member();
    const other = await member();
    expect((await first.c.post('/api/idea-sets', ideaSet('Pottery'))).status).toBe(201);
    for (let i = 0; i < 2; i++) expect(skills((await first.c.get('/api/idea-sets')).body)).toEqual(['Pottery']);
    for (let i = 0; i < 2; i++) expect(skills((await other.c.get('/api/idea-sets')).body)).toEqual([]);
    const credits = [(await first.c.get('/api/credits')).body, (await other.c.get('/api/credits')).body];
    expect(credits[0].used).toBeDefined();
    expect((await first.c.get('/api/credits')).body).toEqual(credits[0]);
    expect((await other.c.get('/api/credits')).body).toEqual(credits[1]);
  });

  it('keeps the headers of the answer (the next page cursor) and refuses a signed-out caller', async () => {
    const { c } = await member();
    for (const skill of ['Gardening', 'Tutoring']) expect((await c.post('/api/idea-sets', ideaSet(skill))).status).toBe(201);
    const pages = [await c.get('/api/idea-sets?limit=1'), await c.get('/api/idea-sets?limit=1')];
    expect(pages.map((page) => skills(page.body))).toEqual([['Tutoring'], ['Tutoring']]);
    expect(pages[1].headers.get('x-next-cursor')).toBe(pages[0].headers.get('x-next-cursor'));
    expect(pages[1].headers.get('x-next-cursor')).toBeTruthy();
    expect(pages[1].headers.get('content-type')).toMatch(/^application\/json/);
    // Every header of the first answer comes with the one from memory (the hooks' own, such as
    // the security headers, and the route's), but the request id is each request's own.
    const sent = (page: (typeof pages)[number]) =>
      Object.fromEntries([...page.headers].filter(([name]) => !['date', 'x-request-id'].includes(name)));
    expect(sent(pages[1])).toEqual(sent(pages[0]));
    expect(sent(pages[1])).toMatchObject({ 'x-content-type-options': 'nosniff', 'x-frame-options': expect.any(String) });
    expect(pages[1].headers.get('x-request-id')).not.toBe(pages[0].headers.get('x-request-id'));
    expect(pages[1].headers.get('x-request-id')).toBeTruthy();
    expect((await new Client(a.url).get('/api/idea-sets?limit=1')).status).toBe(401);
  });

  it('answers a read from memory compressed as the first answer was, in the encoding each client asks for', async () => {
    const { c } = await member();
    for (const skill of ['Gardening', 'Tutoring', 'Pottery']) expect((await c.post('/api/idea-sets', ideaSet(skill))).status).toBe(201);
    const read = (headers: Record<string, string>) => readRaw(c, headers);
    // The first answer, compressed by @fastify/compress as it leaves; the rest come from memory.
    const first = await read({ 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(first.headers['content-encoding']).toBe('br');
    const body = JSON.parse(brotliDecompressSync(first.bytes).toString('utf8'));
    expect(skills(body)).toEqual(['Pottery', 'Tutoring', 'Gardening']);
    expect(a.app.memberReadCache.size).toBeGreaterThan(0);
    const plain = await read({});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(plain.bytes.toString('utf8'))).toEqual(body);
    expect(plain.bytes.length).toBeGreaterThan(1024);

    const clients = [
      { accept: 'gzip, deflate, br, zstd', encoding: 'br', decode: brotliDecompressSync },
      { accept: 'gzip;q=1, br;q=0.5', encoding: 'gzip', decode: gunzipSync },
      { accept: 'x-gzip', encoding: 'gzip', decode: gunzipSync },
    ];
    for (const { accept, encoding, decode } of clients) {
      // The first from memory makes its compressed form, the next sends it as kept.
      const answers = [await read({ 'accept-encoding': accept }), await read({ 'accept-encoding': accept })];
      for (const answer of answers) {
        expect(answer.headers['content-encoding']).toBe(encoding);
        expect(answer.headers.vary).toMatch(/accept-encoding/);
        expect(Number(answer.headers['content-length'])).toBe(answer.bytes.length);
        expect(answer.bytes.length).toBeLessThan(plain.bytes.length);
        expect(JSON.parse(decode(answer.bytes).toString('utf8'))).toEqual(body);
      }
      expect(answers[1].bytes.equals(answers[0].bytes)).toBe(true);
    }
    // The same bytes as compression sent the first time.
    expect((await read({ 'accept-encoding': 'gzip, deflate, br, zstd' })).bytes.equals(first.bytes)).toBe(true);
    // Asked for none of ours, or for none at all: the answer as it is.
    const asIs: Record<string, string>[] = [{ 'accept-encoding': 'identity' }, { 'accept-encoding': 'deflate' }, { 'accept-encoding': 'br', 'x-no-compression': '1' }];
    for (const headers of asIs) {
      const answer = await read(headers);
      expect(answer.headers['content-encoding']).toBeUndefined();
      expect(answer.bytes.equals(plain.bytes)).toBe(true);
    }
  });

  it('sends a large read from memory as its kept compressed form, which the plugin would stream again on every hit', async () => {
    const { c } = await member();
    // Three full sets: a page of about 80 kB, above the size up to which @fastify/compress
    // compresses in one go (64 kB on one core, less on more), so it streams the answer, chunked
    // and with no length. A hit sent from the form kept in memory has its length.
    const longSet = (skill: string) => ({
      ...ideaSet(skill),
      ideas: Array.from({ length: 20 }, (_, i) => ({
        ...ideaSet(skill).ideas[0],
        id: `offline-${i + 1}`,
        title: `${skill} idea ${i + 1}`,
        description: Array.from({ length: 100 }, (_, w) => `${skill.toLowerCase()}${(i * 100 + w) % 97}`).join(' ').slice(0, 1000),
      })),
    });
    for (const skill of ['Gardening', 'Tutoring', 'Pottery']) expect((await c.post('/api/idea-sets', longSet(skill))).status).toBe(201);
    const plain = await readRaw(c, {});
    expect(plain.bytes.length).toBeGreaterThan(65_536);
    const body = JSON.parse(plain.bytes.toString('utf8'));
    expect(skills(body)).toEqual(['Pottery', 'Tutoring', 'Gardening']);

    const browser = { 'accept-encoding': 'gzip, deflate, br, zstd' };
    // Until its form is made (off the event loop, at the first hit asking for br), the plugin streams it.
    const streamed = await readRaw(c, browser);
    expect(streamed.headers['content-encoding']).toBe('br');
    expect(streamed.headers['content-length']).toBeUndefined();
    expect(JSON.parse(brotliDecompressSync(streamed.bytes).toString('utf8'))).toEqual(body);
    let kept = streamed;
    for (let i = 0; i < 50 && kept.headers['content-length'] === undefined; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      kept = await readRaw(c, browser);
    }
    const hits = [kept, await readRaw(c, browser)];
    for (const hit of hits) {
      expect(hit.headers['content-encoding']).toBe('br');
      expect(hit.headers.vary).toMatch(/accept-encoding/);
      expect(Number(hit.headers['content-length'])).toBe(hit.bytes.length);
      expect(hit.bytes.length).toBeLessThan(plain.bytes.length / 4);
      expect(JSON.parse(brotliDecompressSync(hit.bytes).toString('utf8'))).toEqual(body);
    }
    expect(hits[1].bytes.equals(hits[0].bytes)).toBe(true);
  });
});
