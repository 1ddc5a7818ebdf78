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

  it('answers a signup readable at once with the runner stopped: the read models it reads are applied by the append itself', async () => {
    await t.services.runner.stop();
    try {
      const member = newMember();
      const c = new Client(t.url);
      const res = await c.post('/api/auth/signup', member);
      expect(res.status).toBe(201);
      expect((await c.get('/api/auth/me')).body.email).toBe(member.email);
      expect((await new Client(t.url).post('/api/auth/login', { email: member.email, password: member.password })).status).toBe(200);
    } finally {
      await t.services.runner.start();
    }
  }, 20_000);
  // The honest 202 for a read model left to the runner: tests/integration/inline-projections.int.spec.ts.
});
