import { sql, type Kysely } from 'kysely';
import type { Database } from './database';

/**
 * The sessions-changed signal: what the writers that end sessions or change members (the identity
 * services, the users and session-revocation projections) tell the session cache of every server
 * instance (`infrastructure/http/session-cache.ts`, listening in `http/plugins/sessions.ts`).
 */

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
