import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/database';
import { PostgresEventStore } from '../../infrastructure/event-store/postgres-event-store';
import type { Command, Decider, DomainEvent } from '../../domain/shared/decider';
import { DomainError } from '../../domain/shared/domain-error';
import type { EventStore } from '../ports/event-store';
import { AggregateCache } from './aggregate-cache';
import { commandContext } from './command-context';
import { handleCommand } from './command-handler';

// A counter that may not pass 3: small enough to see every path of the cache.
type CounterEvent = DomainEvent<'Counted', { by: number }>;
type CounterCommand = Command<'Count', { by: number }>;
const counter: Decider<CounterCommand, CounterEvent, { total: number }> = {
  initialState: { total: 0 },
  decide: (command, state) => {
    if (command.data.by === 0) return [];
    if (state.total + command.data.by > 3) throw new DomainError('too_many', 'conflict');
    return [{ type: 'Counted', data: { by: command.data.by } }];
  },
  evolve: (state, event) => ({ total: state.total + event.data.by }),
  schemaVersions: { Counted: 1 },
};

let database: TestDatabase;
let store: PostgresEventStore;
let reads = 0;
/** Events handed out by the reads through `counting`. */
let eventsRead = 0;
const counting: EventStore = new Proxy({} as EventStore, {
  get: (_target, name: keyof EventStore) => {
    if (name === 'readStream') {
      reads += 1;
      return async (stream: string, options?: { fromVersion?: number }) => {
        const events = await store.readStream(stream, options);
        eventsRead += events.length;
        return events;
      };
    }
    return (store[name] as (...args: unknown[]) => unknown).bind(store);
  },
});
const ids = { next: () => randomUUID() };
const context = () => commandContext({ now: () => new Date() }, { actor: null, requestId: randomUUID() }, 'counter');
const count = (stream: string, by: number, cache?: AggregateCache<{ total: number }>) =>
  handleCommand({ eventStore: counting, ids }, counter, stream, () => ({ type: 'Count' as const, data: { by } }), context(), { cache });

beforeAll(async () => {
  database = await createTestDatabase();
  store = new PostgresEventStore(database.handle);
});
afterAll(async () => {
  await database.drop();
});

