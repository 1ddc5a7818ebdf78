import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startOfAll, type AllPosition } from '../../application/ports/event-store';
import { createTestDatabase, usingServer, type TestDatabase } from '../../../tests/support/database';
import { eventStoreContract } from '../../../tests/support/event-store-contract';
import { createPGlite, openEmbeddedDatabase, openServerDatabase } from '../database/database';
import { migrateToLatest } from '../database/migrations';
import { PostgresEventStore } from './postgres-event-store';
import { testAppendContext as ctx } from '../../../tests/support/append-context';
import { product } from '../slices/product-slices';

let database: TestDatabase;
let store: PostgresEventStore;

beforeAll(async () => {
  database = await createTestDatabase();
  store = new PostgresEventStore(database.handle);
});
afterAll(async () => {
  await database.drop();
});

describe(`PostgreSQL event store on ${usingServer() ? 'the PostgreSQL server' : 'embedded PGlite'}`, () => {
  eventStoreContract(() => ({ store }));
});


describe('late commits', () => {
  const late = () => ({ id: randomUUID(), type: 'Late', schemaVersion: 1, data: {} });
  const fast = () => ({ id: randomUUID(), type: 'Fast', schemaVersion: 1, data: {} });

  /** What a projection does: read everything readable after its position, remember the new one. */
  function follower(from: AllPosition, source: PostgresEventStore = store) {
    const seen: string[] = [];
    let position = from;
    return {
      seen,
      async poll() {
        const events = await source.readAll({ after: position, limit: 100 });
        for (const e of events) seen.push(e.type);
        if (events.length) position = events[events.length - 1].position;
      },
    };
  }

  it.skipIf(!usingServer())(
    'delivers an event whose transaction took its position first but committed last (two connections)',
    async () => {
      // A second pool, so the slow writer holds its own connection while others commit.
      const slowHandle = await openServerDatabase(database.url!, { max: 2 });
      let releaseSlow!: () => void;
      let slowInserted!: () => void;
      const inserted = new Promise<void>((r) => (slowInserted = r));
      const slowStore = new PostgresEventStore(slowHandle, {
        beforeCommit: () => {
          slowInserted();
          return new Promise<void>((r) => (releaseSlow = r));
        },
      });
      const reader = follower((await store.headPosition()) ?? startOfAll);
      const slow = slowStore.append(`late-${randomUUID()}`, [late()], ctx);
      await inserted;
      const fastResult = await store.append(`fast-${randomUUID()}`, [fast()], ctx);

      // A reader polling now must not move past the open transaction's event.
      await reader.poll();
      expect(reader.seen).not.toContain('Fast');

      releaseSlow();
      const lateResult = await slow;
      await reader.poll();
      expect(reader.seen).toEqual(['Late', 'Fast']);
      expect(lateResult.position.prepare).toBeLessThan(fastResult.position.prepare);
      await slowHandle.close();
    },
  );

  // headPosition is where a new follower starts ("from now on") and what /ready compares the
  // checkpoints with: a head past an open transaction's event would make that follower skip it.
  it.skipIf(!usingServer())(
    'reports no head position beyond an event whose transaction is still open (two connections)',
    async () => {
      const slowHandle = await openServerDatabase(database.url!, { max: 2 });
      let releaseSlow!: () => void;
      let slowInserted!: () => void;
      const inserted = new Promise<void>((r) => (slowInserted = r));
      const slowStore = new PostgresEventStore(slowHandle, {
        beforeCommit: () => {
          slowInserted();
          return new Promise<void>((r) => (releaseSlow = r));
        },
      });
      const headBefore = await store.headPosition();
      const slow = slowStore.append(`late-${randomUUID()}`, [late()], ctx);
      await inserted;
      const fastResult = await store.append(`fast-${randomUUID()}`, [fast()], ctx);

      // Fast has committed, but the open transaction's event may still appear before it.
      const headInGap = await store.headPosition();
      expect(headInGap).toEqual(headBefore);
      const startedInGap = follower(headInGap ?? startOfAll);

      releaseSlow();
      const lateResult = await slow;
      expect(lateResult.position.prepare).toBeLessThan(fastResult.position.prepare);
      await startedInGap.poll();
      expect(startedInGap.seen).toEqual(['Late', 'Fast']);
      expect(await store.headPosition()).toEqual(fastResult.position);
      await slowHandle.close();
    },
  );

  it.skipIf(usingServer())(
    'reports no head position beyond an event whose transaction is still open (prepared transaction)',
    async () => {
      const pglite = await createPGlite({ maxPreparedTransactions: 4 });
      const handle = await openEmbeddedDatabase(pglite);
      await migrateToLatest(handle.db, product.readModels);
      const parked = new PostgresEventStore(handle, {
        notify: false,
        beforeCommit: async (trx) => {
          await sql`prepare transaction 'late_head'`.execute(trx);
        },
      });
      const own = new PostgresEventStore(handle);

      const lateResult = await parked.append(`late-${randomUUID()}`, [late()], ctx);
      const fastResult = await own.append(`fast-${randomUUID()}`, [fast()], ctx);
      expect(lateResult.position.prepare).toBeLessThan(fastResult.position.prepare);

      // Nothing is readable yet (the fast event waits behind the parked one), so there is no head.
      const headInGap = await own.headPosition();
      expect(headInGap).toBeNull();
      const startedInGap = follower(headInGap ?? startOfAll, own);

      await sql`commit prepared 'late_head'`.execute(handle.db);
      await startedInGap.poll();
      expect(startedInGap.seen).toEqual(['Late', 'Fast']);
      expect(await own.headPosition()).toEqual(fastResult.position);
      await handle.close();
    },
  );

  // PGlite has a single connection, so the slow transaction is parked with two-phase commit:
  // PREPARE TRANSACTION frees the connection while the transaction stays in progress.
  it.skipIf(usingServer())(
    'delivers an event whose transaction took its position first but committed last (prepared transaction)',
    async () => {
      const pglite = await createPGlite({ maxPreparedTransactions: 4 });
      const handle = await openEmbeddedDatabase(pglite);
      await migrateToLatest(handle.db, product.readModels);
      const parked = new PostgresEventStore(handle, {
        notify: false,
        beforeCommit: async (trx) => {
          await sql`prepare transaction 'late_append'`.execute(trx);
        },
      });
      const own = new PostgresEventStore(handle);
      const events = () => own.readAll({ after: startOfAll, limit: 100 });

      const lateResult = await parked.append(`late-${randomUUID()}`, [late()], ctx);
      const fastResult = await own.append(`fast-${randomUUID()}`, [fast()], ctx);
      expect(lateResult.position.prepare).toBeLessThan(fastResult.position.prepare);

      // The late event is not visible yet, and the fast one is held back behind it.
      expect((await events()).map((e) => e.type)).toEqual([]);

      await sql`commit prepared 'late_append'`.execute(handle.db);
      expect((await events()).map((e) => e.type)).toEqual(['Late', 'Fast']);
      await handle.close();
    },
  );
});

