import { sql, type Migration, type Transaction } from 'kysely';
import type { Database } from '../../application/ports/database';

/**
 * How far each inline projection has seen each stream it follows: every event of the stream
 * up to `version` has been applied to it (those it handles) or passed (the rest). An inline
 * projection is fed from two places, the append's own transaction and the runner; this row,
 * moved by both in the transaction that applies the events, is what makes each event reach it
 * once (see `inline-projections.ts`).
 */
export interface ProjectionStreamVersionsTable {
  projection: string;
  stream_name: string;
  version: number;
}

export const STREAM_VERSIONS_TABLE = 'projection_stream_versions';

export const streamVersionsMigration: Migration = {
  async up(db) {
    await sql`
      create table projection_stream_versions (
        projection text not null,
        stream_name text not null,
        version integer not null,
        primary key (projection, stream_name)
      )`.execute(db);
    // The append's lookup is by stream (every inline projection's row of it).
    await sql`create index projection_stream_versions_stream on projection_stream_versions (stream_name)`.execute(db);
  },
};

type Trx = Transaction<Database>;

/**
 * The versions each of `projections` has seen of these streams (by projection, then stream), as
 * the runner reads them before applying a batch. Not locked, and need not be: every event the
 * runner reads has committed, and with it the append that applied it inline (if one did), so
 * that append's version is visible here; an event no append applied can only be applied by the
 * runner (an append applies its own events only where the version before them is seen, which
 * for these it is not until the runner's batch commits). Reading without a lock keeps the
 * runner from ever holding up a member's write.
 */
export async function readSeenVersions(
  trx: Trx,
  projections: readonly string[],
  streams: readonly string[],
): Promise<Map<string, Map<string, number>>> {
  const seen = new Map<string, Map<string, number>>();
  if (streams.length === 0 || projections.length === 0) return seen;
  const { rows } = await sql<{ projection: string; stream_name: string; version: number }>`
    select projection, stream_name, version from projection_stream_versions
    where projection = any(${[...projections]}::text[]) and stream_name = any(${[...streams]}::text[])`.execute(trx);
  for (const row of rows) {
    let versions = seen.get(row.projection);
    if (!versions) seen.set(row.projection, (versions = new Map()));
    versions.set(row.stream_name, row.version);
  }
  return seen;
}

/** Records that each projection has seen each stream up to its version (never moves one back); one statement. */
export async function saveSeenVersions(trx: Trx, seen: ReadonlyMap<string, ReadonlyMap<string, number>>): Promise<void> {
  const rows = [...seen].flatMap(([projection, versions]) => [...versions].map(([stream, version]) => [projection, stream, version] as const));
  if (rows.length === 0) return;
  await sql`
    insert into projection_stream_versions (projection, stream_name, version)
    select s.projection, s.stream_name, s.version
    from unnest(${rows.map((r) => r[0])}::text[], ${rows.map((r) => r[1])}::text[], ${rows.map((r) => r[2])}::integer[]) as s(projection, stream_name, version)
    on conflict (projection, stream_name) do update
      set version = greatest(projection_stream_versions.version, excluded.version)`.execute(trx);
}

/**
 * The append's step: every projection that has seen `stream` exactly up to the event before
 * `first` now has seen it up to `last` (one statement, locking those rows). Answers the
 * projections moved; a projection whose row is behind (or ahead) is not moved.
 */
export async function advanceContiguous(trx: Trx, stream: string, first: number, last: number): Promise<Set<string>> {
  // Locked in projection order, so two appends never wait for each other in a circle (they
  // cannot meet here anyway: each stream's appends already queue at its next version in the events' unique index).
  const { rows } = await sql<{ projection: string }>`
    with locked as (
      select projection from projection_stream_versions
      where stream_name = ${stream} and version = ${first - 1} order by projection for update)
    update projection_stream_versions v set version = ${last}
    from locked
    where v.stream_name = ${stream} and v.projection = locked.projection
    returning v.projection`.execute(trx);
  return new Set(rows.map((row) => row.projection));
}

/** A new stream's first append: these projections have seen it up to `last`. Answers those recorded. */
export async function startSeen(trx: Trx, stream: string, projections: readonly string[], last: number): Promise<Set<string>> {
  if (projections.length === 0) return new Set();
  const { rows } = await sql<{ projection: string }>`
    insert into projection_stream_versions (projection, stream_name, version)
    select p, ${stream}, ${last} from unnest(${[...projections]}::text[]) as p
    on conflict (projection, stream_name) do nothing
    returning projection`.execute(trx);
  return new Set(rows.map((row) => row.projection));
}

/**
 * A deleted stream is forgotten: a stream of that name written again later (an email address
 * claimed anew, a billing stream written again without the person) starts from version 0.
 */
export async function forgetStream(trx: Trx, stream: string): Promise<void> {
  await sql`delete from projection_stream_versions where stream_name = ${stream}`.execute(trx);
}

declare module '../../application/ports/database' {
  interface Database {
    projection_stream_versions: ProjectionStreamVersionsTable;
  }
}
