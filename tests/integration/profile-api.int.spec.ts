import { readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { commandContext } from '../../backend/application/event-sourcing/command-context';
import { handleCommand } from '../../backend/application/event-sourcing/command-handler';
import { emailClaims } from '../../backend/application/identity/email-claims';
import { ABANDONED_CLAIM_MS } from '../../backend/domain/identity/email-claim';
import { userDecider, userStreams } from '../../backend/domain/identity/user';
import type { UserActor } from '../../backend/domain/shared/actor';
import { MovableClock } from '../support/movable-clock';
import { Client, newMember, startTestApp, type TestApp } from '../support/test-app';

/**
 * The profile, picture and password API over real HTTP and a real database (issue 31;
 * member-product §2 Profile settings, §5, §7, §8): every refusal answers the spec's words and
 * changes nothing (profile, event store, file store); the happy paths read back what they wrote.
 */

let t: TestApp;
const clock = new MovableClock();

beforeAll(async () => {
  t = await startTestApp({}, { clock });
});
afterAll(async () => t?.close());
beforeEach(() => clock.reset());

type Member = { client: Client; userId: string; email: string; password: string };

async function signUp(overrides: Parameters<typeof newMember>[0] = {}): Promise<Member> {
  const client = new Client(t.url);
  const details = newMember(overrides);
  const signup = await client.post('/api/auth/signup', details);
  expect(signup.status, signup.text).toBe(201);
  return { client, userId: signup.body.user.id, email: details.email, password: details.password };
}

const patch = (client: Client, body: unknown) => client.request('PATCH', '/api/user/profile', body);
const signIn = (email: string, password: string) => new Client(t.url).post('/api/auth/login', { email, password });

/** Files in the file store (DATA_DIR/files), as keys. */
function storedFiles(): string[] {
  const root = path.join(t.services.config.DATA_DIR, 'files');
  try {
    return readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
      .sort();
  } catch {
    return [];
  }
}

/** What a refused request must leave as it was: the member's profile, the event store's head, the file store. */
async function snapshot(member: Member) {
  return {
    profile: (await member.client.get('/api/user/profile')).body,
    // Every event stored, counted directly: the log's head in global order shows an event only once
    // every older transaction on the server has ended, so an earlier append may surface meanwhile.
    events: (await sql<{ n: number }>`select count(*)::int as n from events`.execute(t.services.database.db)).rows[0].n,
    files: storedFiles(),
  };
}

/** POST /api/user/upload-profile-picture as a browser sends a form: multipart/form-data. */
async function upload(member: Member | null, bytes: Buffer, { filename = 'me.jpg', type = 'image/jpeg', field = 'profilePicture' } = {}) {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)], { type }), filename);
  const headers: Record<string, string> = member ? { cookie: `skilly_session=${member.client.sessionCookie}` } : {};
  const response = await fetch(new URL('/api/user/upload-profile-picture', t.url), { method: 'POST', body: form, headers });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

