import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  DuplicateEventIdError,
  WrongExpectedVersionError,
  comparePositions,
  startOfAll,
  type AppendContext,
  type EventStore,
  type EventToAppend,
  type ExpectedVersion,
} from '../../backend/application/ports/event-store';

export interface ContractSubject {
  store: EventStore;
}

const actor = { kind: 'user', userId: 'u-1', role: 'free' } as const;

function context(expectedVersion: ExpectedVersion, extra: Partial<AppendContext> = {}): AppendContext {
  return {
    expectedVersion,
    actor,
    occurredAt: new Date('2026-11-22T10:00:00.000Z'),
    causationId: 'cmd-1',
    correlationId: 'req-1',
    ...extra,
  };
}

const event = (type = 'SomethingHappened', data: Record<string, unknown> = { n: 1 }): EventToAppend => ({
  id: randomUUID(),
  type,
  schemaVersion: 1,
  data,
});

const stream = () => `test-${randomUUID()}`;

/** The behaviour every EventStore adapter must show; each adapter's spec file runs it. */
export function eventStoreContract(subject: () => ContractSubject) {
  describe('event store contract', () => {
    it('appends to a new stream and reads it back with full metadata', async () => {
      const { store } = subject();
      const name = stream();
      const first = event('Opened', { title: 'a' });
      const second = event('Renamed', { title: 'b' });
      const result = await store.append(name, [first, second], context('no_stream'));
      expect(result.streamVersion).toBe(1);

      const read = await store.readStream(name);
      expect(read.map((e) => [e.eventId, e.type, e.streamVersion, e.data])).toEqual([
        [first.id, 'Opened', 0, { title: 'a' }],
        [second.id, 'Renamed', 1, { title: 'b' }],
      ]);
      expect(read[0]).toMatchObject({
        schemaVersion: 1,
        streamName: name,
        actor,
        causationId: 'cmd-1',
        correlationId: 'req-1',
      });
      expect(read[0].occurredAt.toISOString()).toBe('2026-11-22T10:00:00.000Z');
      expect(read[1].globalPosition).toBeGreaterThan(read[0].globalPosition);
      expect(comparePositions(read[1].position, read[0].position)).toBeGreaterThan(0);
      expect(comparePositions(result.position, read[1].position)).toBe(0);
    });

    it('reads an unknown stream as empty', async () => {
      expect(await subject().store.readStream(stream())).toEqual([]);
    });

    it('refuses an append whose expected version does not match, and changes nothing', async () => {
      const { store } = subject();
      const name = stream();
      await store.append(name, [event()], context('no_stream'));

      await expect(store.append(name, [event()], context('no_stream'))).rejects.toBeInstanceOf(WrongExpectedVersionError);
      await expect(store.append(name, [event()], context(5))).rejects.toMatchObject({ actual: 0, expected: 5 });
      await expect(store.append(stream(), [event()], context(0))).rejects.toMatchObject({ actual: 'no_stream' });
      expect(await store.readStream(name)).toHaveLength(1);

      await store.append(name, [event()], context(0));
      await store.append(name, [event()], context('any'));
      expect((await store.readStream(name)).map((e) => e.streamVersion)).toEqual([0, 1, 2]);
    });

    it('treats a re-append of the same event ids as already done', async () => {
      const { store } = subject();
      const name = stream();
      const events = [event(), event()];
      const first = await store.append(name, events, context('no_stream'));
      const again = await store.append(name, events, context('no_stream'));
      expect(again.streamVersion).toBe(first.streamVersion);
      expect(comparePositions(again.position, first.position)).toBe(0);
      expect(await store.readStream(name)).toHaveLength(2);
    });

    it('refuses an event id that is already used elsewhere', async () => {
      const { store } = subject();
      const reused = event();
      await store.append(stream(), [reused], context('no_stream'));
      await expect(store.append(stream(), [reused], context('any'))).rejects.toBeInstanceOf(DuplicateEventIdError);
    });

    it('lets exactly one of many concurrent appends win each version', async () => {
      const { store } = subject();
      const name = stream();
      const contenders = 12;
      const created = await Promise.allSettled(
        Array.from({ length: contenders }, () => store.append(name, [event()], context('no_stream'))),
      );
      expect(created.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      for (const failure of created.filter((r) => r.status === 'rejected')) {
        expect((failure as PromiseRejectedResult).reason).toBeInstanceOf(WrongExpectedVersionError);
      }

      for (let version = 0; version < 3; version++) {
        const round = await Promise.allSettled(
          Array.from({ length: contenders }, () => store.append(name, [event()], context(version))),
        );
        expect(round.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      }
      expect((await store.readStream(name)).map((e) => e.streamVersion)).toEqual([0, 1, 2, 3]);
    });

    it('keeps every event of concurrent appends with version "any"', async () => {
      const { store } = subject();
      const name = stream();
      await Promise.all(Array.from({ length: 10 }, () => store.append(name, [event(), event()], context('any'))));
      expect((await store.readStream(name)).map((e) => e.streamVersion)).toEqual([...Array(20).keys()]);
    });

    it('reads all streams forward in append order from any position', async () => {
      const { store } = subject();
      const start = (await store.headPosition()) ?? startOfAll;
      const a = stream();
      const b = stream();
      await store.append(a, [event('A1')], context('no_stream'));
      await store.append(b, [event('B1')], context('no_stream'));
      await store.append(a, [event('A2')], context(0));

      const all = (await store.readAll({ after: start, limit: 100 })).filter((e) => [a, b].includes(e.streamName));
      expect(all.map((e) => e.type)).toEqual(['A1', 'B1', 'A2']);
      for (let i = 1; i < all.length; i++) expect(comparePositions(all[i].position, all[i - 1].position)).toBeGreaterThan(0);

      const rest = (await store.readAll({ after: all[0].position, limit: 100 })).filter((e) =>
        [a, b].includes(e.streamName),
      );
      expect(rest.map((e) => e.type)).toEqual(['B1', 'A2']);
      const page = await store.readAll({ after: start, limit: 2 });
      expect(page).toHaveLength(2);
      expect(comparePositions((await store.headPosition())!, all[2].position)).toBe(0);
    });

    it('deletes a stream for good', async () => {
      const { store } = subject();
      const name = stream();
      await store.append(name, [event()], context('no_stream'));
      await store.deleteStream(name);
      expect(await store.readStream(name)).toEqual([]);
      const all = await store.readAll({ after: startOfAll, limit: 100_000 });
      expect(all.some((e) => e.streamName === name)).toBe(false);
    });

    it('tells listeners that events were appended', async () => {
      const { store } = subject();
      let notified = 0;
      const unsubscribe = await store.onAppended(() => notified++);
      try {
        await store.append(stream(), [event()], context('no_stream'));
        await expect.poll(() => notified, { timeout: 5000 }).toBeGreaterThan(0);
      } finally {
        await unsubscribe();
      }
    });
  });
}
