import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { PasswordHasher } from '../../backend/application/ports/system';
import { signInThrottle } from '../../backend/application/identity/sign-in-throttle';
import { loadConfig } from '../../backend/infrastructure/config/config';
import { compose } from '../../backend/infrastructure/composition-root';
import { buildApp } from '../../backend/infrastructure/http/app';
import { createLogger } from '../../backend/infrastructure/logging/logger';
import { argon2Hasher } from '../../backend/infrastructure/system/system-adapters';
import { systemActor } from '../../backend/domain/shared/actor';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { Client, newMember, startSecondInstance, type TestApp } from '../support/test-app';

/**
 * The real argon2 hasher, counting how many passwords it was asked to check. `holdNext(n)`
 * keeps the next n checks waiting, their verdict already reached, until `release()`: a
 * sign-in that checked the old password is held there while the password changes.
 */
function countingHasher() {
  const counter = { verifications: 0 };
  let toHold = 0;
  let holding: { count: number; gate: Promise<void>; open: () => void } | null = null;
  const hasher: PasswordHasher = {
    hash: (password) => argon2Hasher.hash(password),
    verify: async (hash, password) => {
      counter.verifications += 1;
      const verdict = await argon2Hasher.verify(hash, password);
      if (holding && toHold > 0) {
        toHold -= 1;
        holding.count += 1;
        await holding.gate;
      }
      return verdict;
    },
  };
  const gate = {
    holdNext(n: number) {
      let open = () => {};
      const wait = new Promise<void>((resolve) => (open = resolve));
      toHold = n;
      holding = { count: 0, gate: wait, open };
    },
    /** Resolves once `n` checks are waiting at the gate. */
    async held(n: number) {
      while ((holding?.count ?? 0) < n) await new Promise((resolve) => setTimeout(resolve, 10));
    },
    release() {
      holding?.open();
      holding = null;
      toHold = 0;
    },
  };
  return { hasher, counter, gate };
}

interface App extends TestApp {
  counter: { verifications: number };
  gate: ReturnType<typeof countingHasher>['gate'];
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
  const { hasher, counter, gate } = countingHasher();
  const services = await compose(config, { database: database.handle, logger: createLogger(config.LOG_LEVEL), passwordHasher: hasher });
  await services.runner.start();
  const app: FastifyInstance = await buildApp(services);
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url,
    app,
    database,
    counter,
    gate,
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

/**
 * Issue 37 item 1: a session is as good as the password it was opened with. A sign-in that
 * checked the old password while a reset (or a disable) went through used to keep a live
 * 30-day session, because only sessions older than the event were ended.
 */
describe('sign-ins racing a new password or a disabled account', () => {
  const secret = { TRUST_PROXY: '127.0.0.1', SESSION_SECRET: 'a shared cookie secret of two server instances' };
  let a: App;
  let second: Awaited<ReturnType<typeof startSecondInstance>>;
  beforeAll(async () => {
    a = await startApp(secret);
    second = await startSecondInstance(a, secret);
  });
  afterAll(async () => {
    await second?.close();
    await a?.close();
  });

  let ip = 0;
  /** A sign-in from an address of its own (the throttle counts a held attempt as a failure). */
  const signIn = async (email: string, password: string) => {
    ip += 1;
    const client = new Client(a.url, { 'x-forwarded-for': `198.18.${Math.floor(ip / 250)}.${(ip % 250) + 1}` });
    const res = await client.post('/api/auth/login', { email, password });
    return { status: res.status, cookie: client.sessionCookie };
  };

  /** What each instance answers with this session cookie: GET /api/auth/me and a member route. */
  const answers = async (cookie: string) => {
    const statuses: number[] = [];
    for (const url of [a.url, second.url]) {
      for (const route of ['/api/auth/me', '/api/credits']) {
        statuses.push((await fetch(`${url}${route}`, { headers: { cookie: `skilly_session=${cookie}` } })).status);
      }
    }
    return statuses;
  };

  async function signedUp() {
    const member = newMember();
    const client = new Client(a.url);
    const res = await client.post('/api/auth/signup', member);
    expect(res.status).toBe(201);
    return { member, id: res.body.user.id as string, cookie: client.sessionCookie! };
  }

  async function resetLink(email: string) {
    expect((await new Client(a.url).post('/api/auth/forgot-password', { email })).status).toBe(200);
    const mail = await a.services.database.db.selectFrom('email_outbox').selectAll().where('recipient', '=', email).where('template', '=', 'password-reset').executeTakeFirstOrThrow();
    return decodeURIComponent(/reset-password\?token=([^\s]+)/.exec(mail.body)![1]);
  }

  it('a password reset ends every session opened with the old password, also those whose sign-in straddled it', async () => {
    const { member, cookie: before } = await signedUp();
    const token = await resetLink(member.email);
    expect(await answers(before)).toEqual([200, 200, 200, 200]);

    // Four sign-ins check the old password and are held there until the reset has answered.
    a.gate.holdNext(4);
    const held = Array.from({ length: 4 }, () => signIn(member.email, member.password));
    await a.gate.held(4);
    // Meanwhile three more sign in with it in a loop, as an attacker would, around the reset.
    let resetAnswered = false;
    const lanes = Array.from({ length: 3 }, async () => {
      const got: { status: number; cookie?: string }[] = [];
      while (!resetAnswered) {
        const res = await signIn(member.email, member.password);
        got.push(res);
        if (res.status !== 200) break;
      }
      return got;
    });
    const reset = await new Client(a.url).post('/api/auth/reset-password', { token, password: 'a brand new secret' });
    resetAnswered = true;
    expect(reset.status).toBe(200);
    a.gate.release();

    const straddling = await Promise.all(held);
    expect(straddling.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const around = (await Promise.all(lanes)).flat().filter((r) => r.status === 200);
    const sessions = [before, ...straddling, ...around].map((r) => (typeof r === 'string' ? r : r.cookie!));
    for (const cookie of sessions) expect(await answers(cookie)).toEqual([401, 401, 401, 401]);

    // The new password opens a working session.
    const fresh = await signIn(member.email, 'a brand new secret');
    expect(fresh.status).toBe(200);
    expect(await answers(fresh.cookie!)).toEqual([200, 200, 200, 200]);
  });

  it('a sign-in straddling a disable leaves no session, not even once the account is enabled again', async () => {
    const { member, id } = await signedUp();
    const system = { actor: systemActor('test'), requestId: 'issue-37' };
    a.gate.holdNext(2);
    const held = Array.from({ length: 2 }, () => signIn(member.email, member.password));
    await a.gate.held(2);
    const disabled = await a.services.identity.disable(id, 'Investigating abuse', system);
    await a.services.progress.waitFor(disabled.position!, 5000);
    a.gate.release();
    const straddling = await Promise.all(held);
    // They checked the password while the account was still enabled, and got a cookie.
    expect(straddling.map((r) => r.status)).toEqual([200, 200]);
    for (const r of straddling) expect(await answers(r.cookie!)).toEqual([401, 401, 401, 401]);

    const enabled = await a.services.identity.enable(id, system);
    await a.services.progress.waitFor(enabled.position!, 5000);
    for (const r of straddling) expect(await answers(r.cookie!)).toEqual([401, 401, 401, 401]);
    const fresh = await signIn(member.email, member.password);
    expect(fresh.status).toBe(200);
    expect(await answers(fresh.cookie!)).toEqual([200, 200, 200, 200]);
  });
});
