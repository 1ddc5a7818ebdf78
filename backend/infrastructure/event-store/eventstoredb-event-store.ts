import { createHash } from 'node:crypto';
import {
  ANY,
  BACKWARDS,
  END,
  EventStoreDBClient,
  FORWARDS,
  NO_STREAM,
  START,
  StreamDeletedError,
  StreamNotFoundError,
  WrongExpectedVersionError as EsdbWrongExpectedVersionError,
  excludeSystemEvents,
  jsonEvent,
  type AllStreamRecordedEvent,
  type AllStreamResolvedEvent,
  type AllStreamSubscription,
  type AppendExpectedRevision,
  type Position,
  type ReadPosition,
  type RecordedEvent as EsdbRecordedEvent,
} from '@eventstore/db-client';
import {
  DuplicateEventIdError,
  WrongExpectedVersionError,
  comparePositions,
  startOfAll,
  type AllPosition,
  type AppendContext,
  type AppendResult,
  type EventStore,
  type EventToAppend,
  type ExpectedVersion,
  type RecordedEvent,
} from '../../application/ports/event-store';
import type { Actor } from '../../domain/shared/actor';

/*
 * EventStoreDB adapter of the EventStore port (server 22.6 or newer, @eventstore/db-client 6).
 *
 * How the port maps onto EventStoreDB:
 * - A stream is an EventStoreDB stream of the same name; our event id is the EventStoreDB event id,
 *   our stream version is the EventStoreDB stream revision (0 for the first event).
 * - `data` is the event's JSON data; schema version, actor, causation, correlation and occurredAt go
 *   in the event's JSON metadata (with `$causationId`/`$correlationId` too, which EventStoreDB's own
 *   projections understand).
 * - Global order is `$all`. Every event written through gRPC is an implicitly committed prepare, whose
 *   `$all` position has commit == prepare == its log position; `globalPosition` is that commit position.
 * - System events (types or streams starting with `$`), the id reservation streams below and events
 *   of deleted streams are never delivered by `readAll`, `headPosition` or `onAppended`.
 *
 * Event ids. EventStoreDB makes a re-append of the same ids to the same stream idempotent (guaranteed
 * with an expected revision, best effort with ANY), but it cannot express "this id is already used in
 * another stream": ids are not unique across streams and there is no lookup by id. The port requires
 * DuplicateEventIdError for that, so the adapter reserves each id before appending: it appends to
 * `skilly-event-id-<id>` with expected revision NO_STREAM an event whose own id is derived from
 * (event id, target stream). The same id for the same stream is then an idempotent no-op, the same id
 * for another stream a version conflict, i.e. DuplicateEventIdError. EventStoreDB has no multi-stream
 * transactions, so a reservation can outlive a failed append (e.g. a version conflict): the id then
 * stays bound to that stream, and reusing it elsewhere is refused although no event carries it.
 * Reservations hold no data (the stream name is only hashed into the reservation's event id) and are
 * kept when a stream is deleted. `uniqueEventIds: false` turns this off (one write per append instead
 * of 1 + number of events), leaving only EventStoreDB's per-stream idempotency.
 *
 * Deletion. `deleteStream` soft-deletes (not a tombstone): the stream reads as empty and may be
 * appended to again, as with the PostgreSQL adapter, whereas a tombstoned name can never be written
 * again (a late retried command would fail forever). Caveats, both inherent to EventStoreDB:
 * - A re-created stream continues the old revision numbers, so its first event is not version 0.
 * - The events stay in the log until a scavenge runs; until then `$all` still returns them, so this
 *   adapter hides them while reading `$all` by asking, per stream in each page, which revisions the
 *   stream itself still returns (deletion truncates a stream's prefix). Erasure of personal data is
 *   only physical after a scavenge, which operators must run (or schedule) on the server.
 */

const RESERVATION_STREAM_PREFIX = 'skilly-event-id-';
const RESERVATION_EVENT_TYPE = 'SkillyEventIdReserved';
/** EventStoreDB's "no position" (ulong max). */
const NO_POSITION = 18446744073709551615n;
const MAX_READ_BATCH = 500;
const HEAD_READ_BATCH = 32;
const SUBSCRIBE_TIMEOUT_MS = 10_000;
const RESUBSCRIBE_DELAY_MS = 1_000;

