import { sql, type Kysely, type Migration, type Selectable, type Transaction } from 'kysely';
import { toPlanDto, type PlanDto } from '../../application/contracts/plans';
import type { Database } from '../../application/ports/database';
import type { RecordedEvent } from '../../application/ports/event-store';
import {
  evolvePlan,
  initialPlanState,
  milestoneDone,
  planEventTypes,
  planExists,
  planProgress,
  type ExistingPlan,
  type PlanDeleted,
  type PlanEvent,
} from '../../domain/plans/plan';
import type { IdeaSetIdea } from '../../domain/ideas/idea-set';
import type { Projection } from '../runner/projection';
import { rowProjection } from '../runner/row-projection';
import type { RowsAhead } from '../runner/rows-ahead';

/**
 * Members' action plans (GET /api/plans, GET /api/plans/{id}, and the task routes' task → plan
 * lookup). One row per plan holding the plan as the aggregate folds it (`plan`, jsonb), so the
 * list and the detail are each one indexed query answered with the contract's DTO; the list's
 * own columns (status, progress, milestones done) are kept beside it for sorting and admin use.
 */
export interface PlansTable {
  id: string;
  owner_id: string;
  idea_id: string;
  title: string;
  category: string;
  status: string;
  progress: number;
  completed_milestones: number;
  total_milestones: number;
  plan: ExistingPlan;
  created_at: Date;
  updated_at: Date;
}
export type PlanRow = Selectable<PlansTable>;

/** Every task of every plan, for the task routes: which plan a task id belongs to. */
export interface PlanTasksTable {
  task_id: string;
  plan_id: string;
}

export const plansMigration: Migration = {
  async up(db) {
    await sql`
      create table plans (
        id text primary key,
        owner_id text not null,
        idea_id text not null,
        title text not null,
        category text not null,
        status text not null,
        progress integer not null,
        completed_milestones integer not null,
        total_milestones integer not null,
        plan jsonb not null,
        created_at timestamptz not null,
        updated_at timestamptz not null
      )`.execute(db);
    await sql`create index plans_owner on plans (owner_id, created_at desc, id desc)`.execute(db);
    await sql`create table plan_tasks (task_id text primary key, plan_id text not null)`.execute(db);
  },
};

const json = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

export function evolvePlanRow(row: PlanRow | null, recorded: RecordedEvent): PlanRow | null {
  const event = { type: recorded.type, data: recorded.data } as PlanEvent;
  const state = evolvePlan(row ? json<ExistingPlan>(row.plan) : initialPlanState, event);
  if (!planExists(state)) return null;
  return {
    id: state.planId,
    owner_id: state.ownerId,
    idea_id: state.ideaId,
    title: state.title,
    category: state.category,
    status: state.status,
    progress: planProgress(state),
    completed_milestones: state.milestones.filter(milestoneDone).length,
    total_milestones: state.milestones.length,
    plan: state,
    // A restored plan keeps its first creation time (its row was dropped at the deletion).
    created_at: event.type === 'PlanRestored' ? new Date(event.data.createdAt) : (row?.created_at ?? recorded.occurredAt),
    updated_at: recorded.occurredAt,
  };
}

const planRows = rowProjection<PlanRow>({
  name: 'plans',
  table: 'plans',
  keyColumn: 'id',
  handles: planEventTypes,
  memberFacing: true,
  rowKey: (event) => (event.data as { planId: string }).planId,
  evolve: evolvePlanRow,
  rowFollowsStream: true,
});

/** The task ids an event brings into a plan. */
function newTasks(event: RecordedEvent): { task_id: string; plan_id: string }[] {
  const e = { type: event.type, data: event.data } as PlanEvent;
  const planId = (event.data as { planId: string }).planId;
  const tasks =
    e.type === 'PlanCreated' ? e.data.firstMilestone.tasks
    : e.type === 'MilestoneDetailed' ? e.data.milestone.tasks
    : e.type === 'TaskAdded' ? [e.data.task]
    : e.type === 'PlanRestored' ? e.data.plan.milestones.flatMap((m) => (m.isDetailed ? m.tasks : []))
    : [];
  return tasks.map((t) => ({ task_id: t.taskId, plan_id: planId }));
}

async function applyBatch(trx: Transaction<Database>, events: RecordedEvent[]) {
  await planRows.applyBatch!(trx, events);
  const tasks = events.flatMap(newTasks);
  if (tasks.length) await trx.insertInto('plan_tasks').values(tasks).onConflict((oc) => oc.column('task_id').doNothing()).execute();
  // A deleted plan's tasks go with it (after the inserts: a batch may hold a plan's whole life),
  // unless the batch restores it afterwards.
  const lastRemoval = new Map<string, string>();
  for (const e of events) if (e.type === 'PlanDeleted' || e.type === 'PlanRestored') lastRemoval.set((e.data as PlanDeleted['data']).planId, e.type);
  const deleted = [...lastRemoval].filter(([, type]) => type === 'PlanDeleted').map(([planId]) => planId);
  if (deleted.length) await trx.deleteFrom('plan_tasks').where('plan_id', 'in', deleted).execute();
}

