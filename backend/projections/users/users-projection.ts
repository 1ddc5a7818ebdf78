import { sql, type Generated, type Kysely, type Migration, type Selectable, type Transaction } from 'kysely';
import type { RecordedEvent } from '../../application/ports/event-store';
import type { Role } from '../../domain/shared/actor';
import { userEventTypes, userStreams, type UserEvent } from '../../domain/identity/user';
import { aiCallStreams, type AiCallRecorded } from '../../domain/ai-usage/ai-call';
import { creditAccountStreams, type CreditAccountEvent } from '../../domain/credits/credit-account';
import { assertNever } from '../../domain/shared/domain-error';
import type { Database } from '../../application/ports/database';
import type { Projection } from '../runner/projection';
import { rowProjection } from '../runner/row-projection';
import { MEMBER_ERASED } from '../runner/apply-events';
import { announceSessionsChanged } from '../../application/ports/sessions-changed';
import { activePlanEventTypes, activePlansAhead, applyActivePlans, isPlanEvent } from './active-plans';
import { countingSignupDays, signupDayEventTypes } from './signup-days';

export interface UsersTable {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  email_normalised: string;
  password_hash: string;
  role: Role;
  country: string | null;
  profile_picture: string | null;
  google_id: string | null;
  /** The normalised address whose holder confirmed it (null: none yet); mail may carry typed text only when it is `email_normalised`. */
  confirmed_email: string | null;
  disabled: Generated<boolean>;
  ideas_generated: Generated<number>;
  active_plans: Generated<number>;
  milestone_credits: Generated<number>;
  help_credits: Generated<number>;
  credits_reset_at: Date | null;
  token_usage: Generated<number>;
  created_at: Date;
  updated_at: Date;
}
export type UserRow = Selectable<UsersTable>;

/** Which address of each account its holder confirmed (issue 48): none yet for accounts opened before. */
export const usersConfirmedEmailMigration: Migration = {
  async up(db) {
    await sql`alter table users add column confirmed_email text`.execute(db);
  },
};

/** Google sign-in finds the account a Google account is linked to (issue 52). */
export const usersGoogleIdMigration: Migration = {
  async up(db) {
    await sql`create index users_google_id on users (google_id) where google_id is not null`.execute(db);
  },
};

export const usersMigration: Migration = {
  async up(db) {
    await sql`
      create table users (
        id text primary key,
        first_name text not null,
        last_name text not null,
        email text not null,
        email_normalised text not null,
        password_hash text not null,
        role text not null,
        country text,
        profile_picture text,
        google_id text,
        disabled boolean not null default false,
        ideas_generated integer not null default 0,
        active_plans integer not null default 0,
        milestone_credits integer not null default 0,
        help_credits integer not null default 0,
        credits_reset_at timestamptz,
        token_usage integer not null default 0,
        created_at timestamptz not null,
        updated_at timestamptz not null
      )`.execute(db);
    await sql`create index users_email on users (email_normalised)`.execute(db);
    await sql`create index users_role on users (role)`.execute(db);
  },
};

/**
 * The member counters of `GET /api/auth/me` come from the credit ledger (this period's use)
 * and the AI call records (tokens used). Every other credit view has its own read model.
 */
const creditEventTypes = [
  'CreditAccountOpened',
  'CreditPeriodStarted',
  'CreditConsumed',
  'CreditRefunded',
] as const satisfies readonly CreditAccountEvent['type'][];
const aiCallEventTypes = ['AiCallRecorded'] as const satisfies readonly AiCallRecorded['type'][];

/** The account an event belongs to: its own stream, its credit ledger, or the member an AI call was for ('' for a visitor). */
const userIdOf = (event: RecordedEvent) => {
  if (event.streamName.startsWith(creditAccountStreams.prefix)) return creditAccountStreams.idOf(event.streamName);
  if (event.streamName.startsWith(aiCallStreams.prefix)) return (event.data as AiCallRecorded['data']).userId ?? '';
  return userStreams.idOf(event.streamName);
};

