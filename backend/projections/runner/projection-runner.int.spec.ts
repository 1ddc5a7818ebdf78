import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppendContext } from '../../application/ports/event-store';
import { PostgresEventStore } from '../../infrastructure/event-store/postgres-event-store';
import { createTestDatabase, usingServer, type TestDatabase } from '../../../tests/support/database';
import { countedApplications, countingProjection, createCountingTable } from '../../../tests/support/counting-projection';
import { ProjectionRunner } from './projection-runner';
import { readCheckpoint } from './checkpoints';

let database: TestDatabase;
let store: PostgresEventStore;
const quietLogger = { info() {}, error() {} };
const ctx: AppendContext = {
  expectedVersion: 'any',
  actor: { kind: 'system', name: 'test' },
  occurredAt: new Date(),
  causationId: 'c',
  correlationId: 'c',
};

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

  it('reports a wait that runs out of time honestly', async () => {
    const runner = new ProjectionRunner(database.handle.db, store, [countingProjection()], quietLogger);
    // Not started: nothing will ever reach a position far ahead.
    expect(await runner.waitFor({ commit: Number.MAX_SAFE_INTEGER, prepare: 0 }, 50)).toBe(false);
  });
});