/** A plan's row and its new tasks, ahead of the database; a deleted or restored plan goes through the transaction. */
const plansAhead: RowsAhead = {
  step(state, events) {
    if (events.some((e) => e.type === 'PlanDeleted' || e.type === 'PlanRestored')) return undefined;
    const plan = planRows.ahead!.step(state, events);
    const tasks = events.flatMap(newTasks);
    if (!plan || tasks.length === 0) return plan;
    return { state: plan.state, writes: [...plan.writes, { table: 'plan_tasks', key: 'task_id', upsert: tasks }] };
  },
};

export const plansProjection: Projection = {
  name: 'plans',
  handles: planEventTypes,
  tables: ['plans', 'plan_tasks'],
  memberFacing: true,
  inline: true,
  ahead: plansAhead,
  apply: (trx, event) => applyBatch(trx, [event]),
  applyBatch,
  async erase(trx, userId) {
    await trx
      .deleteFrom('plan_tasks')
      .where('plan_id', 'in', (eb) => eb.selectFrom('plans').select('id').where('owner_id', '=', userId))
      .execute();
    await trx.deleteFrom('plans').where('owner_id', '=', userId).execute();
  },
};

// ── Reader queries: every one is by the member's id ───────────────────────────
type Db = Kysely<Database> | Transaction<Database>;

const toDto = (row: Pick<PlanRow, 'plan' | 'created_at'>): PlanDto => toPlanDto(json<ExistingPlan>(row.plan), new Date(row.created_at).toISOString());

/** The member's plans, newest first (the plans list and the dashboard). */
export async function listPlansOf(db: Db, ownerId: string): Promise<PlanDto[]> {
  const rows = await db
    .selectFrom('plans')
    .select(['plan', 'created_at'])
    .where('owner_id', '=', ownerId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map(toDto);
}

/** One of the member's plans with its milestones and tasks (the plan page). */
export async function findPlanOf(db: Db, ownerId: string, planId: string): Promise<PlanDto | undefined> {
  const row = await db.selectFrom('plans').select(['plan', 'created_at']).where('id', '=', planId).where('owner_id', '=', ownerId).executeTakeFirst();
  return row ? toDto(row) : undefined;
}

/** The plan of one of the member's tasks; nothing for another member's task. */
export async function findPlanIdOfTask(db: Db, ownerId: string, taskId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('plan_tasks')
    .innerJoin('plans', 'plans.id', 'plan_tasks.plan_id')
    .select('plan_tasks.plan_id')
    .where('plan_tasks.task_id', '=', taskId)
    .where('plans.owner_id', '=', ownerId)
    .executeTakeFirst();
  return row?.plan_id;
}

/**
 * The member's stored idea with this id (plan generation builds from it; none is "Idea not
 * found"). Generated ids repeat across sets (`fiverr-2` is in every set): the one titled `title`,
 * else the newest set's. It reads the idea-sets read model's table, by its owner index.
 */
export async function findMemberIdea(db: Db, ownerId: string, ideaId: string, title: string): Promise<(IdeaSetIdea & { skill: string }) | undefined> {
  const rows = await db
    .selectFrom('idea_sets')
    .select(['ideas', 'skill'])
    .where('owner_id', '=', ownerId)
    .where(sql<boolean>`ideas @> ${JSON.stringify([{ id: ideaId }])}::jsonb`)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  const ideas = rows.flatMap((row) =>
    (typeof row.ideas === 'string' ? (JSON.parse(row.ideas) as IdeaSetIdea[]) : row.ideas)
      .filter((idea) => idea.id === ideaId)
      .map((idea) => ({ ...idea, skill: row.skill })),
  );
  return ideas.find((idea) => idea.title.trim() === title.trim()) ?? ideas[0];
}

/** Ids and owners of plans in id order after `after`, of one member when `ownerId` is given (the admin's content cleanup). */
export async function pagePlanIds(db: Db, page: { after: string | null; limit: number; ownerId?: string }): Promise<{ id: string; ownerId: string }[]> {
  let query = db.selectFrom('plans').select(['id', 'owner_id']);
  if (page.ownerId !== undefined) query = query.where('owner_id', '=', page.ownerId);
  if (page.after !== null) query = query.where('id', '>', page.after);
  const rows = await query.orderBy('id').limit(page.limit).execute();
  return rows.map((row) => ({ id: row.id, ownerId: row.owner_id }));
}
