import { sql, type Migration, type Transaction } from 'kysely';
import type { Database } from '../../application/ports/database';
import type { RecordedEvent } from '../../application/ports/event-store';
import { countsAsActive, planStream, type PlanEvent } from '../../domain/plans/plan';
import { stageRows, type RowsAhead } from '../runner/rows-ahead';
import { announceSessionsChanged } from '../../application/ports/sessions-changed';
import { isReplaying } from '../runner/replay-transactions';

/**
 * The `activePlans` counter of GET /api/auth/me: how many of the member's plans are active.
 * Only `PlanCreated` names the owner, and a completed plan becomes active again when a task is
 * added or reopened (the plan decider's rule), and a deleted plan counts no more, so the users projection keeps each plan's owner
 * and whether it is active in a table of its own, and counts from it.
 */
export interface UserPlanStatusesTable {
  plan_id: string;
  owner_id: string;
  active: boolean;
}

export const userPlanStatusesMigration: Migration = {
  async up(db) {
    await sql`create table user_plan_statuses (plan_id text primary key, owner_id text not null, active boolean not null)`.execute(db);
    await sql`create index user_plan_statuses_owner on user_plan_statuses (owner_id) where active`.execute(db);
  },
};

export const activePlanEventTypes = ['PlanCreated', 'PlanCompleted', 'TaskAdded', 'TaskReopened', 'PlanDeleted', 'PlanRestored'] as const satisfies readonly PlanEvent['type'][];

export const isPlanEvent = (event: RecordedEvent) => event.streamName.startsWith(planStream.prefix);

type PlanStatusRow = UserPlanStatusesTable;

/** A plan's status row after one of its events (null: not created yet). */
function nextPlanStatus(row: PlanStatusRow | null, recorded: RecordedEvent): PlanStatusRow | null {
  const event = { type: recorded.type, data: recorded.data } as PlanEvent;
  const planId = planStream.idOf(recorded.streamName);
  if (event.type === 'PlanCreated') return { plan_id: planId, owner_id: event.data.ownerId, active: true };
  if (event.type === 'PlanRestored') return { plan_id: planId, owner_id: event.data.plan.ownerId, active: countsAsActive(event.data.plan) };
  if (row && (event.type === 'PlanCompleted' || event.type === 'PlanDeleted')) return { ...row, active: false };
  if (row && (event.type === 'TaskAdded' || event.type === 'TaskReopened')) return { ...row, active: true };
  return row;
}

/**
 * A plan's status ahead of the database (`rows-ahead.ts`): events that leave it as it was write
 * nothing; a change moves the owner's counter, which the transaction counts (`applyActivePlans`).
 */
export const activePlansAhead: RowsAhead<PlanStatusRow> = {
  step(state, events) {
    if (!events.every(isPlanEvent)) return undefined;
    const row = events.reduce(nextPlanStatus, state);
    return row && state && row.active === state.active ? { state: row, writes: [] } : undefined;
  },
  // A plan's status row and the version the projection has seen of its stream, in one statement.
  async load(db, projection, stream) {
    if (!stream.startsWith(planStream.prefix)) return undefined;
    const { rows } = await sql<{ version: number; plan_id: string | null; owner_id: string | null; active: boolean | null }>`
      select v.version, s.plan_id, s.owner_id, s.active
      from projection_stream_versions v left join user_plan_statuses s on s.plan_id = ${planStream.idOf(stream)}
      where v.projection = ${projection} and v.stream_name = ${stream}`.execute(db);
    const [found] = rows;
    if (!found) return undefined;
    return { version: found.version, state: found.plan_id === null ? null : { plan_id: found.plan_id, owner_id: found.owner_id!, active: found.active! } };
  },
};

/**
 * Applies a batch of plan events: each plan's status, then the counters of the owners whose
 * plans changed status, and tells every server so (their cached sessions carry the counter), in
 * the transaction that counts, whichever applies the events (an append or the runner; a
 * rebuild's replay tells no one until its swap).
 * Only such a change moves a member's row: a task ticked, reopened or added in a plan that stays
 * active leaves it as it was, and names no one.
 */
export async function applyActivePlans(trx: Transaction<Database>, events: RecordedEvent[], projection: string) {
  const planIds = [...new Set(events.map((e) => planStream.idOf(e.streamName)))];
  const loaded = await trx.selectFrom('user_plan_statuses').selectAll().where('plan_id', 'in', planIds).execute();
  const plans = new Map<string, PlanStatusRow | null>(loaded.map((row) => [row.plan_id, row]));
  for (const recorded of events) {
    const planId = planStream.idOf(recorded.streamName);
    plans.set(planId, nextPlanStatus(plans.get(planId) ?? null, recorded));
  }
  for (const [planId, row] of plans) stageRows(trx, projection, planStream.name(planId), row);
  // Only the plans whose status this batch changes (a task added to an active plan changes none).
  const rows = [...plans.values()].filter((row): row is PlanStatusRow => row !== null).filter((row) => {
    const before = loaded.find((l) => l.plan_id === row.plan_id);
    return !before || before.active !== row.active;
  });
  if (rows.length === 0) return;
  const owners = [...new Set(rows.map((row) => row.owner_id))].sort();
  // The owners' rows first, locked: appends to two plans of one member (inline, at once) count
  // one after the other, the count below seeing the other's statuses once it has committed.
  await sql`select id from users where id in (${sql.join(owners)}) order by id for update`.execute(trx);
  await trx
    .insertInto('user_plan_statuses')
    .values(rows)
    .onConflict((oc) => oc.column('plan_id').doUpdateSet({ active: (eb) => eb.ref('excluded.active') }))
    .execute();
  await sql`
    update users set active_plans = (
      select count(*)::int from user_plan_statuses s where s.owner_id = users.id and s.active
    ) where id in (${sql.join(owners)})`.execute(trx);
  // A rebuild's replay writes shadow tables nobody reads yet; its swap tells everyone.
  if (!isReplaying(trx)) await announceSessionsChanged(trx, owners);
}
