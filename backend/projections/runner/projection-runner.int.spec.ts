import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresEventStore } from '../../infrastructure/event-store/postgres-event-store';
import { createTestDatabase, usingServer, type TestDatabase } from '../../../tests/support/database';
import { countedApplications, countingProjection, createCountingTable } from '../../../tests/support/counting-projection';
import { ProjectionRunner } from './projection-runner';
import { readCheckpoint } from './checkpoints';
import { startOfAll } from '../../application/ports/event-store';
import type { Projection } from './projection';
import { testAppendContext as ctx } from '../../../tests/support/append-context';

let database: TestDatabase;
let store: PostgresEventStore;
const quietLogger = { info() {}, error() {} };

async function appendCounted(count: number): Promise<string[]> {
  const ids: string[] = [];
  // In chunks, so batches span many transactions.
  for (let i = 0; i < count; i += 10) {
    const events = Array.from({ length: Math.min(10, count - i) }, () => ({
      id: randomUUID(),
      type: 'Counted',
      schemaVersion: 1,
      data: {},
    }));
    await store.append(`counted-${randomUUID()}`, events, ctx);
    ids.push(...events.map((e) => e.id));
  }
  // Transaction ids are the cluster's: a transaction running in another test's database holds
  // back what a reader may read. Return once these events are readable.
  await store.committedReadable();
  return ids;
}

beforeAll(async () => {
  database = await createTestDatabase();
  store = new PostgresEventStore(database.handle);
  await createCountingTable(database.handle.db);
});
afterAll(async () => database.drop());

