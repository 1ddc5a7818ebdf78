import { sql, type Kysely, type Migration, type Transaction } from 'kysely';
import type { Database } from '../../application/ports/database';
import type { RecordedEvent } from '../../application/ports/event-store';
import { billingEventTypes, billingStream } from '../../domain/billing/billing-events';
import { billingEventCarriesPersonalData } from '../../domain/billing/billing-pseudonymisation';
import { creditAccountEventTypes, creditAccountStreams } from '../../domain/credits/credit-account';
import type { IdeaSetCreated } from '../../domain/ideas/idea-set';
import { erasureEventTypes, type MemberErased } from '../../domain/identity/erasure';
import { userStreams } from '../../domain/identity/user';
import type { PlanCreated } from '../../domain/plans/plan';
import type { TicketOpened } from '../../domain/support/ticket';
import type { Projection } from '../runner/projection';

/**
 * What account erasure reads (issue 31): every stream a member owns, and the accounts erased.
 *
 * `member_streams`: one row per stream of a member: their account and ledger streams (named by
 * their id), their billing stream while an event of it names them (erasure keeps the books, and
 * writes that stream again without the person), and each idea set, plan and ticket stream (named
 * by the owner in its first event). A ticket staff deleted, which no longer has a row in the support read model, is still
 * here: its stream still holds the member's words. `member_erasures`: each erased account and
 * when it was first erased (no personal data: an id that names nobody any more), so the sweep
 * can find a member whose generation still in flight wrote a stream after the erasure.
 */
export interface MemberStreamsTable {
  stream_name: string;
  user_id: string;
}

export interface MemberErasuresTable {
  user_id: string;
  erased_at: Date;
}

export const erasureMigration: Migration = {
  async up(db) {
    await sql`create table member_streams (stream_name text primary key, user_id text not null)`.execute(db);
    await sql`create index member_streams_user on member_streams (user_id)`.execute(db);
    await sql`create table member_erasures (user_id text primary key, erased_at timestamptz not null)`.execute(db);
    await sql`create index member_erasures_at on member_erasures (erased_at)`.execute(db);
  },
};

const firstEventTypes = ['UserRegistered', 'IdeaSetCreated', 'PlanCreated', 'TicketOpened'] as const;

/** The member whose stream an event is in: by the stream's name, or by the owner its first event names. */
function ownerOf(event: RecordedEvent): string | undefined {
  const { streamName } = event;
  if (streamName.startsWith(userStreams.prefix)) return userStreams.idOf(streamName);
  if (streamName.startsWith(creditAccountStreams.prefix)) return creditAccountStreams.idOf(streamName);
  if (streamName.startsWith(billingStream.prefix)) return billingEventCarriesPersonalData(event) ? billingStream.idOf(streamName) : undefined;
  switch (event.type) {
    case 'IdeaSetCreated':
      return (event.data as IdeaSetCreated['data']).ownerId;
    case 'PlanCreated':
      return (event.data as PlanCreated['data']).ownerId;
    case 'TicketOpened':
      return (event.data as TicketOpened['data']).memberId;
    default:
      return undefined;
  }
}

async function applyBatch(trx: Transaction<Database>, events: RecordedEvent[]) {
  const streams = new Map<string, string>();
  const erasures = new Map<string, Date>();
  for (const event of events) {
    if (event.type === 'MemberErased') {
      const { userId } = event.data as MemberErased['data'];
      if (!erasures.has(userId)) erasures.set(userId, event.occurredAt);
      continue;
    }
    const owner = ownerOf(event);
    if (owner !== undefined && !streams.has(event.streamName)) streams.set(event.streamName, owner);
  }
  if (streams.size) {
    await trx
      .insertInto('member_streams')
      .values([...streams].map(([stream_name, user_id]) => ({ stream_name, user_id })))
      .onConflict((oc) => oc.column('stream_name').doNothing())
      .execute();
  }
  if (erasures.size) {
    // The first erasure's time: a later pass (the sweep) does not move it.
    await trx
      .insertInto('member_erasures')
      .values([...erasures].map(([user_id, erased_at]) => ({ user_id, erased_at })))
      .onConflict((oc) => oc.column('user_id').doNothing())
      .execute();
  }
}

/**
 * Member-facing because erasure reads it right after its own writes (it waits for the
 * member-facing read models to reach the account's deletion before listing the streams).
 */
export const erasureProjection: Projection = {
  name: 'erasure',
  handles: [...firstEventTypes, ...creditAccountEventTypes, ...billingEventTypes, ...erasureEventTypes],
  tables: ['member_streams', 'member_erasures'],
  memberFacing: true,
  inline: true,
  apply: (trx, event) => applyBatch(trx, [event]),
  applyBatch,
  // The erasure itself (`member_erasures`) stays: it is the record that the account was erased.
  async erase(trx, userId) {
    await trx.deleteFrom('member_streams').where('user_id', '=', userId).execute();
  },
};

type Db = Kysely<Database> | Transaction<Database>;

/** Every stream the member owns, as far as the events read so far say. */
export async function streamsOwnedBy(db: Db, userId: string): Promise<string[]> {
  const rows = await db.selectFrom('member_streams').select('stream_name').where('user_id', '=', userId).orderBy('stream_name').execute();
  return rows.map((row) => row.stream_name);
}

/** Accounts first erased at or after `since` that own a stream again (written after their erasure). */
export async function erasedOwningStreams(db: Db, since: Date): Promise<string[]> {
  const rows = await db
    .selectFrom('member_erasures')
    .innerJoin('member_streams', 'member_streams.user_id', 'member_erasures.user_id')
    .select('member_erasures.user_id')
    .distinct()
    .where('member_erasures.erased_at', '>=', since)
    .orderBy('member_erasures.user_id')
    .execute();
  return rows.map((row) => row.user_id);
}
