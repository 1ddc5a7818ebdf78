import { sql, type Kysely, type Migration, type Transaction } from 'kysely';
import type { RecordedEvent } from '../../application/ports/event-store';
import type { Database } from '../../application/ports/database';
import { userIdOfCreditStream, type CreditConsumed, type CreditRefunded } from '../../domain/credits/credit-account';
import type { Projection } from '../runner/projection';
import type { PendingSpends } from '../../application/credits/spend-compensation';

/**
 * How long after a spend its work must be recorded before the spend counts as abandoned.
 * Longer than the longest generation can take (the AI call's 60 s timeout, up to three tries)
 * so that a slow generation is never refunded and then saved as well.
 */
export const SPEND_DEADLINE_MS = 5 * 60_000;

/**
 * Spends whose work is not recorded yet (the compensation process manager's inbox): a row
 * appears with a `CreditConsumed` and goes with the work's event (`IdeaSetCreated` for an
 * idea credit) or a `CreditRefunded`. A row past `deadline_at` is a spend to give back.
 * Only idea credits are tracked: plans, milestones and help answers do not exist yet.
 */
export interface PendingSpendsTable {
  consumption_id: string;
  user_id: string;
  kind: string;
  /** The id of what the spend paid for (the idea set's id for an idea credit). */
  paid_for_id: string;
  spent_at: Date;
  deadline_at: Date;
}

export const pendingSpendsMigration: Migration = {
  async up(db) {
    await sql`
      create table pending_spends (
        consumption_id text primary key,
        user_id text not null,
        kind text not null,
        paid_for_id text not null,
        spent_at timestamptz not null,
        deadline_at timestamptz not null
      )`.execute(db);
    await sql`create index pending_spends_deadline on pending_spends (deadline_at)`.execute(db);
    await sql`create index pending_spends_paid_for on pending_spends (paid_for_id)`.execute(db);
  },
};

export const pendingSpendsProjection: Projection = {
  name: 'pending-spends',
  handles: ['CreditConsumed', 'CreditRefunded', 'IdeaSetCreated'],
  tables: ['pending_spends'],
  memberFacing: false,
  async apply(trx: Transaction<Database>, event: RecordedEvent) {
    switch (event.type) {
      case 'CreditConsumed': {
        const data = event.data as CreditConsumed['data'];
        if (data.kind !== 'idea' || !data.paidFor.ideaSetId) return;
        await trx
          .insertInto('pending_spends')
          .values({
            consumption_id: data.consumptionId,
            user_id: userIdOfCreditStream(event.streamName),
            kind: data.kind,
            paid_for_id: data.paidFor.ideaSetId,
            spent_at: event.occurredAt,
            deadline_at: new Date(event.occurredAt.getTime() + SPEND_DEADLINE_MS),
          })
          .onConflict((oc) => oc.column('consumption_id').doNothing())
          .execute();
        return;
      }
      case 'CreditRefunded': {
        const data = event.data as CreditRefunded['data'];
        await trx.deleteFrom('pending_spends').where('consumption_id', '=', data.consumptionId).execute();
        return;
      }
      case 'IdeaSetCreated': {
        const ideaSetId = String(event.data.ideaSetId);
        await trx.deleteFrom('pending_spends').where('kind', '=', 'idea').where('paid_for_id', '=', ideaSetId).execute();
        return;
      }
    }
  },
};

type Db = Kysely<Database> | Transaction<Database>;

/** Spends past their deadline, oldest first. */
export function findAbandonedSpends(db: Db, now: Date, limit: number) {
  return db
    .selectFrom('pending_spends')
    .selectAll()
    .where('deadline_at', '<=', now)
    .orderBy('deadline_at')
    .limit(limit)
    .execute();
}

/** Forgets a spend the ledger has settled (refunded now or before, or of an ended period). */
export async function forgetPendingSpend(db: Db, consumptionId: string): Promise<void> {
  await db.deleteFrom('pending_spends').where('consumption_id', '=', consumptionId).execute();
}

/** The read model as the compensation process manager reads it. */
export const pendingSpendsIn = (db: Db): PendingSpends => ({
  due: (now, limit) => findAbandonedSpends(db, now, limit),
  forget: (consumptionId) => forgetPendingSpend(db, consumptionId),
});
