import type { Kysely } from 'kysely';
import type { Database } from '../ports/database';
import { normaliseAccount, underAttemptLocks } from './auth-attempts';

/**
 * Failed sign-ins over a sliding window (README "Failed sign-in throttling"):
 * - per IP address: 20 failures block that address;
 * - per account and IP address pair: 5 failures block that pair, so a stranger's wrong
 *   passwords never lock the owner out of their own network;
 * - per account across all addresses: after 10 failures attempts are slowed, each waiting
 *   its turn behind the previous one, never blocked for the whole window.
 * Every attempt is recorded before its password is checked and removed again when it
 * succeeds, so however many arrive in parallel no more than the limit are ever checked.
 */
export const signInThrottle = {
  windowMs: 15 * 60_000,
  maxFailuresPerIp: 20,
  maxFailuresPerAccountAndIp: 5,
  /** The same limit under its older name: an account's failures are counted per IP address. */
  maxFailuresPerAccount: 5,
  slowAccountAfterFailures: 10,
  /** Once slowed, attempts at one account are this far apart. */
  slowAccountSpacingMs: 2_000,
  /** A turn further away than this is refused with a short Retry-After instead of waited for. */
  maxWaitMs: 10_000,
} as const;

export type SignInReservation =
  | { allowed: true; attemptId: number; waitMs: number }
  | { allowed: false; retryAfterMs: number };

/** Until when `rows` (newest first) keep their count at `limit` or more. */
function blockedFor(rows: { at: Date }[], limit: number, now: Date): number {
  if (rows.length < limit) return 0;
  const blocking = new Date(rows[limit - 1].at).getTime();
  return Math.max(0, blocking + signInThrottle.windowMs - now.getTime());
}

/**
 * Counts and records one sign-in attempt in one locked transaction. A reservation that is
 * allowed counts as a failure until `releaseSignInAttempt` says the password was right.
 */
export async function reserveSignInAttempt(db: Kysely<Database>, email: string, ip: string, now: Date): Promise<SignInReservation> {
  const account = normaliseAccount(email);
  const since = new Date(now.getTime() - signInThrottle.windowMs);
  return underAttemptLocks(db, 'sign_in', account, ip, async (trx) => {
    const rows = await trx
      .selectFrom('auth_attempts')
      .select(['account', 'ip', 'at'])
      .where('action', '=', 'sign_in')
      .where('at', '>', since)
      .where((eb) => eb.or([eb('account', '=', account), eb('ip', '=', ip)]))
      .orderBy('at', 'desc')
      .execute();
    const fromIp = rows.filter((r) => r.ip === ip);
    const pair = fromIp.filter((r) => r.account === account);
    const onAccount = rows.filter((r) => r.account === account);
    const retryAfterMs = Math.max(
      blockedFor(fromIp, signInThrottle.maxFailuresPerIp, now),
      blockedFor(pair, signInThrottle.maxFailuresPerAccountAndIp, now),
    );
    if (retryAfterMs > 0) return { allowed: false, retryAfterMs };

    let turn = now.getTime();
    if (onAccount.length >= signInThrottle.slowAccountAfterFailures) {
      turn = Math.max(turn, new Date(onAccount[0].at).getTime() + signInThrottle.slowAccountSpacingMs);
    }
    const waitMs = turn - now.getTime();
    if (waitMs > signInThrottle.maxWaitMs) return { allowed: false, retryAfterMs: waitMs };
    const { id } = await trx
      .insertInto('auth_attempts')
      .values({ action: 'sign_in', account, ip, at: new Date(turn) })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { allowed: true, attemptId: Number(id), waitMs };
  });
}

/** The password was right: the attempt and the pair's earlier failures no longer count. */
export async function releaseSignInAttempt(db: Kysely<Database>, email: string, ip: string) {
  await db
    .deleteFrom('auth_attempts')
    .where('action', '=', 'sign_in')
    .where('account', '=', normaliseAccount(email))
    .where('ip', '=', ip)
    .execute();
}

/** Proving control of the mailbox (a password reset) lifts every block on the account. */
export async function clearAccountFailures(db: Kysely<Database>, email: string) {
  await db.deleteFrom('auth_attempts').where('action', '=', 'sign_in').where('account', '=', normaliseAccount(email)).execute();
}
