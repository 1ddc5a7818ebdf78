import { createHash, randomBytes } from 'node:crypto';
import { sql, type Kysely, type Migration, type Transaction } from 'kysely';
import { DomainError } from '../../domain/shared/domain-error';
import type { GeneratedIdeas } from '../contracts/ideas';
import type { PersonalDataEraser } from '../account/personal-data';
import type { Database } from '../ports/database';

/**
 * A visitor's trial ideas, kept on the server under a token (issue 8): the stream's `done`
 * message hands the token to the browser, and after sign-up `POST /api/idea-sets/save-pending`
 * hands it back, so the new account keeps exactly what the server generated, never what a
 * client posts. A plain table, not events: a result is kept for a day and saved at most once.
 * Only the token's SHA-256 is stored.
 *
 * A result belongs to the browser that made it (issue 37): besides the token, each result
 * names its browser (the hash of the trial cookie's random id). A client that sends spec §7's
 * body (`skill`, `categories`, `ideas`) without the token is served from that browser's
 * results only, found by their fingerprint (the skill and the ideas' titles), so what is saved
 * is still the server's copy, and nobody can name another visitor's result. And a result is
 * saved only into an account created after it: a member who runs trials signed out cannot
 * turn them into idea sets of their existing account.
 */

export const trialResultsMigration: Migration = {
  async up(db) {
    await sql`
      create table trial_results (
        token_hash text primary key,
        fingerprint text not null,
        skill text not null,
        result jsonb not null,
        created_at timestamptz not null,
        expires_at timestamptz not null,
        claimed_by text,
        idea_set_id text
      )`.execute(db);
    await sql`create index trial_results_expiry on trial_results (expires_at)`.execute(db);
    await sql`create index trial_results_fingerprint on trial_results (fingerprint)`.execute(db);
  },
};

export const trialResultsVisitorMigration: Migration = {
  async up(db) {
    await sql`alter table trial_results add column visitor_hash text`.execute(db);
    await sql`create index trial_results_visitor on trial_results (visitor_hash, fingerprint)`.execute(db);
  },
};

/** How long a visitor has to sign up and keep their trial ideas. */
export const TRIAL_RESULT_LIFETIME_MS = 24 * 60 * 60_000;

type Db = Kysely<Database> | Transaction<Database>;
const digest = (token: string) => createHash('sha256').update(token).digest('hex');

/** A kept result is named by the token the browser holds, or (found by fingerprint) by its stored hash. */
export type TrialResultKey = { token: string } | { tokenHash: string };
const hashOf = (key: TrialResultKey) => ('token' in key ? digest(key.token) : key.tokenHash);

/** What identifies a generated result without its token: the skill and its ideas' titles, in order. */
export function trialFingerprint(skill: string, ideaTitles: readonly string[]): string {
  return digest(JSON.stringify([skill.trim(), ...ideaTitles.map((title) => title.trim())]));
}

export const TrialResultNotFound = () => new DomainError('trial_result_not_found', 'not_found');
/** The result exists and is unsaved, but the account claiming it is older than the trial. */
export const TrialResultOlderAccount = () => new DomainError('trial_result_older_account', 'forbidden');

export interface TrialResult {
  skill: string;
  ideas: GeneratedIdeas;
}

/** Keeps a result `visitor` (the browser's trial cookie id) generated and returns the token that claims it; drops expired ones. */
export async function keepTrialResult(db: Db, result: TrialResult, visitor: string, now: Date): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  await db
    .insertInto('trial_results')
    .values({
      token_hash: digest(token),
      fingerprint: trialFingerprint(result.skill, result.ideas.ideas.map((idea) => idea.title)),
      skill: result.skill,
      result: JSON.stringify({ categories: result.ideas.categories, ideas: result.ideas.ideas }),
      created_at: now,
      expires_at: new Date(now.getTime() + TRIAL_RESULT_LIFETIME_MS),
      claimed_by: null,
      idea_set_id: null,
      visitor_hash: digest(visitor),
    })
    .execute();
  await db.deleteFrom('trial_results').where('expires_at', '<', now).execute();
  return token;
}

