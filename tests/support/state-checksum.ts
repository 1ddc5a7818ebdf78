import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { allProjections } from '../../backend/projections/registry';

/**
 * Checksums of what the product keeps: the event store (every event, in order) and each read
 * model's tables (every row, in a fixed order), computed in the database. Two states with the
 * same checksums hold the same events and show members the same things; the reliability suite
 * compares them around refused requests, crashes and rebuilds.
 */
export interface StateChecksums {
  events: string;
  /** One per read-model table. */
  readModels: Record<string, string>;
}

/** Every table a projection owns (and rebuilds), the one list from projections/registry.ts. */
export const readModelTables = [...new Set(allProjections.flatMap((projection) => projection.tables))].sort();

async function tableChecksum(db: Kysely<any>, table: string): Promise<string> {
  // Each row as text, sorted, hashed: independent of physical order and of the query plan.
  const { rows } = await sql<{ row: string }>`select t::text as row from ${sql.table(table)} as t order by 1`.execute(db);
  const hash = createHash('sha256');
  for (const { row } of rows) hash.update(row).update('\n');
  return `${rows.length}:${hash.digest('hex').slice(0, 16)}`;
}

export async function stateChecksums(db: Kysely<any>): Promise<StateChecksums> {
  const { rows } = await sql<{ row: string }>`
    select concat_ws(' ', global_position, event_id, stream_name, stream_version, type, schema_version, data::text) as row
    from events order by global_position`.execute(db);
  const events = createHash('sha256');
  for (const { row } of rows) events.update(row).update('\n');
  const readModels: Record<string, string> = {};
  for (const table of readModelTables) readModels[table] = await tableChecksum(db, table);
  return { events: `${rows.length}:${events.digest('hex').slice(0, 16)}`, readModels };
}
