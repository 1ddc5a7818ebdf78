import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { userStreams } from '../../backend/domain/identity/user';
import { MovableClock } from '../support/movable-clock';
import { Client, newMember, startTestApp, type TestApp } from '../support/test-app';

/**
 * Issue 48: the product mails no stranger's words to an address nobody confirmed (the welcome
 * email asks for the confirmation), and an email change tells the previous address, with a link
 * that for 7 days puts it back and ends every session.
 */
let t: TestApp;
const clock = new MovableClock();
const PUBLIC_URL = 'https://skilly.example';

beforeAll(async () => {
  t = await startTestApp({ PUBLIC_URL, ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: 'boss-password-1' }, { clock });
  const { bootstrapAdmin } = await import('../../backend/infrastructure/composition-root');
  await bootstrapAdmin(t.services);
  await t.services.runner.catchUpAll();
});
afterAll(async () => t?.close());
beforeEach(() => clock.reset());

const db = () => t.services.database.db;
const SPAM = 'WIN $1000 at https://evil.example/claim';

/** The newest email queued to `to` (optionally of one template). */
async function lastEmailTo(to: string, template?: string) {
  let query = db().selectFrom('email_outbox').selectAll().where('recipient', '=', to);
  if (template) query = query.where('template', '=', template);
  return query.orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
}

const tokenIn = (text: string, page: string) => decodeURIComponent(new RegExp(`${PUBLIC_URL}/${page}\\?token=([^\\s"<&]+)`).exec(text)![1]);

async function signUp(overrides: Parameters<typeof newMember>[0] = {}) {
  const client = new Client(t.url);
  const details = newMember(overrides);
  const res = await client.post('/api/auth/signup', details);
  expect(res.status, res.text).toBe(201);
  return { client, userId: res.body.user.id as string, ...details };
}

async function eventTypes(userId: string) {
  return (await t.services.eventStore.readStream(userStreams.name(userId))).map((e) => e.type);
}