export type TrialClaim =
  /** Newly claimed by this member: save it as `ideaSetId`. */
  | { kind: 'claimed'; ideaSetId: string; result: TrialResult }
  /** This member saved it before (a retry): it is `ideaSetId`. */
  | { kind: 'saved-before'; ideaSetId: string };

/** The signed-in member a result is saved for: only an account created after the trial may take it. */
export interface TrialClaimant {
  userId: string;
  accountCreatedAt: Date;
}

/**
 * Claims the result for `member` in one statement, so two requests with one token cannot both
 * save it. Throws `trial_result_older_account` (403) when the account existed before the trial
 * (the result stays unsaved), and `trial_result_not_found` (404) for an unknown, expired or
 * someone else's token.
 */
export async function claimTrialResult(db: Db, key: TrialResultKey, member: TrialClaimant, ideaSetId: string, now: Date): Promise<TrialClaim> {
  const hash = hashOf(key);
  const claimed = await db
    .updateTable('trial_results')
    .set({ claimed_by: member.userId, idea_set_id: ideaSetId })
    .where('token_hash', '=', hash)
    .where('expires_at', '>', now)
    .where('claimed_by', 'is', null)
    .where('created_at', '<=', member.accountCreatedAt)
    .returning(['skill', 'result'])
    .executeTakeFirst();
  if (claimed) {
    const stored = (typeof claimed.result === 'string' ? JSON.parse(claimed.result) : claimed.result) as Omit<GeneratedIdeas, 'personalized'>;
    return { kind: 'claimed', ideaSetId, result: { skill: claimed.skill, ideas: { ...stored, personalized: false } } };
  }
  const earlier = await db
    .selectFrom('trial_results')
    .select(['claimed_by', 'idea_set_id', 'expires_at'])
    .where('token_hash', '=', hash)
    .executeTakeFirst();
  if (earlier?.claimed_by === member.userId && earlier.idea_set_id) return { kind: 'saved-before', ideaSetId: earlier.idea_set_id };
  if (earlier && earlier.claimed_by === null && new Date(earlier.expires_at) > now) throw TrialResultOlderAccount();
  throw TrialResultNotFound();
}

/**
 * Finds the unsaved result a body of spec §7 (`skill`, `categories`, `ideas`) came from among
 * those `visitor`'s browser generated, and returns its key, so it is claimed like any other; a
 * result this member saved before answers its set. Throws `trial_result_not_found` when this
 * browser generated no such ideas (or holds no trial cookie).
 */
export async function findTrialResult(
  db: Db,
  posted: { skill: string; ideaTitles: readonly string[] },
  visitor: string | null,
  userId: string,
  now: Date,
): Promise<{ kind: 'found'; key: TrialResultKey } | { kind: 'saved-before'; ideaSetId: string }> {
  if (!visitor) throw TrialResultNotFound();
  const rows = await db
    .selectFrom('trial_results')
    .select(['token_hash', 'claimed_by', 'idea_set_id'])
    .where('visitor_hash', '=', digest(visitor))
    .where('fingerprint', '=', trialFingerprint(posted.skill, posted.ideaTitles))
    .where('expires_at', '>', now)
    .orderBy('created_at', 'desc')
    .limit(20)
    .execute();
  const mine = rows.find((row) => row.claimed_by === userId && row.idea_set_id);
  if (mine) return { kind: 'saved-before', ideaSetId: mine.idea_set_id! };
  const free = rows.find((row) => row.claimed_by === null);
  if (!free) throw TrialResultNotFound();
  return { kind: 'found', key: { tokenHash: free.token_hash } };
}

/** Undoes a claim whose idea set could not be recorded, so the member may try again. */
export async function releaseTrialResult(db: Db, key: TrialResultKey): Promise<void> {
  await db.updateTable('trial_results').set({ claimed_by: null, idea_set_id: null }).where('token_hash', '=', hashOf(key)).execute();
}

/** Trial results the member saved (their skill and ideas) go with their account; others' stay. */
export const trialResultsEraser = (db: Db): PersonalDataEraser => ({
  tables: ['trial_results'],
  async erase({ userId }) {
    await db.deleteFrom('trial_results').where('claimed_by', '=', userId).execute();
  },
});
