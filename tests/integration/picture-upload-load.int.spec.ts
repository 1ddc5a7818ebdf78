import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pictureUploadLimits } from '../../backend/application/pictures/picture-uploads';
import { pictureDecoding } from '../../backend/infrastructure/files/sharp-picture-encoder';
import { Client, newMember, startTestApp, type TestApp } from '../support/test-app';

/**
 * Picture uploads cannot starve sign-in (issue 48): image decoding and argon2 share libuv's
 * threads, so a burst of uploads once held every sign-in for seconds and grew memory by
 * hundreds of megabytes. Real HTTP, on the PostgreSQL server when TEST_DATABASE_URL is set.
 * While the uploads run, another client signs in every 300 ms; sign-in's p99 stays under two
 * seconds and the process's memory (RSS, sampled every 25 ms) grows by less than `RSS_GROWTH_MB`.
 *
 * That bound is for a machine with time to spare. On one whose cores are already
 * oversubscribed (other test runs), sign-in alone, with no upload, can take longer than that:
 * the same cadence is measured first without uploads, and the bound is then that p99 plus
 * `SLOWER_THAN_ALONE_MS`. Before issue 48's fixes the first burst was decoded, 49 megapixels a
 * picture, and took over 30 s (the test timed out); the second was decoded whole, none turned away.
 */

/** Upper bound on the process's RSS growth during a burst of 40 uploads (at most two 16-megapixel decodes at once, about 64 MB each, plus their output). */
const RSS_GROWTH_MB = 250;
const UPLOADS = 40;
const SIGN_IN_EVERY_MS = 300;
/**
 * Two seconds each: CI runs its two test lanes at once on two cores, where a sign-in's p99 during the
 * burst was seen at 1.3 s against 0.16 s alone. The starvation this test guards against took over 30 s.
 */
const SIGN_IN_P99_MS = 2_000;
const SLOWER_THAN_ALONE_MS = 2_000;

let t: TestApp;
/** 7,000 × 7,000 pixels declared (49 megapixels: under the old 50-megapixel limit, over the budget), a few hundred KB on disk. */
let bomb: Buffer;
/** 4,000 × 4,000 pixels: the largest picture the budget takes (16 megapixels), decoded and resized. */
let largest: Buffer;
/**
 * The people signing in, taken in turn, each sign-in from its own address (X-Forwarded-For, one
 * proxy trusted): the sign-in throttle counts an attempt as a failure until its password is
 * checked, so one account signing in from one address every 300 ms would be throttled as soon as
 * five of its sign-ins were slow at once: that is the starvation this test measures, not the throttle.
 */
let signers: { email: string; password: string }[];
let signInCount = 0;
/**
 * The bound on sign-in's p99 during a burst: two seconds, or, on a busy machine, sign-in's p99
 * without uploads (measured just before the burst, for the same few seconds) plus `SLOWER_THAN_ALONE_MS`.
 */
async function signInP99Bound(): Promise<number> {
  const alone = await underSignIns(async () => []);
  return Math.max(SIGN_IN_P99_MS, percentile(alone.latencies, 99) + SLOWER_THAN_ALONE_MS);
}

type Member = { cookie: string };

async function signUp(): Promise<Member> {
  const client = new Client(t.url);
  const signup = await client.post('/api/auth/signup', newMember());
  expect(signup.status, signup.text).toBe(201);
  return { cookie: `skilly_session=${client.sessionCookie}` };
}

async function upload(member: Member, bytes: Buffer) {
  const form = new FormData();
  form.append('profilePicture', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'me.png');
  const response = await fetch(new URL('/api/user/upload-profile-picture', t.url), { method: 'POST', body: form, headers: { cookie: member.cookie } });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined, retryAfter: response.headers.get('retry-after') };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/**
 * Runs `uploads` while a client signs in every 300 ms (each sign-in started on time, whether
 * or not the previous one answered) and RSS is sampled; answers the uploads' answers, the
 * sign-ins' latencies (ms, sorted) and the RSS growth (MB) over the level before the burst.
 */
