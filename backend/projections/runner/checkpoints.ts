import { sql, type Kysely, type Migration, type Transaction } from 'kysely';
import { startOfAll, type AllPosition } from '../../application/ports/event-store';
import type { Database } from '../../application/ports/database';

export interface ProjectionCheckpointsTable {
  projection: string;
  commit_position: number;
  prepare_position: number;
  updated_at: Date;
}

export const checkpointsMigration: Migration = {
  async up(db) {
    await sql`
      create table projection_checkpoints (
        projection text primary key,
        commit_position bigint not null,
        prepare_position bigint not null,
        updated_at timestamptz not null default now()
      )`.execute(db);
  },
};

type Db = Kysely<Database>;
type Trx = Transaction<Database>;

export async function readCheckpoint(db: Db, projection: string): Promise<AllPosition> {
  const row = await db
    .selectFrom('projection_checkpoints')
    .select(['commit_position', 'prepare_position'])
    .where('projection', '=', projection)
    .executeTakeFirst();
  return row ? { commit: Number(row.commit_position), prepare: Number(row.prepare_position) } : startOfAll;
}

/**
 * Locks the projection's checkpoint row for the rest of the transaction and returns it (one
 * statement once the row exists, as it does after the projection's first batch).
 */
export async function lockCheckpoint(trx: Trx, projection: string): Promise<AllPosition> {
  const locked = () =>
    trx
      .selectFrom('projection_checkpoints')
      .select(['commit_position', 'prepare_position'])
      .where('projection', '=', projection)
      .forUpdate()
      .executeTakeFirst();
  let row = await locked();
  if (!row) {
    await trx
      .insertInto('projection_checkpoints')
      .values({ projection, commit_position: startOfAll.commit, prepare_position: startOfAll.prepare, updated_at: new Date() })
      .onConflict((oc) => oc.column('projection').doNothing())
      .execute();
    row = await locked();
  }
  if (!row) throw new Error(`the checkpoint of ${projection} could not be locked`);
  return { commit: Number(row.commit_position), prepare: Number(row.prepare_position) };
}

export async function writeCheckpoint(trx: Trx, projection: string, position: AllPosition): Promise<void> {
  await trx
    .updateTable('projection_checkpoints')
    .set({ commit_position: position.commit, prepare_position: position.prepare, updated_at: new Date() })
    .where('projection', '=', projection)
    .execute();
}

export async function readAllCheckpoints(db: Db): Promise<Map<string, AllPosition>> {
  const rows = await db.selectFrom('projection_checkpoints').selectAll().execute();
  return new Map(rows.map((r) => [r.projection, { commit: Number(r.commit_position), prepare: Number(r.prepare_position) }]));
}

/**
 * Locks the checkpoint rows of several projections (in name order, as every runner takes them,
 * so two never wait for each other in a circle) and answers them; rows not there yet are made
 * first. One statement once every row exists.
 */
export async function lockCheckpoints(trx: Trx, projections: readonly string[]): Promise<Map<string, AllPosition>> {
  const names = [...projections].sort();
  const locked = async () => {
    const { rows } = await sql<{ projection: string; commit_position: number; prepare_position: number }>`
      select projection, commit_position, prepare_position from projection_checkpoints
      where projection = any(${names}::text[]) order by projection for update`.execute(trx);
    return new Map(rows.map((r) => [r.projection, { commit: Number(r.commit_position), prepare: Number(r.prepare_position) }]));
  };
  let positions = await locked();
  if (positions.size < names.length) {
    await sql`
      insert into projection_checkpoints (projection, commit_position, prepare_position, updated_at)
      select p, ${startOfAll.commit}, ${startOfAll.prepare}, now() from unnest(${names}::text[]) as p
      on conflict (projection) do nothing`.execute(trx);
    positions = await locked();
  }
  return positions;
}

/** Moves several projections' checkpoints to one position (one statement). */
export async function writeCheckpoints(trx: Trx, projections: readonly string[], position: AllPosition): Promise<void> {
  if (projections.length === 0) return;
  await trx
    .updateTable('projection_checkpoints')
    .set({ commit_position: position.commit, prepare_position: position.prepare, updated_at: new Date() })
    .where('projection', 'in', [...projections])
    .execute();
}

declare module '../../application/ports/database' {
  interface Database {
    projection_checkpoints: ProjectionCheckpointsTable;
  }
}
