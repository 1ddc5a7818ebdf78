import { EventEmitter } from 'node:events';
import {
  ANY,
  BACKWARDS,
  END,
  NO_STREAM,
  START,
  StreamNotFoundError,
  WrongExpectedVersionError as EsdbWrongExpectedVersionError,
  type AppendExpectedRevision,
  type EventData,
  type EventStoreDBClient,
  type Position,
  type ReadPosition,
  type ReadRevision,
} from '@eventstore/db-client';
import { describe, expect, it } from 'vitest';
import {
  DuplicateEventIdError,
  WrongExpectedVersionError,
  startOfAll,
  type AppendContext,
  type EventToAppend,
} from '../../application/ports/event-store';
import { eventStoreContract } from '../../../tests/support/event-store-contract';
import {
  EventStoreDbEventStore,
  compareToPosition,
  fromAllPosition,
  fromEventMetadata,
  fromStreamPosition,
  isApplicationEvent,
  isReservationStream,
  isVisible,
  reservationEventId,
  reservationStreamOf,
  toActualVersion,
  toEventMetadata,
  toExpectedRevision,
  toReadPosition,
  toRecordedEvent,
} from './eventstoredb-event-store';

const context: AppendContext = {
  expectedVersion: 'no_stream',
  actor: { kind: 'user', userId: 'u-1', role: 'pro' },
  occurredAt: new Date('2026-11-22T10:00:00.000Z'),
  causationId: 'cmd-1',
  correlationId: 'req-1',
};
const event: EventToAppend = { id: '9f1c1a52-3b8e-4c55-9d2e-0a0b7c1d2e3f', type: 'Opened', schemaVersion: 2, data: { a: 1 } };

describe('EventStoreDB mapping: expected and actual versions', () => {
  it('maps the port expected version to an EventStoreDB expected revision', () => {
    expect(toExpectedRevision('any')).toBe(ANY);
    expect(toExpectedRevision('no_stream')).toBe(NO_STREAM);
    expect(toExpectedRevision(-1)).toBe(NO_STREAM);
    expect(toExpectedRevision(0)).toBe(0n);
    expect(toExpectedRevision(41)).toBe(41n);
    expect(() => toExpectedRevision(-2)).toThrow(RangeError);
    expect(() => toExpectedRevision(1.5)).toThrow(RangeError);
  });

  it('maps EventStoreDB current revisions to the actual version of WrongExpectedVersionError', () => {
    expect(toActualVersion('no_stream')).toBe('no_stream');
    expect(toActualVersion(undefined)).toBe('no_stream');
    expect(toActualVersion(-1n)).toBe('no_stream');
    expect(toActualVersion(0n)).toBe(0);
    expect(toActualVersion(7n)).toBe(7);
    expect(() => toActualVersion(2n ** 60n)).toThrow(RangeError);
  });
});

describe('EventStoreDB mapping: positions', () => {
  it('maps $all positions to numbers, refusing what a number cannot hold', () => {
    expect(fromAllPosition({ commit: 1234n, prepare: 1200n })).toEqual({ commit: 1234, prepare: 1200 });
    expect(() => fromAllPosition({ commit: 2n ** 54n, prepare: 0n })).toThrow(RangeError);
  });

  it('maps stream-read and append positions to the $all position (commit == prepare == log position)', () => {
    expect(fromStreamPosition({ commit: 500n, prepare: 420n })).toEqual({ commit: 500, prepare: 500 });
    expect(fromStreamPosition({ commit: 500n, prepare: 500n })).toEqual({ commit: 500, prepare: 500 });
    expect(fromStreamPosition(undefined)).toBeNull();
    expect(fromStreamPosition({ commit: 18446744073709551615n, prepare: 18446744073709551615n })).toBeNull();
    expect(fromStreamPosition({ commit: -1n, prepare: -1n })).toBeNull();
  });

  it('reads $all from the start for startOfAll, else from the exact position', () => {
    expect(toReadPosition(startOfAll)).toBe(START);
    expect(toReadPosition({ commit: 0, prepare: 0 })).toEqual({ commit: 0n, prepare: 0n });
    expect(toReadPosition({ commit: 9000, prepare: 8800 })).toEqual({ commit: 9000n, prepare: 8800n });
  });

  it('compares EventStoreDB positions with ours exactly', () => {
    expect(compareToPosition({ commit: 10n, prepare: 10n }, { commit: 10, prepare: 10 })).toBe(0);
    expect(compareToPosition({ commit: 10n, prepare: 10n }, startOfAll)).toBe(1);
    expect(compareToPosition({ commit: 10n, prepare: 5n }, { commit: 10n, prepare: 6n })).toBe(-1);
    expect(compareToPosition({ commit: 11n, prepare: 0n }, { commit: 10n, prepare: 99n })).toBe(1);
  });
});

