import { sql, type Kysely, type Transaction } from 'kysely';
import type { Generated, Migration } from 'kysely';
import {
  DuplicateEventIdError,
  WrongExpectedVersionError,
  type AllPosition,
  type AppendContext,
  type AppendResult,
  type EventStore,
  type EventToAppend,
  type RecordedEvent,
} from '../../application/ports/event-store';
import type { Actor } from '../../domain/shared/actor';
import type { DatabaseHandle } from '../database/database';

export interface EventsTable {
  global_position: Generated<number>;
  transaction_id: Generated<number>;
  event_id: string;
  stream_name: string;
  stream_version: number;
  type: string;
  schema_version: number;
  data: unknown;
  actor: unknown;
  causation_id: string;
  correlation_id: string;
  occurred_at: Date;
}

export interface EventStreamsTable {
  stream_name: string;
  version: number;
}

export interface EventStoreTables {
  events: EventsTable;
  event_streams: EventStreamsTable;
}

/**
 * Global order is (transaction id, sequence) and only transactions older than every running
 * one are read: a sequence value is taken at insert time, but a transaction may commit long
 * after a later value became visible. Below the snapshot's xmin every transaction has ended,
 * so nothing can still appear there, and a reader that has passed a position never misses
 * an event behind it.
 */
export const eventStoreMigration: Migration = {
  async up(db) {
    await sql`
      create table event_streams (
        stream_name text primary key,
        version integer not null
      )`.execute(db);
    await sql`
      create table events (
        global_position bigserial primary key,
        transaction_id xid8 not null default pg_current_xact_id(),
        event_id text not null unique,
        stream_name text not null,
        stream_version integer not null,
        type text not null,
        schema_version integer not null,
        data jsonb not null,
        actor jsonb not null,
        causation_id text not null,
        correlation_id text not null,
        occurred_at timestamptz not null,
        unique (stream_name, stream_version)
      )`.execute(db);
    await sql`create index events_global_order on events (transaction_id, global_position)`.execute(db);
  },
};

export const EVENTS_CHANNEL = 'skilly_events';

type EventRow = {
  global_position: number;
  transaction_id: number;
  event_id: string;
  stream_name: string;
  stream_version: number;
  type: string;
  schema_version: number;
  data: Record<string, unknown>;
  actor: Actor;
  causation_id: string;
  correlation_id: string;
  occurred_at: Date | string;
};

function toRecorded(row: EventRow): RecordedEvent {
  return {
    eventId: row.event_id,
    type: row.type,
    schemaVersion: row.schema_version,
    streamName: row.stream_name,
    streamVersion: row.stream_version,
    globalPosition: row.global_position,
    position: { commit: row.transaction_id, prepare: row.global_position },
    occurredAt: new Date(row.occurred_at),
    actor: row.actor,
    causationId: row.causation_id,
    correlationId: row.correlation_id,
    data: row.data,
  };
}

const UNIQUE_VIOLATION = '23505';

export class PostgresEventStore implements EventStore {
  readonly name = 'postgresql';
  private readonly db: Kysely<EventStoreTables>;

  constructor(
    private readonly handle: DatabaseHandle,
    private readonly options: {
      /** Test seam: runs inside the append's transaction just before it commits. */
      beforeCommit?: (trx: Transaction<EventStoreTables>) => Promise<void>;
      /** Send NOTIFY to followers on append (default true; a prepared transaction cannot). */
      notify?: boolean;
    } = {},
  ) {
    this.db = handle.db as unknown as Kysely<EventStoreTables>;
  }

  async append(streamName: string, events: EventToAppend[], context: AppendContext): Promise<AppendResult> {
    if (events.length === 0) throw new Error('append needs at least one event');
    try {
      return await this.db.transaction().execute((trx) => this.appendIn(trx, streamName, events, context));
    } catch (error) {
      if ((error as { code?: string }).code === UNIQUE_VIOLATION) {
        // Another stream already holds one of these ids.
        throw new DuplicateEventIdError(events.map((e) => e.id).join(', '));
      }
      throw error;
    }
  }