/** `ideas_generated`, `milestone_credits`, `help_credits`: credits of that kind used in the current period. */
const usedColumn = { idea: 'ideas_generated', milestone: 'milestone_credits', help: 'help_credits', plan: null } as const;

function evolveMemberCounters(row: UserRow, event: CreditAccountEvent | AiCallRecorded): UserRow {
  switch (event.type) {
    case 'CreditAccountOpened':
    case 'CreditPeriodStarted':
      return { ...row, ideas_generated: 0, milestone_credits: 0, help_credits: 0, credits_reset_at: new Date(event.data.resetAt) };
    case 'CreditConsumed':
    case 'CreditRefunded': {
      const column = usedColumn[event.data.kind];
      if (!column) return row;
      return { ...row, [column]: row[column] + (event.type === 'CreditConsumed' ? 1 : -1) };
    }
    case 'AiCallRecorded':
      return { ...row, token_usage: row.token_usage + event.data.inputTokens + event.data.outputTokens };
    case 'CreditTierChanged':
    case 'CreditsGranted':
      return row;
    default:
      return assertNever(event);
  }
}

/** A user's row after one more of their events; null once the account is deleted. */
export function evolveUserRow(row: UserRow | null, recorded: RecordedEvent): UserRow | null {
  if (!recorded.streamName.startsWith(userStreams.prefix)) {
    const event = { type: recorded.type, data: recorded.data } as CreditAccountEvent | AiCallRecorded;
    return row ? evolveMemberCounters(row, event) : null;
  }
  const event = { type: recorded.type, data: recorded.data } as UserEvent;
  const at = recorded.occurredAt;
  if (event.type === 'UserRegistered') {
    return {
      id: userIdOf(recorded),
      first_name: event.data.firstName,
      last_name: event.data.lastName,
      email: event.data.email,
      email_normalised: event.data.email.trim().toLowerCase(),
      password_hash: event.data.passwordHash,
      role: event.data.role,
      country: null,
      profile_picture: null,
      google_id: null,
      confirmed_email: null,
      disabled: false,
      ideas_generated: 0,
      active_plans: 0,
      milestone_credits: 0,
      help_credits: 0,
      credits_reset_at: null,
      token_usage: 0,
      created_at: at,
      updated_at: at,
    };
  }
  if (!row) return null;
  switch (event.type) {
    case 'UserProfileUpdated':
      return {
        ...row,
        first_name: event.data.firstName,
        last_name: event.data.lastName,
        email: event.data.email,
        email_normalised: event.data.email.trim().toLowerCase(),
        country: event.data.country,
        profile_picture: event.data.profilePicture,
        updated_at: at,
      };
    case 'UserPasswordChanged':
      return { ...row, password_hash: event.data.passwordHash, updated_at: at };
    case 'UserRoleChanged':
      return { ...row, role: event.data.to, updated_at: at };
    case 'UserDisabled':
      return { ...row, disabled: true, updated_at: at };
    case 'UserEnabled':
      return { ...row, disabled: false, updated_at: at };
    case 'UserDeleted':
      return null;
    case 'UserDataReset':
    case 'UserDataRestored':
    case 'SignedInWithGoogle':
    case 'SignedInFromNewDevice':
    case 'SignedOutEverywhere':
      return row;
    case 'GoogleAccountLinked':
      return { ...row, google_id: event.data.googleId, updated_at: at };
    case 'EmailAddressConfirmed':
      return { ...row, confirmed_email: event.data.email.trim().toLowerCase(), updated_at: at };
    case 'UserEmailRestored': {
      const email = event.data.email.trim().toLowerCase();
      return { ...row, email: event.data.email, email_normalised: email, confirmed_email: email, updated_at: at };
    }
    default:
      return assertNever(event);
  }
}

/** The accounts as members and admins see them; also how sign-in finds an account by email. */
const userRows = rowProjection<UserRow>({
  name: 'users',
  table: 'users',
  keyColumn: 'id',
  handles: [...userEventTypes, ...creditEventTypes, ...aiCallEventTypes],
  memberFacing: true,
  inline: true,
  rowKey: userIdOf,
  evolve: evolveUserRow,
});

