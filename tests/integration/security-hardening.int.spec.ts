import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResetLimits } from '../../backend/application/identity/auth-attempts';
import { signInThrottle } from '../../backend/application/identity/sign-in-throttle';
import { bootstrapAdmin } from '../../backend/infrastructure/composition-root';
import { Client, newMember, startTestApp, type TestApp } from '../support/test-app';

// Its own server and database: these tests spend the per-IP allowances of 127.0.0.1.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ PUBLIC_URL: 'https://skilly.example', ADMIN_EMAIL: 'chief@example.com', ADMIN_PASSWORD: 'chief-password-1' });
  await bootstrapAdmin(t.services);
  await t.services.runner.catchUpAll();
});
afterAll(async () => t.close());

const client = () => new Client(t.url);

async function outbox(email: string) {
  return t.services.database.db
    .selectFrom('email_outbox')
    .select(['body'])
    .where('recipient', '=', email).where('template', '=', 'password-reset')
    .orderBy('id')
    .execute();
}

const tokenOf = (body: string) => decodeURIComponent(/reset-password\?token=([^\s]+)/.exec(body)![1]);

describe('links in emails', () => {
  it('builds the reset link from PUBLIC_URL, whatever Host or X-Forwarded-Host the request claims', async () => {
    const member = newMember();
    await client().post('/api/auth/signup', member);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http', 'content-type': 'application/json' },
      payload: JSON.stringify({ email: member.email }),
    });
    expect(res.statusCode).toBe(200);
    const [mail] = await outbox(member.email);
    expect(mail.body).toMatch(/https:\/\/skilly\.example\/reset-password\?token=\S+/);
    expect(mail.body).not.toContain('evil.example');
  });
});

describe('trusted proxies and the CSRF origin check', () => {
  it('refuses a cross-site mutation even when X-Forwarded-Host names the attacking site', async () => {
    const member = newMember();
    const res = await client().post('/api/auth/signup', member, { origin: 'https://evil.example', 'x-forwarded-host': 'evil.example' });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('cross_site_request');
    expect((await client().post('/api/auth/login', { email: member.email, password: member.password })).status).toBe(401);
  });

  it('accepts a mutation from the configured public origin', async () => {
    const res = await client().post('/api/auth/signup', newMember(), { origin: 'https://skilly.example' });
    expect(res.status).toBe(201);
  });
});

describe('password reset tokens', () => {
  it('a reset ends every other reset link of the account', async () => {
    const member = newMember();
    await client().post('/api/auth/signup', member);
    await client().post('/api/auth/forgot-password', { email: member.email });
    await client().post('/api/auth/forgot-password', { email: member.email });
    const [first, second] = (await outbox(member.email)).map((m) => tokenOf(m.body));
    expect(first).not.toBe(second);

    expect((await client().post('/api/auth/reset-password', { token: second, password: 'owner chose this' })).status).toBe(200);
    const late = await client().post('/api/auth/reset-password', { token: first, password: 'attacker chose this' });
    expect(late.status).toBe(400);
    expect(late.body.code).toBe('invalid_reset_token');
    expect((await client().post('/api/auth/login', { email: member.email, password: 'owner chose this' })).status).toBe(200);
  });

  it('a password set by the admin bootstrap ends outstanding reset links too', async () => {
    const member = newMember();
    await client().post('/api/auth/signup', member);
    await client().post('/api/auth/forgot-password', { email: member.email });
    const [mail] = await outbox(member.email);
    await t.services.identity.ensureAdmin(member.email, 'set by the operator', { actor: null, requestId: 'test' });
    const res = await client().post('/api/auth/reset-password', { token: tokenOf(mail.body), password: 'attacker chose this' });
    expect(res.status).toBe(400);
  });

  it(`sends at most ${passwordResetLimits.maxPerEmail} reset emails an hour to one address, answering every request alike`, async () => {
    const member = newMember();
    await client().post('/api/auth/signup', member);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => client().post('/api/auth/forgot-password', { email: member.email })),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.body.message).toBe("If an account exists for that email, we've sent a link to reset your password.");
    }
    expect(await outbox(member.email)).toHaveLength(passwordResetLimits.maxPerEmail);
    const live = await t.services.database.db
      .selectFrom('password_reset_tokens')
      .innerJoin('users', 'users.id', 'password_reset_tokens.user_id')
      .select('token_hash')
      .where('users.email', '=', member.email)
      .execute();
    expect(live).toHaveLength(passwordResetLimits.maxPerEmail);
  });

  it(`sends at most ${passwordResetLimits.maxPerIp} reset emails an hour for one IP address, whatever the emails`, async () => {
    const member = newMember();
    await client().post('/api/auth/signup', member);
    const guesses = Array.from({ length: passwordResetLimits.maxPerIp }, (_, i) => `guess-${i}-${Date.now()}@example.com`);
    const answers = await Promise.all(guesses.map((email) => client().post('/api/auth/forgot-password', { email })));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    // The address has used up its hour: a real member's request from it sends nothing either.
    const res = await client().post('/api/auth/forgot-password', { email: member.email });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("If an account exists for that email, we've sent a link to reset your password.");
    expect(await outbox(member.email)).toHaveLength(0);
  });
});