  private async appendIn(
    trx: Transaction<EventStoreTables>,
    streamName: string,
    events: EventToAppend[],
    context: AppendContext,
  ): Promise<AppendResult> {
    // One statement takes the stream's row lock (appends to one stream queue here, other
    // streams go on) and finds any of these event ids already stored.
    const ids = events.map((e) => e.id);
    const locked = await sql<{ version: number; existing: { event_id: string; stream_name: string; global_position: number; transaction_id: string }[] }>`
      with lock as (
        insert into event_streams (stream_name, version) values (${streamName}, -1)
        on conflict (stream_name) do update set version = event_streams.version
        returning version
      )
      select (select version from lock) as version,
             coalesce((select json_agg(json_build_object(
                         'event_id', event_id, 'stream_name', stream_name,
                         'global_position', global_position, 'transaction_id', transaction_id::text)
                       order by global_position)
                       from events where event_id = any(${ids}::text[])), '[]'::json) as existing`.execute(trx);
    const { version: current, existing } = locked.rows[0];

    if (existing.length > 0) {
      const sameAppend =
        existing.length === ids.length && existing.every((row) => row.stream_name === streamName);
      if (!sameAppend) throw new DuplicateEventIdError(existing[0].event_id);
      const last = existing[existing.length - 1];
      return { streamVersion: current, position: { commit: Number(last.transaction_id), prepare: Number(last.global_position) } };
    }

    const { expectedVersion } = context;
    const matches =
      expectedVersion === 'any' ||
      (expectedVersion === 'no_stream' && current === -1) ||
      (typeof expectedVersion === 'number' && expectedVersion === current);
    if (!matches) throw new WrongExpectedVersionError(streamName, expectedVersion, current === -1 ? 'no_stream' : current);

    // Insert, move the stream's version and notify followers in one round trip.
    const actor = JSON.stringify(context.actor);
    const newVersion = current + events.length;
    const rows = events.map(
      (event, index) =>
        sql`(${event.id}, ${streamName}, ${current + 1 + index}, ${event.type}, ${event.schemaVersion}, ${JSON.stringify(event.data)}::jsonb, ${actor}::jsonb, ${context.causationId}, ${context.correlationId}, ${context.occurredAt})`,
    );
    const appended = await sql<{ global_position: number; transaction_id: number }>`
      with inserted as (
        insert into events (event_id, stream_name, stream_version, type, schema_version, data, actor, causation_id, correlation_id, occurred_at)
        values ${sql.join(rows)}
        returning global_position, transaction_id
      ), bumped as (
        update event_streams set version = ${newVersion} where stream_name = ${streamName}
      )
      select max(global_position) as global_position,
             (select transaction_id from inserted limit 1) as transaction_id,
             ${this.options.notify === false ? sql`null` : sql`pg_notify(${EVENTS_CHANNEL}, '')`} as notified
      from inserted`.execute(trx);
    await this.options.beforeCommit?.(trx);
    const last = appended.rows[0];
    return { streamVersion: newVersion, position: { commit: Number(last.transaction_id), prepare: Number(last.global_position) } };
  }

  async readStream(streamName: string): Promise<RecordedEvent[]> {
    const rows = await sql<EventRow>`
      select * from events where stream_name = ${streamName} order by stream_version`.execute(this.db);
    return rows.rows.map(toRecorded);
  }

  async readAll({ after, limit }: { after: AllPosition; limit: number }): Promise<RecordedEvent[]> {
    const rows = await sql<EventRow>`
      select * from events
      where (transaction_id, global_position) > (${String(after.commit)}::xid8, ${after.prepare}::bigint)
        and transaction_id < pg_snapshot_xmin(pg_current_snapshot())
      order by transaction_id, global_position
      limit ${limit}`.execute(this.db);
    return rows.rows.map(toRecorded);
  }

  async headPosition(): Promise<AllPosition | null> {
    const rows = await sql<{ transaction_id: number; global_position: number }>`
      select transaction_id, global_position from events
      where transaction_id < pg_snapshot_xmin(pg_current_snapshot())
      order by transaction_id desc, global_position desc
      limit 1`.execute(this.db);
    const row = rows.rows[0];
    return row ? { commit: Number(row.transaction_id), prepare: Number(row.global_position) } : null;
  }

  async deleteStream(streamName: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('events').where('stream_name', '=', streamName).execute();
      await trx.deleteFrom('event_streams').where('stream_name', '=', streamName).execute();
    });
  }

  onAppended(listener: () => void): Promise<() => Promise<void>> {
    return this.handle.listen(EVENTS_CHANNEL, listener);
  }

  async close(): Promise<void> {}
}