/**
 * Names the members whose rows a batch changed (everyone after a rebuild or an erasure): the
 * accounts of its account, credit and AI events. A plan's events move its owner's row only when
 * they change the plan's status, and the transaction that counts them says so itself
 * (`applyActivePlans`): a task ticked in a plan that stays active names no one.
 */
async function announceMembersChanged(trx: Transaction<Database>, events?: readonly RecordedEvent[]) {
  if (!events || events.some((e) => e.type === MEMBER_ERASED)) return announceSessionsChanged(trx);
  const members = events.filter((e) => !isPlanEvent(e)).map(userIdOf).filter((id) => id !== '');
  // No member named (a visitor's AI call, plan events): nothing to tell.
  if (members.length > 0) await announceSessionsChanged(trx, members);
}

/**
 * The users table, and a word to every server when a row changes: the sessions plugin caches
 * the signed-in user's row (role, status, counters), so a role changed by an admin or a
 * payment, not by the member's own request, must clear those caches too (`announce`, at the
 * commit of the runner's batch; the instance that answered the member's own request has
 * cleared its cache already). Inline: the member reads their own row right after a write.
 */
export const usersProjection: Projection = {
  ...userRows,
  inline: true,
  announce: announceMembersChanged,
  // Plan events only move the `active_plans` counter (active-plans.ts).
  handles: [...userRows.handles, ...activePlanEventTypes],
  tables: [...userRows.tables, 'user_plan_statuses', 'user_signup_days'],
  // A plan's status follows its stream alone; a member's own row does not (it is not ahead).
  ahead: activePlansAhead,
  apply: (trx, event) => applyUsersBatch(trx, [event]),
  applyBatch: applyUsersBatch,
  async erase(trx, userId) {
    await trx.deleteFrom('user_plan_statuses').where('owner_id', '=', userId).execute();
    await countingSignupDays(trx, [userId], () => trx.deleteFrom('users').where('id', '=', userId).execute());
  },
};

async function applyUsersBatch(trx: Transaction<Database>, events: RecordedEvent[]) {
  const accountEvents = events.filter((event) => !isPlanEvent(event) && userRows.handles.includes(event.type));
  const planEvents = events.filter(isPlanEvent);
  // Rows first: a member registered in this batch has a row before their plans are counted.
  if (accountEvents.length) {
    // An account added, removed or re-roled moves the sign-up counts of the Members list (signup-days.ts).
    const placed = accountEvents.filter((event) => signupDayEventTypes.includes(event.type)).map(userIdOf);
    if (placed.length) await countingSignupDays(trx, placed, () => userRows.applyBatch!(trx, accountEvents));
    else await userRows.applyBatch!(trx, accountEvents);
  }
  if (planEvents.length) await applyActivePlans(trx, planEvents, usersProjection.name);
}

type Db = Kysely<Database> | Transaction<Database>;

export function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The first and last names of these accounts, by id (a deleted account is missing). */
export async function namesOf(db: Db, userIds: readonly string[]): Promise<Map<string, { firstName: string; lastName: string }>> {
  if (userIds.length === 0) return new Map();
  const rows = await db.selectFrom('users').select(['id', 'first_name', 'last_name']).where('id', 'in', [...userIds]).execute();
  return new Map(rows.map((row) => [row.id, { firstName: row.first_name, lastName: row.last_name }]));
}

/** Admins other than this account who can sign in (enabled). */
export async function countOtherAdmins(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('role', '=', 'admin')
    .where('disabled', '=', false)
    .where('id', '!=', userId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The account a Google account (its `sub`) is linked to. */
export function findUserByGoogleId(db: Db, googleId: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('google_id', '=', googleId).executeTakeFirst();
}

export function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('email_normalised', '=', email.trim().toLowerCase())
    .executeTakeFirst();
}
