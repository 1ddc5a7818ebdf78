import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usingServer } from '../support/database';
import { Client, newMember, startTestApp, type TestApp } from '../support/test-app';

// A separate worker process needs a database two processes can share: the server, not PGlite.
describe.skipIf(!usingServer())('projections in a separate worker process', () => {
  let t: TestApp;
  let worker: ChildProcess | undefined;

  beforeAll(async () => {
    t = await startTestApp({ PROJECTIONS_IN_PROCESS: 'false' });
  });
  afterAll(async () => {
    worker?.kill('SIGTERM');
    await t.close();
  });

  it('the web server answers a signup once the worker has projected it', async () => {
    // No worker yet: the write is stored, but nobody projects it; the server says so.
    const early = newMember();
    const pending = await new Client(t.url).post('/api/auth/signup', early);
    expect(pending.status).toBe(202);

    worker = spawn(process.execPath, ['--import', 'tsx', 'backend/infrastructure/bin/worker.ts'], {
      env: { ...process.env, DATABASE_URL: t.database.url!, LOG_LEVEL: 'silent', DATA_DIR: process.env.TMPDIR ?? '/tmp' },
      stdio: 'ignore',
    });

    // Ready once the worker has caught up with everything stored so far.
    await expect.poll(async () => (await new Client(t.url).get('/api/ready')).status, { timeout: 20_000, interval: 200 }).toBe(200);

    const member = newMember();
    const c = new Client(t.url);
    const res = await c.post('/api/auth/signup', member);
    expect(res.status).toBe(201);
    expect((await c.get('/api/auth/me')).body.email).toBe(member.email);
    // The worker caught up on the earlier signup too.
    expect((await new Client(t.url).post('/api/auth/login', { email: early.email, password: early.password })).status).toBe(200);
  }, 30_000);
});
