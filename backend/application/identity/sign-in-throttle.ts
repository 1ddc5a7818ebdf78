import type { Kysely } from 'kysely';
import type { Database } from '../ports/database';

/**
 * Failed sign-ins are counted per account and per IP address over a sliding window.
 * Successful sign-ins never count (and clear the account's failures).
 */
export const signInThrottle = {
  windowMs: 15 * 60_000,
  maxFailuresPerAccount: 5,
  maxFailuresPerIp: 20,
} as const;

const accountKey = (email: string) => `account:${email.trim().toLowerCase()}`;
const ipKey = (ip: string) => `ip:${ip}`;

/** Milliseconds until sign-in may be tried again, or 0 when it may be tried now. */
export async function signInRetryAfterMs(db: Kysely<Database>, email: string, ip: string, now: Date): Promise<number> {
  const since = new Date(now.getTime() - signInThrottle.windowMs);
  const rows = await db
    .selectFrom('sign_in_failures')
    .select(['subject', 'failed_at'])
    .where('subject', 'in', [accountKey(email), ipKey(ip)])
    .where('failed_at', '>', since)
    .orderBy('failed_at', 'desc')
    .execute();
  const waitFor = (subject: string, limit: number) => {
    const failures = rows.filter((r) => r.subject === subject);
    if (failures.length < limit) return 0;
    // Blocked until the oldest failure that keeps the count at the limit leaves the window.
    const blocking = new Date(failures[limit - 1].failed_at).getTime();
    return Math.max(0, blocking + signInThrottle.windowMs - now.getTime());
  };
  return Math.max(
    waitFor(accountKey(email), signInThrottle.maxFailuresPerAccount),
    waitFor(ipKey(ip), signInThrottle.maxFailuresPerIp),
  );
}

export async function recordSignInFailure(db: Kysely<Database>, email: string, ip: string, now: Date) {
  await db
    .insertInto('sign_in_failures')
    .values([
      { subject: accountKey(email), failed_at: now },
      { subject: ipKey(ip), failed_at: now },
    ])
    .execute();
  // Old rows are of no use to the window; keep the table small.
  await db
    .deleteFrom('sign_in_failures')
    .where('failed_at', '<', new Date(now.getTime() - signInThrottle.windowMs))
    .execute();
}

export async function clearAccountFailures(db: Kysely<Database>, email: string) {
  await db.deleteFrom('sign_in_failures').where('subject', '=', accountKey(email)).execute();
}
