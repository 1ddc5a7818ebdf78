import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInThrottle } from '../../backend/application/identity/sign-in-throttle';
import { Client, newMember, startTestApp, type TestApp } from '../support/test-app';

// Its own server and database: the per-IP count must not leak into other test files.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

describe('failed sign-in throttling', () => {
  it('blocks an account after repeated failures, even with the right password, and says when to retry', async () => {
    const member = newMember();
    await new Client(t.url).post('/api/auth/signup', member);
    // A successful sign-in never counts.
    for (let i = 0; i < 3; i++) {
      expect((await new Client(t.url).post('/api/auth/login', { email: member.email, password: member.password })).status).toBe(200);
    }
    for (let i = 0; i < signInThrottle.maxFailuresPerAccount; i++) {
      const res = await new Client(t.url).post('/api/auth/login', { email: member.email, password: 'wrong password' });
      expect(res.status).toBe(401);
    }
    const blocked = await new Client(t.url).post('/api/auth/login', { email: member.email, password: member.password });
    expect(blocked.status).toBe(429);
    expect(blocked.body.code).toBe('too_many_attempts');
    expect(blocked.body.message).toMatch(/Too many failed sign-in attempts. Please try again in \d+ minute/);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);

    // A password reset proves control of the mailbox and lifts the account's block.
    await new Client(t.url).post('/api/auth/forgot-password', { email: member.email });
    const mail = await t.services.database.db
      .selectFrom('email_outbox')
      .select('body')
      .where('recipient', '=', member.email).where('template', '=', 'password-reset')
      .executeTakeFirstOrThrow();
    const token = decodeURIComponent(/reset-password\?token=([^\s]+)/.exec(mail.body)![1]);
    expect((await new Client(t.url).post('/api/auth/reset-password', { token, password: 'fresh password 1' })).status).toBe(200);
    const after = await new Client(t.url).post('/api/auth/login', { email: member.email, password: 'fresh password 1' });
    expect(after.status).toBe(200);
  });

  it('blocks an address that fails across many accounts', async () => {
    const member = newMember();
    await new Client(t.url).post('/api/auth/signup', member);
    // The first test already spent some of this address's failures.
    for (let i = 0; i < signInThrottle.maxFailuresPerIp; i++) {
      await new Client(t.url).post('/api/auth/login', { email: `guess-${i}@example.com`, password: 'wrong password' });
    }
    const res = await new Client(t.url).post('/api/auth/login', { email: member.email, password: member.password });
    expect(res.status).toBe(429);
  });
});
