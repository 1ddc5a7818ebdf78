import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, newMember, startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: 'boss-password-1' });
  // The start-up bootstrap, as the server runs it.
  const { bootstrapAdmin } = await import('../../backend/infrastructure/composition-root');
  await bootstrapAdmin(t.services);
  await t.services.runner.catchUpAll();
});
afterAll(async () => t.close());

const client = () => new Client(t.url);

describe('sign up', () => {
  it('creates a free member, signs them in with an HttpOnly SameSite=Lax cookie, and me shows them', async () => {
    const c = client();
    const member = newMember();
    const res = await c.post('/api/auth/signup', member);
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: member.email,
      role: 'free',
      disabled: 'false',
    });
    expect(res.body.user).not.toHaveProperty('passwordHash');
    const cookie = res.setCookie.find((line) => line.startsWith('skilly_session='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);

    const me = await c.get('/api/auth/me');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: res.body.user.id, email: member.email, role: 'free', ideasGenerated: 0 });
    // The credit ledger opens with the account: the monthly reset date is known from the start.
    expect(Date.parse(res.body.user.creditsResetAt)).toBeGreaterThan(Date.now());
  });

  it('ignores a role chosen in the body: every signup is free', async () => {
    for (const role of ['admin', 'pro', 'moderator']) {
      const c = client();
      const res = await c.post('/api/auth/signup', { ...newMember(), role });
      expect(res.status).toBe(201);
      expect(res.body.user.role).toBe('free');
      expect((await c.get('/api/auth/me')).body.role).toBe('free');
    }
  });

  it('refuses missing fields with the form message and creates nothing', async () => {
    const member = newMember();
    const res = await client().post('/api/auth/signup', { ...member, firstName: '  ' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Please fill in all fields');
    const login = await client().post('/api/auth/login', { email: member.email, password: member.password });
    expect(login.status).toBe(401);
  });

  it('refuses a second account with the same email, whatever its case', async () => {
    const member = newMember();
    expect((await client().post('/api/auth/signup', member)).status).toBe(201);
    const again = await client().post('/api/auth/signup', { ...member, email: member.email.toUpperCase() });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: 'An account with this email already exists', code: 'email_taken' });
  });

  it('lets exactly one of many simultaneous signups with one email succeed', async () => {
    const member = newMember();
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => client().post('/api/auth/signup', { ...member, firstName: `Twin${i}` })),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(9);
    const rows = await t.services.database.db
      .selectFrom('users')
      .select('id')
      .where('email_normalised', '=', member.email.toLowerCase())
      .execute();
    expect(rows).toHaveLength(1);
  });
});

describe('sign in', () => {
  it('signs in with the right password and answers the user', async () => {
    const member = newMember();
    await client().post('/api/auth/signup', member);
    const c = client();
    const res = await c.post('/api/auth/login', { email: member.email, password: member.password });
    expect(res.status).toBe(200);
    expect(res.body.user.email).toBe(member.email);
    expect((await c.get('/api/auth/me')).status).toBe(200);
  });

  it('refuses a wrong password or an unknown email with the same message and no session', async () => {
    const member = newMember();
    await client().post('/api/auth/signup', member);
    const c = client();
    const wrong = await c.post('/api/auth/login', { email: member.email, password: 'not the password' });
    const unknown = await c.post('/api/auth/login', { email: `nobody-${Date.now()}@example.com`, password: 'whatever1' });
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: 'Invalid email or password', code: 'invalid_credentials' });
    }
    expect(c.sessionCookie).toBeUndefined();
    expect((await c.get('/api/auth/me')).status).toBe(401);
  });

  it('asks for both fields', async () => {
    const res = await client().post('/api/auth/login', { email: '', password: '' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Please enter both email and password');
  });

  it('refuses a disabled account with a clear message and ends its open sessions', async () => {
    const member = newMember();
    const c = client();
    const signup = await c.post('/api/auth/signup', member);
    const { position } = await t.services.identity.disable(signup.body.user.id, 'Spam', { actor: null, requestId: 'test' });
    await t.services.progress.waitFor(position!, 5000);

    expect((await c.get('/api/auth/me')).status).toBe(401);
    const res = await client().post('/api/auth/login', { email: member.email, password: member.password });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('account_disabled');
    expect(res.body.message).toMatch(/disabled/);
  });
});

describe('sessions', () => {
  it('logout revokes the session on the server, not only the cookie', async () => {
    const c = client();
    await c.post('/api/auth/signup', newMember());
    const stolen = c.sessionCookie!;
    const out = await c.post('/api/auth/logout');
    expect(out.status).toBe(200);
    expect((await c.get('/api/auth/me')).status).toBe(401);

    const replay = await client().request('GET', '/api/auth/me', undefined, { cookie: `skilly_session=${stolen}` });
    expect(replay.status).toBe(401);
  });

  it('refuses a forged or tampered session cookie', async () => {
    const c = client();
    await c.post('/api/auth/signup', newMember());
    const cookie = c.sessionCookie!;
    const tampered = cookie.slice(0, 5) + (cookie[5] === 'a' ? 'b' : 'a') + cookie.slice(6);
    const res = await client().request('GET', '/api/auth/me', undefined, { cookie: `skilly_session=${tampered}` });
    expect(res.status).toBe(401);
  });
});

