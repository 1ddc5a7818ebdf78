import { readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pictureUploadLimits } from '../../backend/application/pictures/picture-uploads';
import { staffMember } from '../support/member-data';
import { MovableClock } from '../support/movable-clock';
import { Client, newMember, startSecondInstance, startTestApp, type TestApp } from '../support/test-app';

/**
 * What an uploaded picture may cost the server (issue 48), for the profile picture and the
 * admins' founder and blog images alike, over real HTTP and a real database: a pixel budget read
 * from the header before decoding (400, the budget named), and a number of uploads per member
 * a minute (429 with Retry-After), counted in the database so it holds across server instances.
 */

const SECRET = 'picture-upload-limits-session-secret-0123456789';
const clock = new MovableClock();
let t: TestApp;
let admin: Awaited<ReturnType<typeof staffMember>>;

beforeAll(async () => {
  t = await startTestApp({ SESSION_SECRET: SECRET }, { clock });
  admin = await staffMember(t, 'admin');
});
afterAll(async () => t?.close());
/** Each test starts at the start of a minute of its own, so its uploads all fall in one window of the per-minute limit. */
const firstMinute = Math.ceil((Date.now() + 1_000) / 60_000) * 60_000;
let minutes = 0;
beforeEach(() => {
  clock.reset();
  clock.moveTo(new Date(firstMinute + 60_000 * minutes++));
});

const tooManyPixels = { message: 'Please upload a picture of at most 16 megapixels (for example 4000 × 4000 pixels)', code: 'picture_too_many_pixels' };

/** A PNG of one colour: a few KB on disk, however many pixels it declares. */
const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 200 } } }).png({ compressionLevel: 9 }).toBuffer();

const routes = {
  profile: { url: '/api/user/upload-profile-picture', field: 'profilePicture', answer: 'profilePicture', area: 'profile-pictures', side: 512 },
  founder: { url: '/api/admin/upload-founder-image', field: 'founderImage', answer: 'imageUrl', area: 'founder-images', side: 1600 },
  blog: { url: '/api/admin/blog-images/upload', field: 'image', answer: 'url', area: 'blog-images', side: 1600 },
} as const;

async function upload(cookie: string, route: (typeof routes)[keyof typeof routes], bytes: Buffer, baseUrl = t.url) {
  const form = new FormData();
  form.append(route.field, new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'picture.png');
  const response = await fetch(new URL(route.url, baseUrl), { method: 'POST', body: form, headers: { cookie } });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined, retryAfter: response.headers.get('retry-after') };
}

async function signUp() {
  const client = new Client(t.url);
  const details = newMember();
  expect((await client.post('/api/auth/signup', details)).status).toBe(201);
  return { client, cookie: `skilly_session=${client.sessionCookie}` };
}

const adminCookie = () => (admin.client as unknown as { headers: Record<string, string> }).headers.cookie;

/** Files in the file store under `area`. */
function storedFiles(area: string): string[] {
  try {
    return readdirSync(path.join(t.services.config.DATA_DIR, 'files', area));
  } catch {
    return [];
  }
}

describe('the pixel budget (16 megapixels, read from the header)', () => {
  it('refuses a profile picture over the budget, naming it, and changes nothing; takes one at the budget, fitted inside 512×512', async () => {
    const ada = await signUp();
    const before = storedFiles('profile-pictures');

    // 5,000 × 4,000: 20 megapixels declared, a few KB on disk (under the old 50-megapixel limit).
    const refused = await upload(ada.cookie, routes.profile, await png(5_000, 4_000));
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual(tooManyPixels);
    expect((await ada.client.get('/api/user/profile')).body.profilePicture).toBeNull();
    expect(storedFiles('profile-pictures')).toEqual(before);

    const taken = await upload(ada.cookie, routes.profile, await png(4_000, 4_000));
    expect(taken.status).toBe(200);
    const served = await fetch(new URL(taken.body.profilePicture, t.url));
    const stored = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect([stored.width, stored.height]).toEqual([512, 512]);
  });

  for (const name of ['founder', 'blog'] as const) {
    it(`refuses a ${name} image over the budget, naming it, and stores nothing; takes one at the budget, fitted inside 1600×1600`, async () => {
      const route = routes[name];
      const before = storedFiles(route.area);

      const refused = await upload(adminCookie(), route, await png(8_000, 2_001));
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual(tooManyPixels);
      expect(storedFiles(route.area)).toEqual(before);

      const taken = await upload(adminCookie(), route, await png(8_000, 2_000));
      expect(taken.status).toBe(200);
      const served = await fetch(new URL(taken.body[route.answer], t.url));
      const stored = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
      expect([stored.width, stored.height]).toEqual([1600, 400]);
    });
  }
});

describe('uploads per member a minute', () => {
  it(`takes ${pictureUploadLimits.perMinute} uploads a minute, refuses the next with 429 and Retry-After until the next minute, and counts no other member’s`, async () => {
    const ada = await signUp();
    const grace = await signUp();
    const small = await png(64, 48);
    for (let i = 0; i < pictureUploadLimits.perMinute; i += 1) expect((await upload(ada.cookie, routes.profile, small)).status).toBe(200);
    const picture = (await ada.client.get('/api/user/profile')).body.profilePicture;

    clock.moveBy(30_000);
    const refused = await upload(ada.cookie, routes.profile, small);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: 'You can upload at most 5 pictures a minute. Please try again in a moment.', code: 'picture_upload_limit' });
    // Until the next minute: under 30 s, as the uploads above took some time.
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect(Number(refused.retryAfter)).toBeLessThanOrEqual(30);
    expect((await ada.client.get('/api/user/profile')).body.profilePicture).toBe(picture);

    expect((await upload(grace.cookie, routes.profile, small)).status).toBe(200);

    clock.moveBy(30_000);
    expect((await upload(ada.cookie, routes.profile, small)).status).toBe(200);
  });

  it('counts a member’s uploads of every kind together, refused ones included', async () => {
    const small = await png(64, 48);
    const over = await png(5_000, 4_000);
    expect((await upload(adminCookie(), routes.founder, over)).status).toBe(400);
    expect((await upload(adminCookie(), routes.blog, small)).status).toBe(200);
    expect((await upload(adminCookie(), routes.founder, small)).status).toBe(200);
    expect((await upload(adminCookie(), routes.profile, small)).status).toBe(200);
    expect((await upload(adminCookie(), routes.blog, small)).status).toBe(200);
    const refused = await upload(adminCookie(), routes.founder, small);
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('picture_upload_limit');
  });

  it('holds across server instances on one database, and when the uploads arrive at once', async () => {
    const second = await startSecondInstance(t, { SESSION_SECRET: SECRET }, { clock });
    try {
      const ada = await signUp();
      const small = await png(64, 48);
      const answers = await Promise.all(
        Array.from({ length: 2 * pictureUploadLimits.perMinute }, (_, i) => upload(ada.cookie, routes.profile, small, i % 2 ? second.url : t.url)),
      );
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses).toEqual([...Array(pictureUploadLimits.perMinute).fill(200), ...Array(pictureUploadLimits.perMinute).fill(429)]);
    } finally {
      await second.close();
    }
  });
});