describe('staff routes refuse before they validate', () => {
  const badBody = { content: { hero: 'not an object' } };

  it('a visitor sending a bad body to an admin route is told to sign in (401), not about the body', async () => {
    const res = await client().put('/api/admin/homepage-content', badBody);
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('unauthenticated');
  });

  it('a member sending a bad body to an admin route is refused (403)', async () => {
    const member = client();
    await member.post('/api/auth/signup', newMember());
    const res = await member.put('/api/admin/homepage-content', badBody);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('forbidden');
  });

  it('a guard written as a preHandler is moved before validation too', async () => {
    const res = await client().post('/api/idea-sets', { skill: 42 });
    expect(res.status).toBe(401);
    const moderator = client();
    const signup = await moderator.post('/api/auth/signup', newMember());
    // A staff member is not a member with idea sets: refused, whatever the body.
    await t.services.identity.changeRole(signup.body.user.id, 'moderator', 'test', { actor: null, requestId: 'test' });
    await t.services.runner.catchUpAll();
    expect((await moderator.post('/api/idea-sets', { skill: 42 })).status).toBe(403);
  });

  it('an admin sending the same body gets the validation message', async () => {
    const admin = client();
    expect((await admin.post('/api/auth/login', { email: 'chief@example.com', password: 'chief-password-1' })).status).toBe(200);
    expect((await admin.put('/api/admin/homepage-content', badBody)).status).toBe(400);
  });
});

describe('homepage footer links', () => {
  it('refuses links that a browser would resolve to another site, and keeps the saved content', async () => {
    const admin = client();
    expect((await admin.post('/api/auth/login', { email: 'chief@example.com', password: 'chief-password-1' })).status).toBe(200);
    const before = (await client().get('/api/homepage-content')).body;
    for (const href of ['/\\evil.example', '/\t/evil.example', '//evil.example']) {
      const content = structuredClone(before);
      content.footer.links[0].href = href;
      const res = await admin.put('/api/admin/homepage-content', { content });
      expect(res.status, href).toBe(400);
      expect(res.body.message).toMatch(/Links/);
    }
    expect((await client().get('/api/homepage-content')).body).toEqual(before);
    const external = structuredClone(before);
    external.footer.links[0].href = 'https://twitter.com/skilly';
    expect((await admin.put('/api/admin/homepage-content', { content: external })).status).toBe(200);
  });
});

describe('sign-in throttling without trusted proxies', () => {
  it('ignores X-Forwarded-For from a client: rotating it does not escape the per-address limit', async () => {
    let refused = 0;
    for (let i = 0; i < signInThrottle.maxFailuresPerIp + 2; i++) {
      const res = await client().post(
        '/api/auth/login',
        { email: `rotating-${i}@example.com`, password: 'wrong password' },
        { 'x-forwarded-for': `198.51.100.${i + 1}` },
      );
      if (res.status === 429) refused += 1;
    }
    expect(refused).toBeGreaterThan(0);
  });
});