describe('EventStoreDB mapping: metadata and events', () => {
  it('writes schema version, actor, causation, correlation and occurredAt into JSON metadata', () => {
    const metadata = toEventMetadata(event, context);
    expect(metadata).toEqual({
      schemaVersion: 2,
      actor: { kind: 'user', userId: 'u-1', role: 'pro' },
      causationId: 'cmd-1',
      correlationId: 'req-1',
      $causationId: 'cmd-1',
      $correlationId: 'req-1',
      occurredAt: '2026-11-22T10:00:00.000Z',
    });
    const back = fromEventMetadata(JSON.parse(JSON.stringify(metadata)));
    expect(back).toEqual({
      schemaVersion: 2,
      actor: context.actor,
      causationId: 'cmd-1',
      correlationId: 'req-1',
      occurredAt: new Date('2026-11-22T10:00:00.000Z'),
    });
  });

  it('falls back to $causationId/$correlationId and refuses metadata that is not ours', () => {
    expect(
      fromEventMetadata({
        schemaVersion: 1,
        actor: { kind: 'system', name: 'billing' },
        $causationId: 'c',
        $correlationId: 'r',
        occurredAt: '2026-01-01T00:00:00.000Z',
      }),
    ).toMatchObject({ causationId: 'c', correlationId: 'r', actor: { kind: 'system', name: 'billing' } });
    const valid = JSON.parse(JSON.stringify(toEventMetadata(event, context)));
    expect(() => fromEventMetadata(undefined, 'event x')).toThrow(/event x has no valid Skilly metadata/);
    expect(() => fromEventMetadata(new Uint8Array([1]))).toThrow(/not a JSON object/);
    expect(() => fromEventMetadata({ ...valid, schemaVersion: '1' })).toThrow(/schemaVersion/);
    expect(() => fromEventMetadata({ ...valid, actor: { kind: 'user' } })).toThrow(/actor/);
    expect(() => fromEventMetadata({ ...valid, causationId: undefined, $causationId: undefined })).toThrow(/causationId/);
    expect(() => fromEventMetadata({ ...valid, occurredAt: 'yesterday' })).toThrow(/occurredAt/);
  });

  it('maps an EventStoreDB recorded event to the port event', () => {
    const recorded = toRecordedEvent(
      {
        streamId: 'plan-1',
        id: event.id,
        revision: 3n,
        type: 'Opened',
        isJson: true,
        created: new Date('2030-01-01T00:00:00.000Z'),
        data: { a: 1 },
        metadata: JSON.parse(JSON.stringify(toEventMetadata(event, context))),
        position: { commit: 700n, prepare: 700n },
      },
      { commit: 700, prepare: 700 },
    );
    expect(recorded).toEqual({
      eventId: event.id,
      type: 'Opened',
      schemaVersion: 2,
      streamName: 'plan-1',
      streamVersion: 3,
      globalPosition: 700,
      position: { commit: 700, prepare: 700 },
      occurredAt: new Date('2026-11-22T10:00:00.000Z'),
      actor: context.actor,
      causationId: 'cmd-1',
      correlationId: 'req-1',
      data: { a: 1 },
    });
    expect(() =>
      toRecordedEvent(
        { streamId: 's', id: 'i', revision: 0n, type: 't', isJson: false, created: new Date(), data: new Uint8Array(), metadata: undefined },
        { commit: 1, prepare: 1 },
      ),
    ).toThrow(/no JSON object data/);
  });

  it('tells application events from system events and id reservations', () => {
    expect(isApplicationEvent({ type: 'Opened', streamId: 'plan-1' })).toBe(true);
    expect(isApplicationEvent({ type: '$metadata', streamId: '$$plan-1' })).toBe(false);
    expect(isApplicationEvent({ type: '$>', streamId: 'plan-1' })).toBe(false);
    expect(isApplicationEvent({ type: 'Opened', streamId: '$stats-0.0.0.0:2113' })).toBe(false);
    expect(isApplicationEvent({ type: 'SkillyEventIdReserved', streamId: reservationStreamOf(event.id) })).toBe(false);
    expect(isReservationStream(reservationStreamOf(event.id))).toBe(true);
  });

  it('derives one reservation id per (event id, stream), shaped as a UUID', () => {
    const a = reservationEventId(event.id, 'plan-1');
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(reservationEventId(event.id, 'plan-1')).toBe(a);
    expect(reservationEventId(event.id, 'plan-2')).not.toBe(a);
    expect(reservationEventId('other', 'plan-1')).not.toBe(a);
  });

  it('hides the events before the first revision a stream still returns', () => {
    expect(isVisible(0n, 0n)).toBe(true);
    expect(isVisible(4n, 5n)).toBe(false);
    expect(isVisible(5n, 5n)).toBe(true);
    expect(isVisible(0n, null)).toBe(false);
  });
});

