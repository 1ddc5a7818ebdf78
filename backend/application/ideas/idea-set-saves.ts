import type { Kysely, Migration, Transaction } from 'kysely';
import { DomainError } from '../../domain/shared/domain-error';
import type { PersonalDataEraser } from '../account/personal-data';
import type { Database } from '../ports/database';
import { dailyQuota, dailyQuotaMigration, type QuotaReservation, untilNextUtcDay } from '../quotas/daily-quota';

/**
 * `POST /api/idea-sets` costs no credit, so what a member may store that way is capped
 * (issue 8): at most SAVES_PER_DAY sets a UTC day and SAVES_IN_TOTAL ever. Generated sets
 * (paid with a credit) and trial sets saved after sign-up (made by the server) do not count.
 * A daily quota (`quotas/daily-quota.ts`): a save is reserved in one statement before it is
 * recorded and given back if recording fails.
 */

export const SAVES_PER_DAY = 20;
export const SAVES_IN_TOTAL = 200;

export const ideaSetSavesMigration: Migration = dailyQuotaMigration('idea_set_saves', 'user_id');

type Db = Kysely<Database> | Transaction<Database>;
const saves = dailyQuota({ table: 'idea_set_saves', keyColumn: 'user_id' });

export const DailySaveLimitReached = (now: Date) =>
  new DomainError('idea_set_save_limit', 'limit', { perDay: SAVES_PER_DAY, retryAfterMs: untilNextUtcDay(now) });

export const TotalSaveLimitReached = () => new DomainError('idea_set_total_limit', 'limit', { total: SAVES_IN_TOTAL });

export type SaveReservation = QuotaReservation;

/** Takes one of the member's saves, or throws (HTTP 429 with a message). */
export async function reserveIdeaSetSave(db: Db, userId: string, now: Date): Promise<SaveReservation> {
  if ((await saves.usedInTotal(db, userId)) >= SAVES_IN_TOTAL) throw TotalSaveLimitReached();
  const reservation = await saves.reserve(db, userId, now, SAVES_PER_DAY);
  if (!reservation) throw DailySaveLimitReached(now);
  return reservation;
}

/** Gives a reserved save back (the set could not be recorded). */
export function releaseIdeaSetSave(db: Db, reservation: SaveReservation): Promise<void> {
  return saves.release(db, reservation);
}

/** The member's save counts go with their account. */
export const ideaSetSavesEraser = (db: Db): PersonalDataEraser => ({
  tables: ['idea_set_saves'],
  erase: ({ userId }) => saves.forget(db, userId),
});
