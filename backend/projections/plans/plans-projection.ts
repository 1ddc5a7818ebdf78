import { sql, type Kysely, type Migration, type Selectable, type Transaction } from 'kysely';
import { toPlanDto, type PlanDto } from '../../application/contracts/plans';
import type { Database } from '../../application/ports/database';
import type { RecordedEvent } from '../../application/ports/event-store';
import {
  evolvePlan,
  initialPlanState,
  isDetailed,
  milestoneDone,
  planEventTypes,
  planExists,
  planProgress,
  planStream,
  type ExistingPlan,
  type PlanDeleted,
  type PlanEvent,
  type TaskAdded,
} from '../../domain/plans/plan';
import type { IdeaSetIdea } from '../../domain/ideas/idea-set';
import type { Projection } from '../runner/projection';
import { rowProjection } from '../runner/row-projection';
import type { RowsAhead, TableWrite } from '../runner/rows-ahead';

/**
 * Members' action plans (GET /api/plans, GET /api/plans/{id}, and the task routes' task → plan
 * lookup). One row per plan, so the list and the detail are each one indexed query answered with
 * the contract's DTO. The plan as the aggregate folds it is kept in two parts: its shape (`plan`,
 * jsonb: milestones, tasks and their help, with every task open and the status 'active') and
 * what a member's ticks change (`status`, `completed_task_ids`). A tick then writes the row's
 * small columns and leaves the shape, several kB stored out of line, where it is: rewriting it
 * was most of a toggle's cost in the database. `planOfRow` puts the two together again; the
 * list's own columns (progress, milestones done) are kept beside them for sorting and admin use.
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
  /** The plan's shape (`shapeOf`): read it through `planOfRow`, never alone. */
  plan: ExistingPlan;
  /** The ids of the plan's completed tasks. */
  completed_task_ids: string[];
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

/**
 * Every plan's row splits its plan into shape and ticks (issue 49): the shape keeps every task
 * open and the status 'active'; the ids of the completed tasks get a column of their own, the
 * status has one already. Rows written before are split here, as `evolvePlanRow` splits them.
 */
export const plansCompletedTasksMigration: Migration = {
  async up(db) {
    await sql`alter table plans add column completed_task_ids text[] not null default '{}'`.execute(db);
    await sql`
      update plans p set
        completed_task_ids = coalesce((
          select array_agg(t.value->>'taskId' order by m.ord, t.ord)
            from jsonb_array_elements(p.plan->'milestones') with ordinality as m(value, ord),
                 jsonb_array_elements(coalesce(m.value->'tasks', '[]')) with ordinality as t(value, ord)
           where (t.value->>'completed')::boolean), '{}'),
        plan = jsonb_set(p.plan, '{milestones}', coalesce((
          select jsonb_agg(
                   case when m.value ? 'tasks' then jsonb_set(m.value, '{tasks}', coalesce((
                     select jsonb_agg(jsonb_set(t.value, '{completed}', 'false') order by t.ord)
                       from jsonb_array_elements(m.value->'tasks') with ordinality as t(value, ord)), '[]'))
                   else m.value end
                   order by m.ord)
            from jsonb_array_elements(p.plan->'milestones') with ordinality as m(value, ord)), '[]')) || '{"status": "active"}'`.execute(db);
  },
};

const json = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

/** A plan's shape: every task open, the status 'active' (what ticks change is kept beside it). */
export function shapeOf(plan: ExistingPlan): ExistingPlan {
  return {
    ...plan,
    status: 'active',
    milestones: plan.milestones.map((m) => (isDetailed(m) ? { ...m, tasks: m.tasks.map((t) => (t.completed ? { ...t, completed: false } : t)) } : m)),
  };
}

/** The plan a row holds, as the aggregate folds it: its shape with the row's status and completed tasks. */
export function planOfRow(row: Pick<PlanRow, 'plan' | 'status' | 'completed_task_ids'>): ExistingPlan {
  const shape = json<ExistingPlan>(row.plan);
  const completed = new Set(row.completed_task_ids);
  return {
    ...shape,
    status: row.status as ExistingPlan['status'],
    milestones: shape.milestones.map((m) => (isDetailed(m) ? { ...m, tasks: m.tasks.map((t) => (completed.has(t.taskId) ? { ...t, completed: true } : t)) } : m)),
  };
}