/*
 * An in-memory stand-in for the parts of @eventstore/db-client the adapter uses, following
 * EventStoreDB's documented behaviour: per-stream idempotency by event id (ids are NOT unique across
 * streams), expected revisions, soft deletion that hides a stream's events from stream reads but not
 * from $all, $all positions with commit == prepare, appends answering with no position when they
 * were idempotent, system events in $all. It checks the adapter's own logic (mapping, id reservation,
 * paging and filtering of $all, notifications); it is not EventStoreDB, and passing here says nothing
 * about a real server: the .int.spec runs the contract against one.
 */
interface FakeRecord {
  streamId: string;
  id: string;
  revision: bigint;
  type: string;
  isJson: true;
  created: Date;
  data: unknown;
  metadata: unknown;
  position: Position;
}

class FakeEsdbClient {
  readonly log: FakeRecord[] = [];
  private readonly streams = new Map<string, { records: FakeRecord[]; firstVisible: bigint }>();
  private readonly subscriptions = new Set<EventEmitter>();
  private nextPosition = 1000n;
  calls: string[] = [];

  private write(streamId: string, type: string, data: unknown, metadata: unknown, id: string): FakeRecord {
    const stream = this.streams.get(streamId) ?? { records: [], firstVisible: 0n };
    this.streams.set(streamId, stream);
    const last = stream.records[stream.records.length - 1];
    const record: FakeRecord = {
      streamId,
      id,
      revision: last ? last.revision + 1n : 0n,
      type,
      isJson: true,
      created: new Date(),
      data: JSON.parse(JSON.stringify(data)),
      metadata: metadata === undefined ? undefined : JSON.parse(JSON.stringify(metadata)),
      position: { commit: this.nextPosition, prepare: this.nextPosition },
    };
    this.nextPosition += 137n;
    stream.records.push(record);
    this.log.push(record);
    for (const subscription of this.subscriptions) {
      if (!type.startsWith('$')) setImmediate(() => subscription.emit('data', { event: record }));
    }
    return record;
  }

  private visible(streamId: string): FakeRecord[] {
    const stream = this.streams.get(streamId);
    return stream ? stream.records.filter((r) => r.revision >= stream.firstVisible) : [];
  }

  async appendToStream(streamId: string, events: EventData | EventData[], options: { expectedRevision?: AppendExpectedRevision } = {}) {
    const list = Array.isArray(events) ? events : [events];
    this.calls.push(`append ${streamId}`);
    await new Promise((resolve) => setImmediate(resolve));
    const expected = options.expectedRevision ?? ANY;
    const visible = this.visible(streamId);
    const all = this.streams.get(streamId)?.records ?? [];
    const current: bigint | 'no_stream' = visible.length ? visible[visible.length - 1].revision : 'no_stream';
    // Idempotency: the same ids right after the expected revision (anywhere in the stream for ANY).
    const startAt = expected === NO_STREAM ? 0 : typeof expected === 'bigint' ? Number(expected) + 1 : all.findIndex((r) => r.id === list[0].id);
    const existing = startAt >= 0 ? all.slice(startAt, startAt + list.length) : [];
    if (existing.length === list.length && existing.every((r, i) => r.id === list[i].id)) {
      return { success: true, nextExpectedRevision: existing[existing.length - 1].revision, position: undefined };
    }
    const matches = expected === ANY || (expected === NO_STREAM && current === 'no_stream') || expected === current;
    if (!matches) {
      throw new EsdbWrongExpectedVersionError(undefined, { streamName: streamId, expected, current });
    }
    let last!: FakeRecord;
    for (const e of list) last = this.write(streamId, e.type, e.data, e.metadata, e.id);
    return { success: true, nextExpectedRevision: last.revision, position: { commit: last.position.commit, prepare: 0n } };
  }

