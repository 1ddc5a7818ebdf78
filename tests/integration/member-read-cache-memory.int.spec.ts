import v8 from 'node:v8';
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_CATEGORIES_PER_SET, MAX_IDEAS_PER_SET } from '../../backend/application/contracts/ideas';
import { MEMBER_READ_LIMITS } from '../../backend/infrastructure/http/plugins/member-read-cache';
import { Client, newMember, startTestApp, type TestApp } from '../support/test-app';

/**
 * Issue 37 item 3: no member can fill the server's memory through the member read cache. A
 * member with the largest idea sets asks for the largest page thousands of times, each URL
 * new (a junk parameter, or a new cursor); the server's heap, measured after a full garbage
 * collection, stays within a few megabytes and the cache within its budgets.
 */
v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc') as () => void;
const MB = 1024 * 1024;

function heapUsed() {
  collectGarbage();
  collectGarbage();
  return process.memoryUsage().heapUsed;
}

let t: TestApp;
let member: Client;
let memberId: string;

/** An idea set at every limit of the save contract. */
const largestIdeaSet = (n: number) => {
  const categories = Array.from({ length: MAX_CATEGORIES_PER_SET }, (_, i) => ({
    id: `${i}`.padEnd(50, 'c'),
    name: `Category ${i} `.padEnd(100, 'n'),
    color: 'g'.repeat(50),
  }));
  return {
    skill: `Skill ${n} `.padEnd(2000, 's'),
    categories,
    ideas: Array.from({ length: MAX_IDEAS_PER_SET }, (_, i) => ({
      id: `idea-${i} `.padEnd(100, 'i'),
      title: `Idea ${i} of set ${n} `.padEnd(200, 't'),
      subtitle: 'Who pays '.padEnd(300, 'u'),
      description: 'What to do '.padEnd(1000, 'd'),
      category: categories[i % MAX_CATEGORIES_PER_SET].id,
      industry: 'Industry '.padEnd(200, 'y'),
      method: 'Method '.padEnd(500, 'm'),
      pricing: 'Price '.padEnd(200, 'p'),
    })),
  };
};

beforeAll(async () => {
  t = await startTestApp();
  member = new Client(t.url);
  const signup = await member.post('/api/auth/signup', newMember());
  expect(signup.status).toBe(201);
  memberId = signup.body.user.id;
  for (let n = 0; n < 20; n++) expect((await member.post('/api/idea-sets', largestIdeaSet(n))).status).toBe(201);
});
afterAll(async () => {
  await t?.close();
});

/** One read, as cheap for the test as it can be: uncompressed, its body read as bytes. */
async function read(url: string) {
  const headers = { cookie: `skilly_session=${member.sessionCookie}`, 'accept-encoding': 'identity' };
  const response = await fetch(`${t.url}${url}`, { headers });
  await response.arrayBuffer();
  return response.status;
}

/** Sends the URLs ten at a time; every 500 answers, checks the heap and the cache's budgets. */
async function readAll(urls: string[], baseline: number) {
  const cache = t.app.memberReadCache;
  for (let at = 0; at < urls.length; at += 10) {
    const statuses = await Promise.all(urls.slice(at, at + 10).map((url) => read(url)));
    expect(statuses.every((status) => status === 200)).toBe(true);
    if ((at + 10) % 500 === 0 || at + 10 >= urls.length) {
      expect((heapUsed() - baseline) / MB).toBeLessThan(50);
      expect(cache.bytes).toBeLessThanOrEqual(MEMBER_READ_LIMITS.bytes);
      expect(cache.bytesOf(memberId)).toBeLessThanOrEqual(MEMBER_READ_LIMITS.bytesPerOwner);
    }
  }
}

describe('the member read cache under a stream of new URLs', () => {
  it('5,000 reads of the largest idea-set page with a junk parameter that changes every time', { timeout: 300_000 }, async () => {
    const page = await member.get('/api/idea-sets?limit=20');
    expect(page.status).toBe(200);
    expect(page.text.length).toBeGreaterThan(200 * 1024);
    expect((await member.get('/api/idea-sets?limit=20&v=first')).text).toBe(page.text);
    // The cache is dropped whenever a projection serving members commits, and on a shared server another
    // test's projections notify on the same channel: read the page again until it is held.
    let onePage = t.app.memberReadCache.bytesOf(memberId);
    for (let tries = 0; onePage === 0 && tries < 50; tries++) {
      expect((await member.get('/api/idea-sets?limit=20')).status).toBe(200);
      onePage = t.app.memberReadCache.bytesOf(memberId);
    }
    expect(onePage).toBeGreaterThan(0);
    await readAll(
      Array.from({ length: 5_000 }, (_, i) => `/api/idea-sets?limit=20&v=${i}`),
      heapUsed(),
    );
    // The junk parameter is not part of the read: the member's cache holds that one page at most.
    expect(t.app.memberReadCache.bytesOf(memberId)).toBeLessThanOrEqual(onePage);
  });

  it('400 reads of pages after a new cursor each time (each a different read): the member keeps only its share', { timeout: 300_000 }, async () => {
    const cursor = (i: number) => Buffer.from(JSON.stringify(['2999-01-01T00:00:00.000Z', `junk-${i}`])).toString('base64url');
    const page = await member.get(`/api/idea-sets?limit=20&cursor=${cursor(-1)}`);
    expect(page.text.length).toBeGreaterThan(200 * 1024);
    await readAll(
      Array.from({ length: 400 }, (_, i) => `/api/idea-sets?limit=20&cursor=${cursor(i)}`),
      heapUsed(),
    );
    expect(t.app.memberReadCache.bytesOf(memberId)).toBeGreaterThan(0);
  });
});
