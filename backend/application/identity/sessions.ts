import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../ports/database';
import { announceSessionsChanged } from '../ports/sessions-changed';
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

/** The sessions-changed signal lives with the ports (projections send it too); the session plugin reads it here. */
export { announceSessionsChanged, membersNamed, SESSIONS_CHANGED_CHANNEL } from '../ports/sessions-changed';

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