  readStream(streamId: string, options: { fromRevision?: ReadRevision; direction?: string; maxCount?: number | bigint } = {}) {
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- a generator function has no arrow form
    const self = this;
    return (async function* () {
      await new Promise((resolve) => setImmediate(resolve));
      const visible = self.visible(streamId);
      if (visible.length === 0) throw new StreamNotFoundError(undefined, streamId);
      const from = options.fromRevision ?? (options.direction === BACKWARDS ? END : START);
      let records =
        options.direction === BACKWARDS
          ? visible.filter((r) => from === END || r.revision <= (from as bigint)).reverse()
          : visible.filter((r) => from === START || r.revision >= (from as bigint));
      records = records.slice(0, Number(options.maxCount ?? Number.MAX_SAFE_INTEGER));
      for (const record of records) yield { event: { ...record, position: { commit: record.position.commit, prepare: 0n } } };
    })();
  }

  readAll(options: { fromPosition?: ReadPosition; direction?: string; maxCount?: number | bigint } = {}) {
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- a generator function has no arrow form
    const self = this;
    this.calls.push('readAll');
    return (async function* () {
      await new Promise((resolve) => setImmediate(resolve));
      const from = options.fromPosition ?? (options.direction === BACKWARDS ? END : START);
      const before = (r: FakeRecord, p: Position) => compareToPosition(r.position, p) < 0;
      let records =
        options.direction === BACKWARDS
          ? self.log.filter((r) => from === END || before(r, from as Position)).reverse()
          : self.log.filter((r) => from === START || !before(r, from as Position));
      records = records.slice(0, Number(options.maxCount ?? Number.MAX_SAFE_INTEGER));
      for (const record of records) yield { event: record };
    })();
  }

  async deleteStream(streamId: string) {
    await new Promise((resolve) => setImmediate(resolve));
    const stream = this.streams.get(streamId);
    if (stream) {
      const last = stream.records[stream.records.length - 1];
      stream.firstVisible = last ? last.revision + 1n : 0n;
    }
    // eslint-disable-next-line no-loss-of-precision -- the truncate-before value EventStoreDB itself writes
    this.write(`$$${streamId}`, '$metadata', { $tb: 9223372036854775807 }, undefined, crypto.randomUUID());
    return {};
  }

  subscribeToAll() {
    const subscription = Object.assign(new EventEmitter(), {
      unsubscribe: async () => {
        this.subscriptions.delete(subscription);
      },
    });
    this.subscriptions.add(subscription);
    setImmediate(() => subscription.emit('confirmation'));
    return subscription;
  }

  async dispose() {}
}

function fakeStore(options?: { uniqueEventIds?: boolean }) {
  const client = new FakeEsdbClient();
  return { client, store: new EventStoreDbEventStore(client as unknown as EventStoreDBClient, options) };
}