describe('handleCommand with an aggregate cache', () => {
  it('reads a stream once: the next commands decide on the state the last one produced', async () => {
    const cache = new AggregateCache<{ total: number }>();
    const stream = `counter-${randomUUID()}`;
    reads = 0;
    await count(stream, 1, cache);
    await count(stream, 1, cache);
    const third = await count(stream, 1, cache);
    expect(reads).toBe(1);
    expect(third.state).toEqual({ total: 3 });
    expect((await store.readStream(stream)).map((e) => e.streamVersion)).toEqual([0, 1, 2]);
  });

  it('decides again on the history when another writer moved the stream on', async () => {
    const cache = new AggregateCache<{ total: number }>();
    const stream = `counter-${randomUUID()}`;
    await count(stream, 1, cache);
    await count(stream, 1); // another process: not through this cache
    const outcome = await count(stream, 1, cache);
    expect(outcome.state).toEqual({ total: 3 });
    expect(outcome.streamVersion).toBe(2);
  });

  it('never refuses on an old state: a refusal or a no-op is decided again on the history', async () => {
    const cache = new AggregateCache<{ total: number }>();
    const stream = `counter-${randomUUID()}`;
    await count(stream, 3, cache);
    // Elsewhere the total went back under the limit (a writer without the cache, counting down).
    await count(stream, -2);
    const outcome = await count(stream, 2, cache);
    expect(outcome.state).toEqual({ total: 3 });
    await expect(count(stream, 1, cache)).rejects.toMatchObject({ code: 'too_many' });
    expect((await store.readStream(stream)).map((e) => e.data)).toEqual([{ by: 3 }, { by: -2 }, { by: 2 }]);
  });

  it('a refusal or a no-op on a long stream reads only the events after the cached state, not the history', async () => {
    const cache = new AggregateCache<{ total: number }>();
    const stream = `counter-${randomUUID()}`;
    for (let i = 0; i < 10; i++) {
      await count(stream, 1);
      await count(stream, -1);
    }
    await count(stream, 3, cache); // read the 20 events once, then appended the 21st
    reads = 0;
    eventsRead = 0;
    await expect(count(stream, 1, cache)).rejects.toMatchObject({ code: 'too_many' });
    await expect(count(stream, 2, cache)).rejects.toMatchObject({ code: 'too_many' });
    const unchanged = await count(stream, 0, cache);
    expect(unchanged).toMatchObject({ newEvents: [], state: { total: 3 }, streamVersion: 20, position: null });
    // Each read only the event its cached state was folded to.
    expect(reads).toBe(3);
    expect(eventsRead).toBe(3);
    expect((await store.readStream(stream)).map((e) => e.streamVersion).at(-1)).toBe(20);
  });

  it('after a lost race reads only the events after the version it decided on', async () => {
    const cache = new AggregateCache<{ total: number }>();
    const stream = `counter-${randomUUID()}`;
    for (let i = 0; i < 10; i++) {
      await count(stream, 1);
      await count(stream, -1);
    }
    await count(stream, 1, cache); // the 21st event, at version 20
    await count(stream, 1); // another process: version 21
    reads = 0;
    eventsRead = 0;
    const outcome = await count(stream, 1, cache);
    expect(outcome).toMatchObject({ state: { total: 3 }, streamVersion: 22 });
    // The append at version 20 was refused; then the events at 20 and 21 were read, not all 22.
    expect(reads).toBe(1);
    expect(eventsRead).toBe(2);
  });

  it('a stream deleted and written anew past the cached version is read whole, not folded onto the cached state', async () => {
    const cache = new AggregateCache<{ total: number }>();
    const stream = `counter-${randomUUID()}`;
    await count(stream, 1, cache); // cached: total 1 at version 0
    await store.deleteStream(stream);
    await count(stream, 2); // another process writes the stream anew: 2, then 3
    await count(stream, 1);
    const outcome = await count(stream, -3, cache);
    // The new stream's event at version 0 is another one: 3 - 3, not the cached 1 + 1 - 3.
    expect(outcome).toMatchObject({ state: { total: 0 }, streamVersion: 2 });
  });

  it('a refusal on a cached state of a stream deleted since is decided again on the (empty) history', async () => {
    const cache = new AggregateCache<{ total: number }>();
    const stream = `counter-${randomUUID()}`;
    await count(stream, 3, cache);
    await store.deleteStream(stream);
    // On the cached total of 3 this is refused; on the history there is nothing yet.
    const outcome = await count(stream, 1, cache);
    expect(outcome.state).toEqual({ total: 1 });
    expect((await store.readStream(stream)).map((e) => [e.streamVersion, e.data])).toEqual([[0, { by: 1 }]]);
  });

  it('a deleted stream is not written on the strength of its cached state', async () => {
    const cache = new AggregateCache<{ total: number }>();
    const stream = `counter-${randomUUID()}`;
    await count(stream, 1, cache);
    await store.deleteStream(stream);
    const outcome = await count(stream, 1, cache);
    // Decided on the (empty) history, not on the cached total of 1.
    expect(outcome.state).toEqual({ total: 1 });
    expect((await store.readStream(stream)).map((e) => e.streamVersion)).toEqual([0]);
  });

  it('never goes back to an earlier version of a stream (commands finishing out of order)', () => {
    const cache = new AggregateCache<string>();
    cache.set('a', 2, 'after two');
    cache.set('a', 1, 'after one');
    expect(cache.get('a')).toEqual({ version: 2, state: 'after two' });
  });

  it('keeps at most its size of streams, the least recently used going first', () => {
    const cache = new AggregateCache<number>(2);
    cache.set('a', 0, 1);
    cache.set('b', 0, 2);
    cache.get('a');
    cache.set('c', 0, 3);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toEqual({ version: 0, state: 1 });
    expect(cache.get('c')).toEqual({ version: 0, state: 3 });
  });
});
