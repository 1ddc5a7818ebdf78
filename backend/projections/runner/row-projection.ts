import { sql, type Transaction } from 'kysely';
import type { RecordedEvent } from '../../application/ports/event-store';
import type { Database } from '../../application/ports/database';
import type { Projection } from './projection';
import { stageRows, type RowsAhead, type TableWrite } from './rows-ahead';

type Row = Record<string, unknown>;

/** The row with its jsonb columns as values (a string there is JSON text, as the driver reads it). */
const withJsonValues = (row: Row, jsonb: Set<string>): Row =>
  Object.fromEntries(Object.entries(row).map(([c, v]) => [c, jsonb.has(c) && typeof v === 'string' ? JSON.parse(v) : v]));

export interface RowProjectionSpec<R extends Row> {
  name: string;
  /**
   * The table, by name. Deliberately `string`, not `keyof Database`: `Database` is built from
   * the read models (each read-model.ts adds its tables), so a signature that looked into it would make an
   * unannotated `export const xProjection = rowProjection(…)` part of its own type (TS2310
   * "Type 'Database' recursively references itself", reported everywhere but here). A wrong name
   * still fails: the projection-rebuild test fills and empties every table a projection names.
   */
  table: string;
  keyColumn: keyof R & string;
  handles: readonly string[];
  memberFacing: boolean;
  /** Applied in the append's transaction too (`Projection.inline`). */
  inline?: true;
  /** Key of the row an event changes. */
  rowKey(event: RecordedEvent): string;
  /** The row after the event (null: no row). Pure: every column is decided here. */
  evolve(row: R | null, event: RecordedEvent): R | null;
  /**
   * Each row follows one stream alone: `rowKey` names the stream (one row per stream) and no
   * other stream's event changes the row. An append then carries the row in its own statement
   * (`Projection.ahead`), worked out from the row this process last saw committed.
   */
  rowFollowsStream?: true;
  /** The column naming the member a row belongs to: erasing the member deletes their rows (`Projection.erase`). */
  memberColumn?: keyof R & string;
}

/**
 * Writes `rows` (all with the same columns, jsonb as values) into `table` in one statement:
 * inserted, or updated in every column but `keyColumn` where a row with that key exists.
 * Every projection's batch writes its rows this way.
 */
export async function upsertRows(trx: Transaction<Database>, table: string, keyColumn: string, rows: readonly Row[]): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]);
  const list = sql.join(columns.map((c) => sql.ref(c)));
  const updates = columns.filter((c) => c !== keyColumn).map((c) => sql`${sql.ref(c)} = excluded.${sql.ref(c)}`);
  await sql`
    insert into ${sql.table(table)} (${list})
    select ${list} from jsonb_populate_recordset(null::${sql.table(table)}, ${JSON.stringify(rows)}::jsonb)
    on conflict (${sql.ref(keyColumn)}) do update set ${sql.join(updates)}`.execute(trx);
}

/**
 * A projection whose table has one row per key, each row a fold of its events. A batch is
 * applied with three statements whatever its size, each with a fixed text (the rows travel as
 * one array or one JSON document, not one parameter per value): load the touched rows (locked),
 * fold the events in memory, then delete the removed rows and upsert the rest.
 */
export function rowProjection<R extends Row>(spec: RowProjectionSpec<R>): Projection {
  // The table's jsonb columns, looked up once.
  let jsonbColumns: Promise<Set<string>> | undefined;
  const jsonbColumnsOf = (trx: Transaction<Database>) =>
    (jsonbColumns ??= sql<{ name: string }>`
      select attname as name from pg_attribute
      where attrelid = ${spec.table}::regclass and attnum > 0 and not attisdropped and atttypid = 'jsonb'::regtype`
      .execute(trx)
      .then((result) => new Set(result.rows.map((row) => row.name)))
      .catch((error) => {
        jsonbColumns = undefined;
        throw error;
      }));

  async function applyBatch(trx: Transaction<Database>, events: RecordedEvent[]) {
    if (events.length === 0) return;
    const keys = [...new Set(events.map(spec.rowKey))];
    // Locked, in key order: an inline projection's row may be written by appends to other
    // streams at the same moment (a member's row by their credits and their account).
    const loaded = await sql<R>`
      select * from ${sql.table(spec.table)} where ${sql.ref(spec.keyColumn)} = any(${keys})
      order by ${sql.ref(spec.keyColumn)} for update`.execute(trx);
    const rows = new Map<string, R | null>(keys.map((k) => [k, null]));
    for (const row of loaded.rows) rows.set(String(row[spec.keyColumn]), row);
    const streams = new Map<string, string>();
    for (const event of events) {
      const key = spec.rowKey(event);
      rows.set(key, spec.evolve(rows.get(key) ?? null, event));
      streams.set(key, event.streamName);
    }
    // Jsonb columns as values, not as the driver's text: as the upsert sends them, and as an append will.
    const jsonb = await jsonbColumnsOf(trx);
    const valued = new Map<string, Row | null>([...rows].map(([key, row]) => [key, row && withJsonValues(row, jsonb)]));
    if (spec.rowFollowsStream) for (const [key, stream] of streams) stageRows(trx, spec.name, stream, valued.get(key) ?? null);
    const removed = [...valued].filter(([, row]) => row === null).map(([key]) => key);
    const kept = [...valued.values()].filter((row): row is Row => row !== null);
    if (removed.length) {
      await sql`delete from ${sql.table(spec.table)} where ${sql.ref(spec.keyColumn)} = any(${removed})`.execute(trx);
    }
    await upsertRows(trx, spec.table, spec.keyColumn, kept);
  }

  const ahead: RowsAhead<R> = {
    step(state, events) {
      let row = state;
      for (const event of events) row = spec.evolve(row, event);
      const key = spec.rowKey(events[0]);
      const write: TableWrite = row ? { table: spec.table, key: spec.keyColumn, upsert: [row] } : { table: spec.table, key: spec.keyColumn, delete: [key] };
      return { state: row, writes: [write] };
    },
  };

  const { memberColumn } = spec;
  return {
    name: spec.name,
    handles: spec.handles,
    tables: [spec.table],
    memberFacing: spec.memberFacing,
    ...(spec.inline && { inline: spec.inline }),
    ...(spec.rowFollowsStream && { ahead: ahead as RowsAhead }),
    apply: (trx, event) => applyBatch(trx, [event]),
    applyBatch,
    ...(memberColumn && {
      async erase(trx: Transaction<Database>, userId: string) {
        await sql`delete from ${sql.table(spec.table)} where ${sql.ref(memberColumn)} = ${userId}`.execute(trx);
      },
    }),
  };
}