describe('EventStoreDB adapter logic against an in-memory fake client (not a server)', () => {
  describe('with a fresh fake per test', () => {
    eventStoreContract(() => ({ store: fakeStore().store }));
  });

  it('maps a version conflict from the client to WrongExpectedVersionError with the actual version', async () => {
    const { store } = fakeStore();
    await store.append('s-1', [event], context);
    await expect(store.append('s-1', [{ ...event, id: crypto.randomUUID() }], { ...context, expectedVersion: 3 })).rejects.toEqual(
      new WrongExpectedVersionError('s-1', 3, 0),
    );
    await expect(store.append('s-2', [{ ...event, id: crypto.randomUUID() }], { ...context, expectedVersion: 0 })).rejects.toMatchObject({
      actual: 'no_stream',
      expected: 0,
    });
  });

  it('reserves each id before appending, so an id used in another stream never reaches that stream', async () => {
    const { store, client } = fakeStore();
    await store.append('s-1', [event], context);
    expect(client.log.map((r) => r.streamId)).toEqual([reservationStreamOf(event.id), 's-1']);
    client.calls = [];
    await expect(store.append('s-2', [event], { ...context, expectedVersion: 'any' })).rejects.toBeInstanceOf(DuplicateEventIdError);
    expect(client.calls).toEqual([`append ${reservationStreamOf(event.id)}`]);
    expect(await store.readStream('s-2')).toEqual([]);
  });

  it('reads a stream from a version on: that event and the ones after it', async () => {
    const { store } = fakeStore();
    for (let i = 0; i < 4; i++) await store.append('s-1', [{ ...event, id: crypto.randomUUID(), data: { n: i } }], { ...context, expectedVersion: 'any' });
    expect((await store.readStream('s-1', { fromVersion: 2 })).map((e) => [e.streamVersion, e.data])).toEqual([
      [2, { n: 2 }],
      [3, { n: 3 }],
    ]);
    expect(await store.readStream('s-1', { fromVersion: 4 })).toEqual([]);
    expect((await store.readStream('s-1', { fromVersion: 0 })).map((e) => e.streamVersion)).toEqual([0, 1, 2, 3]);
  });

  it('refuses the same id twice in one append', async () => {
    const { store } = fakeStore();
    await expect(store.append('s-1', [event, event], context)).rejects.toBeInstanceOf(DuplicateEventIdError);
  });

  it('without id reservation, relies on EventStoreDB alone (another stream accepts the id)', async () => {
    const { store, client } = fakeStore({ uniqueEventIds: false });
    await store.append('s-1', [event], context);
    await store.append('s-2', [event], { ...context, expectedVersion: 'any' });
    expect(client.log.map((r) => r.streamId)).toEqual(['s-1', 's-2']);
  });

  it('pages $all past system events, reservations and deleted streams without repeating the start event', async () => {
    const { store } = fakeStore();
    const ids = Array.from({ length: 6 }, () => crypto.randomUUID());
    await store.append('a', [{ ...event, id: ids[0], type: 'A0' }], context);
    await store.append('gone', [{ ...event, id: ids[1], type: 'G0' }], context);
    await store.append('b', [{ ...event, id: ids[2], type: 'B0' }], context);
    await store.deleteStream('gone');
    await store.append('a', [{ ...event, id: ids[3], type: 'A1' }], { ...context, expectedVersion: 0 });
    await store.append('gone', [{ ...event, id: ids[4], type: 'G-again' }], { ...context, expectedVersion: 'any' });

    const all = await store.readAll({ after: startOfAll, limit: 100 });
    expect(all.map((e) => e.type)).toEqual(['A0', 'B0', 'A1', 'G-again']);
    const pages: string[][] = [];
    let after = startOfAll;
    for (;;) {
      const page = await store.readAll({ after, limit: 1 });
      if (page.length === 0) break;
      pages.push(page.map((e) => e.type));
      after = page[page.length - 1].position;
    }
    expect(pages).toEqual([['A0'], ['B0'], ['A1'], ['G-again']]);
    expect(await store.headPosition()).toEqual(all[3].position);
    expect(all[3].streamVersion).toBe(1);
  });

  it('reports no head for a store without application events', async () => {
    const { store } = fakeStore();
    expect(await store.headPosition()).toBeNull();
    expect(await store.readAll({ after: startOfAll, limit: 10 })).toEqual([]);
  });

  it('notifies listeners of application events only, until unsubscribed', async () => {
    const { store, client } = fakeStore();
    let notified = 0;
    const unsubscribe = await store.onAppended(() => notified++);
    await store.append('s-1', [event], context);
    await expect.poll(() => notified).toBe(1);
    await store.deleteStream('s-1');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(notified).toBe(1);
    await unsubscribe();
    await store.append('s-2', [{ ...event, id: crypto.randomUUID() }], context);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(notified).toBe(1);
    expect(client.log.length).toBeGreaterThan(0);
  });

  it('passes errors other than "stream not found" through readStream', async () => {
    const { store, client } = fakeStore();
    client.readStream = () => {
      throw new Error('UNAVAILABLE');
    };
    await expect(store.readStream('s-1')).rejects.toThrow('UNAVAILABLE');
  });
});

describe('EventStoreDB adapter without a reachable server', () => {
  it('rejects instead of reading an unreachable store as empty', async () => {
    const store = new EventStoreDbEventStore('esdb://127.0.0.1:1?tls=false');
    try {
      await expect(store.readStream('s-1')).rejects.toThrow(/UNAVAILABLE|ECONNREFUSED|connect/i);
    } finally {
      await store.close();
    }
  });
});
