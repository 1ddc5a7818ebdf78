import { isIPv4, isIPv6 } from 'node:net';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../ports/database';
import { DomainError } from '../../domain/shared/domain-error';

/**
 * Sign-ups per network address over a sliding hour (README "SIGNUPS_PER_ADDRESS_PER_HOUR"), so
 * one client cannot farm accounts and their free monthly credits. An IPv4 client is its
 * address; an IPv6 client is its /64, the block one subscriber is given. Every sign-up that
 * reaches the service is counted (taken addresses too) in `auth_attempts` as `sign_up`, under
 * a lock on the network, so parallel requests cannot all read "under the limit" together.
 */
export const signUpLimits = {
  windowMs: 60 * 60_000,
  /** The default of SIGNUPS_PER_ADDRESS_PER_HOUR. */
  defaultPerHour: 10,
} as const;

export const SignUpLimitReached = (perHour: number, retryAfterMs: number) =>
  new DomainError('signup_limit', 'limit', { perHour, retryAfterMs });

/** The network a client address is counted under: an IPv4 address itself, an IPv6 one by its /64. */
export function networkOf(ip: string): string {
  const address = ip.trim().toLowerCase().replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (mapped && isIPv4(mapped[1])) return mapped[1];
  if (!isIPv6(address)) return address;
  const [head, tail = ''] = address.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  // An embedded IPv4 tail (…:1.2.3.4) lies in the low 64 bits: only the first four groups matter.
  const missing = 8 - headGroups.length - tailGroups.length - (tailGroups.at(-1)?.includes('.') ? 1 : 0);
  const groups = address.includes('::') ? [...headGroups, ...Array<string>(Math.max(0, missing)).fill('0'), ...tailGroups] : headGroups;
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group || '0', 16).toString(16))
    .join(':')}::/64`;
}

/** Namespace of this module's advisory locks (any fixed number unlikely to clash). */
const LOCK_NAMESPACE = 7_000_702;

/**
 * Counts and records one sign-up from `ip`'s network, or answers how long until the oldest
 * counted one leaves the window. `perHour` 0 switches the limit off (nothing is recorded).
 */
export async function reserveSignUp(
  db: Kysely<Database>,
  ip: string,
  now: Date,
  perHour: number,
): Promise<{ allowed: true } | { allowed: false; retryAfterMs: number }> {
  if (perHour === 0) return { allowed: true };
  const network = networkOf(ip);
  const since = new Date(now.getTime() - signUpLimits.windowMs);
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${LOCK_NAMESPACE}, hashtext(${network}))`.execute(trx);
    const rows = await trx
      .selectFrom('auth_attempts')
      .select('at')
      .where('action', '=', 'sign_up')
      .where('ip', '=', network)
      .where('at', '>', since)
      .orderBy('at', 'desc')
      .limit(perHour)
      .execute();
    if (rows.length >= perHour) {
      const oldestCounted = new Date(rows[perHour - 1].at).getTime();
      return { allowed: false as const, retryAfterMs: Math.max(1_000, oldestCounted + signUpLimits.windowMs - now.getTime()) };
    }
    await trx.insertInto('auth_attempts').values({ action: 'sign_up', account: '', ip: network, at: now }).execute();
    return { allowed: true as const };
  });
}
