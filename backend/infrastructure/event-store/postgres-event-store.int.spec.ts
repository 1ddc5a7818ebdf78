import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOfAll, type AppendContext } from '../../application/ports/event-store';
import { createTestDatabase, usingServer, type TestDatabase } from '../../../tests/support/database';
import { eventStoreContract } from '../../../tests/support/event-store-contract';
import { openServerDatabase } from '../database/database';
import { PostgresEventStore } from './postgres-event-store';

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

const ctx: AppendContext = {
  expectedVersion: 'any',
  actor: { kind: 'system', name: 'test' },
  occurredAt: new Date(),
  causationId: 'c',
  correlationId: 'c',
};

describe('late commits', () => {
  // PGlite runs one connection: no transaction can commit while another is open, so a late
  // commit cannot happen there. On the server it is a real race.
  it.skipIf(!usingServer())(
    'delivers an event whose transaction took its position first but committed last',
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
      const start = (await store.headPosition()) ?? startOfAll;
      const slow = slowStore.append(`late-${randomUUID()}`, [{ id: randomUUID(), type: 'Late', schemaVersion: 1, data: {} }], ctx);
      await inserted;
      const fast = await store.append(`fast-${randomUUID()}`, [{ id: randomUUID(), type: 'Fast', schemaVersion: 1, data: {} }], ctx);

      // A reader polling now must not move past the open transaction's event.
      const seen: string[] = [];
      let position = start;
      const readAvailable = async () => {
        const events = await store.readAll({ after: position, limit: 100 });
        for (const e of events) seen.push(e.type);
        if (events.length) position = events[events.length - 1].position;
      };
      await readAvailable();
      expect(seen).not.toContain('Fast');

      releaseSlow();
      const late = await slow;
      await readAvailable();
      expect(seen).toEqual(['Late', 'Fast']);
      expect(late.position.prepare).toBeLessThan(fast.position.prepare);
      await slowHandle.close();
    },
  );
});
