import { sql, type Migration, type Transaction } from 'kysely';
import type { Database } from '../../application/ports/database';
import type { RecordedEvent } from '../../application/ports/event-store';
import type { AiCallRecorded } from '../../domain/ai-usage/ai-call';
import type { UserRoleChanged } from '../../domain/identity/user';
import { userStreams } from '../../domain/identity/user';
import type { IdeaSetCreated } from '../../domain/ideas/idea-set';
import { planEventTypes, type PlanEvent } from '../../domain/plans/plan';
import { assertNever } from '../../domain/shared/domain-error';
import type { Projection } from '../runner/projection';

/**
 * The facts the outcomes of each AI configuration version are counted from (issue 53,
 * `ai-outcomes-queries.ts` adds them up when read, so a new figure is known for the past too):
 * each generated idea set with the version it was made with, its ideas, each plan made from one
 * of those ideas with its tasks and help requests, when each member first became Pro, and the
 * cost of each call that generated ideas.
 */
export interface OutcomeIdeaSetsTable {
  idea_set_id: string;
  owner_id: string;
  /** Null: not made by an AI configuration (a trial or saved set, or one from before versions). */
  config_version: number | null;
  created_at: Date;
  ideas: number;
  /** Its ideas' ids (they repeat across a member's sets: `online-1`). */
  idea_ids: string[];
  /** The event's place in the global order: which set was a member's newest when a plan was made. */
  position: string | number;
}
export interface OutcomePlansTable {
  plan_id: string;
  owner_id: string;
  idea_id: string;
  idea_set_id: string;
  created_at: Date;
  help_requests: number;
}
export interface OutcomePlanTasksTable {
  plan_id: string;
  task_id: string;
  milestone_id: string;
  owner_id: string;
  /** When the task was last ticked done; null while it is open. */
  completed_at: Date | null;
}
export interface OutcomeUpgradesTable {
  user_id: string;
  /** The first time the member became Pro. */
  pro_at: Date;
}
export interface OutcomeAiCostsTable {
  call_id: string;
  config_version: number;
  cost_usd: number | string;
  at: Date;
}

export const aiOutcomesMigration: Migration = {
  async up(db) {
    await sql`
      create table outcome_idea_sets (
        idea_set_id text primary key,
        owner_id text not null,
        config_version integer,
        created_at timestamptz not null,
        ideas integer not null,
        idea_ids text[] not null,
        position bigint not null
      )`.execute(db);
    await sql`create index outcome_idea_sets_owner on outcome_idea_sets (owner_id, position desc)`.execute(db);
    await sql`
      create table outcome_plans (
        plan_id text primary key,
        owner_id text not null,
        idea_id text not null,
        idea_set_id text not null,
        created_at timestamptz not null,
        help_requests integer not null default 0
      )`.execute(db);
    await sql`create index outcome_plans_set on outcome_plans (idea_set_id)`.execute(db);
    await sql`create index outcome_plans_owner on outcome_plans (owner_id)`.execute(db);
    await sql`
      create table outcome_plan_tasks (
        plan_id text not null,
        task_id text not null,
        milestone_id text not null,
        owner_id text not null,
        completed_at timestamptz,
        primary key (plan_id, task_id)
      )`.execute(db);
    await sql`create index outcome_plan_tasks_owner on outcome_plan_tasks (owner_id)`.execute(db);
    await sql`create table outcome_upgrades (user_id text primary key, pro_at timestamptz not null)`.execute(db);
    await sql`
      create table outcome_ai_costs (
        call_id text primary key,
        config_version integer not null,
        cost_usd numeric not null,
        at timestamptz not null
      )`.execute(db);
  },
};

/** A plan's events that move no figure (its completion, its deletion) pass by: a deleted plan still counts as made. */
const handled = ['IdeaSetCreated', ...planEventTypes, 'UserRoleChanged', 'AiCallRecorded'] as const;

type Handled = IdeaSetCreated | PlanEvent | UserRoleChanged | AiCallRecorded;

