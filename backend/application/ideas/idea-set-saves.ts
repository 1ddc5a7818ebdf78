import { sql, type Kysely, type Migration, type Transaction } from 'kysely';
import { DomainError } from '../../domain/shared/domain-error';
import type { Database } from '../ports/database';

/**
 * `POST /api/idea-sets` costs no credit, so what a member may store that way is capped
 * (issue 8): at most SAVES_PER_DAY sets a UTC day and SAVES_IN_TOTAL ever. Generated sets
 * (paid with a credit) and trial sets saved after sign-up (made by the server) do not count.
 * A plain counter table, not events; a save is reserved in one statement before it is
 * recorded and given back if recording fails.
 */

export const SAVES_PER_DAY = 20;
export const SAVES_IN_TOTAL = 200;

export interface IdeaSetSavesTable {
  user_id: string;
  /** UTC day, YYYY-MM-DD. */
  day: string;
  used: number;
}

export interface IdeaSetSaveTables {
  idea_set_saves: IdeaSetSavesTable;
}

export const ideaSetSavesMigration: Migration = {
  async up(db) {
    await sql`
      create table idea_set_saves (
        user_id text not null,
        day text not null,
        used integer not null,
        primary key (user_id, day)
      )`.execute(db);
  },
};

type Db = Kysely<Database> | Transaction<Database>;
const utcDay = (now: Date) => now.toISOString().slice(0, 10);
const nextUtcMidnight = (now: Date) => Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);

export const DailySaveLimitReached = (now: Date) =>
  new DomainError('idea_set_save_limit', 'limit', { perDay: SAVES_PER_DAY, retryAfterMs: nextUtcMidnight(now) - now.getTime() });

export const TotalSaveLimitReached = () => new DomainError('idea_set_total_limit', 'limit', { total: SAVES_IN_TOTAL });

export interface SaveReservation {
  userId: string;
  day: string;
}

/** Takes one of the member's saves, or throws (HTTP 429 with a message). */
export async function reserveIdeaSetSave(db: Db, userId: string, now: Date): Promise<SaveReservation> {
  const total = await sql<{ n: string | null }>`select sum(used) as n from idea_set_saves where user_id = ${userId}`.execute(db);
  if (Number(total.rows[0]?.n ?? 0) >= SAVES_IN_TOTAL) throw TotalSaveLimitReached();
  const day = utcDay(now);
  const taken = await sql<{ used: number }>`
    insert into idea_set_saves (user_id, day, used) values (${userId}, ${day}, 1)
    on conflict (user_id, day) do update set used = idea_set_saves.used + 1
    where idea_set_saves.used < ${SAVES_PER_DAY}
    returning used`.execute(db);
  if (taken.rows.length === 0) throw DailySaveLimitReached(now);
  return { userId, day };
}

/** Gives a reserved save back (the set could not be recorded). */
export async function releaseIdeaSetSave(db: Db, reservation: SaveReservation): Promise<void> {
  await sql`
    update idea_set_saves set used = greatest(used - 1, 0)
    where user_id = ${reservation.userId} and day = ${reservation.day}`.execute(db);
}
