import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { Kysely, PostgresDialect, sql, type LogEvent } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import { DuplicateEventIdError, type AppendContext } from '../../application/ports/event-store';
import { createTestDatabase, usingServer, type TestDatabase } from '../../../tests/support/database';
import { createPGlite, openEmbeddedDatabase, openServerDatabase, type DatabaseHandle } from '../database/database';
import { migrateToLatest } from '../database/migrations';
import { PostgresEventStore } from './postgres-event-store';
import { product } from '../slices/product-slices';

const ctx = (expectedVersion: AppendContext['expectedVersion']): AppendContext => ({
  expectedVersion,
  actor: { kind: 'system', name: 'test' },
  occurredAt: new Date(),
  causationId: 'c',
  correlationId: 'c',
});
const event = () => ({ id: randomUUID(), type: 'Counted', schemaVersion: 1, data: { n: 1 } });

let database: TestDatabase;
let pglite: PGlite | undefined;
let pool: pg.Pool | undefined;
/** Every statement the counted store sends, in order. */
const statements: string[] = [];
let counted: DatabaseHandle;

beforeAll(async () => {
  const log = (e: LogEvent) => {
    statements.push(e.query.sql.trim().toLowerCase());
  };
  if (usingServer()) {
    database = await createTestDatabase();
    pool = new pg.Pool({ connectionString: database.url!, max: 2 });
    counted = { ...database.handle, db: new Kysely({ dialect: new PostgresDialect({ pool }), log }) };
  } else {
    pglite = await createPGlite({ loadDataDir: new Blob([readFileSync(inject('pgliteTemplate'))]), maxPreparedTransactions: 2 });
    const handle = await openEmbeddedDatabase(pglite);
    await migrateToLatest(handle.db, product.readModels);
    database = { handle, drop: () => handle.close() };
    counted = { ...handle, db: new Kysely({ dialect: new PGliteDialect(pglite), log }) };
  }
});
afterAll(async () => {
  await pool?.end();
  await database.drop();
});

