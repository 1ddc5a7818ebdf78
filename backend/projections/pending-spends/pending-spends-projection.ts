import { sql, type Kysely, type Migration, type Transaction } from 'kysely';
import type { RecordedEvent } from '../../application/ports/event-store';
import type { Database } from '../../application/ports/database';
import { userIdOfCreditStream, type CreditConsumed, type CreditRefunded } from '../../domain/credits/credit-account';
import type { Projection } from '../runner/projection';
import type { PendingSpends } from '../../application/ports/pending-spends';

/**
 * How long after a spend its work must be recorded before the spend counts as abandoned.
 * Longer than the longest generation can take (the AI call's 60 s timeout, up to three tries)
 * so that a slow generation is never refunded and then saved as well.
 */
export const SPEND_DEADLINE_MS = 5 * 60_000;

/**
 * Spends whose work is not recorded yet (the compensation process manager's inbox): a row
 * appears with a `CreditConsumed` and goes with the work's event (`IdeaSetCreated` for an
 * idea credit, `PlanCreated`, `MilestoneDetailed` or `TaskHelpProvided` for the plan credits)
 * or a `CreditRefunded`. A row past `deadline_at` is a spend to give back.
 */
export interface PendingSpendsTable {
  consumption_id: string;
  user_id: string;
  kind: string;
  /** The id of what the spend paid for (idea set, plan, milestone or task). */
  paid_for_id: string;
  /** The plan whose stream records the work, for milestone and help credits (null otherwise). */
  plan_id: string | null;
  spent_at: Date;
  deadline_at: Date;
}

/** Milestone and help spends name their plan, so the compensation can check the plan's stream. */
export const pendingSpendsPlanMigration: Migration = {
  async up(db) {
    await sql`alter table pending_spends add column plan_id text`.execute(db);
  },
};

/** What a spend of each kind pays for, and the event that records that work. */
const paidForOf = (data: CreditConsumed['data']): string | undefined =>
  ({ idea: data.paidFor.ideaSetId, plan: data.paidFor.planId, milestone: data.paidFor.milestoneId, help: data.paidFor.taskId })[data.kind];

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


/** The open spend a `CreditConsumed` records, due back by its deadline unless its work is recorded. */
function pendingSpendRow(event: RecordedEvent, data: CreditConsumed['data'], paidForId: string): PendingSpendsTable {
  return {
    consumption_id: data.consumptionId,
    user_id: userIdOfCreditStream(event.streamName),
    kind: data.kind,
    paid_for_id: paidForId,
    plan_id: data.kind === 'milestone' || data.kind === 'help' ? (data.paidFor.planId ?? null) : null,
    spent_at: event.occurredAt,
    deadline_at: new Date(event.occurredAt.getTime() + SPEND_DEADLINE_MS),
  };
}
export const pendingSpendsProjection: Projection = {
  name: 'pending-spends',
  handles: ['CreditConsumed', 'CreditRefunded', 'IdeaSetCreated', 'PlanCreated', 'MilestoneDetailed', 'TaskHelpProvided'],
  tables: ['pending_spends'],
  memberFacing: false,
  async apply(trx: Transaction<Database>, event: RecordedEvent) {
    switch (event.type) {
      case 'CreditConsumed': {
        const data = event.data as CreditConsumed['data'];
        const paidForId = paidForOf(data);
        if (!paidForId) return;
        await trx
          .insertInto('pending_spends')
          .values(pendingSpendRow(event, data, paidForId))
          .onConflict((oc) => oc.column('consumption_id').doNothing())
          .execute();
        return;
      }
      case 'CreditRefunded': {
        const data = event.data as CreditRefunded['data'];
        await trx.deleteFrom('pending_spends').where('consumption_id', '=', data.consumptionId).execute();
        return;
      }
      case 'IdeaSetCreated':
        return settle(trx, 'idea', String(event.data.ideaSetId));
      case 'PlanCreated':
        return settle(trx, 'plan', String(event.data.planId));
      case 'MilestoneDetailed':
        return settle(trx, 'milestone', String((event.data.milestone as { milestoneId: string }).milestoneId));
      case 'TaskHelpProvided':
        return settle(trx, 'help', String(event.data.taskId));
    }
  },
  /**
   * The batch's events folded in order into at most three statements: spends that were already
   * there and are settled or refunded go, then the batch's own spends still open are inserted.
   */
  async applyBatch(trx: Transaction<Database>, events: RecordedEvent[]) {
    const opened = new Map<string, PendingSpendsTable>();
    const refunded: string[] = [];
    const settled: { kind: string; paidForId: string }[] = [];
    const settle = (kind: string, paidForId: string) => {
      settled.push({ kind, paidForId });
      for (const [id, row] of opened) if (row.kind === kind && row.paid_for_id === paidForId) opened.delete(id);
    };
    for (const event of events) {
      switch (event.type) {
        case 'CreditConsumed': {
          const data = event.data as CreditConsumed['data'];
          const paidForId = paidForOf(data);
          if (!paidForId || opened.has(data.consumptionId)) break;
          opened.set(data.consumptionId, pendingSpendRow(event, data, paidForId));
          break;
        }
        case 'CreditRefunded': {
          const { consumptionId } = event.data as CreditRefunded['data'];
          refunded.push(consumptionId);
          opened.delete(consumptionId);
          break;
        }
        case 'IdeaSetCreated':
          settle('idea', String(event.data.ideaSetId));
          break;
        case 'PlanCreated':
          settle('plan', String(event.data.planId));
          break;
        case 'MilestoneDetailed':
          settle('milestone', String((event.data.milestone as { milestoneId: string }).milestoneId));
          break;
        case 'TaskHelpProvided':
          settle('help', String(event.data.taskId));
          break;
      }
    }
    if (refunded.length) await trx.deleteFrom('pending_spends').where('consumption_id', 'in', refunded).execute();
    if (settled.length) {
      await sql`delete from pending_spends where (kind, paid_for_id) in (
        select * from unnest(${settled.map((s) => s.kind)}::text[], ${settled.map((s) => s.paidForId)}::text[]))`.execute(trx);
    }
    if (opened.size) {
      await trx.insertInto('pending_spends').values([...opened.values()]).onConflict((oc) => oc.column('consumption_id').doNothing()).execute();
    }
  },
  // An erased member's spends are never refunded: their ledger is gone.
  async erase(trx, userId) {
    await trx.deleteFrom('pending_spends').where('user_id', '=', userId).execute();
  },
};

type Db = Kysely<Database> | Transaction<Database>;

/** The work a spend paid for is recorded: its spend is settled. */
async function settle(trx: Db, kind: string, paidForId: string): Promise<void> {
  await trx.deleteFrom('pending_spends').where('kind', '=', kind).where('paid_for_id', '=', paidForId).execute();
}

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