/** What one batch of events adds, folded in memory, then written with one statement per table. */
interface BatchFacts {
  sets: { idea_set_id: string; owner_id: string; config_version: number | null; created_at: string; ideas: number; idea_ids: string[]; position: number }[];
  plans: { plan_id: string; owner_id: string; idea_id: string; created_at: string; position: number }[];
  tasks: { plan_id: string; task_id: string; milestone_id: string }[];
  /** Each task's state after the batch: its last tick (null: reopened). */
  ticks: Map<string, { plan_id: string; task_id: string; completed_at: string | null }>;
  helps: Map<string, number>;
  upgrades: Map<string, string>;
  costs: { call_id: string; config_version: number; cost_usd: number; at: string }[];
}

function factsOf(events: readonly RecordedEvent[]): BatchFacts {
  const facts: BatchFacts = { sets: [], plans: [], tasks: [], ticks: new Map(), helps: new Map(), upgrades: new Map(), costs: [] };
  const tasksOf = (planId: string, milestoneId: string, taskIds: string[]) => {
    for (const taskId of taskIds) facts.tasks.push({ plan_id: planId, task_id: taskId, milestone_id: milestoneId });
  };
  for (const recorded of events) {
    const event = { type: recorded.type, data: recorded.data } as Handled;
    const at = recorded.occurredAt.toISOString();
    switch (event.type) {
      case 'IdeaSetCreated': {
        const { ideaSetId, ownerId, configVersion, ideas, source } = event.data;
        // Every set is kept, so that a plan finds the set its idea came from as the plans service
        // does; only a generated set that says which version made it counts for that version.
        const version = source === 'generated' && typeof configVersion === 'number' ? configVersion : null;
        const ideaIds = ideas.map((idea) => idea.id);
        facts.sets.push({ idea_set_id: ideaSetId, owner_id: ownerId, config_version: version, created_at: at, ideas: ideas.length, idea_ids: ideaIds, position: recorded.globalPosition });
        break;
      }
      case 'PlanCreated': {
        const { planId, ownerId, ideaId, firstMilestone } = event.data;
        facts.plans.push({ plan_id: planId, owner_id: ownerId, idea_id: ideaId, created_at: at, position: recorded.globalPosition });
        tasksOf(planId, firstMilestone.milestoneId, firstMilestone.tasks.map((task) => task.taskId));
        break;
      }
      case 'MilestoneDetailed':
        tasksOf(event.data.planId, event.data.milestone.milestoneId, event.data.milestone.tasks.map((task) => task.taskId));
        break;
      case 'TaskAdded':
        tasksOf(event.data.planId, event.data.milestoneId, [event.data.task.taskId]);
        break;
      case 'TaskCompleted':
      case 'TaskReopened': {
        const { planId, taskId } = event.data;
        facts.ticks.set(`${planId} ${taskId}`, { plan_id: planId, task_id: taskId, completed_at: event.type === 'TaskCompleted' ? at : null });
        break;
      }
      case 'TaskHelpProvided':
        facts.helps.set(event.data.planId, (facts.helps.get(event.data.planId) ?? 0) + 1);
        break;
      case 'UserRoleChanged': {
        if (event.data.to !== 'pro' || !recorded.streamName.startsWith(userStreams.prefix)) break;
        const userId = userStreams.idOf(recorded.streamName);
        if (!facts.upgrades.has(userId)) facts.upgrades.set(userId, at);
        break;
      }
      case 'AiCallRecorded': {
        const { callId, kind, userId, configVersion, costUsd } = event.data;
        // The cost of generating a member's idea sets (a visitor's trial makes no idea set).
        if (kind === 'ideas' && userId !== null && typeof configVersion === 'number') {
          facts.costs.push({ call_id: callId, config_version: configVersion, cost_usd: costUsd, at });
        }
        break;
      }
      case 'PlanCompleted':
      case 'PlanDeleted':
      case 'PlanRestored':
        break;
      default:
        return assertNever(event);
    }
  }
  return facts;
}

const rows = (values: readonly object[]) => JSON.stringify(values);

/**
 * One batch in order of dependence: the sets, then the plans (each finds the member's newest set
 * holding its idea among those before it in the log, so the answer is the same however the log
 * is cut into batches), their tasks, the tasks' last ticks, the help requests, the upgrades and
 * the costs. The same facts as one event at a time, in a few statements.
 */