describe('what an append costs', () => {
  it('is one statement, outside any transaction the store opens, when it appends; a refused single event asks the function why', async () => {
    const store = new PostgresEventStore(counted, { notify: false });
    const name = `counted-${randomUUID()}`;
    const first = [event(), event()];
    const single = event();
    const elsewhere = event();
    await store.append(`elsewhere-${randomUUID()}`, [elsewhere], ctx('no_stream'));
    const refusedAsDuplicate = (append: Promise<unknown>) =>
      append.then(
        () => expect.fail('appended an id another stream holds'),
        (error) => expect(error).toBeInstanceOf(DuplicateEventIdError),
      );

    // What runs, and the statements it sends: an event at a known version is one INSERT, a
    // batch there one append_events_at, an append at any version one call of append_events; an
    // append at a known version refused (it wrote nothing) then asks append_events why.
    const outcomes: [() => Promise<unknown>, string[]][] = [
      [() => store.append(name, first, ctx('no_stream')), ['append_events_at(']], // appended
      [() => store.append(name, first, ctx('no_stream')), ['append_events_at(', 'append_events(']], // already appended
      [() => store.append(name, [event()], ctx(7)).catch(() => undefined), ['insert into events', 'append_events(']], // wrong version
      [() => store.append(name, [event(), event()], ctx(7)).catch(() => undefined), ['append_events_at(', 'append_events(']], // wrong version
      [() => store.append(`other-${randomUUID()}`, [first[0]], ctx('any')).catch(() => undefined), ['append_events(']], // duplicate id
      [() => store.append(name, [single], ctx(1)), ['insert into events']], // appended to an existing stream
      [() => store.append(name, [single], ctx(1)), ['insert into events', 'append_events(']], // already appended
      [() => refusedAsDuplicate(store.append(name, [elsewhere], ctx(2))), ['insert into events', 'append_events(']], // an id another stream holds
      [() => refusedAsDuplicate(store.append(name, [event(), elsewhere], ctx(2))), ['append_events_at(', 'append_events(']], // the same, in a batch
    ];
    for (const [run, sent] of outcomes) {
      statements.length = 0;
      await run();
      expect(statements).toHaveLength(sent.length);
      sent.forEach((text, i) => expect(statements[i]).toContain(text));
    }
    expect((await store.readStream(name)).map((e) => [e.streamVersion, e.eventId])).toEqual([
      [0, first[0].id],
      [1, first[1].id],
      [2, single.id],
    ]);
  });

  it('appends one event at a known version as append_events does, and refuses it for the same reasons', async () => {
    const store = new PostgresEventStore(database.handle, { notify: false });
    const name = `single-${randomUUID()}`;
    const a = event();
    const first = await store.append(name, [a], ctx('no_stream'));
    expect(first.streamVersion).toBe(0);
    // The same event again: already appended, the same version and position answered.
    expect(await store.append(name, [a], ctx('no_stream'))).toEqual(first);
    // No gap: an expected version past the stream's end is refused with the stream's version.
    await expect(store.append(name, [event()], ctx(3))).rejects.toMatchObject({ actual: 0 });
    // A new stream's first event must be at no_stream.
    await expect(store.append(`missing-${randomUUID()}`, [event()], ctx(0))).rejects.toMatchObject({ actual: 'no_stream' });
    // A taken place: two writers of version 1, one wins.
    const results = await Promise.allSettled([store.append(name, [event()], ctx(0)), store.append(name, [event()], ctx(0))]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect((results.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason).toMatchObject({ actual: 1 });
    const second = await store.append(name, [event()], ctx(1));
    expect(second.streamVersion).toBe(2);
    expect(second.position.commit > first.position.commit || second.position.prepare > first.position.prepare).toBe(true);
    const stored = await store.readStream(name);
    expect(stored.map((e) => e.streamVersion)).toEqual([0, 1, 2]);
    expect(stored[0]).toMatchObject({ eventId: a.id, type: 'Counted', schemaVersion: 1, data: { n: 1 }, causationId: 'c', actor: { kind: 'system', name: 'test' } });
  });

  it('appends a batch at a known version as append_events does, in order, and refuses it for the same reasons', async () => {
    const store = new PostgresEventStore(database.handle, { notify: false });
    const name = `batch-${randomUUID()}`;
    const batch = [event(), event(), event()];
    const first = await store.append(name, batch, ctx('no_stream'));
    expect(first.streamVersion).toBe(2);
    // The same batch again: already appended, the same version and last position answered.
    expect(await store.append(name, batch, ctx('no_stream'))).toEqual(first);
    // No gap, and a new stream's first events must be at no_stream.
    await expect(store.append(name, [event(), event()], ctx(5))).rejects.toMatchObject({ actual: 2 });
    await expect(store.append(`missing-${randomUUID()}`, [event(), event()], ctx(0))).rejects.toMatchObject({ actual: 'no_stream' });
    // One id twice in the batch, or one another stream holds: a duplicate, nothing stays.
    const twice = event();
    await expect(store.append(name, [twice, twice], ctx(2))).rejects.toBeInstanceOf(DuplicateEventIdError);
    // A taken place: two writers of versions 3 and 4, one wins whole.
    const results = await Promise.allSettled([store.append(name, [event(), event()], ctx(2)), store.append(name, [event(), event()], ctx(2))]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect((results.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason).toMatchObject({ actual: 4 });
    const stored = await store.readStream(name);
    expect(stored.map((e) => e.streamVersion)).toEqual([0, 1, 2, 3, 4]);
    expect(stored.slice(0, 3).map((e) => e.eventId)).toEqual(batch.map((e) => e.id));
    // Positions follow the stream's order, and the answer names the last event's.
    const positions = stored.map((e) => BigInt(e.position.prepare));
    expect([...positions].sort((a, b) => (a < b ? -1 : 1))).toEqual(positions);
    expect(first.position).toEqual(stored[2].position);
    expect(stored[1]).toMatchObject({ type: 'Counted', schemaVersion: 1, data: { n: 1 }, causationId: 'c', actor: { kind: 'system', name: 'test' } });
  });

  // Parsed and planned once per connection, then only bound and executed.
  it.skipIf(!usingServer())('sends its appends as statements each connection keeps prepared', async () => {
    const one = await openServerDatabase(database.url!, { max: 1 });
    const store = new PostgresEventStore(one, { notify: false });
    try {
      const name = `prepared-${randomUUID()}`;
      await store.append(name, [event()], ctx('no_stream'));
      await store.append(name, [event()], ctx(0));
      await store.append(name, [event(), event()], ctx(1));
      await store.append(name, [event(), event()], ctx(3));
      await store.append(name, [event()], ctx(7)).catch(() => undefined); // refused: asks append_events why
      const { rows } = await sql<{ statement: string; executions: number }>`
        select statement, (generic_plans + custom_plans)::integer as executions from pg_prepared_statements`.execute(one.db);
      const executions = (call: string) => rows.filter((r) => r.statement.includes(call)).map((r) => r.executions);
      expect(executions('insert into events')).toEqual([3]);
      expect(executions('append_events_at(')).toEqual([2]);
      expect(executions('append_events(')).toEqual([1]);
    } finally {
      await store.close();
      await one.close();
    }
  });

  it('leaves the stream as it was when it refuses an append', async () => {
    const store = new PostgresEventStore(database.handle, { notify: false });
    const fresh = `refused-${randomUUID()}`;
    await expect(store.append(fresh, [event()], ctx(0))).rejects.toMatchObject({ actual: 'no_stream' });
    const used = event();
    await store.append(`other-${randomUUID()}`, [used], ctx('no_stream'));
    await expect(store.append(fresh, [used], ctx('no_stream'))).rejects.toBeInstanceOf(DuplicateEventIdError);
    await store.append(fresh, [event()], ctx('no_stream'));

    // At the expected version, refused for an id used elsewhere: the version stays.
    await expect(store.append(fresh, [event(), used], ctx(0))).rejects.toBeInstanceOf(DuplicateEventIdError);
    await expect(store.append(fresh, [event()], ctx(1))).rejects.toMatchObject({ actual: 0 });
    await store.append(fresh, [event()], ctx(0));
    expect((await store.readStream(fresh)).map((e) => e.streamVersion)).toEqual([0, 1]);
  });

  it('tells followers with a NOTIFY of its own after the commit', async () => {
    const store = new PostgresEventStore(counted);
    let notified = 0;
    const unsubscribe = await database.handle.listen('skilly_events', () => notified++);
    try {
      statements.length = 0;
      await store.append(`counted-${randomUUID()}`, [event()], ctx('no_stream'));
      await expect.poll(() => notified, { timeout: 5000 }).toBeGreaterThan(0);
      // Sent apart from the append (on the server over its own connection, so not logged here).
      expect(statements.filter((s) => !s.includes('pg_notify'))).toHaveLength(1);
      expect(statements.some((s) => s === 'begin' || s === 'commit')).toBe(false);
    } finally {
      await unsubscribe();
      await store.close();
    }
  });

  // A transaction that has sent NOTIFY cannot be prepared, so this shows the append's own
  // transaction queues no notification (which would make concurrent commits wait in line).
  // Two-phase commit needs max_prepared_transactions > 0: set on the embedded database only.
  it.skipIf(usingServer())('queues no NOTIFY inside the append transaction', async () => {
    const store = new PostgresEventStore(database.handle, {
      beforeCommit: async (trx) => {
        await sql`prepare transaction 'append_without_notify'`.execute(trx);
      },
    });
    const name = `prepared-${randomUUID()}`;
    await store.append(name, [event()], ctx('no_stream'));
    await sql`commit prepared 'append_without_notify'`.execute(database.handle.db);
    expect(await store.readStream(name)).toHaveLength(1);
    await store.close();
  });

  // The session caches the function's plans; a plan chosen while the tables were small must
  // still use the indexes once they have grown (without an ANALYZE to invalidate it), or every
  // later append reads them whole. Sequential scans are counted by the server's statistics, in a
  // database of this test's own that only its one session touches: another session's counts
  // reach the statistics up to seconds after its statements, and would land between two reads.
  it.skipIf(!usingServer())('still walks the indexes after the tables have grown under a cached plan', async () => {
    const own = await createTestDatabase();
    // Its migrating sessions end here, so whatever they counted is in the statistics before ours.
    await own.handle.close();
    const session = new pg.Pool({ connectionString: own.url!, max: 1 });
    const sessionHandle: DatabaseHandle = { ...own.handle, db: new Kysely({ dialect: new PostgresDialect({ pool: session }) }) };
    const store = new PostgresEventStore(sessionHandle, { notify: false });
    const sequentialScans = async () => {
      await sql`select pg_stat_force_next_flush()`.execute(sessionHandle.db);
      await sql`select 1`.execute(sessionHandle.db);
      const rows = await sql<{ scans: number }>`
        select (select coalesce(sum(seq_scan), 0) from pg_stat_user_tables where relname = 'events')::integer as scans
        from (select pg_stat_clear_snapshot()) as cleared`.execute(sessionHandle.db);
      return rows.rows[0].scans;
    };
    try {
      const warm = `warm-${randomUUID()}`;
      const hundred = () => Array.from({ length: 100 }, event);
      for (let i = 0; i < 12; i++) await store.append(warm, [event()], ctx(i === 0 ? 'no_stream' : i - 1));
      for (let i = 0; i < 12; i++) await store.append(`batch-${randomUUID()}`, hundred(), ctx('no_stream'));
      await sql`
        insert into events (event_id, stream_name, stream_version, type, schema_version, data, actor, causation_id, correlation_id, occurred_at)
        select 'grown-' || n, 'grown-' || n, 0, 'Counted', 1, '{}', '{}', 'c', 'c', now() from generate_series(1, 20000) as n`.execute(sessionHandle.db);

      const before = await sequentialScans();
      for (let i = 12; i < 24; i++) await store.append(warm, [event()], ctx(i - 1));
      for (let i = 0; i < 6; i++) await store.append(`fresh-${randomUUID()}`, hundred(), ctx('no_stream'));
      await expect.poll(sequentialScans, { timeout: 3000 }).toBe(before);
      expect(await store.readStream(warm)).toHaveLength(24);
    } finally {
      await session.end();
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      await admin.query(`drop database if exists ${new URL(own.url!).pathname.slice(1)} with (force)`);
      await admin.end();
    }
  });
});
