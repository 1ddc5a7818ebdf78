import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
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
import type { Database } from '../../application/ports/database';
import type { Actor } from '../../domain/shared/actor';
import type { AppendProjector } from '../../projections/runner/inline-projections';
import { forgetStream } from '../../projections/runner/stream-versions';
import type { DatabaseHandle } from '../database/database';
import { GroupCommit } from './group-commit';

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

export interface EventStoreTables {
  events: EventsTable;
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

/**
 * An append in one statement, so one round trip: lock the stream's row (appends to one
 * stream queue here, other streams go on), look for the event ids, check the expected
 * version, insert the events and move the stream's version. A refusal changes nothing.
 *
 * The usual case, an existing stream at the expected version, takes the lock by moving the
 * version; a new stream takes it by creating the row (a writer creating the same stream at
 * the same moment is waited for, then the stream is looked at again). A refusal found after
 * the lock puts the row back as it was.
 *
 * `p_expected`: null for any version, -1 for "no stream yet", else the stream's version.
 * Returns one row: `outcome` 'appended' or 'already_appended' (every id already in this
 * stream: the existing events' position), 'wrong_version' (`stream_version` is the actual
 * version, -1 for none) or 'duplicate' (`event_id` is used elsewhere).
 */
export const appendFunctionMigration: Migration = {
  async up(db) {
    await sql`
      create or replace function append_events(
        p_stream text, p_expected integer, p_ids text[], p_events jsonb,
        p_actor jsonb, p_causation_id text, p_correlation_id text, p_occurred_at timestamptz)
      returns table (outcome text, stream_version integer, transaction_id xid8, global_position bigint, event_id text)
      language plpgsql as $fn$
      #variable_conflict use_column
      declare
        v_count integer := cardinality(p_ids);
        v_current integer;
        v_state text; -- how the lock was taken: 'moved' (version already moved), 'locked', 'created'
        v_found integer;
        v_same integer;
        v_first text;
        v_last_tx xid8;
        v_last_position bigint;
      begin
        update event_streams s set version = s.version + v_count
         where s.stream_name = p_stream and (p_expected is null or s.version = p_expected)
        returning s.version - v_count into v_current;
        if found then
          v_state := 'moved';
        else
          loop
            select s.version into v_current from event_streams s where s.stream_name = p_stream for update;
            if found then
              v_state := 'locked';
              exit;
            end if;
            v_current := -1;
            insert into event_streams (stream_name, version) values (p_stream, v_count - 1) on conflict do nothing;
            if found then
              v_state := 'created';
              exit;
            end if;
          end loop;
        end if;

        select count(*)::integer, (count(*) filter (where e.stream_name = p_stream))::integer,
               (array_agg(e.event_id order by e.global_position))[1],
               (array_agg(e.transaction_id order by e.global_position desc))[1],
               max(e.global_position)
          into v_found, v_same, v_first, v_last_tx, v_last_position
          from events e where e.event_id = any(p_ids);
        if v_found > 0 or (p_expected is not null and p_expected <> v_current) then
          if v_state = 'moved' then
            update event_streams s set version = v_current where s.stream_name = p_stream;
          elsif v_state = 'created' then
            delete from event_streams s where s.stream_name = p_stream;
          end if;
          if v_found = 0 then
            return query select 'wrong_version'::text, v_current, null::xid8, null::bigint, null::text;
          elsif v_found = v_count and v_same = v_found then
            return query select 'already_appended'::text, v_current, v_last_tx, v_last_position, null::text;
          else
            return query select 'duplicate'::text, v_current, null::xid8, null::bigint, v_first;
          end if;
          return;
        end if;

        with inserted as (
          insert into events (event_id, stream_name, stream_version, type, schema_version, data, actor,
                              causation_id, correlation_id, occurred_at)
          select p_ids[e.ord], p_stream, v_current + e.ord::integer, e.value->>'type',
                 (e.value->>'schemaVersion')::integer, e.value->'data', p_actor,
                 p_causation_id, p_correlation_id, p_occurred_at
            from jsonb_array_elements(p_events) with ordinality as e(value, ord)
           order by e.ord
          returning events.global_position
        )
        select max(i.global_position) into v_last_position from inserted i;
        if v_state = 'locked' then
          update event_streams s set version = v_current + v_count where s.stream_name = p_stream;
        end if;
        return query select 'appended'::text, v_current + v_count, pg_current_xact_id(), v_last_position, null::text;
      end
      $fn$`.execute(db);
  },
  async down(db) {
    await sql`drop function append_events`.execute(db);
  },
};

/**
 * A cached generic plan made while the tables were small scans them whole on every later
 * append (the session keeps it while the tables grow); plan each call for today's sizes.
 */
export const appendFunctionPlansMigration: Migration = {
  async up(db) {
    await sql`alter function append_events set plan_cache_mode = force_custom_plan`.execute(db);
  },
  async down(db) {
    await sql`alter function append_events reset plan_cache_mode`.execute(db);
  },
};

/**
 * Replanning every statement of every call (the migration above) cost more than the scans it
 * prevented: 16 concurrent single-event writers ran at 0.65x raw inserts. The session's cached
 * generic plans are kept again, and forbidding sequential scans inside the function makes sure
 * that a plan chosen while the tables were small still walks the indexes once they are large.
 */
export const appendFunctionIndexPlansMigration: Migration = {
  async up(db) {
    await sql`alter function append_events reset plan_cache_mode`.execute(db);
    await sql`alter function append_events set enable_seqscan = off`.execute(db);
  },
  async down(db) {
    await sql`alter function append_events reset enable_seqscan`.execute(db);
    await sql`alter function append_events set plan_cache_mode = force_custom_plan`.execute(db);
  },
};

/**
 * The append in as few statements as the usual case allows, each without a table scan a
 * cached plan could go stale on, so it runs as one round trip with the session's plans:
 *
 * 1. One INSERT … ON CONFLICT on the stream's row takes its lock and moves its version when
 *    the expected version holds (or creates it); when it does not, it only locks the row.
 * 2. One INSERT of the events, ON CONFLICT (event_id) DO NOTHING: the unique index checks the
 *    ids as it inserts, so no lookup goes before it.
 *
 * Both reach the rows through the unique indexes the conflicts are decided on, so no plan can
 * turn into a sequential scan as the tables grow, and the function needs no settings of its
 * own (a function with settings saves and restores them on every call). A refusal is rare:
 * its statements are EXECUTEd, so they are planned for today's table sizes; it puts back what
 * the append changed (the stream's version, or its new row, and any event inserted here), then
 * says why exactly as before: 'already_appended' (every id already in this stream: the
 * existing events' position), 'wrong_version' (`stream_version` is the actual version, -1
 * for none) or 'duplicate' (`event_id` is used elsewhere, or twice in this append).
 *
 * `p_expected`: null for any version, -1 for "no stream yet", else the stream's version.
 */
export const appendFunctionFewerStatementsMigration: Migration = {
  async up(db) {
    await sql`alter function append_events reset enable_seqscan`.execute(db);
    await sql`
      create or replace function append_events(
        p_stream text, p_expected integer, p_ids text[], p_events jsonb,
        p_actor jsonb, p_causation_id text, p_correlation_id text, p_occurred_at timestamptz)
      returns table (outcome text, stream_version integer, transaction_id xid8, global_position bigint, event_id text)
      language plpgsql as $fn$
      #variable_conflict use_column
      declare
        v_count integer := cardinality(p_ids);
        v_previous integer; -- the stream's version before this append, -1 for a new stream
        v_moved boolean;    -- whether the first statement moved the version (or created the row)
        v_current integer;
        v_inserted integer;
        v_last_position bigint;
        v_found integer;
        v_same integer;
        v_first text;
        v_last_tx xid8;
      begin
        insert into event_streams as s (stream_name, version) values (p_stream, v_count - 1)
        on conflict (stream_name) do update set version = s.version + v_count
           where p_expected is null or s.version = p_expected
        returning s.version - v_count into v_previous;
        v_moved := found;

        if v_moved and (p_expected is null or v_previous = p_expected) then
          with inserted as (
            insert into events as ev (event_id, stream_name, stream_version, type, schema_version, data, actor,
                                      causation_id, correlation_id, occurred_at)
            select p_ids[e.ord], p_stream, v_previous + e.ord::integer, e.value->>'type',
                   (e.value->>'schemaVersion')::integer, e.value->'data', p_actor,
                   p_causation_id, p_correlation_id, p_occurred_at
              from jsonb_array_elements(p_events) with ordinality as e(value, ord)
             order by e.ord
            on conflict (event_id) do nothing
            returning ev.global_position
          )
          select count(*)::integer, max(i.global_position) into v_inserted, v_last_position from inserted i;
          if v_inserted = v_count then
            return query select 'appended'::text, v_previous + v_count, pg_current_xact_id(), v_last_position, null::text;
            return;
          end if;
          execute 'delete from events e where e.event_id = any($1) and e.transaction_id = pg_current_xact_id()' using p_ids;
        end if;

        -- Refused: put the stream back as it was.
        if not v_moved then
          execute 'select s.version from event_streams s where s.stream_name = $1' into v_current using p_stream;
        elsif v_previous = -1 then
          execute 'delete from event_streams s where s.stream_name = $1' using p_stream;
          v_current := -1;
        else
          execute 'update event_streams s set version = $2 where s.stream_name = $1' using p_stream, v_previous;
          v_current := v_previous;
        end if;

        execute '
          select count(*)::integer, (count(*) filter (where e.stream_name = $2))::integer,
                 (array_agg(e.event_id order by e.global_position))[1],
                 (array_agg(e.transaction_id order by e.global_position desc))[1],
                 max(e.global_position)
            from events e where e.event_id = any($1)'
          into v_found, v_same, v_first, v_last_tx, v_last_position using p_ids, p_stream;
        if v_found = v_count and v_same = v_found then
          return query select 'already_appended'::text, v_current, v_last_tx, v_last_position, null::text;
        elsif v_found > 0 then
          return query select 'duplicate'::text, v_current, null::xid8, null::bigint, v_first;
        elsif v_inserted is not null then
          -- Nothing else has these ids: one is given twice in this append.
          return query select 'duplicate'::text, v_current, null::xid8, null::bigint,
                              (select id from unnest(p_ids) as id group by id having count(*) > 1 limit 1);
        else
          return query select 'wrong_version'::text, v_current, null::xid8, null::bigint, null::text;
        end if;
      end
      $fn$`.execute(db);
  },
  async down(db) {
    await appendFunctionMigration.up(db);
    await appendFunctionIndexPlansMigration.up(db);
  },
};

/**
 * An append is one INSERT of its events: the stream's version is checked by the unique index on
 * (stream, version) the events already have, not by a row of `event_streams` moved first, which
 * cost every append a second row written and locked (16 single-event writers ran at 0.37-0.41x
 * one autocommit INSERT of the same row). Appends to one stream still queue: a second writer
 * inserting the same version waits at the index for the first to end, then finds it taken.
 *
 * - `p_expected` a version: the events go in after it, and it must be there (an index lookup,
 *   after the insert, so a writer of the same versions is waited for first); a version taken
 *   refuses the append ('wrong_version').
 * - -1 ("no stream yet"): the events go in from version 0; a stream there refuses it.
 * - null (any version): after the stream's last event (the index's last entry); a writer that
 *   took that place first makes the append look again.
 *
 * ON CONFLICT DO NOTHING without a target covers both unique indexes (event id, stream
 * version), so an id used anywhere, or twice in the append, is told apart from a taken version
 * after the fact, on the rare refusal: the events this statement inserted are removed, and the
 * answer is as before ('already_appended' when every id is already in this stream, 'duplicate',
 * 'wrong_version' with the stream's actual version, -1 for none). `event_streams` is dropped.
 */
export const appendOnEventsAloneMigration: Migration = {
  async up(db) {
    await sql`
      create or replace function append_events(
        p_stream text, p_expected integer, p_ids text[], p_events jsonb,
        p_actor jsonb, p_causation_id text, p_correlation_id text, p_occurred_at timestamptz)
      returns table (outcome text, stream_version integer, transaction_id xid8, global_position bigint, event_id text)
      language plpgsql as $fn$
      #variable_conflict use_column
      declare
        v_count integer := cardinality(p_ids);
        v_previous integer; -- the version the events follow, -1 for a new stream
        v_inserted integer;
        v_last_position bigint;
        v_current integer;
        v_found integer;
        v_same integer;
        v_first text;
        v_last_tx xid8;
      begin
        loop
          if p_expected is null then
            select e.stream_version into v_previous from events e
             where e.stream_name = p_stream order by e.stream_version desc limit 1;
            v_previous := coalesce(v_previous, -1);
          else
            v_previous := p_expected;
          end if;

          with inserted as (
            insert into events as ev (event_id, stream_name, stream_version, type, schema_version, data, actor,
                                      causation_id, correlation_id, occurred_at)
            select p_ids[e.ord], p_stream, v_previous + e.ord::integer, e.value->>'type',
                   (e.value->>'schemaVersion')::integer, e.value->'data', p_actor,
                   p_causation_id, p_correlation_id, p_occurred_at
              from jsonb_array_elements(p_events) with ordinality as e(value, ord)
             order by e.ord
            on conflict do nothing
            returning ev.global_position
          )
          select count(*)::integer, max(i.global_position) into v_inserted, v_last_position from inserted i;
          -- The events follow the expected one, which must be there (no gap before them).
          if v_inserted = v_count and (p_expected is null or p_expected < 0 or exists (
                select from events e where e.stream_name = p_stream and e.stream_version = p_expected)) then
            return query select 'appended'::text, v_previous + v_count, pg_current_xact_id(), v_last_position, null::text;
            return;
          end if;
          if v_inserted > 0 then
            execute 'delete from events e where e.event_id = any($1) and e.transaction_id = pg_current_xact_id()' using p_ids;
          end if;

          -- Refused: say why.
          execute 'select count(*)::integer, (count(*) filter (where e.stream_name = $2))::integer,
                          (array_agg(e.event_id order by e.global_position))[1],
                          (array_agg(e.transaction_id order by e.global_position desc))[1],
                          max(e.global_position)
                     from events e where e.event_id = any($1)'
            into v_found, v_same, v_first, v_last_tx, v_last_position using p_ids, p_stream;
          execute 'select coalesce(max(e.stream_version), -1) from events e where e.stream_name = $1' into v_current using p_stream;
          if v_found = v_count and v_same = v_found then
            return query select 'already_appended'::text, v_current, v_last_tx, v_last_position, null::text;
          elsif v_found > 0 then
            return query select 'duplicate'::text, v_current, null::xid8, null::bigint, v_first;
          elsif cardinality(array(select distinct unnest(p_ids))) < v_count then
            return query select 'duplicate'::text, v_current, null::xid8, null::bigint,
                                (select id from unnest(p_ids) as id group by id having count(*) > 1 limit 1);
          elsif p_expected is not null then
            return query select 'wrong_version'::text, v_current, null::xid8, null::bigint, null::text;
          else
            -- Any version, and another writer took the place: look again.
            continue;
          end if;
          return;
        end loop;
      end
      $fn$`.execute(db);
    await sql`drop table event_streams`.execute(db);
  },
};

/**
 * An append and the inline projections' rows in one statement, so a member's write is one round
 * trip: the rows are worked out by the process ahead of the database (`rows-ahead.ts`) from
 * the rows the stream's earlier events left, which holds only while every projection named in
 * `p_projections` has seen the stream exactly up to the version before the append. That is
 * checked here, as the append's own transaction does (`advanceContiguous`, `startSeen`): the
 * rows of `projection_stream_versions` at that version move on (a new stream's are started).
 * When one of the named projections is elsewhere, nothing of the call stays (SQLSTATE
 * 'SKY01'): the caller appends in a transaction that loads the rows instead. Then each write of
 * `p_writes` ({table, key, upsert: rows, delete: keys}) is made, and the append's row returned.
 * A refused append ('wrong_version', …) writes nothing and is answered as `append_events` does.
 */
export const appendWithRowsFunctionMigration: Migration = {
  async up(db) {
    await createAppendWithRowsFunction(db, dynamicUpsert);
  },
  async down(db) {
    await sql`drop function append_events_with_rows`.execute(db);
  },
};

/** `append_events_with_rows` moves the seen versions with a statement whose plan the session keeps (it was EXECUTEd). */
export const appendWithRowsCachedPlanMigration: Migration = {
  up: (db) => createAppendWithRowsFunction(db, dynamicUpsert),
};

/**
 * The rows of the inline tables a member's writes touch most (a plan's row on every tick, a new
 * task's `plan_tasks` row) are written by static statements, whose plans the session keeps: the
 * EXECUTEd upsert was parsed and planned afresh on every call, and with the plan's row (its
 * whole jsonb) that cost the append 0.42x its calls a second (pgbench, 20 clients, one tick of
 * a 7 kB plan: 425 calls/s dynamic, 600 static). Only when the rows carry exactly the table's
 * columns (as `rowProjection` and the plans projection send them); anything else is written as
 * before. Writes may also `update` rows that exist, in the columns the rows carry (a tick: the
 * plan's row without its shape, `plans-projection.ts`); a row not there makes nothing of the
 * call stay (SQLSTATE 'SKY01', as for a projection not at the version), so the caller appends
 * in a transaction that loads the rows.
 */
export const appendWithRowsStaticUpsertsMigration: Migration = {
  up: (db) => createAppendWithRowsFunction(db, staticUpserts + dynamicUpsert + '              end if;\n', updates),
};

/**
 * `append_event`: one event at the version after `p_expected` (-1: a new stream), as
 * `append_events_with_rows` appends a single event (the store itself sends the INSERT alone,
 * `insertAt`: the call of this function cost it 0.75x a plain INSERT's rate, the INSERT 0.85x;
 * 16 clients, one event a call, medians of five). A
 * plain INSERT … VALUES (no JSON to unpack, no ON CONFLICT, no loop): a taken version or id
 * raises the unique violation (23505) and a missing expected event (a gap) raises SKY02 after
 * it, so nothing stays either way, and the caller asks `append_events` why (wrong version,
 * duplicate, already appended). `append_events` cost about 1.3x this (pgbench, 16 clients, one
 * 430-byte event a call to a new stream).
 */
export const appendOneEventMigration: Migration = {
  async up(db) {
    await sql`
      create or replace function append_event(
        p_stream text, p_expected integer, p_id text, p_type text, p_schema_version integer, p_data jsonb,
        p_actor jsonb, p_causation_id text, p_correlation_id text, p_occurred_at timestamptz)
      returns table (outcome text, stream_version integer, transaction_id xid8, global_position bigint, event_id text)
      language plpgsql as $fn$
      declare
        v_transaction xid8;
        v_position bigint;
      begin
        insert into events as ev (event_id, stream_name, stream_version, type, schema_version, data, actor,
                                  causation_id, correlation_id, occurred_at)
        values (p_id, p_stream, p_expected + 1, p_type, p_schema_version, p_data, p_actor,
                p_causation_id, p_correlation_id, p_occurred_at)
        returning ev.transaction_id, ev.global_position into v_transaction, v_position;
        -- The expected event must be there (no gap before this one).
        if p_expected >= 0 and not exists (
              select from events e where e.stream_name = p_stream and e.stream_version = p_expected) then
          raise exception 'no event at version % of %', p_expected, p_stream using errcode = 'SKY02';
        end if;
        return query select 'appended'::text, p_expected + 1, v_transaction, v_position, null::text;
      end
      $fn$`.execute(db);
  },
  async down(db) {
    await sql`drop function append_event`.execute(db);
  },
};

/**
 * `append_events_at`: several events at the versions after `p_expected` (-1: a new stream), the
 * store's append of a batch at a known version when no inline projection follows it, as
 * `append_event` is for one. One plain INSERT … SELECT of the events unpacked from the jsonb, in
 * their order (no ON CONFLICT, no loop); a taken version or id raises the unique violation
 * (23505) and a missing expected event (a gap) raises SKY02 after it, so nothing stays either
 * way, and the caller asks `append_events` why. Its last position is the sequence's `currval`:
 * the rows took their positions from it in this statement, one after the other. `append_events`
 * cost about 1.2–1.6x this (100 events a call, one writer, side by side through pg).
 */
export const appendEventsAtVersionMigration: Migration = {
  async up(db) {
    await sql`
      create or replace function append_events_at(
        p_stream text, p_expected integer, p_ids text[], p_events jsonb,
        p_actor jsonb, p_causation_id text, p_correlation_id text, p_occurred_at timestamptz)
      returns table (outcome text, stream_version integer, transaction_id xid8, global_position bigint, event_id text)
      language plpgsql as $fn$
      begin
        insert into events (event_id, stream_name, stream_version, type, schema_version, data, actor,
                            causation_id, correlation_id, occurred_at)
        select p_ids[e.ord], p_stream, p_expected + e.ord::integer, e.value->>'type',
               (e.value->>'schemaVersion')::integer, e.value->'data', p_actor,
               p_causation_id, p_correlation_id, p_occurred_at
          from jsonb_array_elements(p_events) with ordinality as e(value, ord)
         order by e.ord;
        -- The expected event must be there (no gap before these).
        if p_expected >= 0 and not exists (
              select from events e where e.stream_name = p_stream and e.stream_version = p_expected) then
          raise exception 'no event at version % of %', p_expected, p_stream using errcode = 'SKY02';
        end if;
        return query select 'appended'::text, p_expected + cardinality(p_ids), pg_current_xact_id(),
                            currval('events_global_position_seq'), null::text;
      end
      $fn$`.execute(db);
  },
  async down(db) {
    await sql`drop function append_events_at`.execute(db);
  },
};

/**
 * `append_events_with_rows` appends one event at a known version (a tick, a task added) through
 * `append_event` (migration 0064) rather than `append_events`. A refusal there raises (a taken
 * version or id: 23505; a gap: SKY02) and nothing of the call stays: the caller appends in its
 * transaction, where `append_events` says why.
 */
export const appendWithRowsOneEventMigration: Migration = {
  up: (db) => createAppendWithRowsFunction(db, staticUpserts + dynamicUpsert + '              end if;\n', updates, appendOneEventOrMore),
};

/**
 * `append_events_with_rows` updates a plan's row (a tick) on its key, one row at a time: the
 * update from `jsonb_populate_recordset`, whose rows the planner cannot count, was planned as a
 * hash join over a sequential scan of `plans` while the table was small (every tick read every
 * plan: pg_stat_user_tables counted one sequential scan of plans a toggle, no index scan), and
 * its cost grew with the number of plans until the plan changed. On its key it is an index
 * lookup whatever the table holds.
 */
export const appendWithRowsPlanUpdateByKeyMigration: Migration = {
  up: (db) =>
    createAppendWithRowsFunction(db, staticUpserts + dynamicUpsert + '              end if;\n', updatesByKey, appendOneEventOrMore, '\n        v_row jsonb;\n        v_count integer;'),
};

/**
 * `append_events_with_rows` takes a value inserted into a jsonb column (a write's `insert`,
 * `rows-ahead.ts`): a task added to a plan sends the new task and where it goes, not the plan's
 * whole shape (5-11 kB of JSON, more as tasks are added), which the database parsed and
 * compressed again on every addition. pgbench, 16 clients, one 12 kB shape in 2,000 rows, 5 s
 * runs, simple protocol, the shape kept in the row (migration 0069): the shape sent whole
 * 7,917, 8,039 and 7,764 tps, the task inserted with `jsonb_insert` 10,322, 10,515 and 9,894;
 * out of the row (migration 0071), 6,095-6,334 against 7,860-8,062.
 */
export const appendWithRowsJsonbInsertMigration: Migration = {
  up: (db) =>
    createAppendWithRowsFunction(
      db,
      staticUpserts + dynamicUpsert + '              end if;\n',
      updatesByKey + jsonbInserts,
      appendOneEventOrMore,
      '\n        v_row jsonb;\n        v_count integer;',
    ),
};

/**
 * `append_events_with_rows` since the tasks a member adds have rows of their own
 * (`plansAddedTasksMigration`, 0073): a task added is one `plan_tasks` row upserted (a static
 * statement for rows of its five columns) and the plan's small columns updated, where it was
 * inserted into the plan's shape (0070), whose stored value, several kB out of line, was read,
 * rebuilt, compressed and written again with its WAL on every addition. No write inserts into a
 * jsonb value any more: the function has no `insert` writes.
 */
export const appendWithRowsAddedTasksMigration: Migration = {
  up: (db) =>
    createAppendWithRowsFunction(
      db,
      staticUpsertsWithAddedTasks + dynamicUpsert + '              end if;\n',
      updatesByKey,
      appendOneEventOrMore,
      '\n        v_row jsonb;\n        v_count integer;',
    ),
};

/**
 * `append_events_with_rows_batch`: several appends with their rows (`append_events_with_rows`,
 * each item's arguments under their names) in one statement and one transaction, so appends
 * that arrive while others are in flight commit together (`RowsAheadAppends`): one round trip,
 * one commit and one WAL flush for the lot, where each paid its own. Each item runs in a
 * subtransaction of its own: one that raises (a projection not at the version, a taken version
 * or id, a deadlock) leaves nothing and answers its SQLSTATE and message, and the others stay.
 * Items run in the order sent (the caller sends them by stream name, so two batches lock the
 * same streams in the same order) and are answered in that order, by their index.
 */
export const appendWithRowsBatchMigration: Migration = {
  async up(db) {
    await sql`
      create or replace function append_events_with_rows_batch(p_appends jsonb)
      returns table (item integer, outcome text, stream_version integer, transaction_id xid8, global_position bigint,
                     event_id text, error_code text, error_message text)
      language plpgsql as $fn$
      declare
        v_item jsonb;
        v_append record;
      begin
        item := 0;
        for v_item in select a.value from jsonb_array_elements(p_appends) as a loop
          begin
            select * into v_append from append_events_with_rows(
              v_item->>'stream', (v_item->>'expected')::integer, array(select jsonb_array_elements_text(v_item->'ids')),
              v_item->'events', v_item->'actor', v_item->>'causationId', v_item->>'correlationId',
              (v_item->>'occurredAt')::timestamptz, array(select jsonb_array_elements_text(v_item->'projections')),
              v_item->'writes');
            outcome := v_append.outcome;
            stream_version := v_append.stream_version;
            transaction_id := v_append.transaction_id;
            global_position := v_append.global_position;
            event_id := v_append.event_id;
            error_code := null;
            error_message := null;
          exception when others then
            outcome := null;
            stream_version := null;
            transaction_id := null;
            global_position := null;
            event_id := null;
            error_code := sqlstate;
            error_message := sqlerrm;
          end;
          return next;
          item := item + 1;
        end loop;
      end
      $fn$`.execute(db);
  },
  async down(db) {
    await sql`drop function append_events_with_rows_batch`.execute(db);
  },
};

/** The upsert of one write's rows on its key, the statement built for its table and columns (`v_write`; `v_columns`, `v_updates` for scratch). */
const dynamicUpsert = `              v_columns := array(select jsonb_object_keys(v_write->'upsert'->0));
              select string_agg(format('%I = excluded.%I', c, c), ', ') into v_updates
                from unnest(v_columns) as c where c <> v_write->>'key';
              execute format(
                'insert into %1$I (%2$s) select %2$s from jsonb_populate_recordset(null::%1$I, $1) on conflict (%3$I) do %4$s',
                v_write->>'table',
                (select string_agg(format('%I', c), ', ') from unnest(v_columns) as c),
                v_write->>'key',
                coalesce('update set ' || v_updates, 'nothing'))
                using v_write->'upsert';
`;

/** The statement that upserts a write's plan rows, whole. */
const planRowUpsertStatement = `                insert into plans select * from jsonb_populate_recordset(null::plans, v_write->'upsert')
                on conflict (id) do update set owner_id = excluded.owner_id, idea_id = excluded.idea_id, title = excluded.title,
                  category = excluded.category, status = excluded.status, progress = excluded.progress,
                  completed_milestones = excluded.completed_milestones, total_milestones = excluded.total_milestones,
                  plan = excluded.plan, completed_task_ids = excluded.completed_task_ids,
                  created_at = excluded.created_at, updated_at = excluded.updated_at;
`;

/** The statement that upserts a write's `plan_tasks` rows, all five columns. */
const planTaskUpsertStatement = `                insert into plan_tasks select * from jsonb_populate_recordset(null::plan_tasks, v_write->'upsert')
                on conflict (task_id) do update set plan_id = excluded.plan_id, milestone_id = excluded.milestone_id,
                  position = excluded.position, task = excluded.task;
`;

/** The static upsert of a plan's whole row (an `if` branch of `staticUpserts`). */
const planRowUpsert = `
              v_columns := array(select jsonb_object_keys(v_write->'upsert'->0));
              if v_write->>'table' = 'plans' and cardinality(v_columns) = 13 and v_columns @> '{id,owner_id,idea_id,title,category,status,progress,completed_milestones,total_milestones,plan,completed_task_ids,created_at,updated_at}' then
${planRowUpsertStatement}`;

/** Static upserts for `plans` and `plan_tasks`, falling through to `dynamicUpsert`'s statement (in an `else`) for any other write. */
const staticUpserts = `${planRowUpsert}              elsif v_write->>'table' = 'plan_tasks' and cardinality(v_columns) = 2 and v_columns @> '{task_id,plan_id}' then
                insert into plan_tasks select * from jsonb_populate_recordset(null::plan_tasks, v_write->'upsert')
                on conflict (task_id) do update set plan_id = excluded.plan_id;
              else
`;

/**
 * `staticUpserts` since migration 0074: a plan's task rows carry the tasks the member added
 * (`plansAddedTasksMigration`), every row with all five columns.
 */
const staticUpsertsWithAddedTasks = `${planRowUpsert}              elsif v_write->>'table' = 'plan_tasks' and cardinality(v_columns) = 5 and v_columns @> '{task_id,plan_id,milestone_id,position,task}' then
${planTaskUpsertStatement}              else
`;

/** The write is a plan's row without its shape (a tick): its static update applies. */
const isPlanTick = `v_write->>'table' = 'plans' and cardinality(v_columns) = 12 and v_columns @> '{id,owner_id,idea_id,title,category,status,progress,completed_milestones,total_milestones,completed_task_ids,created_at,updated_at}'`;

/** The columns a tick sets in a plan's row, from `x`. */
const planTickColumns = `owner_id = x.owner_id, idea_id = x.idea_id, title = x.title, category = x.category,
                  status = x.status, progress = x.progress, completed_milestones = x.completed_milestones,
                  total_milestones = x.total_milestones, completed_task_ids = x.completed_task_ids,
                  created_at = x.created_at, updated_at = x.updated_at`;

/** The update of a write's rows, built for its table and the columns they carry (`v_write`; `v_columns`, `v_updates` for scratch). */
const dynamicUpdate = `                select string_agg(format('%I = x.%I', c, c), ', ') into v_updates
                  from unnest(v_columns) as c where c <> v_write->>'key';
                execute format('update %1$I t set %2$s from jsonb_populate_recordset(null::%1$I, $1) as x where t.%3$I = x.%3$I',
                               v_write->>'table', v_updates, v_write->>'key')
                  using v_write->'update';
`;

/** Every row of a write's `update` was there (`v_updated` of them), else nothing of the call stays. */
const everyRowUpdated = `              if v_updated <> jsonb_array_length(v_write->'update') then
                raise exception 'a row to update in % is not there', v_write->>'table' using errcode = 'SKY01';
              end if;
            end if;
`;

/**
 * Each write's `update`: rows that exist, changed in the columns they carry; a static statement
 * for a plan's row without its shape (a tick), else one built for the table and columns.
 */
const updates = `
            if v_write ? 'update' then
              v_columns := array(select jsonb_object_keys(v_write->'update'->0));
              if ${isPlanTick} then
                update plans t set ${planTickColumns}
                from jsonb_populate_recordset(null::plans, v_write->'update') as x where t.id = x.id;
              else
${dynamicUpdate}              end if;
              get diagnostics v_updated = row_count;
${everyRowUpdated}`;

/** A tick's update of one plan row (`v_row`) on its key, counted in `v_updated`. */
const planTickRowUpdate = `                  update plans t set ${planTickColumns.replaceAll('\n                  ', '\n                    ')}
                  from jsonb_populate_record(null::plans, v_row) as x where t.id = v_row->>'id';
                  get diagnostics v_count = row_count;
                  v_updated := v_updated + v_count;
`;

/** `updates` since migration 0067: a plan's row is updated on its key, row by row (an index lookup). */
const updatesByKey = `
            if v_write ? 'update' then
              v_columns := array(select jsonb_object_keys(v_write->'update'->0));
              if ${isPlanTick} then
                v_updated := 0;
                for v_row in select r.value from jsonb_array_elements(v_write->'update') as r loop
${planTickRowUpdate}                end loop;
              else
${dynamicUpdate}                get diagnostics v_updated = row_count;
              end if;
${everyRowUpdated}`;

/**
 * Since migration 0070, each write's `insert`: rows that exist take a value inserted into one
 * jsonb column (`jsonb_insert` after the element at its path; a last index of -1 appends to
 * an array), their other columns set from the row sent, as an update sets them. One static
 * statement, for a plan's shape (the only such write today); any other, or a row not there,
 * makes nothing of the call stay (SQLSTATE 'SKY01'), so the caller appends in its transaction.
 */
const jsonbInserts = `
            if v_write ? 'insert' then
              v_updated := 0;
              for v_row in select r.value from jsonb_array_elements(v_write->'insert') as r loop
                v_columns := array(select jsonb_object_keys(v_row->'row'));
                if ${isPlanTick} and v_row->>'column' = 'plan' then
                  update plans t set ${planTickColumns.replaceAll('\n                  ', '\n                    ')},
                    plan = jsonb_insert(t.plan, array(select jsonb_array_elements_text(v_row->'path')), v_row->'value', true)
                  from jsonb_populate_record(null::plans, v_row->'row') as x where t.id = v_row->'row'->>'id';
                else
                  raise exception 'no insert into %.% is written here', v_write->>'table', v_row->>'column' using errcode = 'SKY01';
                end if;
                get diagnostics v_count = row_count;
                v_updated := v_updated + v_count;
              end loop;
              if v_updated <> jsonb_array_length(v_write->'insert') then
                raise exception 'a row to insert into in % is not there', v_write->>'table' using errcode = 'SKY01';
              end if;
            end if;
`;

/** How `append_events_with_rows` appended its events until migration 0065. */
const appendByFunction = `select * into v_append from append_events(p_stream, p_expected, p_ids, p_events, p_actor,
                                                   p_causation_id, p_correlation_id, p_occurred_at);`;

/**
 * Since migration 0065: one event at a known version (a tick) through `append_event`, whose
 * refusal raises (23505, SKY02) and leaves nothing; anything else through `append_events`.
 */
const appendOneEventOrMore = `if cardinality(p_ids) = 1 and p_expected is not null then
          select * into v_append from append_event(p_stream, p_expected, p_ids[1], p_events->0->>'type',
                                                   (p_events->0->>'schemaVersion')::integer, p_events->0->'data',
                                                   p_actor, p_causation_id, p_correlation_id, p_occurred_at);
        else
          ${appendByFunction}
        end if;`;

/** How `append_events_with_rows` went through its writes until migration 0075: a cursor over the array's elements. */
const eachWriteByCursor = 'for v_write in select w.value from jsonb_array_elements(p_writes) as w loop';

async function createAppendWithRowsFunction(db: Kysely<unknown>, upsert: string, update = '', append = appendByFunction, declarations = '', eachWrite = eachWriteByCursor) {
  await sql`
      create or replace function append_events_with_rows(
        p_stream text, p_expected integer, p_ids text[], p_events jsonb,
        p_actor jsonb, p_causation_id text, p_correlation_id text, p_occurred_at timestamptz,
        p_projections text[], p_writes jsonb)
      returns table (outcome text, stream_version integer, transaction_id xid8, global_position bigint, event_id text)
      language plpgsql as $fn$
      declare
        v_append record;
        v_first integer;
        v_moved text[];
        v_write jsonb;
        v_columns text[];
        v_updates text;${sql.raw(update ? '\n        v_updated integer;' : '')}${sql.raw(declarations)}
      begin
        ${sql.raw(append)}
        if v_append.outcome = 'appended' then
          v_first := v_append.stream_version - cardinality(p_ids) + 1;
          if v_first = 0 then
            with started as (
              insert into projection_stream_versions (projection, stream_name, version)
              select p, p_stream, v_append.stream_version from unnest(p_projections) as p
              on conflict (projection, stream_name) do nothing
              returning projection)
            select array_agg(s.projection) into v_moved from started s;
          else
            -- Every projection that stood at the version before (not only those named): each
            -- has seen the stream so far. A static statement, so the session keeps its plan (an
            -- index scan on the stream's name; an EXECUTE here was planned afresh on every call).
            with locked as (
              select l.projection from projection_stream_versions l
              where l.stream_name = p_stream and l.version = v_first - 1
              order by l.projection for update),
            moved as (
              update projection_stream_versions v set version = v_append.stream_version from locked
              where v.projection = locked.projection and v.stream_name = p_stream
              returning v.projection)
            select array_agg(m.projection) into v_moved from moved m;
          end if;
          if not coalesce(v_moved, '{}') @> p_projections then
            raise exception 'an inline projection has not seen % up to version %', p_stream, v_first - 1
              using errcode = 'SKY01';
          end if;
          ${sql.raw(eachWrite)}
            if v_write ? 'delete' then
              execute format('delete from %I where %I = any($1)', v_write->>'table', v_write->>'key')
                using array(select jsonb_array_elements_text(v_write->'delete'));
            end if;
            if v_write ? 'upsert' then
${sql.raw(upsert)}            end if;
${sql.raw(update)}          end loop;
        end if;
        return query select v_append.outcome, v_append.stream_version, v_append.transaction_id,
                            v_append.global_position, v_append.event_id;
      end
      $fn$`.execute(db);
}

/**
 * `value` (a jsonb object) has exactly these keys: a plain expression, which PL/pgSQL evaluates
 * itself, where the array of its keys (`jsonb_object_keys`) was a query run through SPI.
 */
const hasExactlyKeys = (value: string, keys: readonly string[]) => {
  const array = `'{${keys.join(',')}}'::text[]`;
  return `${value} ?& ${array} and ${value} - ${array} = '{}'::jsonb`;
};

const PLAN_ROW_COLUMNS = ['id', 'owner_id', 'idea_id', 'title', 'category', 'status', 'progress', 'completed_milestones', 'total_milestones', 'plan', 'completed_task_ids', 'created_at', 'updated_at'];
const PLAN_TICK_COLUMNS = PLAN_ROW_COLUMNS.filter((column) => column !== 'plan');
const PLAN_TASK_COLUMNS = ['task_id', 'plan_id', 'milestone_id', 'position', 'task'];

/** Since migration 0075: the writes by their index in the array (plain expressions, no cursor). */
const eachWriteByIndex = `for v_i in 0 .. coalesce(jsonb_array_length(p_writes), 0) - 1 loop
            v_write := p_writes->v_i;`;

/**
 * Since migration 0075: one event at a known version appended by the INSERT `append_event`
 * runs (migration 0064), here, rather than by a call of that function (a second PL/pgSQL
 * function run through SPI on every tick); the same refusals (23505, SKY02).
 */
const appendOneEventHereOrMore = `if cardinality(p_ids) = 1 and p_expected is not null then
          insert into events as ev (event_id, stream_name, stream_version, type, schema_version, data, actor,
                                    causation_id, correlation_id, occurred_at)
          values (p_ids[1], p_stream, p_expected + 1, p_events->0->>'type', (p_events->0->>'schemaVersion')::integer,
                  p_events->0->'data', p_actor, p_causation_id, p_correlation_id, p_occurred_at)
          returning 'appended'::text as outcome, p_expected + 1 as stream_version, ev.transaction_id as transaction_id,
                    ev.global_position as global_position, null::text as event_id into v_append;
          -- The expected event must be there (no gap before this one).
          if p_expected >= 0 and not exists (
                select from events e where e.stream_name = p_stream and e.stream_version = p_expected) then
            raise exception 'no event at version % of %', p_expected, p_stream using errcode = 'SKY02';
          end if;
        else
          ${appendByFunction}
        end if;`;

/** `staticUpsertsWithAddedTasks`, each row's shape told by `hasExactlyKeys`; the array of its columns is made only for `dynamicUpsert`. */
const staticUpsertsByShape = `
              v_shape := v_write->'upsert'->0;
              if v_write->>'table' = 'plans' and ${hasExactlyKeys('v_shape', PLAN_ROW_COLUMNS)} then
${planRowUpsertStatement}              elsif v_write->>'table' = 'plan_tasks' and ${hasExactlyKeys('v_shape', PLAN_TASK_COLUMNS)} then
${planTaskUpsertStatement}              else
${dynamicUpsert}              end if;
`;

/** `updatesByKey`, the tick's shape told by `hasExactlyKeys` and its rows taken by index. */
const updatesByKeyByShape = `
            if v_write ? 'update' then
              v_shape := v_write->'update'->0;
              if v_write->>'table' = 'plans' and ${hasExactlyKeys('v_shape', PLAN_TICK_COLUMNS)} then
                v_updated := 0;
                for v_j in 0 .. jsonb_array_length(v_write->'update') - 1 loop
                  v_row := v_write->'update'->v_j;
${planTickRowUpdate}                end loop;
              else
                v_columns := array(select jsonb_object_keys(v_shape));
${dynamicUpdate}                get diagnostics v_updated = row_count;
              end if;
${everyRowUpdated}`;

/**
 * `append_events_with_rows` with less of PL/pgSQL's own work on the usual path (a tick, a task
 * added): the event inserted here (`appendOneEventHereOrMore`), the writes taken by index
 * (`eachWriteByIndex`) and the shape of their rows told by plain expressions
 * (`hasExactlyKeys`), where each of those was a query run through SPI. The same statements
 * write the same rows, with the same refusals. pgbench, 8 clients, one tick of a plan a call
 * (a bench database's plans, synchronous_commit off so the CPU shows, four pairs of 8 s runs
 * alternated): 4,824, 4,897, 4,896 and 4,997 calls/s before, 5,472, 5,196, 5,333 and 5,261 after.
 */
export const appendWithRowsLessPlpgsqlMigration: Migration = {
  up: (db) =>
    createAppendWithRowsFunction(
      db,
      staticUpsertsByShape,
      updatesByKeyByShape,
      appendOneEventHereOrMore,
      '\n        v_row jsonb;\n        v_count integer;\n        v_i integer;\n        v_j integer;\n        v_shape jsonb;',
      eachWriteByIndex,
    ),
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

/**
 * The events of an append as the projections receive them: versions from `first` on; every
 * event carries the append's position (that of its last event: the global positions of the
 * others are not returned, and no projection reads them), or none yet when worked out before
 * the append (`rows-ahead.ts`: nothing there may read it).
 */
function recordedOf(streamName: string, events: EventToAppend[], context: AppendContext, first: number, position: AllPosition | null): RecordedEvent[] {
  return events.map((event, i) => ({
    eventId: event.id,
    type: event.type,
    schemaVersion: event.schemaVersion,
    streamName,
    streamVersion: first + i,
    globalPosition: position?.prepare ?? 0,
    position: position ?? { commit: 0, prepare: 0 },
    occurredAt: context.occurredAt,
    actor: context.actor,
    causationId: context.causationId,
    correlationId: context.correlationId,
    // As a read gives it back (a Date as its ISO text, no undefined fields), so the inline
    // projection writes what the runner and a rebuild write from the stored event.
    data: JSON.parse(JSON.stringify(event.data)) as Record<string, unknown>,
  }));
}

const positionOf = (row: AppendRow): AllPosition => ({ commit: Number(row.transaction_id), prepare: Number(row.global_position) });

const UNIQUE_VIOLATION = '23505';
/** `append_events_with_rows`: an inline projection is not where the rows sent were worked out from. */
const ROWS_NOT_AHEAD = 'SKY01';
/** `append_event`, `append_events_at`: the event the append expects is not in the stream. */
const NO_EXPECTED_EVENT = 'SKY02';
/** Deadlock, serialization failure: an append of a batch that met another; it goes again alone. */
const FALL_BACK_FROM_AHEAD = [ROWS_NOT_AHEAD, UNIQUE_VIOLATION, NO_EXPECTED_EVENT, '40P01', '40001'];
/**
 * Rows-ahead appends on the server, grouped while others are in flight: at most this many
 * batches at once (each holds one pool connection), of at most so many appends.
 */
const AHEAD_GROUPING = { maxInFlight: 2, maxBatch: 32 };
/** Shortest gap between two NOTIFYs while appends keep coming. */
const NOTIFY_GAP_MS = 10;

type AppendRow = {
  outcome: 'appended' | 'already_appended' | 'wrong_version' | 'duplicate';
  stream_version: number;
  transaction_id: number | null;
  global_position: number | null;
  event_id: string | null;
};

/** One append with its inline projections' rows worked out ahead (`append_events_with_rows`). */
type AheadAppend = {
  streamName: string;
  expected: number;
  events: EventToAppend[];
  context: AppendContext;
  projections: string[];
  writes: unknown[];
};

/** What the database answered one append ahead: its row, or the SQLSTATE it raised. */
type AheadOutcome = { row: AppendRow } | { code: string; message: string };

type AheadBatchRow = AppendRow & { item: number; error_code: string | null; error_message: string | null };

/** The arguments of `append_events` and its kin, in their order. */
function appendArgs(streamName: string, expected: number | null, events: EventToAppend[], context: AppendContext) {
  return sql`
      ${streamName}, ${expected}::integer, ${events.map((e) => e.id)}::text[],
      ${JSON.stringify(events.map((e) => ({ type: e.type, schemaVersion: e.schemaVersion, data: e.data })))}::jsonb,
      ${JSON.stringify(context.actor)}::jsonb, ${context.causationId}, ${context.correlationId},
      ${context.occurredAt}::timestamptz`;
}

export class PostgresEventStore implements EventStore {
  readonly name = 'postgresql';
  private readonly db: Kysely<EventStoreTables>;
  private notifying: Promise<void> | undefined;
  private notifyAgain = false;
  /** On the server, appends ahead that arrive while others are in flight go together. */
  private readonly aheadAppends: GroupCommit<AheadAppend, AheadOutcome> | undefined;

  constructor(
    private readonly handle: DatabaseHandle,
    private readonly options: {
      /** Test seam: runs inside the append's transaction just before it commits. */
      beforeCommit?: (trx: Transaction<EventStoreTables>) => Promise<void>;
      /** Send NOTIFY to followers after an append (default true). */
      notify?: boolean;
      /**
       * The inline projections, applied in the append's own transaction (the product always
       * gives them; without, every read model follows through the runner).
       */
      projector?: AppendProjector;
    } = {},
  ) {
    this.db = handle.db as unknown as Kysely<EventStoreTables>;
    // PGlite runs one statement at a time: grouping would only make appends wait on each other.
    if (handle.kind === 'server') this.aheadAppends = new GroupCommit((items) => this.appendAheadTogether(items), AHEAD_GROUPING);
  }

  async append(streamName: string, events: EventToAppend[], context: AppendContext): Promise<AppendResult> {
    if (events.length === 0) throw new Error('append needs at least one event');
    const { expectedVersion } = context;
    const expected = expectedVersion === 'any' ? null : expectedVersion === 'no_stream' ? -1 : expectedVersion;
    // Built when used: the usual single event goes in by its own INSERT without them.
    const args = () => appendArgs(streamName, expected, events, context);
    const call = () => sql<AppendRow>`select * from append_events(${args()})`;
    let row: AppendRow | undefined;
    const { beforeCommit, projector } = this.options;
    const types = events.map((e) => e.type);
    const projected = projector?.concerns(types) ?? false;
    // Member-facing read models this append leaves to the runner: its response waits for them.
    let leftBehind: string[] = [];
    try {
      // The usual write: the inline projections' rows worked out ahead, all in one statement.
      const canGoAhead = projected && !beforeCommit && expected !== null;
      const appended = () => recordedOf(streamName, events, context, expected! + 1, null);
      let ahead = canGoAhead ? projector!.rowsAhead(appended()) : undefined;
      // Rows this process has not seen (a restart, another process's writes, events a projection
      // does not follow): one read, rather than the transaction's several round trips.
      if (canGoAhead && !ahead && (await projector!.loadAhead(this.db as unknown as Kysely<Database>, appended()))) ahead = projector!.rowsAhead(appended());
      if (ahead) {
        const outcome = await this.appendAhead({ streamName, expected: expected!, events, context, projections: ahead.projections, writes: ahead.writes });
        if ('row' in outcome) {
          row = outcome.row;
          if (row.outcome === 'appended') {
            ahead.committed();
            leftBehind = projector!.followersLeftBehind(types);
          }
        } else if (!FALL_BACK_FROM_AHEAD.includes(outcome.code)) {
          throw Object.assign(new Error(outcome.message), { code: outcome.code });
        }
        // Otherwise not where this process last saw it (SKY01), a single event refused (a taken
        // version or id, a gap), or a deadlock beside other appends of its batch: the
        // transaction below loads the rows, or says why it refuses.
      }
      if (!row && (projected || beforeCommit)) {
        // The append and the inline projections in one transaction: both commit or neither.
        let transaction: object | undefined;
        let recorded: RecordedEvent[] | undefined;
        row = await this.db.transaction().execute(async (trx) => {
          transaction = trx;
          const result = (await this.prepared(call(), trx)).rows[0];
          if (result.outcome !== 'appended') return result;
          if (projected) {
            recorded = recordedOf(streamName, events, context, result.stream_version - events.length + 1, positionOf(result));
            const typesBefore = async (version: number) =>
              (await sql<{ type: string }>`
                select distinct type from events where stream_name = ${streamName} and stream_version < ${version}`.execute(trx)).rows.map((r) => r.type);
            leftBehind = await projector!.projectAppend(trx as unknown as Transaction<Database>, recorded, typesBefore);
          }
          // Test seam: runs last, with the transaction still open.
          if (beforeCommit) await beforeCommit(trx);
          return result;
        });
        if (recorded) projector!.committed(transaction!, recorded);
      } else if (!row) {
        // Events at a known version (the usual append nothing inline follows): one INSERT. It
        // writes nothing unless it goes in whole, so only a refusal needs append_events.
        if (expected !== null) row = (await this.insertAt(streamName, events, expected, context, args))[0];
        row ??= (await this.prepared(call())).rows[0];
        leftBehind = projector?.followersLeftBehind(types) ?? [];
      }
    } catch (error) {
      if ((error as { code?: string }).code === UNIQUE_VIOLATION) {
        // Another stream took one of these ids at the same moment.
        throw new DuplicateEventIdError(events.map((e) => e.id).join(', '));
      }
      throw error;
    }

    switch (row.outcome) {
      case 'wrong_version':
        throw new WrongExpectedVersionError(streamName, expectedVersion, row.stream_version === -1 ? 'no_stream' : row.stream_version);
      case 'duplicate':
        throw new DuplicateEventIdError(row.event_id!);
      case 'appended':
        this.announce();
        break;
      case 'already_appended':
        break;
    }
    const position = positionOf(row);
    if (row.outcome === 'appended' && leftBehind.length > 0) projector!.leftBehind(position, leftBehind);
    return { streamVersion: row.stream_version, position };
  }

  /**
   * Events appended at the versions after `expected` by one INSERT: for one, the INSERT itself
   * (no function to call, no JSON to unpack), which inserts the row only when the expected event
   * is there (no gap); for several, `append_events_at`. Either leaves nothing unless the events
   * go in whole, and answers no row when they were refused (a taken version or id, a gap);
   * `append_events` then says why, or appends if the way has cleared.
   */
  private async insertAt(
    streamName: string,
    events: EventToAppend[],
    expected: number,
    context: AppendContext,
    args: () => RawBuilder<unknown>,
  ): Promise<AppendRow[]> {
    const [event] = events;
    try {
      const { rows } = await this.prepared(
        events.length === 1
          ? sql<AppendRow>`
              insert into events (event_id, stream_name, stream_version, type, schema_version, data, actor,
                                  causation_id, correlation_id, occurred_at)
              select ${event.id}, ${streamName}, ${expected + 1}::integer, ${event.type}, ${event.schemaVersion}::integer,
                     ${JSON.stringify(event.data)}::jsonb, ${JSON.stringify(context.actor)}::jsonb, ${context.causationId},
                     ${context.correlationId}, ${context.occurredAt}::timestamptz
              where ${expected}::integer < 0
                 or exists (select from events e where e.stream_name = ${streamName} and e.stream_version = ${expected}::integer)
              returning 'appended'::text as outcome, stream_version, transaction_id, global_position, null::text as event_id`
          : sql<AppendRow>`select * from append_events_at(${args()})`,
      );
      return rows;
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === UNIQUE_VIOLATION || code === NO_EXPECTED_EVENT) return [];
      throw error;
    }
  }

  /**
   * Runs one of the append's statements (their texts never change) as a statement each
   * connection keeps prepared (`DatabaseHandle.keepPrepared`), in `on` (a transaction) or the pool.
   */
  /** One append with its rows worked out ahead: grouped with others in flight on the server. */
  private appendAhead(append: AheadAppend): Promise<AheadOutcome> {
    return this.aheadAppends ? this.aheadAppends.submit(append) : this.appendAheadAlone(append);
  }

  private async appendAheadAlone({ streamName, expected, events, context, projections, writes }: AheadAppend): Promise<AheadOutcome> {
    try {
      const { rows } = await this.prepared(sql<AppendRow>`
        select * from append_events_with_rows(${appendArgs(streamName, expected, events, context)}, ${projections}::text[], ${JSON.stringify(writes)}::jsonb)`);
      return { row: rows[0] };
    } catch (error) {
      const { code, message } = error as { code?: string; message: string };
      if (typeof code !== 'string') throw error;
      return { code, message };
    }
  }

  /**
   * Appends that waited while others were in flight, in one statement and one commit
   * (`append_events_with_rows_batch`), each in a subtransaction of its own. Sent in the order
   * of their streams' names, so two batches in flight take their streams' locks in one order;
   * answered in the order given.
   */
  private async appendAheadTogether(appends: AheadAppend[]): Promise<AheadOutcome[]> {
    if (appends.length === 1) return [await this.appendAheadAlone(appends[0])];
    const order = appends.map((_, i) => i).sort((a, b) => (appends[a].streamName < appends[b].streamName ? -1 : appends[a].streamName > appends[b].streamName ? 1 : a - b));
    const items = order.map((i) => {
      const { streamName, expected, events, context, projections, writes } = appends[i];
      return {
        stream: streamName,
        expected,
        ids: events.map((e) => e.id),
        events: events.map((e) => ({ type: e.type, schemaVersion: e.schemaVersion, data: e.data })),
        actor: context.actor,
        causationId: context.causationId,
        correlationId: context.correlationId,
        occurredAt: context.occurredAt,
        projections,
        writes,
      };
    });
    const { rows } = await this.prepared(sql<AheadBatchRow>`select * from append_events_with_rows_batch(${JSON.stringify(items)}::jsonb)`);
    const outcomes: AheadOutcome[] = new Array(appends.length);
    for (const { item, error_code, error_message, ...row } of rows) {
      outcomes[order[item]] = error_code ? { code: error_code, message: error_message ?? error_code } : { row };
    }
    return outcomes;
  }

  private prepared<R>(query: RawBuilder<R>, on: Kysely<EventStoreTables> | Transaction<EventStoreTables> = this.db) {
    const compiled = query.compile(on);
    this.handle.keepPrepared(compiled.sql);
    return on.executeQuery(compiled);
  }

  /**
   * Tells followers that events were appended, after the commit and outside the append's
   * transaction: a transaction that has queued a NOTIFY takes a global lock at commit, so
   * writers would commit one at a time. Coalesced: one NOTIFY in flight, then at most one
   * every NOTIFY_GAP_MS while appends go on; followers read everything new when woken. On the
   * server it goes over a connection of its own, so it never queues behind appends for the pool.
   */
  private announce() {
    if (this.options.notify === false) return;
    if (this.notifying) {
      this.notifyAgain = true;
      return;
    }
    this.notifying = this.sendNotifications().finally(() => {
      this.notifying = undefined;
    });
  }

  private async sendNotifications(): Promise<void> {
    do {
      this.notifyAgain = false;
      try {
        await this.handle.notify(EVENTS_CHANNEL);
      } catch {
        // Followers also look on their own every so often; a lost wake-up only delays them.
        return;
      }
      if (this.notifyAgain) await new Promise((resolve) => setTimeout(resolve, NOTIFY_GAP_MS));
    } while (this.notifyAgain);
  }

  async readStream(streamName: string, { fromVersion = 0 }: { fromVersion?: number } = {}): Promise<RecordedEvent[]> {
    const rows = await sql<EventRow>`
      select * from events where stream_name = ${streamName} and stream_version >= ${fromVersion} order by stream_version`.execute(this.db);
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

  async committedReadable(timeoutMs = 5_000): Promise<void> {
    const newest = await sql<{ transaction_id: string | null }>`select max(transaction_id)::text as transaction_id from events`.execute(this.db);
    const transactionId = newest.rows[0]?.transaction_id;
    if (!transactionId) return;
    for (const deadline = Date.now() + timeoutMs; ; ) {
      const { rows } = await sql<{ readable: boolean }>`
        select ${transactionId}::xid8 < pg_snapshot_xmin(pg_current_snapshot()) as readable`.execute(this.db);
      if (rows[0].readable || Date.now() >= deadline) return;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }

  async deleteStream(streamName: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('events').where('stream_name', '=', streamName).execute();
      // A stream of this name written again starts afresh for the inline projections too.
      await forgetStream(trx as unknown as Transaction<Database>, streamName);
    });
  }

  onAppended(listener: () => void): Promise<() => Promise<void>> {
    return this.handle.listen(EVENTS_CHANNEL, listener);
  }

  /** Waits for a NOTIFY still being sent. */
  async close(): Promise<void> {
    await this.notifying;
  }
}