/** A photo as a phone takes it: landscape pixels with an orientation tag saying "turn right", and EXIF with a GPS position. */
async function phonePhoto(): Promise<Buffer> {
  const pixels = await sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .toBuffer();
  return sharp(pixels)
    .keepMetadata()
    .withExif({
      IFD0: { Copyright: 'Ada Lovelace', Make: 'PhoneMaker' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 26/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 39/1' },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

const smallPng = () => sharp({ create: { width: 64, height: 48, channels: 4, background: { r: 0, g: 0, b: 255, alpha: 0.5 } } }).png().toBuffer();

/** The GPS IFD pointer tag (0x8825), as it sits in little-endian EXIF. */
const GPS_TAG = Buffer.from([0x25, 0x88]);

const keyOf = (url: string) => url.slice('/api/files/'.length);
const lastEventOf = async (userId: string) => (await t.services.eventStore.readStream(userStreams.name(userId))).at(-1)!;

describe('GET and PATCH /api/user/profile', () => {
  it('reads the profile of a new member: names and email from signup, no country, picture or Google id', async () => {
    const ada = await signUp({ firstName: 'Ada', lastName: 'Lovelace' });
    const profile = await ada.client.get('/api/user/profile');
    expect(profile.status).toBe(200);
    expect(profile.body).toEqual({ firstName: 'Ada', lastName: 'Lovelace', email: ada.email, country: null, profilePicture: null, googleId: null });
    expect((await new Client(t.url).get('/api/user/profile')).status).toBe(401);
  });

  it('saves names, email and country, answers the saved profile, and records who did it', async () => {
    const ada = await signUp();
    const email = `ada.king.${Date.now()}@example.com`;
    const saved = await patch(ada.client, { firstName: ' Augusta Ada ', lastName: ' King ', email: ` ${email} `, country: 'United Kingdom' });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body).toEqual({ firstName: 'Augusta Ada', lastName: 'King', email, country: 'United Kingdom', profilePicture: null, googleId: null });
    expect((await ada.client.get('/api/user/profile')).body).toEqual(saved.body);
    const me = await ada.client.get('/api/auth/me');
    expect(me.body).toMatchObject({ firstName: 'Augusta Ada', lastName: 'King', email, country: 'United Kingdom' });

    const event = await lastEventOf(ada.userId);
    expect(event.type).toBe('UserProfileUpdated');
    expect(event.actor).toEqual({ kind: 'user', userId: ada.userId, role: 'free' });

    const cleared = await patch(ada.client, { firstName: 'Augusta Ada', lastName: 'King', email, country: '' });
    expect(cleared.status).toBe(200);
    expect(cleared.body.country).toBeNull();
    const kept = await patch(ada.client, { firstName: 'Ada', lastName: 'King', email, country: 'France' });
    expect((await patch(ada.client, { firstName: 'Ada', lastName: 'King', email })).body.country).toBe(kept.body.country);
    expect((await patch(ada.client, { firstName: 'Ada', lastName: 'King', email, country: null })).body.country).toBeNull();
  });

  it('writes no event when the profile is saved unchanged', async () => {
    const ada = await signUp({ firstName: 'Ada', lastName: 'Lovelace' });
    const before = await snapshot(ada);
    const saved = await patch(ada.client, { firstName: 'Ada', lastName: 'Lovelace', email: ada.email, country: null, profilePicture: null });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual(before.profile);
    expect(await snapshot(ada)).toEqual(before);
  });

  it.each([
    ['a missing first name', { firstName: '  ' }, 'First name is required'],
    ['a missing last name', { lastName: '' }, 'Last name is required'],
    ['a missing email', { email: ' ' }, 'Email is required'],
    ['a malformed email', { email: 'not-an-email' }, 'Please enter a valid email address'],
    ['a country not on the list', { country: 'Narnia' }, 'Please choose a country from the list'],
    ['a picture named by URL', { profilePicture: 'https://elsewhere.example/me.png' }, 'Upload a picture to change it'],
    ['a picture named by another member’s file', { profilePicture: '/api/files/profile-pictures/0123456789abcdef.jpg' }, 'Upload a picture to change it'],
  ])('refuses %s with the spec’s words and changes nothing', async (_, change, message) => {
    const ada = await signUp({ firstName: 'Ada', lastName: 'Lovelace' });
    const before = await snapshot(ada);
    const refused = await patch(ada.client, { firstName: 'Ada', lastName: 'Lovelace', email: ada.email, country: null, ...change });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(message);
    expect(await snapshot(ada)).toEqual(before);
  });
});

describe('changing the email moves the unique-email claim', () => {
  it('refuses an address another account has (409, the signup wording) and changes nothing', async () => {
    const ada = await signUp();
    const grace = await signUp({ firstName: 'Grace', lastName: 'Hopper' });
    const before = await snapshot(ada);
    for (const taken of [grace.email, grace.email.toUpperCase(), ` ${grace.email} `]) {
      const refused = await patch(ada.client, { firstName: 'Ada', lastName: 'Lovelace', email: taken });
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual({ message: 'An account with this email already exists', code: 'email_taken' });
    }
    expect(await snapshot(ada)).toEqual(before);
    expect((await signIn(grace.email, grace.password)).status).toBe(200);
  });

  it('signs in with the new address only, and frees the old one for a new account', async () => {
    const ada = await signUp();
    const newEmail = `Ada.New.${Date.now()}@Example.com`;
    const saved = await patch(ada.client, { firstName: 'Ada', lastName: 'Lovelace', email: newEmail });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.email).toBe(newEmail);

    expect((await signIn(newEmail.toLowerCase(), ada.password)).status).toBe(200);
    const old = await signIn(ada.email, ada.password);
    expect(old.status).toBe(401);
    expect(old.body.message).toBe('Invalid email or password');

    const newcomer = await new Client(t.url).post('/api/auth/signup', newMember({ email: ada.email, firstName: 'Newcomer' }));
    expect(newcomer.status, newcomer.text).toBe(201);
    // …and nobody else may take the new one.
    const taken = await new Client(t.url).post('/api/auth/signup', newMember({ email: newEmail }));
    expect(taken.status).toBe(409);
  });

  it('changes only the case of the address without a second claim, and keeps it the member’s', async () => {
    const ada = await signUp();
    const saved = await patch(ada.client, { firstName: 'Ada', lastName: 'Lovelace', email: ada.email.toUpperCase() });
    expect(saved.status).toBe(200);
    expect(saved.body.email).toBe(ada.email.toUpperCase());
    expect((await signIn(ada.email, ada.password)).status).toBe(200);
    expect((await new Client(t.url).post('/api/auth/signup', newMember({ email: ada.email }))).status).toBe(409);
  });

  it('two members changing to one new address at once: exactly one gets it', async () => {
    for (let round = 0; round < 3; round++) {
      const members = await Promise.all([signUp({ firstName: 'One' }), signUp({ firstName: 'Two' }), signUp({ firstName: 'Three' })]);
      const wanted = `wanted.${round}.${Date.now()}@example.com`;
      const answers = await Promise.all(members.map((m) => patch(m.client, { firstName: 'Same', lastName: 'Time', email: wanted })));
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
      const winner = members[answers.findIndex((a) => a.status === 200)];
      for (const member of members) {
        const profile = (await member.client.get('/api/user/profile')).body;
        expect(profile.email).toBe(member === winner ? wanted : member.email);
        // The losers keep their own address.
        if (member !== winner) expect((await signIn(member.email, member.password)).status).toBe(200);
      }
      const signedIn = await signIn(wanted, winner.password);
      expect(signedIn.status).toBe(200);
      expect(signedIn.body.user.id).toBe(winner.userId);
    }
  });

  describe('after a crash between the steps of an email change', () => {
    const claimsOf = () => emailClaims({ eventStore: t.services.eventStore, ids: t.services.ids });
    const asMember = (m: Member): UserActor => ({ kind: 'user', userId: m.userId, role: 'free' });

    it('a new address claimed but never written to the profile is held for ABANDONED_CLAIM_MS, then free', async () => {
      const ada = await signUp();
      const stranded = `stranded.${Date.now()}@example.com`;
      await claimsOf().claim(stranded, ada.userId, commandContext(clock, { actor: asMember(ada), requestId: 'crash-1' }, 'profile'));
      // Died here: the profile still has the old address.
      const tooSoon = await new Client(t.url).post('/api/auth/signup', newMember({ email: stranded }));
      expect(tooSoon.status).toBe(409);
      clock.moveBy(ABANDONED_CLAIM_MS);
      expect((await new Client(t.url).post('/api/auth/signup', newMember({ email: stranded }))).status).toBe(201);
      // Ada, meanwhile, still has hers.
      expect((await signIn(ada.email, ada.password)).status).toBe(200);
    });

    it('an old address left claimed after the profile moved to a new one is free at once (its claim is old)', async () => {
      const ada = await signUp();
      clock.moveBy(ABANDONED_CLAIM_MS);
      const moved = `moved.${Date.now()}@example.com`;
      const context = commandContext(clock, { actor: asMember(ada), requestId: 'crash-2' }, 'profile');
      await claimsOf().claim(moved, ada.userId, context);
      await handleCommand(
        { eventStore: t.services.eventStore, ids: t.services.ids },
        userDecider,
        userStreams.name(ada.userId),
        () => ({ type: 'UpdateProfile' as const, data: { firstName: 'Ada', lastName: 'Lovelace', email: moved, country: null, profilePicture: null } }),
        context,
      );
      // Died here, before releasing the old address.
      await t.services.runner.catchUpAll();
      expect((await new Client(t.url).post('/api/auth/signup', newMember({ email: ada.email }))).status).toBe(201);
      expect((await signIn(moved, ada.password)).status).toBe(200);
    });
  });
});

describe('POST /api/user/upload-profile-picture and GET /api/files/{area}/{name}', () => {
  it('stores a photo upright, fitted inside 512×512, without its EXIF (no GPS position), and serves it with safe headers', async () => {
    const ada = await signUp();
    const photo = await phonePhoto();
    const original = await sharp(photo).metadata();
    expect(original.exif?.includes(GPS_TAG), 'the test photo carries a GPS position').toBe(true);
    expect(original.orientation).toBe(6);

    const uploaded = await upload(ada, photo, { filename: 'IMG_0001.JPG' });
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
    expect(uploaded.body.profilePicture).toMatch(/^\/api\/files\/profile-pictures\/[0-9a-f]{32}\.jpg$/);
    expect((await ada.client.get('/api/user/profile')).body.profilePicture).toBe(uploaded.body.profilePicture);
    expect((await ada.client.get('/api/auth/me')).body.profilePicture).toBe(uploaded.body.profilePicture);
    expect((await lastEventOf(ada.userId)).actor).toEqual({ kind: 'user', userId: ada.userId, role: 'free' });

    // Public, like an avatar: a visitor fetches it too.
    const served = await fetch(new URL(uploaded.body.profilePicture, t.url));
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-security-policy')).toBe("default-src 'none'");
    expect(served.headers.get('content-disposition')).toBe('inline');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const bytes = Buffer.from(await served.arrayBuffer());
    const stored = await sharp(bytes).metadata();
    expect(stored.format).toBe('jpeg');
    // 1200×800 turned right is 800×1200, fitted inside 512×512.
    expect([stored.width, stored.height]).toEqual([341, 512]);
    expect(stored.orientation).toBeUndefined();
    expect(stored.exif).toBeUndefined();
    expect(stored.xmp).toBeUndefined();
    expect(bytes.includes(GPS_TAG) || bytes.includes(Buffer.from('PhoneMaker')) || bytes.includes(Buffer.from('Ada Lovelace'))).toBe(false);
    expect(storedFiles()).toContain(keyOf(uploaded.body.profilePicture));
  });

  it('keeps a small PNG a PNG at its own size, and deletes the previous picture when replacing it', async () => {
    const ada = await signUp();
    const first = await upload(ada, await phonePhoto());
    expect(first.status).toBe(200);
    const second = await upload(ada, await smallPng(), { filename: 'avatar.png', type: 'image/png' });
    expect(second.status).toBe(200);
    expect(second.body.profilePicture).toMatch(/\.png$/);
    const served = await fetch(new URL(second.body.profilePicture, t.url));
    expect(served.headers.get('content-type')).toBe('image/png');
    const stored = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect([stored.format, stored.width, stored.height]).toEqual(['png', 64, 48]);

    expect(storedFiles()).not.toContain(keyOf(first.body.profilePicture));
    const gone = await new Client(t.url).get(first.body.profilePicture);
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ message: 'File not found', code: 'file_not_found' });
  });

  it('removes the picture (and its file) when the profile is saved with none, and keeps it when saved with the same', async () => {
    const ada = await signUp({ firstName: 'Ada', lastName: 'Lovelace' });
    const { body } = await upload(ada, await smallPng(), { filename: 'a.png', type: 'image/png' });
    const same = await patch(ada.client, { firstName: 'Ada', lastName: 'Lovelace', email: ada.email, profilePicture: body.profilePicture });
    expect(same.status).toBe(200);
    expect(same.body.profilePicture).toBe(body.profilePicture);
    expect(storedFiles()).toContain(keyOf(body.profilePicture));

    const removed = await patch(ada.client, { firstName: 'Ada', lastName: 'Lovelace', email: ada.email, profilePicture: null });
    expect(removed.status).toBe(200);
    expect(removed.body.profilePicture).toBeNull();
    expect(storedFiles()).not.toContain(keyOf(body.profilePicture));
    expect((await new Client(t.url).get(body.profilePicture)).status).toBe(404);
  });

  it('refuses a text file named me.png and sent as image/png (content decides): 400, nothing stored or changed', async () => {
    const ada = await signUp();
    const before = await snapshot(ada);
    for (const [bytes, filename, type] of [
      [Buffer.from('I am not a picture, whatever my name says.\n'), 'me.png', 'image/png'],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'me.jpg', 'image/jpeg'],
      [await sharp({ create: { width: 8, height: 8, channels: 3, background: 'red' } }).gif().toBuffer(), 'me.png', 'image/png'],
      [await sharp({ create: { width: 8, height: 8, channels: 3, background: 'red' } }).webp().toBuffer(), 'me.jpeg', 'image/jpeg'],
      [(await phonePhoto()).subarray(0, 400), 'cut.jpg', 'image/jpeg'],
    ] as const) {
      const refused = await upload(ada, bytes, { filename, type });
      expect(refused.status, filename).toBe(400);
      expect(refused.body).toEqual({ message: 'Please upload a JPEG or PNG image', code: 'invalid_picture' });
    }
    expect(await snapshot(ada)).toEqual(before);
  });

  it('refuses a file over 5 MB with 413 and the spec’s words; exactly 5 MB is read (and judged by its content)', async () => {
    const ada = await signUp();
    const before = await snapshot(ada);
    const tooLarge = await upload(ada, Buffer.alloc(5 * 1024 * 1024 + 1, 0xff));
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body).toEqual({ message: 'Profile picture must be less than 5MB', code: 'picture_too_large' });
    const atLimit = await upload(ada, Buffer.alloc(5 * 1024 * 1024, 0xff));
    expect(atLimit.status).toBe(400);
    expect(atLimit.body.message).toBe('Please upload a JPEG or PNG image');
    expect(await snapshot(ada)).toEqual(before);
  });

  it('asks for a picture when none is sent: no file, an empty file, another field, or not multipart at all', async () => {
    const ada = await signUp();
    const before = await snapshot(ada);
    const answers = [
      await upload(ada, Buffer.alloc(0)),
      await upload(ada, await smallPng(), { field: 'avatar', filename: 'a.png', type: 'image/png' }),
      await (async () => {
        const form = new FormData();
        form.append('note', 'no file here');
        const response = await fetch(new URL('/api/user/upload-profile-picture', t.url), { method: 'POST', body: form, headers: { cookie: `skilly_session=${ada.client.sessionCookie}` } });
        return { status: response.status, body: await response.json() };
      })(),
      await ada.client.post('/api/user/upload-profile-picture', {}),
      await ada.client.post('/api/user/upload-profile-picture', { profilePicture: 'data:image/png;base64,iVBORw0KGgo=' }),
      await (async () => {
        const response = await fetch(new URL('/api/user/upload-profile-picture', t.url), {
          method: 'POST',
          body: '--x\r\nContent-Disposition: form-data; name="profilePicture"; filename="a.png"\r\n\r\nunterminated',
          headers: { 'content-type': 'multipart/form-data; boundary=x', cookie: `skilly_session=${ada.client.sessionCookie}` },
        });
        return { status: response.status, body: await response.json() };
      })(),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe('Please choose a picture to upload');
    }
    expect(await snapshot(ada)).toEqual(before);
  });

  it('refuses a visitor before reading the upload', async () => {
    const refused = await upload(null, await smallPng());
    expect(refused.status).toBe(401);
    expect(refused.body.code).toBe('unauthenticated');
  });

  it('answers 404 "File not found" for an unknown or malformed key, and never reads outside the store', async () => {
    for (const key of [
      'profile-pictures/00000000000000000000000000000000.jpg',
      'profile-pictures/short.jpg',
      'profile-pictures/0123456789abcdef.gif',
      'profile-pictures/a/0123456789abcdef.jpg',
      '..%2F..%2Fsession-secret',
      'profile-pictures/..%2F..%2Fsession-secret',
      'session-secret',
      '',
    ]) {
      const answer = await new Client(t.url).get(`/api/files/${key}`);
      expect(answer.status, key).toBe(404);
      expect(answer.body, key).toEqual({ message: 'File not found', code: 'file_not_found' });
    }
  });
});