describe('projection runner', () => {
  it('applies every event exactly once after a crash in the middle of a batch', async () => {
    const db = database.handle.db;
    const ids = await appendCounted(120);
    let crashed = false;
    const crashing = countingProjection((index) => {
      if (index === 70 && !crashed) {
        crashed = true;
        throw new Error('process died');
      }
    });
    const firstRun = new ProjectionRunner(db, store, [crashing], quietLogger, { batchSize: 50 });
    await expect(firstRun.catchUp(crashing)).rejects.toThrow('process died');
    // The first batch of 50 committed; the second died at its 21st event and left nothing.
    expect((await countedApplications(db)).size).toBe(50);

    const restarted = new ProjectionRunner(db, store, [countingProjection()], quietLogger, { batchSize: 50 });
    await restarted.catchUp(restarted.projections[0]);
    const counts = await countedApplications(db);
    expect(ids.map((id) => counts.get(id))).toEqual(ids.map(() => 1));
  });

  it.skipIf(!usingServer())('applies every event exactly once after its process is killed mid-batch', async () => {
    const db = database.handle.db;
    await db.deleteFrom('projection_checkpoints' as never).execute();
    await db.deleteFrom('counted_events' as never).execute();
    const all = await store.readAll({ after: { commit: 0, prepare: -1 }, limit: 100_000 });
    const counted = all.filter((e) => e.type === 'Counted').map((e) => e.eventId);

    const child = spawn(process.execPath, ['--import', 'tsx', path.resolve('tests/support/projection-child.ts'), database.url!], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise<void>((resolve, reject) => {
      let output = '';
      child.stdout.on('data', (chunk) => {
        output += chunk;
        // Kill in the middle of the second batch (events 50..99), after the first committed.
        if (output.includes('applying 75')) {
          child.kill('SIGKILL');
          resolve();
        }
        if (output.includes('done')) reject(new Error('child finished before it was killed'));
      });
      child.on('error', reject);
    });
    await new Promise((r) => child.once('exit', r));
    expect((await countedApplications(db)).size).toBe(50);

    const restarted = new ProjectionRunner(db, store, [countingProjection()], quietLogger, { batchSize: 50 });
    await restarted.catchUp(restarted.projections[0]);
    const counts = await countedApplications(db);
    expect(counted.map((id) => counts.get(id))).toEqual(counted.map(() => 1));
  });

  it('never applies a batch twice when two runners race on one projection', async () => {
    const db = database.handle.db;
    await db.deleteFrom('projection_checkpoints' as never).execute();
    await db.deleteFrom('counted_events' as never).execute();
    const a = new ProjectionRunner(db, store, [countingProjection()], quietLogger, { batchSize: 25 });
    const b = new ProjectionRunner(db, store, [countingProjection()], quietLogger, { batchSize: 25 });
    await Promise.all([a.catchUp(a.projections[0]), b.catchUp(b.projections[0]), a.catchUp(a.projections[0])]);
    const counts = await countedApplications(db);
    expect(counts.size).toBeGreaterThan(0);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
  });

  it.skipIf(!usingServer())('catchUpAll applies every event committed before it, also one an older open transaction still holds back', async () => {
    const db = database.handle.db;
    const runner = new ProjectionRunner(db, store, [countingProjection()], quietLogger);
    await runner.catchUpAll();
    // Any writing transaction of the server (here of another database) that began before an
    // append hides it from the log until it ends: a server starting or a CLI command right then
    // must still see it.
    const other = new pg.Client({ connectionString: new URL('/postgres', database.url!).toString() });
    await other.connect();
    try {
      await other.query('begin');
      await other.query('select pg_current_xact_id()');
      const [id] = await appendCounted(1);
      setTimeout(() => void other.query('commit'), 200);
      await runner.catchUpAll();
      expect((await countedApplications(db)).get(id)).toBe(1);
    } finally {
      await other.end();
    }
  });

  it('follows new events live and lets a writer wait for its own events', async () => {
    const db = database.handle.db;
    const projection = countingProjection();
    const runner = new ProjectionRunner(db, store, [projection], quietLogger, { idlePollMs: 5_000 });
    await runner.start();
    try {
      const [id] = await appendCounted(1);
      const head = (await store.headPosition())!;
      expect(await runner.waitFor(head, 3_000)).toBe(true);
      expect((await countedApplications(db)).get(id)).toBe(1);
      const checkpoint = await readCheckpoint(db, 'counting');
      expect(checkpoint).toEqual(head);
    } finally {
      await runner.stop();
    }
  });

  it('erases a member’s rows at their MemberErased, after the events before it and before those after it, live and in a rebuild', async () => {
    const db = database.handle.db;
    await sql`create table if not exists owned_streams (stream text primary key, owner text not null)`.execute(db);
    const owned: Projection = {
      name: 'owned',
      handles: ['Owned'],
      tables: ['owned_streams'],
      memberFacing: false,
      async apply(trx, event) {
        await sql`insert into owned_streams (stream, owner) values (${event.streamName}, ${String(event.data.owner)}) on conflict do nothing`.execute(trx);
      },
      async erase(trx, userId) {
        await sql`delete from owned_streams where owner = ${userId}`.execute(trx);
      },
    };
    const [erased, kept] = [randomUUID(), randomUUID()];
    const stream = () => `owned-${randomUUID()}`;
    const appendOne = async (name: string, type: string, data: Record<string, unknown>) => {
      await store.append(name, [{ id: randomUUID(), type, schemaVersion: 1, data }], ctx);
      return name;
    };
    const before = await appendOne(stream(), 'Owned', { owner: erased });
    const other = await appendOne(stream(), 'Owned', { owner: kept });
    await appendOne(`erasure-${erased}`, 'MemberErased', { userId: erased, streamsErased: 1, by: 'member' });
    // Written after the erasure (a generation still in flight): it stays until the sweep erases it.
    const late = await appendOne(stream(), 'Owned', { owner: erased });
    const rows = async () => (await sql<{ stream: string }>`select stream from owned_streams order by stream`.execute(db)).rows.map((row) => row.stream);
    const expected = [other, late].sort();

    // One batch holds the member's event and their erasure: the row it made goes within the batch.
    const runner = new ProjectionRunner(db, store, [owned], quietLogger, { batchSize: 10_000 });
    await expect.poll(async () => (await runner.catchUp(owned), rows()), { timeout: 30_000 }).toEqual(expected);
    expect(await rows()).not.toContain(before);
    // Erasure deletes the member's streams: a rebuild from zero gives the same rows.
    await store.deleteStream(before);
    await runner.rebuild(owned);
    expect(await rows()).toEqual(expected);
  });

  it('live, feeds many projections; one that fails holds up only itself, and gets every event once it recovers', async () => {
    const db = database.handle.db;
    await sql`create table if not exists seen_by (projection text not null, event_id text not null, applications integer not null, primary key (projection, event_id))`.execute(db);
    let broken = true;
    const seeing = (name: string, fails = false): Projection => ({
      name,
      handles: ['Counted'],
      tables: [],
      memberFacing: false,
      async apply(trx, event) {
        if (fails && broken) throw new Error(`${name} is broken`);
        await sql`
          insert into seen_by (projection, event_id, applications) values (${name}, ${event.eventId}, 1)
          on conflict (projection, event_id) do update set applications = seen_by.applications + 1`.execute(trx);
      },
    });
    const names = Array.from({ length: 8 }, (_, i) => `seeing-${i}`);
    const projections = names.map((name, i) => seeing(name, i === 3));
    // Start where the log ends now: only what is appended below counts.
    await store.committedReadable();
    const head = (await store.headPosition()) ?? startOfAll;
    await db
      .insertInto('projection_checkpoints')
      .values(names.map((projection) => ({ projection, commit_position: head.commit, prepare_position: head.prepare, updated_at: new Date() })))
      .execute();
    const errors: string[] = [];
    const runner = new ProjectionRunner(db, store, projections, { info() {}, error: (obj) => errors.push(String((obj as { projection?: string }).projection)) }, { idlePollMs: 20 });
    const ids = await appendCounted(30);
    const counts = async (projection: string) =>
      new Map((await sql<{ event_id: string; applications: number }>`select event_id, applications from seen_by where projection = ${projection}`.execute(db)).rows.map((r) => [r.event_id, r.applications]));
    await runner.start();
    try {
      await expect.poll(async () => (await counts('seeing-7')).size, { timeout: 10_000 }).toBe(30);
      for (const name of names.filter((n) => n !== 'seeing-3')) {
        const seen = await counts(name);
        expect(ids.map((id) => seen.get(id))).toEqual(ids.map(() => 1));
      }
      expect((await counts('seeing-3')).size).toBe(0);
      expect(errors).toContain('seeing-3');
      broken = false;
      await expect.poll(async () => (await counts('seeing-3')).size, { timeout: 10_000 }).toBe(30);
      const recovered = await counts('seeing-3');
      expect(ids.map((id) => recovered.get(id))).toEqual(ids.map(() => 1));
    } finally {
      await runner.stop();
    }
  });

  it('one pass reads a batch once for every projection at the same checkpoint, and moves them all past it', async () => {
    const db = database.handle.db;
    const names = Array.from({ length: 8 }, (_, i) => `sharing-${i}`);
    const applied = new Map(names.map((name) => [name, [] as string[]]));
    const projections: Projection[] = names.map((name) => ({
      name,
      handles: ['Counted'],
      tables: [],
      memberFacing: false,
      async apply(_trx, event) {
        applied.get(name)!.push(event.eventId);
      },
    }));
    await store.committedReadable();
    const head = (await store.headPosition()) ?? startOfAll;
    await db
      .insertInto('projection_checkpoints')
      .values(names.map((projection) => ({ projection, commit_position: head.commit, prepare_position: head.prepare, updated_at: new Date() })))
      .execute();
    const ids = await appendCounted(30);
    let reads = 0;
    const countingStore = new Proxy(store, {
      get: (target, name: keyof PostgresEventStore) => {
        if (name === 'readAll') reads += 1;
        const value = target[name];
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
    const runner = new ProjectionRunner(db, countingStore, projections, quietLogger, { batchSize: 100 });
    expect(await runner.runPass(projections)).toEqual({ read: 30, more: false });
    expect(reads).toBe(1);
    for (const name of names) expect(applied.get(name)).toEqual(ids);
    // Past the batch, all of them: the next pass reads once more and finds nothing.
    expect(await runner.runPass(projections)).toEqual({ read: 0, more: false });
    expect(reads).toBe(2);
  });

  it('a pass whose projection another runner moved meanwhile sits the batch out, then reads from where the checkpoint is: every event applied once', async () => {
    const db = database.handle.db;
    const applied: string[] = [];
    const projection: Projection = {
      name: 'moved-elsewhere',
      handles: ['Counted'],
      tables: [],
      memberFacing: false,
      async apply(_trx, event) {
        applied.push(event.eventId);
      },
    };
    await store.committedReadable();
    const head = (await store.headPosition()) ?? startOfAll;
    await db
      .insertInto('projection_checkpoints')
      .values({ projection: projection.name, commit_position: head.commit, prepare_position: head.prepare, updated_at: new Date() })
      .execute();
    const here = new ProjectionRunner(db, store, [projection], quietLogger, { batchSize: 100 });
    const elsewhere = new ProjectionRunner(db, store, [projection], quietLogger, { batchSize: 100 });
    const first = await appendCounted(10);
    expect(await here.runPass([projection])).toEqual({ read: 10, more: false });
    const second = await appendCounted(10);
    await elsewhere.runBatch(projection);
    const third = await appendCounted(10);
    // This runner last left the checkpoint after `first`: it reads from there, finds the row moved, and applies nothing.
    expect(await here.runPass([projection])).toEqual({ read: 20, more: true });
    expect(await here.runPass([projection])).toEqual({ read: 10, more: false });
    expect(applied).toEqual([...first, ...second, ...third]);
  });

  it('logs where a rebuild’s time went: each phase, the log’s reads and each projection’s transactions', async () => {
    await appendCounted(30);
    const logged: { obj: Record<string, unknown>; msg: string }[] = [];
    const logger = { info: (obj: object, msg: string) => logged.push({ obj: obj as Record<string, unknown>, msg }), error() {} };
    // 5 ms at each event it applies, so its transactions take at least 5 ms per event of the log.
    const slow = countingProjection(() => new Promise((resolve) => setTimeout(resolve, 5)));
    const idle: Projection = { name: 'idle', handles: ['NeverRecorded'], tables: [], memberFacing: false, async apply() {} };
    const runner = new ProjectionRunner(database.handle.db, store, [slow, idle], logger, { rebuildBatchSize: 1_000 });
    const replayed = await runner.rebuildAll();
    const report = logged.find((entry) => entry.msg === 'rebuild done: where its time went')?.obj;
    expect(report).toBeDefined();
    expect(report!.replayed).toBe(replayed);
    expect(report!.projections).toEqual(['counting', 'idle']);
    const counted = (await countedApplications(database.handle.db)).size;
    const projectionMs = report!.projectionMs as Record<string, number>;
    expect(projectionMs.counting).toBeGreaterThanOrEqual(5 * counted - 1);
    expect(projectionMs.idle).toBe(0);
    const phases = report!.phases as Record<string, number>;
    expect(Object.keys(phases)).toEqual(['shadowTablesMs', 'replayMs', 'seenVersionsMs', 'durableMs', 'swapMs', 'analyzeMs', 'catchUpMs']);
    // The replay holds the slow projection's transactions, and the log's reads.
    expect(phases.replayMs).toBeGreaterThanOrEqual(projectionMs.counting - 1);
    expect(report!.readMs).toBeGreaterThan(0);
  });

  it('reports a wait that runs out of time honestly', async () => {
    const runner = new ProjectionRunner(database.handle.db, store, [countingProjection()], quietLogger);
    // Not started: nothing will ever reach a position far ahead.
    expect(await runner.waitFor({ commit: Number.MAX_SAFE_INTEGER, prepare: 0 }, 50)).toBe(false);
  });
});