/**
 * A plan's shape (5–11 kB of JSON) is written whole each time it changes: every task added,
 * every milestone detailed. It is compressed with LZ4 where the server was built with it
 * (Debian's and the official images are; the embedded PGlite is not, and keeps pglz), and kept
 * in the row rather than in the TOAST table (STORAGE MAIN: out of line only when even
 * compressed it would not fit a page), so a rewrite or a read touches one row, not its chunks.
 * The row's storage went back out of line in migration 0071 (`plansShapeOutOfLineMigration`:
 * ticks, the commonest write, paid for it); LZ4 stays.
 * pgbench, 16 clients rewriting a 9 kB shape in 2,000 rows, 5 s runs: pglz 4,483 and 4,060
 * tps, lz4 5,365 and 5,124; lz4 out of line 4,390 and 4,101, lz4 in the row 5,016 and 4,411;
 * reads of one row by its key, out of line 14,997 and 17,015, in the row 17,954 and 18,605.
 * Values stored before keep their form until rewritten; a rebuild's shadow tables copy both
 * settings (`like … including all`).
 */
export const plansShapeStorageMigration: Migration = {
  async up(db) {
    await sql`alter table plans alter column plan set storage main`.execute(db);
    await sql`
      do $$ begin
        if exists (select from pg_settings where name = 'default_toast_compression' and 'lz4' = any(enumvals)) then
          alter table plans alter column plan set compression lz4;
        end if;
      end $$`.execute(db);
  },
};

/**
 * A plan's shape is kept out of the row again (STORAGE EXTENDED, LZ4 kept where the server has
 * it): a tick rewrites the plan's row without touching its shape, and with the shape in the row
 * (migration 0069) that row was 3-4 kB, two to a page, so most ticks found no room for the new
 * version on its page: 24% of them were HOT updates, the rest wrote both indexes anew, and the
 * table grew by every tick's whole row (400 plans: from 1.6 MB to 120-130 MB in 8 s of ticks).
 * Out of line, a tick copies an 18-byte pointer: the table stayed at 176 kB. pgbench calling
 * `append_events_with_rows` as a toggle does, 16 clients, 8 s, each after VACUUM FULL, in turn:
 * in the row 4,167 and 3,808 tps, out of line 4,478 and 4,196. A task added no longer rewrites
 * the shape from the process (migration 0070: `jsonb_insert` in the database), which out of
 * line runs at 7,860-8,062 tps against 7,186-7,425 for the whole shape sent into the row
 * (pgbench, 16 clients, 12 kB shape, 5 s runs, three each).
 */
export const plansShapeOutOfLineMigration: Migration = {
  async up(db) {
    await sql`alter table plans alter column plan set storage extended`.execute(db);
  },
};

/** Events that change only a plan's ticks (a task's completion, the plan's status), never its shape. */
const tickEventTypes: ReadonlySet<string> = new Set(['TaskCompleted', 'TaskReopened', 'PlanCompleted'] satisfies PlanEvent['type'][]);

