import { sql, type Kysely, type Migration, type Transaction } from 'kysely';
import { accountActivityLine, accountAfter, type AccountBefore } from './activity-lines';
import type { AccountActivityEntryDto } from '../../application/contracts/account-activity';
import type { Database } from '../../application/ports/database';
import type { RecordedEvent } from '../../application/ports/event-store';
import { billingEventTypes, billingStream, type BillingEvent } from '../../domain/billing/billing-events';
import { creditAccountStreams, type CreditAccountEvent } from '../../domain/credits/credit-account';
import { userEventTypes, userStreams } from '../../domain/identity/user';
import type { Projection } from '../runner/projection';

/** One line per event the member's activity lists, with its place in the global order. */
export interface AccountActivityTable {
  event_id: string;
  user_id: string;
  /** The event's global position (commit, then prepare): orders the list exactly, the same after a rebuild. */
  position_commit: string | number;
  position_prepare: string | number;
  occurred_at: Date;
  summary: string;
  by_whom: string;
  reason: string | null;
}

/** What the lines of a member need to know of the account as it stood (the email, to say it changed). */
export interface AccountActivityAccountsTable {
  user_id: string;
  email: string | null;
}

export const accountActivityMigration: Migration = {
  async up(db) {
    await sql`
      create table account_activity (
        event_id text primary key,
        user_id text not null,
        position_commit bigint not null,
        position_prepare bigint not null,
        occurred_at timestamptz not null,
        summary text not null,
        by_whom text not null,
        reason text
      )`.execute(db);
    await sql`create index account_activity_member on account_activity (user_id, position_commit desc, position_prepare desc)`.execute(db);
    await sql`create table account_activity_accounts (user_id text primary key, email text)`.execute(db);
  },
};

/** The user stream's events the activity reads: all but the deletion (the activity goes with the account). */
const accountEventTypes = userEventTypes.filter((type) => type !== 'UserDeleted');

/** The ledger's events that make a line: credits reset, moved, given back or granted (spending is the credit statement's). */
const creditEventTypes = ['CreditPeriodStarted', 'CreditTierChanged', 'CreditRefunded', 'CreditsGranted'] as const satisfies readonly CreditAccountEvent['type'][];

/** Billing's own bookkeeping, which the member did not see happen. */
const billingEventsLeftOut = new Set<string>(['CheckoutStarted', 'DuplicateSubscriptionFound', 'DuplicateSubscriptionCancelled'] satisfies BillingEvent['type'][]);

/** The member whose account an event belongs to: their user, credit ledger or billing stream. */
function memberOf(event: RecordedEvent): string | undefined {
  for (const streams of [userStreams, creditAccountStreams, billingStream]) {
    if (event.streamName.startsWith(streams.prefix)) return streams.idOf(event.streamName);
  }
  return undefined;
}

/** The events that set the account's email (what `accountAfter` follows), and the one whose line needs the email before it. */
const setsEmail = new Set(['UserRegistered', 'UserProfileUpdated', 'UserEmailRestored']);
const readsEmailBefore = 'UserProfileUpdated';

async function applyBatch(trx: Transaction<Database>, events: RecordedEvent[]) {
  const owned = events.flatMap((event) => {
    const member = memberOf(event);
    return member ? [{ event, member }] : [];
  });
  if (owned.length === 0) return;
  // The stored email is read only for members whose profile saves the batch words, and written
  // only for members whose email the batch sets: most batches (credits, payments) touch neither.
  const needed = [...new Set(owned.filter(({ event }) => event.type === readsEmailBefore).map(({ member }) => member))];
  const known = needed.length
    ? await trx.selectFrom('account_activity_accounts').selectAll().where('user_id', 'in', needed).forUpdate().execute()
    : [];
  const accounts = new Map<string, AccountBefore>(known.map((row) => [row.user_id, { email: row.email }]));
  const emailSet = new Set<string>();
  const lines: AccountActivityTable[] = [];
  for (const { event, member } of owned) {
    const before = accounts.get(member) ?? { email: null };
    const line = accountActivityLine(event, member, before);
    if (line) {
      lines.push({
        event_id: event.eventId,
        user_id: member,
        position_commit: event.position.commit,
        position_prepare: event.position.prepare,
        occurred_at: event.occurredAt,
        summary: line.summary,
        by_whom: line.by,
        reason: line.reason,
      });
    }
    if (setsEmail.has(event.type)) {
      accounts.set(member, accountAfter(event, before));
      emailSet.add(member);
    }
  }
  if (lines.length) await trx.insertInto('account_activity').values(lines).onConflict((oc) => oc.column('event_id').doNothing()).execute();
  if (emailSet.size) {
    await trx
      .insertInto('account_activity_accounts')
      .values([...emailSet].map((user_id) => ({ user_id, email: accounts.get(user_id)!.email })))
      .onConflict((oc) => oc.column('user_id').doUpdateSet((eb) => ({ email: eb.ref('excluded.email') })))
      .execute();
  }
}

/**
 * A member's account activity (issue 52): each event of their account, credit ledger and billing
 * streams that their activity lists, as the line `application/account/account-activity.ts` words
 * it. Asynchronous: a history read on the profile, not a read-back of the member's own write.
 */
export const accountActivityProjection: Projection = {
  name: 'account-activity',
  // Only the events that make a line (or, for the email, tell the next one): a credit spent or a
  // checkout begun never wakes it.
  handles: [...accountEventTypes, ...creditEventTypes, ...billingEventTypes.filter((type) => !billingEventsLeftOut.has(type))],
  tables: ['account_activity', 'account_activity_accounts'],
  memberFacing: false,
  apply: (trx, event) => applyBatch(trx, [event]),
  applyBatch,
  async erase(trx, userId) {
    await trx.deleteFrom('account_activity').where('user_id', '=', userId).execute();
    await trx.deleteFrom('account_activity_accounts').where('user_id', '=', userId).execute();
  },
};

type Db = Kysely<Database> | Transaction<Database>;

/** One page of the member's activity, newest first, and whether older lines follow. */
export async function readAccountActivity(db: Db, userId: string, page: number, pageSize: number): Promise<{ entries: AccountActivityEntryDto[]; hasMore: boolean }> {
  const rows = await db
    .selectFrom('account_activity')
    .select(['event_id', 'occurred_at', 'summary', 'by_whom', 'reason'])
    .where('user_id', '=', userId)
    .orderBy('position_commit', 'desc')
    .orderBy('position_prepare', 'desc')
    .limit(pageSize + 1)
    .offset((page - 1) * pageSize)
    .execute();
  return {
    entries: rows.slice(0, pageSize).map((row) => ({ id: row.event_id, at: new Date(row.occurred_at).toISOString(), summary: row.summary, by: row.by_whom, reason: row.reason })),
    hasMore: rows.length > pageSize,
  };
}