/** What the adapter stores in an EventStoreDB event's metadata. */
export interface EsdbEventMetadata {
  schemaVersion: number;
  actor: Actor;
  causationId: string;
  correlationId: string;
  $causationId: string;
  $correlationId: string;
  occurredAt: string;
}

export function toExpectedRevision(expected: ExpectedVersion): AppendExpectedRevision {
  if (expected === 'any') return ANY;
  if (expected === 'no_stream' || expected === -1) return NO_STREAM;
  if (!Number.isSafeInteger(expected) || expected < 0) {
    throw new RangeError(`Invalid expected version ${String(expected)}`);
  }
  return BigInt(expected);
}

/** The actual version the port reports for EventStoreDB's current revision of a stream. */
export function toActualVersion(current: bigint | 'no_stream' | undefined | null): number | 'no_stream' {
  if (current === undefined || current === null || current === NO_STREAM || current < 0n) return 'no_stream';
  return toSafeNumber(current, 'stream revision');
}

function toSafeNumber(value: bigint, what: string): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new RangeError(`EventStoreDB ${what} ${value} does not fit a JavaScript number`);
  return n;
}

/** A `$all` position as the port's position. */
export function fromAllPosition(position: Position): AllPosition {
  return { commit: toSafeNumber(position.commit, 'commit position'), prepare: toSafeNumber(position.prepare, 'prepare position') };
}

/**
 * The position of an event read from its stream, or of an append. Assumption (from the server's
 * code, not verified against a running server here): the commit position there is the event's log
 * position, while `prepare` may be the transaction's first position. For gRPC-written events `$all`
 * reports (log position, log position), so that is what this returns, to keep positions from
 * appends, stream reads and `$all` comparable. Null when the server gave no position (stream reads
 * on servers before 22.6).
 */
export function fromStreamPosition(position: Position | undefined): AllPosition | null {
  if (!position || position.commit < 0n || position.commit >= NO_POSITION) return null;
  const commit = toSafeNumber(position.commit, 'commit position');
  return { commit, prepare: commit };
}

/** Where to start reading `$all` forwards to get the events after `after` (the start event included). */
export function toReadPosition(after: AllPosition): ReadPosition {
  if (comparePositions(after, startOfAll) <= 0) return START;
  return { commit: BigInt(after.commit), prepare: BigInt(Math.max(after.prepare, 0)) };
}

/** Compares an EventStoreDB position with one of ours, exactly (bigint). */
export function compareToPosition(position: Position, to: AllPosition | Position): number {
  const commit = BigInt(to.commit);
  const prepare = BigInt(to.prepare);
  if (position.commit !== commit) return position.commit < commit ? -1 : 1;
  if (position.prepare !== prepare) return position.prepare < prepare ? -1 : 1;
  return 0;
}

export function toEventMetadata(event: EventToAppend, context: AppendContext): EsdbEventMetadata {
  return {
    schemaVersion: event.schemaVersion,
    actor: context.actor,
    causationId: context.causationId,
    correlationId: context.correlationId,
    $causationId: context.causationId,
    $correlationId: context.correlationId,
    occurredAt: context.occurredAt.toISOString(),
  };
}

export function fromEventMetadata(
  metadata: unknown,
  describe = 'event',
): Pick<RecordedEvent, 'schemaVersion' | 'actor' | 'causationId' | 'correlationId' | 'occurredAt'> {
  const fail = (what: string) => new Error(`EventStoreDB ${describe} has no valid Skilly metadata: ${what}`);
  if (!metadata || typeof metadata !== 'object' || Array.isArray(metadata) || metadata instanceof Uint8Array) {
    throw fail('metadata is not a JSON object');
  }
  const m = metadata as Record<string, unknown>;
  const causationId = m.causationId ?? m.$causationId;
  const correlationId = m.correlationId ?? m.$correlationId;
  if (typeof m.schemaVersion !== 'number' || !Number.isInteger(m.schemaVersion)) throw fail('schemaVersion');
  if (!isActor(m.actor)) throw fail('actor');
  if (typeof causationId !== 'string') throw fail('causationId');
  if (typeof correlationId !== 'string') throw fail('correlationId');
  const occurredAt = typeof m.occurredAt === 'string' ? new Date(m.occurredAt) : new Date(Number.NaN);
  if (Number.isNaN(occurredAt.getTime())) throw fail('occurredAt');
  return { schemaVersion: m.schemaVersion, actor: m.actor, causationId, correlationId, occurredAt };
}

