import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { PasswordHasher } from '../../backend/application/ports/system';
import { signInThrottle } from '../../backend/application/identity/sign-in-throttle';
import { loadConfig } from '../../backend/infrastructure/config/config';
import { compose, type Composition } from '../../backend/infrastructure/composition-root';
import { buildApp } from '../../backend/infrastructure/http/app';
import { createLogger } from '../../backend/infrastructure/logging/logger';
import { argon2Hasher } from '../../backend/infrastructure/system/system-adapters';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { Client, newMember } from '../support/test-app';

/** The real argon2 hasher, counting how many passwords it was asked to check. */
function countingHasher() {
  const counter = { verifications: 0 };
  const hasher: PasswordHasher = {
    hash: (password) => argon2Hasher.hash(password),
    verify: (hash, password) => {
      counter.verifications += 1;
      return argon2Hasher.verify(hash, password);
    },
  };
  return { hasher, counter };
}

interface App {
  url: string;
  counter: { verifications: number };
  services: Composition;
  close(): Promise<void>;
}

async function startApp(env: Record<string, string>): Promise<App> {
  const database: TestDatabase = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'skilly-data-')),
    PORT: '0',
    HOST: '127.0.0.1',
    ...env,
  });
  const { hasher, counter } = countingHasher();
  const services = await compose(config, { database: database.handle, logger: createLogger(config.LOG_LEVEL), passwordHasher: hasher });
  await services.runner.start();
  const app: FastifyInstance = await buildApp(services);
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url,
    counter,
    services,
    async close() {
      await app.close();
      await services.runner.stop();
      await database.drop();
    },
  };
}

const login = (url: string, email: string, password: string, ip?: string) =>
  new Client(url).post('/api/auth/login', { email, password }, ip ? { 'x-forwarded-for': ip } : {});

describe('sign-in throttling under parallel requests (proxy at 127.0.0.1 trusted)', () => {
  let a: App;
  beforeAll(async () => {
    a = await startApp({ TRUST_PROXY: '127.0.0.1' });
  });
  afterAll(async () => a?.close());

  it('checks no more than the limit of 60 parallel wrong passwords at one account from one address', async () => {
    const member = newMember();
    expect((await new Client(a.url).post('/api/auth/signup', member)).status).toBe(201);
    const before = a.counter.verifications;
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) => login(a.url, member.email, `wrong password ${i}`, '192.0.2.10')),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(signInThrottle.maxFailuresPerAccountAndIp);
    expect(statuses.filter((s) => s === 429)).toHaveLength(60 - signInThrottle.maxFailuresPerAccountAndIp);
    expect(a.counter.verifications - before).toBe(signInThrottle.maxFailuresPerAccountAndIp);
  });

  it('checks no more than the per-address limit of 60 parallel wrong passwords at many accounts', async () => {
    const before = a.counter.verifications;
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) => login(a.url, `stranger-${i}-${Date.now()}@example.com`, 'wrong password', '192.0.2.20')),
    );
    expect(results.filter((r) => r.status === 401)).toHaveLength(signInThrottle.maxFailuresPerIp);
    expect(a.counter.verifications - before).toBe(signInThrottle.maxFailuresPerIp);
  });

  it("a stranger's wrong passwords block only the stranger's address, not the owner's", async () => {
    const member = newMember();
    await new Client(a.url).post('/api/auth/signup', member);
    for (let i = 0; i < signInThrottle.maxFailuresPerAccountAndIp; i++) {
      expect((await login(a.url, member.email, 'wrong password', '192.0.2.30')).status).toBe(401);
    }
    expect((await login(a.url, member.email, member.password, '192.0.2.30')).status).toBe(429);
    expect((await login(a.url, member.email, member.password, '192.0.2.31')).status).toBe(200);
  });

  it('slows, rather than blocks, an account failing from many addresses', async () => {
    const member = newMember();
    await new Client(a.url).post('/api/auth/signup', member);
    for (let i = 0; i < signInThrottle.slowAccountAfterFailures; i++) {
      expect((await login(a.url, member.email, 'wrong password', `192.0.2.${100 + (i % 5)}`)).status).toBe(401);
    }
    const started = Date.now();
    const owner = await login(a.url, member.email, member.password, '192.0.2.200');
    expect(owner.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(signInThrottle.slowAccountSpacingMs - 500);
  });

  it('parallel attempts at a slowed account are checked one turn apart, and far turns are refused briefly', async () => {
    const member = newMember();
    await new Client(a.url).post('/api/auth/signup', member);
    for (let i = 0; i < signInThrottle.slowAccountAfterFailures; i++) {
      await login(a.url, member.email, 'wrong password', `192.0.2.${150 + (i % 5)}`);
    }
    const before = a.counter.verifications;
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => login(a.url, member.email, 'wrong password', `198.51.100.${i + 1}`)),
    );
    const refused = results.filter((r) => r.status === 429);
    const turns = Math.floor(signInThrottle.maxWaitMs / signInThrottle.slowAccountSpacingMs) + 1;
    expect(a.counter.verifications - before).toBeLessThanOrEqual(turns);
    expect(refused.length).toBeGreaterThanOrEqual(20 - turns);
    for (const r of refused) expect(Number(r.headers.get('retry-after'))).toBeLessThanOrEqual(60);
  });
});

describe('TRUST_PROXY as a hop count', () => {
  let a: App;
  beforeAll(async () => {
    a = await startApp({ TRUST_PROXY: '1' });
  });
  afterAll(async () => a?.close());

  it('takes the client address from the one trusted hop', async () => {
    for (let i = 0; i < signInThrottle.maxFailuresPerIp + 2; i++) {
      const res = await login(a.url, `hop-${i}@example.com`, 'wrong password', `spoofed, 203.0.113.${i + 1}`);
      expect(res.status).toBe(401);
    }
  });
});