describe('the welcome email', () => {
  it('holds nothing the visitor typed, asks to confirm the address, and names the member only once it is confirmed', async () => {
    // An admin's wording that asks for the name is not enough to mail it.
    const admin = new Client(t.url);
    expect((await admin.post('/api/auth/login', { email: 'boss@example.com', password: 'boss-password-1' })).status).toBe(200);
    const edit = await admin.request('PATCH', '/api/admin/email-templates/password-reset', {
      subject: 'Your reset link, {{firstName}}',
      htmlBody: '<p>Hi {{firstName}}, <a href="{{resetLink}}">choose a password</a>.</p>',
    });
    expect(edit.status, edit.text).toBe(200);

    const member = await signUp({ firstName: SPAM, lastName: 'Claim now' });
    const welcome = await lastEmailTo(member.email, 'welcome');
    expect(welcome.subject).toBe('Welcome to Skilly: please confirm your email address');
    for (const text of [welcome.subject, welcome.body, welcome.html!]) {
      expect(text).not.toMatch(/evil\.example|WIN|\$1000|Claim now/);
    }
    expect(welcome.body).toContain(`${PUBLIC_URL}/confirm-email?token=`);

    const unconfirmedReset = await requestReset(member.email);
    expect(unconfirmedReset.subject).toBe('Your reset link, there');
    expect(`${unconfirmedReset.body} ${unconfirmedReset.html}`).not.toMatch(/evil\.example|WIN/);

    const token = tokenIn(welcome.body, 'confirm-email');
    const confirmed = await new Client(t.url).post('/api/auth/confirm-email', { token });
    expect(confirmed.status, confirmed.text).toBe(200);
    expect(confirmed.body.message).toBe('Your email address is confirmed. Thank you!');
    expect(await eventTypes(member.userId)).toContain('EmailAddressConfirmed');
    // One-time.
    const again = await new Client(t.url).post('/api/auth/confirm-email', { token });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('This link is invalid, has expired or was already used.');

    const confirmedReset = await requestReset(member.email);
    expect(confirmedReset.subject).toBe(`Your reset link, ${SPAM}`);
  });

  it('refuses an unknown link with 400 and changes nothing', async () => {
    const res = await new Client(t.url).post('/api/auth/confirm-email', { token: 'not-a-token' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('This link is invalid, has expired or was already used.');
  });
});

async function requestReset(email: string) {
  expect((await new Client(t.url).post('/api/auth/forgot-password', { email })).status).toBe(200);
  return lastEmailTo(email, 'password-reset');
}

const patch = (client: Client, body: unknown) => client.request('PATCH', '/api/user/profile', body);

describe('changing the email', () => {
  it('tells the previous address, whose link puts it back, ends every session and every link sent to the new one', async () => {
    const member = await signUp();
    const other = new Client(t.url);
    expect((await other.post('/api/auth/login', { email: member.email, password: member.password })).status).toBe(200);
    const newEmail = `taken-over.${Date.now()}@example.com`;
    const saved = await patch(member.client, { firstName: 'Ada', lastName: 'Lovelace', email: newEmail });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.email).toBe(newEmail);

    const notice = await lastEmailTo(member.email, 'email-changed');
    expect(notice.subject).toBe('The email address of your Skilly account was changed');
    expect(`${notice.body} ${notice.html}`).not.toContain(newEmail);
    const token = tokenIn(notice.body, 'restore-email');
    const link = await db().selectFrom('email_link_tokens').selectAll().where('user_id', '=', member.userId).where('purpose', '=', 'restore').executeTakeFirstOrThrow();
    expect(new Date(link.expires_at).getTime() - new Date(link.created_at).getTime()).toBe(7 * 24 * 60 * 60_000);
    // Whoever changed it asks for a reset link at the new address.
    await requestReset(newEmail);

    const restored = await new Client(t.url).post('/api/auth/restore-email', { token });
    expect(restored.status, restored.text).toBe(200);
    expect(await eventTypes(member.userId)).toContain('UserEmailRestored');
    // Every session ended, the one that made the change included.
    expect((await member.client.get('/api/auth/me')).status).toBe(401);
    expect((await other.get('/api/auth/me')).status).toBe(401);
    // The account is at the old address again; the new one is free, its reset link dead.
    const back = new Client(t.url);
    const signIn = await back.post('/api/auth/login', { email: member.email, password: member.password });
    expect(signIn.status).toBe(200);
    expect((await back.get('/api/user/profile')).body.email).toBe(member.email);
    expect((await new Client(t.url).post('/api/auth/login', { email: newEmail, password: member.password })).status).toBe(401);
    const resetToken = tokenIn((await lastEmailTo(newEmail, 'password-reset')).body, 'reset-password');
    expect((await new Client(t.url).post('/api/auth/reset-password', { token: resetToken, password: 'attacker-password' })).status).toBe(400);
    expect((await new Client(t.url).post('/api/auth/signup', newMember({ email: newEmail }))).status).toBe(201);
    // One-time.
    expect((await new Client(t.url).post('/api/auth/restore-email', { token })).status).toBe(400);
  });

  it('asks the new address to confirm itself; the member is named in mail to it only after that', async () => {
    const member = await signUp({ firstName: 'Grace' });
    const newEmail = `new-home.${Date.now()}@example.com`;
    expect((await patch(member.client, { firstName: 'Grace', lastName: 'Hopper', email: newEmail })).status).toBe(200);
    const asked = await lastEmailTo(newEmail, 'email-confirmation');
    expect(asked.subject).toBe('Please confirm your new Skilly email address');
    expect((await requestReset(newEmail)).html).not.toContain('Grace');
    const confirmed = await new Client(t.url).post('/api/auth/confirm-email', { token: tokenIn(asked.body, 'confirm-email') });
    expect(confirmed.status, confirmed.text).toBe(200);
    expect((await requestReset(newEmail)).html).toContain('Grace');
  });

  it('keeps the new address once the link is over 7 days old', async () => {
    const member = await signUp();
    const newEmail = `moved.${Date.now()}@example.com`;
    expect((await patch(member.client, { firstName: 'Ada', lastName: 'Lovelace', email: newEmail })).status).toBe(200);
    const token = tokenIn((await lastEmailTo(member.email, 'email-changed')).body, 'restore-email');
    clock.moveBy(7 * 24 * 60 * 60_000 + 60_000);
    const late = await new Client(t.url).post('/api/auth/restore-email', { token });
    expect(late.status).toBe(400);
    expect(late.body.message).toBe('This link is invalid, has expired or was already used.');
    expect((await member.client.get('/api/user/profile')).body.email).toBe(newEmail);
  });

  it('answers 409 when another account holds the previous address by now, and changes nothing', async () => {
    const member = await signUp();
    const oldEmail = member.email;
    const newEmail = `elsewhere.${Date.now()}@example.com`;
    expect((await patch(member.client, { firstName: 'Ada', lastName: 'Lovelace', email: newEmail })).status).toBe(200);
    const token = tokenIn((await lastEmailTo(oldEmail, 'email-changed')).body, 'restore-email');
    await signUp({ email: oldEmail });
    const refused = await new Client(t.url).post('/api/auth/restore-email', { token });
    expect(refused.status).toBe(409);
    expect((await member.client.get('/api/user/profile')).body.email).toBe(newEmail);
  });
});
