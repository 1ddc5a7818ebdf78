import { sql, type Kysely, type Migration, type RawBuilder, type Selectable, type Transaction } from 'kysely';
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
  type PlanEvent,
  type PlanState,
  type TaskState,
} from '../../domain/plans/plan';
import type { IdeaSetIdea } from '../../domain/ideas/idea-set';
import type { Projection } from '../runner/projection';
import { upsertRows } from '../runner/row-projection';
import { stageRows, type RowsAhead, type TableWrite } from '../runner/rows-ahead';

/**
 * Members' action plans (GET /api/plans, GET /api/plans/{id}, and the task routes' task → plan
 * lookup). One row per plan, so the list and the detail are each one indexed query answered with
 * the contract's DTO. The plan as the aggregate folds it is kept in two parts: its shape (`plan`,
 * jsonb: milestones, tasks and their help, with every task open and the status 'active') and
 * what a member's ticks change (`status`, `completed_task_ids`); the tasks the member added
 * have rows of their own (`PlanTasksTable`). A tick, or a task added, then writes the row's
 * small columns (and the task's row) and leaves the shape, several kB stored out of line, where
 * it is: rewriting it was most of a toggle's cost in the database, and then of an addition's.
 * `planOfRow` puts the parts together again; the list's own columns (progress, milestones
 * done) are kept beside them for sorting and admin use.
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

/**
 * Every task of every plan, for the task routes: which plan a task id belongs to. A task the
 * member added (`TaskAdded`, since the plan was created or last restored) is kept here whole,
 * not in the plan's shape: its milestone, its place among that milestone's tasks (0-based) and
 * the task as the shape would hold it (open; completion is the plan row's). So adding a task
 * writes one small row and the plan's small columns, where it rewrote the shape (several kB
 * stored out of line, read, rebuilt, compressed and logged again on every addition); a read puts
 * them back after the milestone's own tasks (`planOfRow`). Null for the tasks the shape holds.
 */
export interface PlanTasksTable {
  task_id: string;
  plan_id: string;
  milestone_id: string | null;
  position: number | null;
  task: TaskState | null;
}

/** A task the member added, as its `plan_tasks` row holds it. */
export type AddedTaskRow = { task_id: string; plan_id: string; milestone_id: string; position: number; task: TaskState };

/** One plan's rows: its `plans` row and the tasks the member added (`plan_tasks`), by position. */
export type PlanRows = { row: PlanRow; added: AddedTaskRow[] };

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
 * status has one already. Rows written before are split here, as `foldPlanRows` splits them.
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

/** A task as the shape (or its own row) keeps it: open, whatever the member ticked. */
const openTask = (task: TaskState): TaskState => (task.completed ? { ...task, completed: false } : task);

/**
 * A plan's shape: every task open, the status 'active' (what ticks change is kept beside it),
 * without the tasks in `kept` (the member's added tasks, kept in rows of their own).
 */
export function shapeOf(plan: ExistingPlan, kept: ReadonlySet<string> = new Set()): ExistingPlan {
  return {
    ...plan,
    status: 'active',
    milestones: plan.milestones.map((m) => (isDetailed(m) ? { ...m, tasks: m.tasks.filter((t) => !kept.has(t.taskId)).map(openTask) } : m)),
  };
}

/**
 * The plan a row holds, as the aggregate folds it: its shape with the tasks the member added
 * after each milestone's own (by position), and the row's status and completed tasks.
 */
