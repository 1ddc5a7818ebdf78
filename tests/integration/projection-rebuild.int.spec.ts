import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppendContext } from '../../backend/application/ports/event-store';
import { PostgresEventStore } from '../../backend/infrastructure/event-store/postgres-event-store';
import { ProjectionRunner } from '../../backend/projections/runner/projection-runner';
import { countedApplications, countingProjection, createCountingTable } from '../support/counting-projection';
import { createTestDatabase, type TestDatabase } from '../support/database';

let database: TestDatabase;
let store: PostgresEventStore;
const quiet = { info() {}, error() {} };
const ctx: AppendContext = {
  expectedVersion: 'any',
  actor: { kind: 'system', name: 'test' },
  occurredAt: new Date(),
  causationId: 'c',
  correlationId: 'c',
};

async function appendCounted(count: number) {
  for (let i = 0; i < count; i += 10) {
    const events = Array.from({ length: Math.min(10, count - i) }, () => ({ id: randomUUID(), type: 'Counted', schemaVersion: 1, data: {} }));
    await store.append(`counted-${randomUUID()}`, events, ctx);
  }
}

beforeAll(async () => {
  database = await createTestDatabase();
  store = new PostgresEventStore(database.handle);
  await createCountingTable(database.handle.db);
});
afterAll(async () => database.drop());

describe('online rebuild', () => {
  it('readers polling during a rebuild always see the whole model; events appended meanwhile are applied exactly once', async () => {
    const db = database.handle.db;
    await appendCounted(300);
    const projection = countingProjection();
    // Small batches: the replay takes many transactions, and a reader can look between each.
    const live = new ProjectionRunner(db, store, [projection], quiet, { batchSize: 20 });
    // On a shared server another database's open transaction can hold events back for a moment.
    await expect.poll(async () => (await live.catchUp(projection), (await countedApplications(db)).size), { timeout: 30_000 }).toBe(300);
    await live.start();

    const seen: number[] = [];
    let rebuilding = true;
    const reader = (async () => {
      while (rebuilding) {
        const { rows } = await sql<{ n: number }>`select count(*)::int as n from counted_events`.execute(db);
        seen.push(rows[0].n);
      }
    })();
    const writer = (async () => {
      for (let i = 0; i < 5; i++) await appendCounted(10);
    })();

    const rebuilder = new ProjectionRunner(db, store, [projection], quiet, { batchSize: 20 });
    await rebuilder.rebuild(projection);
    rebuilding = false;
    await Promise.all([reader, writer]);
    await live.stop();

    expect(seen.length).toBeGreaterThan(5);
    // Never empty, never partial: every count is at least the 300 there were before.
    expect(Math.min(...seen)).toBeGreaterThanOrEqual(300);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from events where type = 'Counted'`.execute(db);
    expect(rows[0].n).toBe(350);
    await expect.poll(async () => (await live.catchUp(projection), (await countedApplications(db)).size), { timeout: 30_000 }).toBe(350);
    const applications = await countedApplications(db);
    expect([...applications.values()].every((n) => n === 1)).toBe(true);
    // The shadow tables are gone.
    const { rows: shadows } = await sql<{ n: number }>`
      select count(*)::int as n from information_schema.tables where table_schema = 'projection_rebuild'`.execute(db);
    expect(shadows[0].n).toBe(0);
  }, 120_000);
});