async function applyBatch(trx: Transaction<Database>, events: RecordedEvent[]) {
  const facts = factsOf(events);
  if (facts.sets.length > 0) {
    await sql`
      insert into outcome_idea_sets (idea_set_id, owner_id, config_version, created_at, ideas, idea_ids, position)
      select s.idea_set_id, s.owner_id, s.config_version, s.created_at, s.ideas, array(select jsonb_array_elements_text(s.idea_ids)), s.position
      from jsonb_to_recordset(${rows(facts.sets)}::jsonb)
        as s(idea_set_id text, owner_id text, config_version integer, created_at timestamptz, ideas integer, idea_ids jsonb, position bigint)
      on conflict (idea_set_id) do nothing`.execute(trx);
  }
  if (facts.plans.length > 0) {
    // A plan counts for the version that made the idea set its idea came from: the member's
    // newest set holding that idea, as the plans service finds it (none: not counted).
    await sql`
      insert into outcome_plans (plan_id, owner_id, idea_id, idea_set_id, created_at)
      select p.plan_id, p.owner_id, p.idea_id, found.idea_set_id, p.created_at
      from jsonb_to_recordset(${rows(facts.plans)}::jsonb)
        as p(plan_id text, owner_id text, idea_id text, created_at timestamptz, position bigint)
      cross join lateral (
        select s.idea_set_id from outcome_idea_sets s
        where s.owner_id = p.owner_id and p.idea_id = any(s.idea_ids) and s.position < p.position
        order by s.position desc
        limit 1
      ) found
      on conflict (plan_id) do nothing`.execute(trx);
  }
  if (facts.tasks.length > 0) {
    await sql`
      insert into outcome_plan_tasks (plan_id, task_id, milestone_id, owner_id, completed_at)
      select t.plan_id, t.task_id, t.milestone_id, p.owner_id, null
      from jsonb_to_recordset(${rows(facts.tasks)}::jsonb) as t(plan_id text, task_id text, milestone_id text)
      join outcome_plans p on p.plan_id = t.plan_id
      on conflict (plan_id, task_id) do nothing`.execute(trx);
  }
  if (facts.ticks.size > 0) {
    await sql`
      update outcome_plan_tasks t set completed_at = x.completed_at
      from jsonb_to_recordset(${rows([...facts.ticks.values()])}::jsonb) as x(plan_id text, task_id text, completed_at timestamptz)
      where t.plan_id = x.plan_id and t.task_id = x.task_id`.execute(trx);
  }
  if (facts.helps.size > 0) {
    const helps = [...facts.helps].map(([plan_id, count]) => ({ plan_id, count }));
    await sql`
      update outcome_plans p set help_requests = p.help_requests + x.count
      from jsonb_to_recordset(${rows(helps)}::jsonb) as x(plan_id text, count integer)
      where p.plan_id = x.plan_id`.execute(trx);
  }
  if (facts.upgrades.size > 0) {
    const upgrades = [...facts.upgrades].map(([user_id, pro_at]) => ({ user_id, pro_at }));
    await sql`
      insert into outcome_upgrades (user_id, pro_at)
      select user_id, pro_at from jsonb_to_recordset(${rows(upgrades)}::jsonb) as x(user_id text, pro_at timestamptz)
      on conflict (user_id) do nothing`.execute(trx);
  }
  if (facts.costs.length > 0) {
    await sql`
      insert into outcome_ai_costs (call_id, config_version, cost_usd, at)
      select call_id, config_version, cost_usd, at
      from jsonb_to_recordset(${rows(facts.costs)}::jsonb) as x(call_id text, config_version integer, cost_usd numeric, at timestamptz)
      on conflict (call_id) do nothing`.execute(trx);
  }
}

export const aiOutcomesProjection: Projection = {
  name: 'ai-outcomes',
  handles: handled,
  tables: ['outcome_idea_sets', 'outcome_plans', 'outcome_plan_tasks', 'outcome_upgrades', 'outcome_ai_costs'],
  // The admin's statistics: it follows the log, nobody waits for it.
  memberFacing: false,
  apply: (trx, event) => applyBatch(trx, [event]),
  applyBatch,
  // The member's idea sets, plans and account go with their streams; the AI calls stay, as their
  // `ai-call-` streams do (they name no one here).
  async erase(trx, userId) {
    for (const table of ['outcome_plan_tasks', 'outcome_plans', 'outcome_idea_sets'] as const) {
      await sql`delete from ${sql.table(table)} where owner_id = ${userId}`.execute(trx);
    }
    await sql`delete from outcome_upgrades where user_id = ${userId}`.execute(trx);
  },
};
