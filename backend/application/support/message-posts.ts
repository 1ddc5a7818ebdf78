import type { Kysely, Migration, Transaction } from 'kysely';
import { DomainError } from '../../domain/shared/domain-error';
import { ticketLimits } from '../../domain/support/support-limits';
import type { PersonalDataEraser } from '../account/personal-data';
import type { Database } from '../ports/database';
import { dailyQuota, dailyQuotaMigration, type QuotaReservation, untilNextUtcDay } from '../quotas/daily-quota';

/**
 * A member writes at most `ticketLimits.memberMessagesPerDay` messages a UTC day over all their
 * tickets (issue 48; a daily quota, `quotas/daily-quota.ts`): taken before the message is
 * recorded, given back if recording fails (a refused message does not count). The per-ticket
 * limit is the ticket decider's. Staff replies are not counted.
 */
export const supportMessagePostsMigration: Migration = dailyQuotaMigration('support_message_posts', 'user_id');

type Db = Kysely<Database> | Transaction<Database>;
/** Only today's count matters; yesterday's is kept for the day boundary. */
const posts = dailyQuota({ table: 'support_message_posts', keyColumn: 'user_id', keepDays: 1 });

export const DailyMessageLimitReached = (now: Date) =>
  new DomainError('ticket_message_daily_limit', 'limit', { perDay: ticketLimits.memberMessagesPerDay, retryAfterMs: untilNextUtcDay(now) });

/** Takes one of the member's messages for today, or throws `ticket_message_daily_limit` (HTTP 429). */
export async function reserveMessagePost(db: Db, userId: string, now: Date): Promise<QuotaReservation> {
  const reservation = await posts.reserve(db, userId, now, ticketLimits.memberMessagesPerDay);
  if (!reservation) throw DailyMessageLimitReached(now);
  return reservation;
}

/** Gives a message back (it could not be recorded). */
export function releaseMessagePost(db: Db, reservation: QuotaReservation): Promise<void> {
  return posts.release(db, reservation);
}

/** The member's message counts go with their account. */
export const messagePostsEraser = (db: Db): PersonalDataEraser => ({
  tables: ['support_message_posts'],
  erase: ({ userId }) => posts.forget(db, userId),
});