export function evolvePlanRow(row: PlanRow | null, recorded: RecordedEvent): PlanRow | null {
  const event = { type: recorded.type, data: recorded.data } as PlanEvent;
  const state = evolvePlan(row ? planOfRow(row) : initialPlanState, event);
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
    // A tick leaves the shape as it was (the same object: the append writes none of it).
    plan: row && tickEventTypes.has(event.type) ? row.plan : shapeOf(state),
    completed_task_ids: state.milestones.flatMap((m) => (isDetailed(m) ? m.tasks.filter((t) => t.completed).map((t) => t.taskId) : [])),
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

/**
 * A task added to a plan that has a row, as the plan's write: the new task inserted at the end of
 * its milestone's tasks in the stored shape, the rest of the row set as a tick sets it, so the
 * shape is neither sent nor parsed again. Undefined when the new shape is not the old one with
 * one task more in that milestone (the whole row is written then).
 */
function taskAppended(before: PlanRow, after: PlanRow, event: RecordedEvent): TableWrite | undefined {
  const { milestoneId } = event.data as TaskAdded['data'];
  const old = json<ExistingPlan>(before.plan).milestones;
  const milestones = json<ExistingPlan>(after.plan).milestones;
  const index = milestones.findIndex((m) => m.milestoneId === milestoneId);
  const [was, now] = [old[index], milestones[index]];
  if (index < 0 || milestones.length !== old.length || !isDetailed(was) || !isDetailed(now) || now.tasks.length !== was.tasks.length + 1) return undefined;
  const { plan: _shape, ...ticks } = after;
  return { table: 'plans', key: 'id', insert: [{ row: ticks, column: 'plan', path: ['milestones', String(index), 'tasks', '-1'], value: now.tasks.at(-1) }] };
}

/**
 * A plan's row and its new tasks, ahead of the database; a deleted or restored plan goes through
 * the transaction. Ticks of a plan that has a row update its small columns only (`update`: the
 * row without its shape); a task added to it is inserted into the stored shape (`insert`).
 */
const plansAhead: RowsAhead<PlanRow> = {
  step(state, events) {
    if (events.some((e) => e.type === 'PlanDeleted' || e.type === 'PlanRestored')) return undefined;
    if (state && events.every((e) => tickEventTypes.has(e.type))) {
      let row: PlanRow | null = state;
      for (const event of events) row = evolvePlanRow(row, event);
      if (!row) return undefined;
      const { plan: _shape, ...ticks } = row;
      return { state: row, writes: [{ table: 'plans', key: 'id', update: [ticks] }] };
    }
    if (state && events.length === 1 && events[0].type === 'TaskAdded') {
      const row = evolvePlanRow(state, events[0]);
      const write = row && taskAppended(state, row, events[0]);
      if (row && write) return { state: row, writes: [write, { table: 'plan_tasks', key: 'task_id', upsert: newTasks(events[0]) }] };
    }
    const plan = planRows.ahead!.step(state, events) as ReturnType<RowsAhead<PlanRow>['step']>;
    const tasks = events.flatMap(newTasks);
    if (!plan || tasks.length === 0) return plan;
    return { state: plan.state, writes: [...plan.writes, { table: 'plan_tasks', key: 'task_id', upsert: tasks }] };
  },
  // The plan's row as `applyBatch` loads it, and the version the projection has seen of its stream, in one statement.
  async load(db, projection, stream) {
    if (!stream.startsWith(planStream.prefix)) return undefined;
    const { rows } = await sql<PlanRow & { seen_version: number }>`
      select v.version as seen_version, p.*
      from projection_stream_versions v left join plans p on p.id = ${planStream.idOf(stream)}
      where v.projection = ${projection} and v.stream_name = ${stream}`.execute(db);
    if (rows.length === 0) return undefined;
    const { seen_version, ...row } = rows[0];
    return { version: seen_version, state: row.id === null ? null : { ...row, plan: json<ExistingPlan>(row.plan) } };
  },
};

export const plansProjection: Projection = {
  name: 'plans',
  handles: planEventTypes,
  tables: ['plans', 'plan_tasks'],
  memberFacing: true,
  inline: true,
  ahead: plansAhead as RowsAhead,
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

const planColumns = ['plan', 'status', 'completed_task_ids', 'created_at'] as const;
const toDto = (row: Pick<PlanRow, (typeof planColumns)[number]>): PlanDto => toPlanDto(planOfRow(row), new Date(row.created_at).toISOString());

/** The member's plans, newest first (the plans list and the dashboard). */
export async function listPlansOf(db: Db, ownerId: string): Promise<PlanDto[]> {
  const rows = await db
    .selectFrom('plans')
    .select(planColumns)
    .where('owner_id', '=', ownerId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map(toDto);
}

/** One of the member's plans with its milestones and tasks (the plan page). */
export async function findPlanOf(db: Db, ownerId: string, planId: string): Promise<PlanDto | undefined> {
  const row = await db.selectFrom('plans').select(planColumns).where('id', '=', planId).where('owner_id', '=', ownerId).executeTakeFirst();
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
