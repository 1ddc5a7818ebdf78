import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { loadConfig } from '../../backend/infrastructure/config/config';
import { compose } from '../../backend/infrastructure/composition-root';
import { openServerDatabase } from '../../backend/infrastructure/database/database';
import { buildApp } from '../../backend/infrastructure/http/app';
import { createLogger } from '../../backend/infrastructure/logging/logger';
import { countries } from '../../backend/application/contracts/countries';
import { ADMIN_USERS_PAGE_DEFAULT } from '../../backend/application/contracts/admin-members';
import type { EventStore } from '../../backend/application/ports/event-store';

/**
 * The admin reads at scale (issue 32): members and their events seeded straight into the event
 * store, projected by the app's runner, then GET /api/admin/stats and GET /api/admin/users?page=N
 * timed one after the other through the whole app; the p95 at `large` members is compared with
 * the p95 at `small` members in the same run. A ratio near 1 means the read does not grow with
 * the number of members.
 */

export interface AdminReadFigure {
  route: string;
  /** p95 in ms at each size; null when the route answered 404 (not in this build). */
  p95Ms: Record<string, number | null>;
  /** p50 in ms at each size, beside the p95 the ratio is of. */
  p50Ms: Record<string, number | null>;
  /** p95 at the large size divided by p95 at the small one. */
  ratio: number | null;
}

export interface AdminBenchResult {
  sizes: { members: number; events: number; seedMs: number; projectMs: number }[];
  reads: AdminReadFigure[];
}

const DAY_MS = 24 * 60 * 60 * 1000;
const EVENTS_PER_MEMBER = 10;

/** Each member: registered on one day, then nine profile saves (as themselves, a country each) on a later one. */
async function seedMembers(store: EventStore, members: number, parallel = 16): Promise<number> {
  const now = Date.now();
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < members; i = next++) {
      const userId = randomUUID();
      const stream = `user-${userId}`;
      const email = `bench.${i}.${userId.slice(0, 8)}@example.com`;
      const registeredAt = new Date(now - Math.floor(Math.random() * 90) * DAY_MS);
      const activeAt = new Date(Math.min(now, registeredAt.getTime() + Math.floor(Math.random() * 30) * DAY_MS));
      const context = (occurredAt: Date, actor: { kind: 'system'; name: string } | { kind: 'user'; userId: string; role: 'free' }) => ({
        expectedVersion: 'any' as const,
        actor,
        occurredAt,
        causationId: randomUUID(),
        correlationId: randomUUID(),
      });
      await store.append(
        stream,
        [{ id: randomUUID(), type: 'UserRegistered', schemaVersion: 1, data: { userId, firstName: `First${i}`, lastName: `Last${i}`, email, passwordHash: 'x', role: 'free' } }],
        context(registeredAt, { kind: 'system', name: 'signup' }),
      );
      const saves = Array.from({ length: EVENTS_PER_MEMBER - 1 }, (_, k) => ({
        id: randomUUID(),
        type: 'UserProfileUpdated',
        schemaVersion: 1,
        data: { firstName: `First${i}`, lastName: `Last${i}`, email, country: countries[(i + k) % countries.length], profilePicture: null },
      }));
      await store.append(stream, saves, context(activeAt, { kind: 'user', userId, role: 'free' }));
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  return members * EVENTS_PER_MEMBER;
}

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return Number(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))].toFixed(2));
}

