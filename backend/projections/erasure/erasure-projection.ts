import { sql, type Kysely, type Migration, type Transaction } from 'kysely';
import type { Database } from '../../application/ports/database';
import type { RecordedEvent } from '../../application/ports/event-store';
import type { StreamOwnership } from '../../application/ports/stream-ownership';
import { erasureEventTypes, type MemberErased } from '../../domain/identity/erasure';
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

/** The member whose stream an event is in, as the first slice that knows says. */
function ownerOf(owners: readonly StreamOwnership[], event: RecordedEvent): string | undefined {
  for (const owner of owners) {
    if (!owner.eventTypes.includes(event.type)) continue;
    const found = owner.ownerOf(event);
    if (found !== undefined) return found;
  }
  return undefined;
}

async function applyBatch(owners: readonly StreamOwnership[], trx: Transaction<Database>, events: RecordedEvent[]) {
  const streams = new Map<string, string>();
  const erasures = new Map<string, Date>();
  for (const event of events) {
    if (event.type === 'MemberErased') {
      const { userId } = event.data as MemberErased['data'];
      if (!erasures.has(userId)) erasures.set(userId, event.occurredAt);
      continue;
    }
    const owner = ownerOf(owners, event);
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
 * It follows the stream owners every slice declares (`Slice.streamOwners`).
 */
export function erasureProjection(owners: readonly StreamOwnership[]): Projection {
  return {
    name: 'erasure',
    handles: [...new Set([...owners.flatMap((owner) => owner.eventTypes), ...erasureEventTypes])],
    tables: ['member_streams', 'member_erasures'],
    memberFacing: true,
    inline: true,
    apply: (trx, event) => applyBatch(owners, trx, [event]),
    applyBatch: (trx, events) => applyBatch(owners, trx, events),
    // The erasure itself (`member_erasures`) stays: it is the record that the account was erased.
    async erase(trx, userId) {
      await trx.deleteFrom('member_streams').where('user_id', '=', userId).execute();
    },
  };
}

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
