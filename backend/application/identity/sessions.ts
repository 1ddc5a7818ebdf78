import { createHash, randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../ports/database';
import type { UserRow } from './user-reads';

export const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60_000;

/** Tokens are stored only as digests: the table alone never lets anyone sign in. */
export const digestToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * NOTIFY channel told whenever sessions end (logout, new password, disabled or deleted
 * account): every server instance drops its cached sessions when it hears it.
 */
export const SESSIONS_CHANGED_CHANNEL = 'skilly_sessions_changed';

/** Announces ended sessions; inside a transaction the NOTIFY is delivered when it commits. */
export async function announceSessionsChanged(db: Kysely<Database>): Promise<void> {
  await sql`select pg_notify(${SESSIONS_CHANGED_CHANNEL}, '')`.execute(db);
}

export const newToken = () => randomBytes(32).toString('base64url');

export async function openSession(db: Kysely<Database>, userId: string, now: Date): Promise<string> {
  const token = newToken();
  await db
    .insertInto('sessions')
    .values({
      token_hash: digestToken(token),
      user_id: userId,
      created_at: now,
      last_seen_at: now,
      expires_at: new Date(now.getTime() + SESSION_LIFETIME_MS),
      revoked_at: null,
    })
    .execute();
  return token;
}

/** The signed-in account behind a session token, if the session is live and the account usable. */
export async function resolveSession(db: Kysely<Database>, token: string, now: Date): Promise<UserRow | undefined> {
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .where('sessions.token_hash', '=', digestToken(token))
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', now)
    .executeTakeFirst();
  if (!row || row.disabled) return undefined;
  return row;
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