export function planOfRow(row: Pick<PlanRow, 'plan' | 'status' | 'completed_task_ids'>, added: readonly AddedTaskRow[] = []): ExistingPlan {
  const shape = json<ExistingPlan>(row.plan);
  const completed = new Set(row.completed_task_ids);
  const tick = (t: TaskState) => (completed.has(t.taskId) ? { ...t, completed: true } : t);
  const addedTo = (milestoneId: string) =>
    added
      .filter((a) => a.milestone_id === milestoneId)
      .sort((a, b) => a.position - b.position)
      .map((a) => json<TaskState>(a.task));
  return {
    ...shape,
    status: row.status as ExistingPlan['status'],
    milestones: shape.milestones.map((m) => (isDetailed(m) ? { ...m, tasks: (added.length ? [...m.tasks, ...addedTo(m.milestoneId)] : m.tasks).map(tick) } : m)),
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

/**
 * The tasks members added (`TaskAdded`, since their plan was created or last restored) move out
 * of the plans' shapes into their `plan_tasks` rows (`PlanTasksTable`), as the projection now
 * keeps them, so the live rows are what a rebuild makes. Which tasks were added is read from the
 * event log (a plan restored since keeps its tasks in its shape); with the log elsewhere
 * (EventStoreDB) nothing is found here and the shapes stay whole, which reads the same: a read
 * puts the shape's tasks first and the rows' after them, and a later change to one of those
 * tasks rewrites the shape as before.
 */
export const plansAddedTasksMigration: Migration = {
  async up(db) {
    await sql`alter table plan_tasks add column milestone_id text, add column position integer, add column task jsonb`.execute(db);
    await sql`create index plan_tasks_added on plan_tasks (plan_id, position) where task is not null`.execute(db);
    await sql`
      with added as (
        select distinct e.data->'task'->>'taskId' as task_id
        from events e
        where e.type = 'TaskAdded'
          and not exists (select from events r where r.stream_name = e.stream_name and r.type = 'PlanRestored' and r.stream_version > e.stream_version)
      ), placed as (
        select t.value->>'taskId' as task_id, m.value->>'milestoneId' as milestone_id, (t.ord - 1)::integer as position, t.value as task
        from plans p
        cross join lateral jsonb_array_elements(p.plan->'milestones') as m(value)
        cross join lateral jsonb_array_elements(coalesce(m.value->'tasks', '[]')) with ordinality as t(value, ord)
      )
      update plan_tasks pt set milestone_id = x.milestone_id, position = x.position, task = x.task
      from placed x join added a on a.task_id = x.task_id
      where pt.task_id = x.task_id`.execute(db);
    await sql`
      update plans p set plan = jsonb_set(p.plan, '{milestones}', coalesce((
        select jsonb_agg(
                 case when m.value ? 'tasks' then jsonb_set(m.value, '{tasks}', coalesce((
                   select jsonb_agg(t.value order by t.ord)
                     from jsonb_array_elements(m.value->'tasks') with ordinality as t(value, ord)
                    where not exists (select from plan_tasks pt where pt.task_id = t.value->>'taskId' and pt.task is not null)), '[]'))
                 else m.value end
                 order by m.ord)
          from jsonb_array_elements(p.plan->'milestones') with ordinality as m(value, ord)), '[]'))
      where exists (select from plan_tasks pt where pt.plan_id = p.id and pt.task is not null)`.execute(db);
  },
};

/** Events that change only a plan's ticks (a task's completion, the plan's status), never its shape. */
const tickEventTypes: ReadonlySet<string> = new Set(['TaskCompleted', 'TaskReopened', 'PlanCompleted'] satisfies PlanEvent['type'][]);

/** The tasks the member added after `event`, from those before it and the plan it left. */
function addedAfter(added: AddedTaskRow[], plan: ExistingPlan, event: PlanEvent): AddedTaskRow[] {
  switch (event.type) {
    case 'PlanCreated':
    case 'PlanRestored':
      return [];
    case 'TaskAdded': {
      const milestone = plan.milestones.find((m) => m.milestoneId === event.data.milestoneId);
      if (!milestone || !isDetailed(milestone)) return added;
      const task = milestone.tasks[milestone.tasks.length - 1];
      return [...added, { task_id: task.taskId, plan_id: plan.planId, milestone_id: milestone.milestoneId, position: milestone.tasks.length - 1, task: openTask(task) }];
    }
    case 'TaskHelpProvided':
      return added.map((a) => {
        if (a.task_id !== event.data.taskId) return a;
        const milestone = plan.milestones.find((m) => m.milestoneId === a.milestone_id);
        const task = milestone && isDetailed(milestone) ? milestone.tasks.find((t) => t.taskId === a.task_id) : undefined;
        return task ? { ...a, task: openTask(task) } : a;
      });
    default:
      return added;
  }
}

/** Whether an event leaves a plan's shape as it was: a tick, a task added, help for an added task. */
function leavesShape(event: PlanEvent, added: readonly AddedTaskRow[]): boolean {
  return (
    tickEventTypes.has(event.type) ||
    event.type === 'TaskAdded' ||
    (event.type === 'TaskHelpProvided' && added.some((a) => a.task_id === event.data.taskId))
  );
}

/**
 * The plan each `PlanRows` that `foldPlanRows` made was made from (equal to `planOfRow` of
 * them): the next fold of those rows, the append ahead's next write of the plan, starts from it
 * rather than putting the plan together from the rows again at every toggle. Rows loaded from
 * the database are not in it and go through `planOfRow`.
 */
const foldedPlans = new WeakMap<PlanRows, ExistingPlan>();

/**
 * A plan's rows after its `events` (in their order), or null when the plan no longer exists.
 * The events are folded on the plan as the aggregate folds it (`evolvePlan`), and the rows are
 * made from it once, not at every event. The shape is left as it was (the same object: the
 * append writes none of it) when every event leaves it (`leavesShape`); otherwise it is written
 * whole, without the added tasks. The one rule for the append ahead, the runner and a rebuild.
 */
export function foldPlanRows(rows: PlanRows | null, events: readonly RecordedEvent[]): PlanRows | null {
  if (events.length === 0) return rows;
  let state: PlanState = rows ? (foldedPlans.get(rows) ?? planOfRow(rows.row, rows.added)) : initialPlanState;
  let added = rows?.added ?? [];
  let createdAt = rows?.row.created_at;
  let shapeStays = rows !== null;
  for (const recorded of events) {
    const event = { type: recorded.type, data: recorded.data } as PlanEvent;
    state = evolvePlan(state, event);
    // A deleted plan has no rows; a restore among the same events makes them anew (its shape
    // whole, no added tasks, its first creation time).
    if (!planExists(state)) continue;
    added = addedAfter(added, state, event);
    shapeStays &&= leavesShape(event, added);
    // A restored plan keeps its first creation time (its row was dropped at the deletion).
    createdAt = event.type === 'PlanRestored' ? new Date(event.data.createdAt) : (createdAt ?? recorded.occurredAt);
  }
  if (!planExists(state)) return null;
  const row: PlanRow = {
    id: state.planId,
    owner_id: state.ownerId,
    idea_id: state.ideaId,
    title: state.title,
    category: state.category,
    status: state.status,
    progress: planProgress(state),
    completed_milestones: state.milestones.filter(milestoneDone).length,
    total_milestones: state.milestones.length,
    plan: shapeStays ? rows!.row.plan : shapeOf(state, new Set(added.map((a) => a.task_id))),
    completed_task_ids: state.milestones.flatMap((m) => (isDetailed(m) ? m.tasks.filter((t) => t.completed).map((t) => t.taskId) : [])),
    created_at: createdAt!,
    updated_at: events[events.length - 1].occurredAt,
  };
  const folded = { row, added };
  foldedPlans.set(folded, state);
  return folded;
}

const planIdOf = (event: RecordedEvent) => (event.data as { planId: string }).planId;

/**
 * The added tasks (`PlanTasksTable`) of the plan whose id is `planId` (a column of the outer
 * query), by position, as one jsonb array: a read and the rows ahead fetch them with the plan's row.
 */
const addedTasksOf = (planId: RawBuilder<unknown>) => sql<AddedTaskRow[] | string>`(
  select coalesce(jsonb_agg(to_jsonb(t) order by t.position), '[]') from plan_tasks t
  where t.plan_id = ${planId} and t.task is not null)`;

/** A `plan_tasks` row as every write sends it: all five columns (null but for an added task). */
type PlanTaskRow = { task_id: string; plan_id: string; milestone_id: string | null; position: number | null; task: TaskState | null };

/** The task ids an event brings into a plan, as rows of tasks the shape holds. */
function newTasks(event: RecordedEvent): PlanTaskRow[] {
  const e = { type: event.type, data: event.data } as PlanEvent;
  const tasks =
    e.type === 'PlanCreated' ? e.data.firstMilestone.tasks
    : e.type === 'MilestoneDetailed' ? e.data.milestone.tasks
    : e.type === 'TaskAdded' ? [e.data.task]
    : e.type === 'PlanRestored' ? e.data.plan.milestones.flatMap((m) => (m.isDetailed ? m.tasks : []))
    : [];
  return tasks.map((t) => ({ task_id: t.taskId, plan_id: planIdOf(event), milestone_id: null, position: null, task: null }));
}

/**
 * The `plan_tasks` rows a plan's events leave to write: a row for each task they brought, an
 * added task's whole (as are the added tasks whose row changed: help given), in one list with
 * each task once.
 */
function taskRowsToWrite(before: readonly AddedTaskRow[], after: PlanRows, events: readonly RecordedEvent[]): PlanTaskRow[] {
  const rows = new Map<string, PlanTaskRow>(events.flatMap(newTasks).map((row) => [row.task_id, row]));
  const unchanged = new Set(before);
  for (const added of after.added) if (rows.has(added.task_id) || !unchanged.has(added)) rows.set(added.task_id, added);
  return [...rows.values()];
}

/** A plan's row loaded with its added tasks (`addedTasksOf`). */
type LoadedPlanRow = PlanRow & { added: AddedTaskRow[] | string };

/** A plan's rows as loaded, with jsonb as values (not the driver's text), as the upserts send them. */
const planRowsOf = ({ added, ...row }: LoadedPlanRow): PlanRows => ({
  row: { ...row, plan: json<ExistingPlan>(row.plan) },
  added: json<AddedTaskRow[]>(added),
});

async function applyBatch(trx: Transaction<Database>, events: RecordedEvent[]) {
  if (events.length === 0) return;
  const ids = [...new Set(events.map(planIdOf))].sort();
  // Locked, in key order, as every writer of a plan's rows takes them.
  const loaded = await sql<LoadedPlanRow>`
    select p.*, ${addedTasksOf(sql.ref('p.id'))} as added from plans p where p.id = any(${ids}) order by p.id for update of p`.execute(trx);
  const before = new Map<string, PlanRows | null>(ids.map((id) => [id, null]));
  for (const row of loaded.rows) before.set(row.id, planRowsOf(row));
  const eventsOf = new Map<string, RecordedEvent[]>();
  for (const event of events) {
    const id = planIdOf(event);
    const ofPlan = eventsOf.get(id);
    if (ofPlan) ofPlan.push(event);
    else eventsOf.set(id, [event]);
  }
  const after = new Map([...eventsOf].map(([id, ofPlan]) => [id, foldPlanRows(before.get(id) ?? null, ofPlan)]));
  for (const [id, ofPlan] of eventsOf) stageRows(trx, 'plans', ofPlan[0].streamName, after.get(id) ?? null);
  const removed = [...after].filter(([, rows]) => rows === null).map(([id]) => id);
  const kept = [...after].filter((entry): entry is [string, PlanRows] => entry[1] !== null);
  if (removed.length) {
    // A deleted plan's rows go, its tasks' with them.
    await sql`delete from plan_tasks where plan_id = any(${removed})`.execute(trx);
    await sql`delete from plans where id = any(${removed})`.execute(trx);
  }
  if (kept.length === 0) return;
  await upsertRows(trx, 'plans', 'id', kept.map(([, rows]) => rows.row));
  // A restored plan holds every task in its shape again: rows its added tasks had before go back to plain rows.
  const restored = kept.filter(([id]) => eventsOf.get(id)!.some((e) => e.type === 'PlanRestored')).map(([id]) => id);
  if (restored.length) {
    await sql`update plan_tasks set milestone_id = null, position = null, task = null where plan_id = any(${restored}) and task is not null`.execute(trx);
  }
  const taskRows = kept.flatMap(([id, rows]) => taskRowsToWrite(before.get(id)?.added ?? [], rows, eventsOf.get(id) ?? []));
  await upsertRows(trx, 'plan_tasks', 'task_id', taskRows);
}

/**
 * A plan's rows ahead of the database; a deleted or restored plan goes through the transaction.
 * When the shape stays (ticks, a task added, help for an added task) the plan's row is updated
 * without it (`update`: the row without its shape); otherwise it is written whole. Its task
 * rows are upserted as `applyBatch` writes them.
 */
const plansAhead: RowsAhead<PlanRows> = {
  step(state, events) {
    if (events.some((e) => e.type === 'PlanDeleted' || e.type === 'PlanRestored')) return undefined;
    const rows = foldPlanRows(state, events);
    if (!rows) return undefined;
    const { plan: shape, ...ticks } = rows.row;
    const writes: TableWrite[] = [
      state && shape === state.row.plan ? { table: 'plans', key: 'id', update: [ticks] } : { table: 'plans', key: 'id', upsert: [rows.row] },
    ];
    const taskRows = taskRowsToWrite(state?.added ?? [], rows, events);
    if (taskRows.length) writes.push({ table: 'plan_tasks', key: 'task_id', upsert: taskRows });
    return { state: rows, writes };
  },
  // The plan's rows as `applyBatch` loads them, and the version the projection has seen of its stream, in one statement.
  async load(db, projection, stream) {
    if (!stream.startsWith(planStream.prefix)) return undefined;
    const { rows } = await sql<LoadedPlanRow & { seen_version: number }>`
      select v.version as seen_version, p.*, ${addedTasksOf(sql.ref('p.id'))} as added
      from projection_stream_versions v left join plans p on p.id = ${planStream.idOf(stream)}
      where v.projection = ${projection} and v.stream_name = ${stream}`.execute(db);
    if (rows.length === 0) return undefined;
    const { seen_version, ...row } = rows[0];
    return { version: seen_version, state: row.id === null ? null : planRowsOf(row) };
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
const addedTasks = addedTasksOf(sql.ref('plans.id')).as('added');
const toDto = (row: Pick<PlanRow, (typeof planColumns)[number]> & { added: AddedTaskRow[] | string }): PlanDto =>
  toPlanDto(planOfRow(row, json<AddedTaskRow[]>(row.added)), new Date(row.created_at).toISOString());

/** The member's plans, newest first (the plans list and the dashboard). */
export async function listPlansOf(db: Db, ownerId: string): Promise<PlanDto[]> {
  const rows = await db
    .selectFrom('plans')
    .select([...planColumns, addedTasks])
    .where('owner_id', '=', ownerId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map(toDto);
}

/** One of the member's plans with its milestones and tasks (the plan page). */
export async function findPlanOf(db: Db, ownerId: string, planId: string): Promise<PlanDto | undefined> {
  const row = await db.selectFrom('plans').select([...planColumns, addedTasks]).where('id', '=', planId).where('owner_id', '=', ownerId).executeTakeFirst();
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
