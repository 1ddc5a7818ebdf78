import type { Kysely } from 'kysely';
import type { Database } from '../ports/database';
import { passwordResetLimits } from './auth-attempts';
import { signInThrottle } from './sign-in-throttle';
import { signUpLimits } from './sign-up-limit';

/** How long rows that no longer do anything are kept before `pruneSpentRecords` deletes them. */
export const retention = {
  /** Throttle attempts only matter inside the longest throttle window. */
  attemptsMs: Math.max(signInThrottle.windowMs, passwordResetLimits.windowMs, signUpLimits.windowMs),
  /** Emails that were never sent are dropped after a week (their reset links died long before). */
  unsentEmailsMs: 7 * 24 * 60 * 60_000,
  /** Sent emails stay a day, so the admin's delivery log shows them (issue 33). */
  sentEmailsMs: 24 * 60 * 60_000,
  /** Every hour, by default, in the server process. */
  intervalMs: 60 * 60_000,
} as const;

export interface PruneCounts {
  sessions: number;
  resetTokens: number;
  attempts: number;
  emails: number;
}

const count = (result: { numDeletedRows: bigint } | undefined) => Number(result?.numDeletedRows ?? 0);

/** The tables of one-time tokens and steps: a row is spent once used or past its expiry. */
const ONE_TIME_TOKEN_TABLES = ['password_reset_tokens', 'email_link_tokens', 'google_sign_in_requests', 'google_link_offers'] as const;

/**
 * Deletes what can never be used again: expired or revoked sessions, expired or used reset
 * tokens, email links and Google sign-in steps, sign-in and reset attempts older than the throttles' windows, and outbox emails
 * sent over a day ago (or never sent within a week: failed ones included).
 */
export async function pruneSpentRecords(db: Kysely<Database>, now: Date): Promise<PruneCounts> {
  const sessions = await db
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('expires_at', '<=', now), eb('revoked_at', 'is not', null)]))
    .executeTakeFirst();
  let oneTimeTokens = 0;
  for (const table of ONE_TIME_TOKEN_TABLES) {
    const spent = await db
      .deleteFrom(table)
      .where((eb) => eb.or([eb('expires_at', '<=', now), eb('used_at', 'is not', null)]))
      .executeTakeFirst();
    oneTimeTokens += count(spent);
  }
  const attempts = await db
    .deleteFrom('auth_attempts')
    .where('at', '<', new Date(now.getTime() - retention.attemptsMs))
    .executeTakeFirst();
  const emails = await db
    .deleteFrom('email_outbox')
    .where((eb) =>
      eb.or([eb('sent_at', '<', new Date(now.getTime() - retention.sentEmailsMs)), eb('created_at', '<', new Date(now.getTime() - retention.unsentEmailsMs))]),
    )
    .executeTakeFirst();
  return { sessions: count(sessions), resetTokens: oneTimeTokens, attempts: count(attempts), emails: count(emails) };
}

/**
 * Prunes now and then every `intervalMs` until stopped. The timer never keeps the process
 * alive, and a failed run is reported and retried at the next tick.
 */
export function schedulePruning(
  db: Kysely<Database>,
  options: { now: () => Date; intervalMs?: number; onPruned?: (counts: PruneCounts) => void; onError?: (error: unknown) => void },
): { stop(): Promise<void> } {
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = running
      .then(() => pruneSpentRecords(db, options.now()))
      .then(
        (counts) => options.onPruned?.(counts),
        (error) => options.onError?.(error),
      );
  };
  run();
  const timer = setInterval(run, options.intervalMs ?? retention.intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}

