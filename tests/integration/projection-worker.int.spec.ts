import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCheckpoint } from '../../backend/projections/runner/checkpoints';
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

  it('the web server answers a signup from the inline read models; the worker brings the asynchronous ones up', async () => {
    // No worker yet: the member's own read models are written by the append itself.
    const early = newMember();
    const c = new Client(t.url);
    const answered = await c.post('/api/auth/signup', early);
    expect(answered.status).toBe(201);
    expect((await c.get('/api/auth/me')).body.email).toBe(early.email);
    const head = (await t.services.eventStore.headPosition())!;
    const adminStatsAt = async () => (await readCheckpoint(t.services.database.db, 'admin-stats')).commit;
    expect(await adminStatsAt()).toBeLessThan(head.commit);

    worker = spawn(process.execPath, ['--import', 'tsx', 'backend/infrastructure/bin/worker.ts'], {
      env: { ...process.env, DATABASE_URL: t.database.url!, LOG_LEVEL: 'silent', DATA_DIR: process.env.TMPDIR ?? '/tmp' },
      stdio: 'ignore',
    });

    // Ready once the worker has caught up with everything stored so far.
    await expect.poll(async () => (await new Client(t.url).get('/api/ready')).status, { timeout: 20_000, interval: 200 }).toBe(200);
    // The admin's statistics (asynchronous) now include the sign-up.
    await expect.poll(adminStatsAt, { timeout: 20_000, interval: 200 }).toBeGreaterThanOrEqual(head.commit);

    const member = newMember();
    const res = await new Client(t.url).post('/api/auth/signup', member);
    expect(res.status).toBe(201);
    expect((await new Client(t.url).post('/api/auth/login', { email: early.email, password: early.password })).status).toBe(200);
  }, 30_000);
});