describe('POST /api/user/change-password', () => {
  const changePassword = (client: Client, currentPassword: string, newPassword: string) =>
    client.post('/api/user/change-password', { currentPassword, newPassword });

  it('ends every other session, keeps the caller signed in, refuses the old password and takes the new one', async () => {
    const ada = await signUp();
    const otherDevice = new Client(t.url);
    expect((await otherDevice.post('/api/auth/login', { email: ada.email, password: ada.password })).status).toBe(200);
    await ada.client.post('/api/auth/forgot-password', { email: ada.email });
    const cookieBefore = ada.client.sessionCookie;

    const changed = await changePassword(ada.client, ada.password, 'a brand new passphrase');
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body).toEqual({ message: 'Password changed successfully' });
    expect(ada.client.sessionCookie).not.toBe(cookieBefore);

    expect((await ada.client.get('/api/auth/me')).status).toBe(200);
    expect((await ada.client.get('/api/user/profile')).status).toBe(200);
    expect((await otherDevice.get('/api/auth/me')).status).toBe(401);
    const stale = new Client(t.url, { cookie: `skilly_session=${cookieBefore}` });
    expect((await stale.get('/api/auth/me')).status).toBe(401);

    expect((await signIn(ada.email, ada.password)).status).toBe(401);
    expect((await signIn(ada.email, 'a brand new passphrase')).status).toBe(200);

    const event = await lastEventOf(ada.userId);
    expect(event.type).toBe('UserPasswordChanged');
    expect(event.data.via).toBe('change');
    expect(event.actor).toEqual({ kind: 'user', userId: ada.userId, role: 'free' });
    // The reset link sent before the change no longer works.
    const links = await t.services.database.db.selectFrom('password_reset_tokens').selectAll().where('user_id', '=', ada.userId).execute();
    expect(links.length).toBe(1);
    expect(links.every((link) => link.used_at !== null)).toBe(true);
  });

  it.each([
    ['a new password under 8 characters', { newPassword: 'short7c' }, 'Password must be at least 8 characters long'],
    ['an empty current password', { currentPassword: '' }, 'Please fill in all fields'],
  ])('refuses %s with the spec’s words and changes nothing', async (_, change, message) => {
    const ada = await signUp();
    const before = await snapshot(ada);
    const refused = await ada.client.post('/api/user/change-password', { currentPassword: ada.password, newPassword: 'a brand new passphrase', ...change });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(message);
    expect(await snapshot(ada)).toEqual(before);
    expect((await signIn(ada.email, ada.password)).status).toBe(200);
  });

  it('refuses a wrong current password, changes nothing, and counts it as a failed sign-in until throttled', async () => {
    const ada = await signUp();
    const before = await snapshot(ada);
    const refused = await changePassword(ada.client, 'not my password', 'a brand new passphrase');
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ message: 'Current password is incorrect', code: 'invalid_current_password' });
    expect(await snapshot(ada)).toEqual(before);
    expect((await ada.client.get('/api/auth/me')).status).toBe(200);

    // Five wrong passwords from one address block that address for this account, as at sign-in.
    for (let i = 0; i < 4; i++) expect((await changePassword(ada.client, `wrong ${i} password`, 'a brand new passphrase')).status).toBe(400);
    const throttled = await changePassword(ada.client, ada.password, 'a brand new passphrase');
    expect(throttled.status).toBe(429);
    expect(throttled.body.code).toBe('too_many_attempts');
    expect((await signIn(ada.email, ada.password)).status).toBe(429);
    expect(await snapshot(ada)).toEqual(before);
  });

  it('refuses an account with a Google sign-in: it has no password to change', async () => {
    const ada = await signUp();
    // No Google sign-in exists yet: the users read model stands in for an account that has one.
    await t.services.database.db.updateTable('users').set({ google_id: 'google-1234' }).where('id', '=', ada.userId).execute();
    t.app.sessionCache.clear();
    await t.services.eventStore.committedReadable();
    const head = await t.services.eventStore.headPosition();
    const refused = await changePassword(ada.client, ada.password, 'a brand new passphrase');
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('no_password_to_change');
    expect(await t.services.eventStore.headPosition()).toEqual(head);
    expect((await ada.client.get('/api/user/profile')).body.googleId).toBe('google-1234');
  });
});
