import type { Kysely, Migration, Transaction } from 'kysely';
import { DomainError } from '../../domain/shared/domain-error';
import type { PersonalDataEraser } from '../account/personal-data';
import type { Database } from '../ports/database';
import { dailyQuota, dailyQuotaMigration, type QuotaReservation, untilNextUtcDay } from '../quotas/daily-quota';

/**
 * Opening a support ticket costs nothing, so a member may open at most TICKETS_PER_DAY a UTC day
 * (a daily quota, `quotas/daily-quota.ts`): taken before the ticket is recorded, given back if
 * recording fails. Messages on an open ticket are not counted.
 */
export const TICKETS_PER_DAY = 10;

export const supportTicketOpensMigration: Migration = dailyQuotaMigration('support_ticket_opens', 'user_id');

type Db = Kysely<Database> | Transaction<Database>;
/** Only today's count matters; yesterday's is kept for the day boundary. */
const opens = dailyQuota({ table: 'support_ticket_opens', keyColumn: 'user_id', keepDays: 1 });

export const DailyTicketLimitReached = (now: Date) =>
  new DomainError('ticket_limit', 'limit', { perDay: TICKETS_PER_DAY, retryAfterMs: untilNextUtcDay(now) });

/** Takes one of the member's ticket openings for today, or throws `ticket_limit` (HTTP 429). */
export async function reserveTicketOpening(db: Db, userId: string, now: Date): Promise<QuotaReservation> {
  const reservation = await opens.reserve(db, userId, now, TICKETS_PER_DAY);
  if (!reservation) throw DailyTicketLimitReached(now);
  return reservation;
}

/** Gives an opening back (the ticket could not be recorded). */
export function releaseTicketOpening(db: Db, reservation: QuotaReservation): Promise<void> {
  return opens.release(db, reservation);
}

/** The member's ticket openings go with their account. */
export const ticketOpensEraser = (db: Db): PersonalDataEraser => ({
  tables: ['support_ticket_opens'],
  erase: ({ userId }) => opens.forget(db, userId),
});