describe('password reset', () => {
  it('mails a one-time link; the new password works, the old one and old sessions do not', async () => {
    const member = newMember();
    const c = client();
    await c.post('/api/auth/signup', member);

    const res = await client().post('/api/auth/forgot-password', { email: member.email });
    expect(res.status).toBe(200);
    expect(res.body.message).toMatch(/If an account exists/);
    const mail = await t.services.database.db
      .selectFrom('email_outbox')
      .selectAll()
      .where('recipient', '=', member.email).where('template', '=', 'password-reset')
      .executeTakeFirstOrThrow();
    const token = decodeURIComponent(/reset-password\?token=([^\s]+)/.exec(mail.body)![1]);

    const reset = await client().post('/api/auth/reset-password', { token, password: 'a brand new secret' });
    expect(reset.status).toBe(200);
    expect((await c.get('/api/auth/me')).status).toBe(401);
    expect((await client().post('/api/auth/login', { email: member.email, password: member.password })).status).toBe(401);
    expect((await client().post('/api/auth/login', { email: member.email, password: 'a brand new secret' })).status).toBe(200);

    const reuse = await client().post('/api/auth/reset-password', { token, password: 'yet another secret' });
    expect(reuse.status).toBe(400);
    expect(reuse.body.code).toBe('invalid_reset_token');
  });

  it('answers an unknown email exactly like a known one and sends nothing', async () => {
    const email = `ghost-${Date.now()}@example.com`;
    const res = await client().post('/api/auth/forgot-password', { email });
    expect(res.status).toBe(200);
    expect(res.body.message).toMatch(/If an account exists/);
    const mail = await t.services.database.db.selectFrom('email_outbox').select('id').where('recipient', '=', email).execute();
    expect(mail).toHaveLength(0);
  });

  it('asks for the email address', async () => {
    const res = await client().post('/api/auth/forgot-password', { email: '' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Please enter your email address');
  });
});

describe('admin bootstrap', () => {
  it('creates the configured admin, who can sign in as admin', async () => {
    const c = client();
    const res = await c.post('/api/auth/login', { email: 'boss@example.com', password: 'boss-password-1' });
    expect(res.status).toBe(200);
    expect(res.body.user.role).toBe('admin');
  });

  it('promotes an existing member named as the admin', async () => {
    const member = newMember();
    await client().post('/api/auth/signup', member);
    await t.services.identity.ensureAdmin(member.email, 'promoted-password', { actor: null, requestId: 'test' });
    await t.services.runner.catchUpAll();
    const res = await client().post('/api/auth/login', { email: member.email, password: 'promoted-password' });
    expect(res.body.user.role).toBe('admin');
  });
});

describe('HTTP hygiene', () => {
  it('refuses a cross-site mutation and changes nothing', async () => {
    const member = newMember();
    const res = await client().post('/api/auth/signup', member, { origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('cross_site_request');
    expect((await client().post('/api/auth/login', { email: member.email, password: member.password })).status).toBe(401);
  });

  it('accepts a same-origin mutation', async () => {
    const res = await client().post('/api/auth/signup', newMember(), { origin: t.url });
    expect(res.status).toBe(201);
  });

  it('answers unknown API routes with a JSON 404', async () => {
    const res = await client().get('/api/no-such-thing');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 'not_found' });
  });

  it('answers malformed JSON with a 400 and a message', async () => {
    const res = await fetch(`${t.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"email":' });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBeTruthy();
  });

  it('sends security headers and a request id', async () => {
    const res = await client().get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('x-request-id')).toBeTruthy();
    const echoed = await client().request('GET', '/api/health', undefined, { 'x-request-id': 'trace-abc-123' });
    expect(echoed.headers.get('x-request-id')).toBe('trace-abc-123');
  });

  it('is ready when the database answers and the projections have caught up', async () => {
    await t.services.runner.catchUpAll();
    const res = await client().get('/api/ready');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'ready', database: 'ok', projections: { users: 'caught_up' } });
  });

  it('publishes an OpenAPI document built from the route schemas', async () => {
    const res = await client().get('/api/docs/json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toMatch(/^3\./);
    expect(Object.keys(res.body.paths)).toEqual(
      expect.arrayContaining(['/api/auth/login', '/api/auth/signup', '/api/auth/me', '/api/auth/logout', '/api/auth/forgot-password']),
    );
    expect(res.body.paths['/api/auth/signup'].post.requestBody).toBeDefined();
    expect((await client().get('/api/docs')).status).toBe(200);
  });
});

describe('read models', () => {
  it('a rebuild from zero yields the same read models as the live ones', async () => {
    const db = t.services.database.db;
    await t.services.runner.catchUpAll();
    const snapshot = async () => db.selectFrom('users').selectAll().orderBy('id').execute();
    const live = await snapshot();
    expect(live.length).toBeGreaterThan(5);
    for (const projection of t.services.runner.projections) await t.services.runner.rebuild(projection);
    expect(await snapshot()).toEqual(live);
  });
});
