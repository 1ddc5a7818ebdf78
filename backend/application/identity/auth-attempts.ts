import { sql, type Kysely, type Migration, type Transaction } from 'kysely';
import type { Database } from '../ports/database';
import type { AuthAction } from './auth-attempt-tables';

/**
 * Attempts at sign-in and at password-reset emails, kept for the throttles' windows. A row is
 * written before the attempt is carried out, under a lock per IP address and per account,
 * so parallel requests cannot all read "under the limit" and go ahead together.
 */
export const authAttemptsMigration: Migration = {
  async up(db) {
    await sql`
      create table auth_attempts (
        id bigserial primary key,
        action text not null,
        account text not null,
        ip text not null,
        at timestamptz not null
      )`.execute(db);
    await sql`create index auth_attempts_account on auth_attempts (action, account, at)`.execute(db);
    await sql`create index auth_attempts_ip on auth_attempts (action, ip, at)`.execute(db);
    await sql`create index auth_attempts_at on auth_attempts (at)`.execute(db);
    // Replaced by auth_attempts (failures per account and address pair, reserved before checking).
    await sql`drop table sign_in_failures`.execute(db);
  },
};

export const normaliseAccount = (email: string) => email.trim().toLowerCase();

/** Namespace of this module's advisory locks (any fixed number unlikely to clash). */
const LOCK_NAMESPACE = 7_000_701;

/**
 * Runs `work` in a transaction holding a lock on the address and one on the account, always
 * taken in that order (so two attempts never wait on each other in a cycle).
 */
export async function underAttemptLocks<T>(
  db: Kysely<Database>,
  action: AuthAction,
  account: string,
  ip: string,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${LOCK_NAMESPACE}, hashtext(${`${action}:ip:${ip}`}))`.execute(trx);
    await sql`select pg_advisory_xact_lock(${LOCK_NAMESPACE}, hashtext(${`${action}:account:${account}`}))`.execute(trx);
    return work(trx);
  });
}

/** Password-reset emails: at most this many per email address and per IP address an hour. */
export const passwordResetLimits = {
  windowMs: 60 * 60_000,
  maxPerEmail: 3,
  maxPerIp: 10,
} as const;

/**
 * Reserves one password-reset email for `email` asked from `ip`; false when either limit is
 * reached (the caller then sends nothing but answers as usual).
 */
export async function reservePasswordResetEmail(db: Kysely<Database>, email: string, ip: string, now: Date): Promise<boolean> {
  const account = normaliseAccount(email);
  const since = new Date(now.getTime() - passwordResetLimits.windowMs);
  return underAttemptLocks(db, 'password_reset', account, ip, async (trx) => {
    const counts = await trx
      .selectFrom('auth_attempts')
      .select([
        sql<number>`count(*) filter (where account = ${account})`.as('per_email'),
        sql<number>`count(*) filter (where ip = ${ip})`.as('per_ip'),
      ])
      .where('action', '=', 'password_reset')
      .where('at', '>', since)
      .where((eb) => eb.or([eb('account', '=', account), eb('ip', '=', ip)]))
      .executeTakeFirstOrThrow();
    if (Number(counts.per_email) >= passwordResetLimits.maxPerEmail || Number(counts.per_ip) >= passwordResetLimits.maxPerIp) {
      return false;
    }
    await trx.insertInto('auth_attempts').values({ action: 'password_reset', account, ip, at: now }).execute();
    return true;
  });
}