/** Seeds `members` members into the database at `databaseUrl`, projects them, and times the admin reads. */
async function measureAt(databaseUrl: string, members: number, requests: number) {
  const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'skilly-admin-bench-')), DATABASE_URL: databaseUrl, PORT: '0' });
  const database = await openServerDatabase(databaseUrl);
  const services = await compose(config, { database, logger: createLogger('silent') });
  const app = await buildApp(services);
  try {
    const seedStart = performance.now();
    const events = await seedMembers(services.eventStore, members);
    const seedMs = Math.round(performance.now() - seedStart);
    const projectStart = performance.now();
    await services.runner.catchUpAll();
    const projectMs = Math.round(performance.now() - projectStart);
    // The steady state autovacuum reaches within a minute of a bulk load: visibility map set (index-only
    // scans for deep pages) and planner statistics fresh. Timed reads right after a million inserts
    // would measure the missing statistics, not the queries.
    await sql`vacuum analyze`.execute(database.db);
    await services.runner.start();
    const url = await app.listen({ port: 0, host: '127.0.0.1' });

    const signup = await fetch(`${url}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ firstName: 'Admin', lastName: 'Bench', email: `admin.bench.${Date.now()}@example.com`, password: 'correct horse battery' }),
    });
    if (signup.status !== 201) throw new Error(`signup answered ${signup.status}: ${await signup.text()}`);
    const adminId = ((await signup.json()) as { user: { id: string } }).user.id;
    await services.identity.changeRole(adminId, 'admin', 'bench', { actor: null, requestId: 'bench' });
    await services.runner.catchUpAll();
    const { token } = await services.identity.startSession(adminId);
    const cookie = `skilly_session=${encodeURIComponent(app.signCookie(token))}`;

    const pages = Math.max(1, Math.ceil(members / ADMIN_USERS_PAGE_DEFAULT));
    const routes = { stats: () => '/api/admin/stats', users: () => `/api/admin/users?page=${1 + Math.floor(Math.random() * pages)}` };
    const timings: Record<string, number | null> = {};
    const medians: Record<string, number | null> = {};
    for (const [name, pathOf] of Object.entries(routes)) {
      const samples: number[] = [];
      let missing = false;
      for (let i = 0; i < requests + 10; i++) {
        const start = performance.now();
        const answer = await fetch(`${url}${pathOf()}`, { headers: { cookie } });
        await answer.arrayBuffer();
        if (answer.status === 404) missing = true;
        else if (answer.status !== 200) throw new Error(`${pathOf()} answered ${answer.status}`);
        if (i >= 10) samples.push(performance.now() - start); // the first ten warm up
      }
      timings[name] = missing ? null : percentile(samples, 0.95);
      medians[name] = missing ? null : percentile(samples, 0.5);
    }
    return { size: { members, events, seedMs, projectMs }, timings, medians };
  } finally {
    await app.close();
    await services.close();
  }
}

/**
 * BENCH_ADMIN_MEMBERS (default 100000: 1M events) against BENCH_ADMIN_SMALL (default 1000),
 * each on its own fresh database from `freshDatabase`.
 */
export async function benchAdminReads(freshDatabase: <T>(work: (url: string) => Promise<T>) => Promise<T>): Promise<AdminBenchResult> {
  const large = Number(process.env.BENCH_ADMIN_MEMBERS ?? 100_000);
  const small = Number(process.env.BENCH_ADMIN_SMALL ?? 1_000);
  const requests = Number(process.env.BENCH_ADMIN_REQUESTS ?? 200);
  const atSmall = await freshDatabase((url) => measureAt(url, small, requests));
  const atLarge = await freshDatabase((url) => measureAt(url, large, requests));
  const reads = Object.keys(atSmall.timings).map((name) => {
    const s = atSmall.timings[name];
    const l = atLarge.timings[name];
    return {
      route: name === 'stats' ? 'GET /api/admin/stats' : 'GET /api/admin/users?page=N',
      p95Ms: { [`${small} members`]: s, [`${large} members`]: l },
      p50Ms: { [`${small} members`]: atSmall.medians[name], [`${large} members`]: atLarge.medians[name] },
      ratio: s && l ? Number((l / s).toFixed(2)) : null,
    };
  });
  return { sizes: [atSmall.size, atLarge.size], reads };
}

export function printAdminReads(result: AdminBenchResult) {
  for (const size of result.sizes) {
    console.log(`admin bench seed                ${size.members} members, ${size.events} events: seeded in ${size.seedMs} ms, projected in ${size.projectMs} ms`);
  }
  for (const read of result.reads) {
    const figures = Object.entries(read.p95Ms).map(
      ([size, ms]) => `${size} p95 ${ms === null ? 'not measured (404: route not in this build)' : `${ms} ms (p50 ${read.p50Ms[size]} ms)`}`,
    );
    console.log(`${read.route.padEnd(32)}${figures.join(', ')}; ratio ${read.ratio ?? 'n/a'}`);
  }
}
