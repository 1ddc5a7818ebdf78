import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, newMember, startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

describe('read your writes', () => {
  it('answers a signup only once the account is readable', async () => {
    const c = new Client(t.url);
    const member = newMember();
    const res = await c.post('/api/auth/signup', member);
    expect(res.status).toBe(201);
    // No sleep: the very next read sees the account.
    expect((await c.get('/api/auth/me')).body.email).toBe(member.email);
    expect((await new Client(t.url).post('/api/auth/login', { email: member.email, password: member.password })).status).toBe(200);
  });

  it('says honestly when the read models could not catch up in time, and the change still lands', async () => {
    await t.services.runner.stop();
    const member = newMember();
    const res = await new Client(t.url).post('/api/auth/signup', member);
    expect(res.status).toBe(202);
    expect(res.body.code).toBe('accepted_pending');
    expect((await t.services.database.db.selectFrom('users').select('id').where('email', '=', member.email).execute()).length).toBe(0);

    await t.services.runner.start();
    await t.services.runner.catchUpAll();
    const login = await new Client(t.url).post('/api/auth/login', { email: member.email, password: member.password });
    expect(login.status).toBe(200);
  }, 20_000);
});
