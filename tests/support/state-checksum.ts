import { sql, type Kysely } from 'kysely';
import { product } from '../../backend/infrastructure/slices/product-slices';

/**
 * Checksums of what the product keeps: the event store (every event, in order) and each read
 * model's tables (every row, in a fixed order), computed in the database. Two states with the
 * same checksums hold the same events and show members the same things; the reliability suite
 * compares them around refused requests, crashes and rebuilds.
 */
export interface StateChecksums {
  events: string;
  /** One per read-model table a rebuild reproduces (`rebuiltTables`); work queues are in `plainTables`' company below. */
  readModels: Record<string, string>;
  /** One per work-queue table: compared where nothing sweeps (refused requests), not against a rebuild. */
  workQueues: Record<string, string>;
  /**
   * One per plain table: what the application keeps outside the event store (sessions, the
   * outbox, the billing inbox, idempotency keys, contact messages, content, throttles).
   */
  plainTables: Record<string, string>;
}

/** Every table a projection owns (and rebuilds), the one list from projections/registry.ts. */
export const readModelTables = [...new Set(product.projections.flatMap((projection) => projection.tables))].sort();

/**
 * The read models a rebuild must reproduce: all but the work queues (`Projection.workQueue`,
 * e.g. billing_role_checks, which the billing sweeper empties as it checks each member).
 */
export const rebuiltTables = [...new Set(product.projections.filter((projection) => !projection.workQueue).flatMap((projection) => projection.tables))].sort();

/** Tables that are neither a read model nor plain: the event store's (checksummed as events) and the bookkeeping of migrations and projections. */
const notPlain = new Set(['events', 'kysely_migration', 'kysely_migration_lock', 'projection_checkpoints', 'projection_stream_versions']);

/**
 * Every plain table of the database, found in its catalogue (so a table added later is covered
 * without a list to keep): each base table of the current schema that no projection owns.
 */
const plainTablesOf = new WeakMap<Kysely<any>, Promise<string[]>>();
export function plainTables(db: Kysely<any>): Promise<string[]> {
  // Asked once per database: the catalogue does not change while a test runs, and the fuzzer
  // takes checksums after every accepted request.
  let tables = plainTablesOf.get(db);
  if (!tables) {
    tables = sql<{ name: string }>`
      select tablename as name from pg_catalog.pg_tables where schemaname = current_schema() order by 1`
      .execute(db)
      .then(({ rows }) => rows.map((row) => row.name).filter((name) => !readModelTables.includes(name) && !notPlain.has(name)));
    tables.catch(() => plainTablesOf.delete(db));
    plainTablesOf.set(db, tables);
  }
  return tables;
}

/**
 * Each table's rows as text, sorted and hashed in the database (independent of physical order
 * and of the query plan), all tables in one statement: the fuzzer takes these hundreds of times.
 */
async function tableChecksums(db: Kysely<any>, tables: string[]): Promise<Map<string, string>> {
  const parts = [
    sql`select '' as name, count(*)::int as n,
      coalesce(md5(string_agg(concat_ws(' ', global_position, event_id, stream_name, stream_version, type, schema_version, data::text), E'\n' order by global_position)), '') as hash
      from events`,
    ...tables.map(
      (table) => sql`select ${table} as name, count(*)::int as n, coalesce(md5(string_agg(t::text, E'\n' order by t::text)), '') as hash from ${sql.table(table)} as t`,
    ),
  ];
  const { rows } = await sql<{ name: string; n: number; hash: string }>`${sql.join(parts, sql` union all `)}`.execute(db);
  return new Map(rows.map((row) => [row.name, `${row.n}:${row.hash.slice(0, 16)}`]));
}

/** The event store's checksum (every event, in order) and every table's, in one statement. */
export async function stateChecksums(db: Kysely<any>): Promise<StateChecksums> {
  const plain = await plainTables(db);
  const sums = await tableChecksums(db, [...readModelTables, ...plain]);
  const of = (tables: string[]) => Object.fromEntries(tables.map((table) => [table, sums.get(table)!]));
  return {
    events: sums.get('')!,
    readModels: of(rebuiltTables),
    workQueues: of(readModelTables.filter((table) => !rebuiltTables.includes(table))),
    plainTables: of(plain),
  };
}