describe('committedReadable', () => {
  // Another transaction with a transaction id, in any database of the server, holds back every
  // event committed after it began: the log shows them once it ends.
  it.skipIf(!usingServer())('resolves once the events committed before it are readable, when the older transaction holding them back ends', async () => {
    const other = new pg.Client({ connectionString: database.url! });
    await other.connect();
    try {
      await other.query('begin');
      await other.query('select pg_current_xact_id()');
      const head = (await store.headPosition()) ?? startOfAll;
      const appended = await store.append(`held-${randomUUID()}`, [{ id: randomUUID(), type: 'Held', schemaVersion: 1, data: {} }], ctx);
      expect(await store.readAll({ after: head, limit: 10 })).toEqual([]);

      // Gives up after its timeout while the older transaction stays open.
      const started = Date.now();
      await store.committedReadable(150);
      expect(Date.now() - started).toBeGreaterThanOrEqual(150);
      expect(await store.readAll({ after: head, limit: 10 })).toEqual([]);

      let resolved = false;
      const waiting = store.committedReadable(10_000).then(() => (resolved = true));
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(resolved).toBe(false);
      await other.query('commit');
      await waiting;
      expect((await store.readAll({ after: head, limit: 10 })).map((e) => e.position)).toEqual([appended.position]);
      expect(await store.headPosition()).toEqual(appended.position);
    } finally {
      await other.end();
    }
  });

  it('resolves without waiting out its timeout when nothing is held back', async () => {
    const started = Date.now();
    await store.committedReadable(10_000);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
