import type { Kysely, Migration, Transaction } from 'kysely';
import { TrialLimitReached, mayTryAgain } from '../../domain/ideas/visitor-trials';
import type { Database } from '../ports/database';
import { dailyQuota, dailyQuotaMigration, type QuotaReservation } from '../quotas/daily-quota';

/**
 * Keeps the visitor trial policy (`domain/ideas/visitor-trials.ts`: a few generations per IP
 * address and UTC day), on a daily quota (`quotas/daily-quota.ts`). A slot is
 * reserved before the AI is called (one atomic statement, so simultaneous requests cannot
 * pass the limit together) and released when the generation fails: refused or failed
 * requests do not count.
 */

export const trialGenerationsMigration: Migration = dailyQuotaMigration('trial_generations', 'visitor');

type Db = Kysely<Database> | Transaction<Database>;
/** Yesterday's counts are kept for the day boundary; older ones are of no use. */
const trials = dailyQuota({ table: 'trial_generations', keyColumn: 'visitor', keepDays: 1 });

export { TrialLimitReached };

export type TrialReservation = QuotaReservation;

/** Takes one of today's trial generations for `visitor`, or throws `trial_limit` (HTTP 429). */
export async function reserveTrialGeneration(db: Db, visitor: string, now: Date, perDay: number): Promise<TrialReservation> {
  if (!mayTryAgain(perDay, 0)) throw TrialLimitReached(perDay, now);
  const reservation = await trials.reserve(db, visitor, now, perDay);
  if (!reservation) throw TrialLimitReached(perDay, now);
  return reservation;
}

/** Gives a reserved slot back (the generation failed). */
export function releaseTrialGeneration(db: Db, reservation: TrialReservation): Promise<void> {
  return trials.release(db, reservation);
}

/** Successful (and in-flight) trial generations of `visitor` today. */
export function trialGenerationsToday(db: Db, visitor: string, now: Date): Promise<number> {
  return trials.usedToday(db, visitor, now);
}
