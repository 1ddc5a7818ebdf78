import { sql, type Kysely, type Migration, type Transaction } from 'kysely';
import { TrialLimitReached, mayTryAgain, trialDayOf } from '../../domain/ideas/visitor-trials';
import type { Database } from '../ports/database';

/**
 * Keeps the visitor trial policy (`domain/ideas/visitor-trials.ts`: a few generations per IP
 * address and UTC day). A plain counter table, not events: only today's count matters. A slot is
 * reserved before the AI is called (one atomic statement, so simultaneous requests cannot
 * pass the limit together) and released when the generation fails: refused or failed
 * requests do not count.
 */

export interface TrialGenerationsTable {
  visitor: string;
  /** UTC day, YYYY-MM-DD. */
  day: string;
  used: number;
}

export interface TrialTables {
  trial_generations: TrialGenerationsTable;
}

export const trialGenerationsMigration: Migration = {
  async up(db) {
    await sql`
      create table trial_generations (
        visitor text not null,
        day text not null,
        used integer not null,
        primary key (visitor, day)
      )`.execute(db);
  },
};

type Db = Kysely<Database> | Transaction<Database>;

export { TrialLimitReached };

export interface TrialReservation {
  visitor: string;
  day: string;
}

/** Takes one of today's trial generations for `visitor`, or throws `trial_limit` (HTTP 429). */
export async function reserveTrialGeneration(db: Db, visitor: string, now: Date, perDay: number): Promise<TrialReservation> {
  if (!mayTryAgain(perDay, 0)) throw TrialLimitReached(perDay, now);
  const day = trialDayOf(now);
  const taken = await sql<{ used: number }>`
    insert into trial_generations (visitor, day, used) values (${visitor}, ${day}, 1)
    on conflict (visitor, day) do update set used = trial_generations.used + 1
    where trial_generations.used < ${perDay}
    returning used`.execute(db);
  if (taken.rows.length === 0) throw TrialLimitReached(perDay, now);
  // Yesterday's counts are kept for the day boundary; older ones are of no use.
  const yesterday = trialDayOf(new Date(now.getTime() - 86_400_000));
  await db.deleteFrom('trial_generations').where('day', '<', yesterday).execute();
  return { visitor, day };
}

/** Gives a reserved slot back (the generation failed). */
export async function releaseTrialGeneration(db: Db, reservation: TrialReservation): Promise<void> {
  await sql`
    update trial_generations set used = greatest(used - 1, 0)
    where visitor = ${reservation.visitor} and day = ${reservation.day}`.execute(db);
}

/** Successful (and in-flight) trial generations of `visitor` today. */
export async function trialGenerationsToday(db: Db, visitor: string, now: Date): Promise<number> {
  const row = await db
    .selectFrom('trial_generations')
    .select('used')
    .where('visitor', '=', visitor)
    .where('day', '=', trialDayOf(now))
    .executeTakeFirst();
  return row?.used ?? 0;
}