async function underSignIns<T>(uploads: () => Promise<T[]>) {
  const rssBefore = process.memoryUsage().rss;
  let rssPeak = rssBefore;
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 25);
  const signIns: Promise<number>[] = [];
  const signInOnce = async () => {
    const started = performance.now();
    signInCount += 1;
    const from = { 'x-forwarded-for': `203.0.113.${signInCount % 250}` };
    const answer = await new Client(t.url, from).post('/api/auth/login', signers[signInCount % signers.length]);
    expect(answer.status, answer.text).toBe(200);
    return performance.now() - started;
  };
  signIns.push(signInOnce());
  const ticker = setInterval(() => signIns.push(signInOnce()), SIGN_IN_EVERY_MS);
  const started = performance.now();
  const answers = await uploads();
  // At least ten sign-ins, however fast the uploads were answered.
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, 10 * SIGN_IN_EVERY_MS - (performance.now() - started))));
  clearInterval(ticker);
  const latencies = (await Promise.all(signIns)).sort((a, b) => a - b);
  clearInterval(sampler);
  return { answers, latencies, rssGrowthMb: (rssPeak - rssBefore) / 1e6 };
}

beforeAll(async () => {
  t = await startTestApp({ TRUST_PROXY: '1' });
  bomb = await sharp({ create: { width: 7_000, height: 7_000, channels: 3, background: { r: 40, g: 90, b: 160 } } }).png({ compressionLevel: 9 }).toBuffer();
  largest = await sharp({ create: { width: 4_000, height: 4_000, channels: 3, background: { r: 200, g: 40, b: 40 } } }).png({ compressionLevel: 9 }).toBuffer();
  signers = Array.from({ length: 5 }, () => newMember());
  for (const signer of signers) expect((await new Client(t.url).post('/api/auth/signup', signer)).status).toBe(201);
}, 60_000);
afterAll(async () => t?.close());

describe('picture uploads while another client signs in every 300 ms', () => {
  it('refuses 40 parallel uploads of a 7,000 × 7,000 PNG from its header, and sign-in stays fast', async () => {
    expect(bomb.length).toBeLessThan(1_000_000);
    // Five uploads from each of eight members: within each member's limit of a minute.
    const members = await Promise.all(Array.from({ length: UPLOADS / pictureUploadLimits.perMinute }, () => signUp()));
    const p99Bound = await signInP99Bound();
    const { answers, latencies, rssGrowthMb } = await underSignIns(() =>
      Promise.all(Array.from({ length: UPLOADS }, (_, i) => upload(members[i % members.length], bomb))),
    );

    for (const answer of answers) {
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ message: 'Please upload a picture of at most 16 megapixels (for example 4000 × 4000 pixels)', code: 'picture_too_many_pixels' });
    }
    expect(percentile(latencies, 99), `sign-in latencies (ms): ${latencies.map(Math.round).join(', ')}`).toBeLessThan(p99Bound);
    expect(rssGrowthMb).toBeLessThan(RSS_GROWTH_MB);
  });

  it('decodes 40 parallel uploads of the largest picture the budget takes a few at a time, answers the rest 503, and sign-in stays fast', async () => {
    const members = await Promise.all(Array.from({ length: UPLOADS / pictureUploadLimits.perMinute }, () => signUp()));
    const p99Bound = await signInP99Bound();
    const { answers, latencies, rssGrowthMb } = await underSignIns(() =>
      Promise.all(Array.from({ length: UPLOADS }, (_, i) => upload(members[i % members.length], largest))),
    );

    const statuses = answers.map((answer) => answer.status);
    expect(statuses.every((status) => status === 200 || status === 503), statuses.join(', ')).toBe(true);
    // A burst beyond the decoders and the queue's places is turned away at once; at least those places are decoded.
    const busy = answers.filter((answer) => answer.status === 503);
    expect(busy.length).toBeGreaterThan(0);
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(pictureDecoding.maxConcurrent + pictureDecoding.maxWaiting);
    for (const answer of busy) {
      expect(answer.body).toEqual({ message: 'Too many pictures are being processed right now. Please try again in a moment.', code: 'picture_decoders_busy' });
      expect(Number(answer.retryAfter)).toBeGreaterThan(0);
    }
    expect(percentile(latencies, 99), `sign-in latencies (ms): ${latencies.map(Math.round).join(', ')}`).toBeLessThan(p99Bound);
    expect(rssGrowthMb).toBeLessThan(RSS_GROWTH_MB);
  });
});
