import { createHash, randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../ports/database';
import type { UserRow } from './user-reads';

export const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60_000;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Tokens are stored only as digests: the table alone never lets anyone sign in. */
export const digestToken = sha256;

/**
 * What a session keeps of the password it was opened with (a digest of its salted hash): the
 * session is live only while the account's password hash is still that one. Every hash is
 * salted, so any new password, even the same one again, ends it.
 */
export const passwordFingerprint = sha256;

/**
 * NOTIFY channel told whenever sessions end (logout, new password, disabled or deleted
 * account) or members' rows change: every server instance drops its cached sessions of the
 * members the payload names (their ids, comma-separated), or all of them when it names none.
 */
export const SESSIONS_CHANGED_CHANNEL = 'skilly_sessions_changed';

/** Longest payload naming members (PostgreSQL takes up to 8,000 bytes); past it, everyone. */
const MOST_NAMED = 7_000;

/**
 * Announces ended sessions or changed members (`members`; none given: everyone's); inside a
 * transaction the NOTIFY is delivered when it commits.
 */
export async function announceSessionsChanged(db: Kysely<Database>, members: readonly string[] = []): Promise<void> {
  let payload = [...new Set(members)].join(',');
  if (payload.length > MOST_NAMED) payload = '';
  await sql`select pg_notify(${SESSIONS_CHANGED_CHANNEL}, ${payload})`.execute(db);
}

/** The members a SESSIONS_CHANGED_CHANNEL payload names (none: everyone). */
export const membersNamed = (payload: string): string[] => (payload === '' ? [] : payload.split(','));

export const newToken = () => randomBytes(32).toString('base64url');

/** Opens a session for `user` as read when its password was checked (or it was created). */
export async function openSession(db: Kysely<Database>, user: Pick<UserRow, 'id' | 'password_hash'>, now: Date): Promise<string> {
  const token = newToken();
  await db
    .insertInto('sessions')
    .values({
      token_hash: digestToken(token),
      user_id: user.id,
      password_fingerprint: passwordFingerprint(user.password_hash),
      created_at: now,
      last_seen_at: now,
      expires_at: new Date(now.getTime() + SESSION_LIFETIME_MS),
      revoked_at: null,
    })
    .execute();
  return token;
}

/**
 * The signed-in account behind a session token, if the session is live, the account usable and
 * its password still the one the session was opened with. The last check is what ends a
 * session whose sign-in raced a new password: it checked the old password before the change,
 * opened the session after it, and so was not among the sessions the change revoked.
 */
export async function resolveSession(db: Kysely<Database>, token: string, now: Date): Promise<UserRow | undefined> {
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .select('sessions.password_fingerprint')
    .where('sessions.token_hash', '=', digestToken(token))
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', now)
    .executeTakeFirst();
  if (!row || row.disabled) return undefined;
  const { password_fingerprint: fingerprint, ...user } = row;
  if (fingerprint !== passwordFingerprint(user.password_hash)) return undefined;
  return user;
}

export async function revokeSession(db: Kysely<Database>, token: string, now: Date): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('token_hash', '=', digestToken(token))
    .where('revoked_at', 'is', null)
    .execute();
  await announceSessionsChanged(db);
}