function isActor(value: unknown): value is Actor {
  if (!value || typeof value !== 'object') return false;
  const a = value as Record<string, unknown>;
  return (
    (a.kind === 'user' && typeof a.userId === 'string' && typeof a.role === 'string') ||
    (a.kind === 'system' && typeof a.name === 'string')
  );
}

/** Events that are ours to deliver: not EventStoreDB's system events, not id reservations. */
export function isApplicationEvent(event: { type: string; streamId: string }): boolean {
  return !event.type.startsWith('$') && !event.streamId.startsWith('$') && !isReservationStream(event.streamId);
}

export function isReservationStream(streamName: string): boolean {
  return streamName.startsWith(RESERVATION_STREAM_PREFIX);
}

export function reservationStreamOf(eventId: string): string {
  return `${RESERVATION_STREAM_PREFIX}${eventId}`;
}

/** A UUID determined by (event id, stream): the reservation event's id. */
export function reservationEventId(eventId: string, streamName: string): string {
  const hex = createHash('sha1').update(`${eventId}\u0000${streamName}`).digest('hex');
  const variant = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * Whether an event read from `$all` still exists: `firstVisible` is the first revision a read of its
 * stream from the event's revision returns (null when the stream reads as not found or deleted).
 * Deletion in EventStoreDB truncates a prefix of a stream, so everything before it is gone.
 */
export function isVisible(revision: bigint, firstVisible: bigint | null): boolean {
  return firstVisible !== null && revision >= firstVisible;
}

export function toRecordedEvent(event: EsdbRecordedEvent, position: AllPosition): RecordedEvent {
  const describe = `event ${event.id} in ${event.streamId}`;
  if (!event.isJson || !event.data || typeof event.data !== 'object' || Array.isArray(event.data)) {
    throw new Error(`EventStoreDB ${describe} has no JSON object data`);
  }
  return {
    eventId: event.id,
    type: event.type,
    streamName: event.streamId,
    streamVersion: toSafeNumber(event.revision, 'stream revision'),
    globalPosition: position.commit,
    position,
    ...fromEventMetadata(event.metadata, describe),
    data: event.data as Record<string, unknown>,
  };
}

export interface EventStoreDbEventStoreOptions {
  /** Refuse an event id already used in another stream (see above); default true. */
  uniqueEventIds?: boolean;
}

export class EventStoreDbEventStore implements EventStore {
  readonly name = 'eventstoredb';
  private readonly client: EventStoreDBClient;
  private readonly uniqueEventIds: boolean;
  private readonly unsubscribers = new Set<() => Promise<void>>();

  /** `connection`: a connection string such as `esdb://localhost:2113?tls=false`, or a client to use (and dispose on close). */
  constructor(connection: string | EventStoreDBClient, options: EventStoreDbEventStoreOptions = {}) {
    this.client = typeof connection === 'string' ? EventStoreDBClient.connectionString(connection) : connection;
    this.uniqueEventIds = options.uniqueEventIds ?? true;
  }

  async append(streamName: string, events: EventToAppend[], context: AppendContext): Promise<AppendResult> {
    if (events.length === 0) throw new Error('append needs at least one event');
    const ids = new Set<string>();
    for (const event of events) {
      if (ids.has(event.id)) throw new DuplicateEventIdError(event.id);
      ids.add(event.id);
    }
    const expectedRevision = toExpectedRevision(context.expectedVersion);
    if (this.uniqueEventIds) await this.reserveIds(streamName, events);

    let result;
    try {
      result = await this.client.appendToStream(
        streamName,
        events.map((event) =>
          jsonEvent({
            id: event.id,
            type: event.type,
            data: event.data,
            metadata: toEventMetadata(event, context) as unknown as Record<string, unknown>,
          }),
        ),
        { expectedRevision },
      );
    } catch (error) {
      if (error instanceof EsdbWrongExpectedVersionError) {
        const actual =
          error.actualVersion === undefined ? await this.currentVersion(streamName) : toActualVersion(error.actualVersion);
        throw new WrongExpectedVersionError(streamName, context.expectedVersion, actual);
      }
      throw error;
    }

    const position =
      (await this.positionOfEvent(streamName, result.nextExpectedRevision, events[events.length - 1].id)) ??
      fromStreamPosition(result.position);
    if (!position) throw new Error(`EventStoreDB gave no position for the append to ${streamName}`);
    return { streamVersion: toSafeNumber(result.nextExpectedRevision, 'stream revision'), position };
  }

  private async reserveIds(streamName: string, events: EventToAppend[]): Promise<void> {
    await Promise.all(
      events.map(async (event) => {
        try {
          await this.client.appendToStream(
            reservationStreamOf(event.id),
            jsonEvent({ id: reservationEventId(event.id, streamName), type: RESERVATION_EVENT_TYPE, data: {} }),
            { expectedRevision: NO_STREAM },
          );
        } catch (error) {
          if (error instanceof EsdbWrongExpectedVersionError) throw new DuplicateEventIdError(event.id);
          throw error;
        }
      }),
    );
  }

  /** Position of the event at `revision` of the stream, if it is the event with `eventId`. */
  private async positionOfEvent(streamName: string, revision: bigint, eventId: string): Promise<AllPosition | null> {
    try {
      for await (const resolved of this.client.readStream(streamName, {
        fromRevision: revision,
        direction: BACKWARDS,
        maxCount: 1,
      })) {
        if (resolved.event?.id === eventId) return fromStreamPosition(resolved.event.position);
      }
    } catch (error) {
      if (!(error instanceof StreamNotFoundError)) throw error;
    }
    return null;
  }

  private async currentVersion(streamName: string): Promise<number | 'no_stream'> {
    try {
      for await (const resolved of this.client.readStream(streamName, { fromRevision: END, direction: BACKWARDS, maxCount: 1 })) {
        if (resolved.event) return toActualVersion(resolved.event.revision);
      }
    } catch (error) {
      if (!(error instanceof StreamNotFoundError) && !(error instanceof StreamDeletedError)) throw error;
    }
    return 'no_stream';
  }

  async readStream(streamName: string, { fromVersion = 0 }: { fromVersion?: number } = {}): Promise<RecordedEvent[]> {
    const events: RecordedEvent[] = [];
    try {
      const fromRevision = fromVersion > 0 ? BigInt(fromVersion) : START;
      for await (const resolved of this.client.readStream(streamName, { fromRevision, direction: FORWARDS })) {
        const event = resolved.event;
        if (!event) continue;
        // Servers before 22.6 give no position on stream reads; aggregates only need versions.
        events.push(toRecordedEvent(event, fromStreamPosition(event.position) ?? { commit: -1, prepare: -1 }));
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError || error instanceof StreamDeletedError) return [];
      throw error;
    }
    return events;
  }

  async readAll({ after, limit }: { after: AllPosition; limit: number }): Promise<RecordedEvent[]> {
    const result: RecordedEvent[] = [];
    if (limit <= 0) return result;
    let from = toReadPosition(after);
    let cursor: AllPosition | Position = after;
    for (;;) {
      // One more than needed: reading from a position returns the event at it, which is excluded.
      const batchSize = Math.min(limit - result.length + 1, MAX_READ_BATCH);
      const candidates: AllStreamRecordedEvent[] = [];
      let read = 0;
      let last: Position | undefined;
      for await (const resolved of this.client.readAll({ fromPosition: from, maxCount: batchSize, direction: FORWARDS })) {
        read++;
        const event = resolved.event;
        if (!event) continue;
        last = event.position;
        if (compareToPosition(event.position, cursor) <= 0) continue;
        if (isApplicationEvent(event)) candidates.push(event);
      }
      for (const event of await this.withoutDeleted(candidates)) {
        result.push(toRecordedEvent(event, fromAllPosition(event.position)));
        if (result.length === limit) return result;
      }
      if (read < batchSize || !last) return result;
      from = last;
      cursor = last;
    }
  }

  /** $all delivers every committed event at once: nothing to wait for. */
  async committedReadable(): Promise<void> {}

  async headPosition(): Promise<AllPosition | null> {
    let from: ReadPosition = END;
    let cursor: Position | undefined;
    for (;;) {
      const candidates: AllStreamRecordedEvent[] = [];
      let read = 0;
      let last: Position | undefined;
      for await (const resolved of this.client.readAll({ fromPosition: from, maxCount: HEAD_READ_BATCH, direction: BACKWARDS })) {
        read++;
        const event = resolved.event;
        if (!event) continue;
        last = event.position;
        if (cursor && compareToPosition(event.position, cursor) >= 0) continue;
        if (isApplicationEvent(event)) candidates.push(event);
      }
      const [newest] = await this.withoutDeleted(candidates);
      if (newest) return fromAllPosition(newest.position);
      if (read < HEAD_READ_BATCH || !last) return null;
      from = last;
      cursor = last;
    }
  }

  /**
   * Drops events of soft-deleted or tombstoned streams, which `$all` still returns until a scavenge.
   * Asks the server, once per stream in the batch, for the first revision still readable from the
   * batch's lowest revision of that stream. Never cached beyond one batch: a stream deleted and then
   * re-created shows new events later, which must not be hidden.
   */
  private async withoutDeleted(events: AllStreamRecordedEvent[]): Promise<AllStreamRecordedEvent[]> {
    const lowest = new Map<string, bigint>();
    for (const event of events) {
      const seen = lowest.get(event.streamId);
      if (seen === undefined || event.revision < seen) lowest.set(event.streamId, event.revision);
    }
    const firstVisible = new Map<string, bigint | null>();
    await Promise.all(
      [...lowest].map(async ([stream, revision]) => firstVisible.set(stream, await this.firstVisibleRevision(stream, revision))),
    );
    return events.filter((event) => isVisible(event.revision, firstVisible.get(event.streamId) ?? null));
  }

  private async firstVisibleRevision(streamName: string, from: bigint): Promise<bigint | null> {
    try {
      for await (const resolved of this.client.readStream(streamName, { fromRevision: from, direction: FORWARDS, maxCount: 1 })) {
        if (resolved.event) return resolved.event.revision;
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError || error instanceof StreamDeletedError) return null;
      throw error;
    }
    return null;
  }

  async deleteStream(streamName: string): Promise<void> {
    try {
      await this.client.deleteStream(streamName, { expectedRevision: ANY });
    } catch (error) {
      if (error instanceof StreamNotFoundError || error instanceof StreamDeletedError) return;
      if (error instanceof EsdbWrongExpectedVersionError && error.actualVersion === NO_STREAM) return;
      throw error;
    }
  }

  async onAppended(listener: () => void): Promise<() => Promise<void>> {
    let stopped = false;
    let current: AllStreamSubscription | undefined;
    let retry: NodeJS.Timeout | undefined;

    const open = () =>
      new Promise<void>((resolve, reject) => {
        const subscription = this.client.subscribeToAll({ fromPosition: END, filter: excludeSystemEvents() });
        current = subscription;
        let confirmed = false;
        let dropped = false;
        const timer = setTimeout(() => {
          if (confirmed) return;
          dropped = true;
          subscription.unsubscribe().catch(() => {});
          reject(new Error(`EventStoreDB did not confirm the $all subscription within ${SUBSCRIBE_TIMEOUT_MS} ms`));
        }, SUBSCRIBE_TIMEOUT_MS);
        const drop = (error?: unknown) => {
          if (dropped) return;
          dropped = true;
          clearTimeout(timer);
          if (!confirmed) reject(error ?? new Error('EventStoreDB closed the $all subscription'));
          else if (!stopped) reopenLater();
        };
        subscription.on('data', (resolved: AllStreamResolvedEvent) => {
          if (resolved.event && isApplicationEvent(resolved.event)) listener();
        });
        subscription.once('confirmation', () => {
          confirmed = true;
          clearTimeout(timer);
          resolve();
        });
        subscription.on('error', drop);
        subscription.on('end', () => drop());
      });

    const reopenLater = () => {
      retry = setTimeout(() => {
        if (stopped) return;
        open().then(
          () => {
            if (stopped) return void current?.unsubscribe().catch(() => {});
            // Events appended while the subscription was down were not seen: tell the listener anyway.
            listener();
          },
          () => {
            if (!stopped) reopenLater();
          },
        );
      }, RESUBSCRIBE_DELAY_MS);
      retry.unref();
    };

    await open();
    const unsubscribe = async () => {
      stopped = true;
      clearTimeout(retry);
      this.unsubscribers.delete(unsubscribe);
      await current?.unsubscribe();
    };
    this.unsubscribers.add(unsubscribe);
    return unsubscribe;
  }

  async close(): Promise<void> {
    await Promise.all([...this.unsubscribers].map((unsubscribe) => unsubscribe()));
    await this.client.dispose();
  }
}
