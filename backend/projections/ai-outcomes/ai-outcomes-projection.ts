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
}
export interface OutcomeIdeasTable {
  idea_set_id: string;
  idea_id: string;
  owner_id: string;
  created_at: Date;
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
        ideas integer not null
      )`.execute(db);
    await sql`create index outcome_idea_sets_owner on outcome_idea_sets (owner_id, created_at)`.execute(db);
    await sql`
      create table outcome_ideas (
        idea_set_id text not null,
        idea_id text not null,
        owner_id text not null,
        created_at timestamptz not null,
        primary key (idea_set_id, idea_id)
      )`.execute(db);
    await sql`create index outcome_ideas_owner on outcome_ideas (owner_id, idea_id, created_at desc)`.execute(db);
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

/** The tasks of a milestone as they are added, open. */
async function addTasks(trx: Transaction<Database>, planId: string, milestoneId: string, taskIds: string[]) {
  if (taskIds.length === 0) return;
  await sql`
    insert into outcome_plan_tasks (plan_id, task_id, milestone_id, owner_id, completed_at)
    select ${planId}, task_id, ${milestoneId}, p.owner_id, null
    from unnest(${taskIds}::text[]) as task_id, outcome_plans p
    where p.plan_id = ${planId}
    on conflict (plan_id, task_id) do nothing`.execute(trx);
}

async function apply(trx: Transaction<Database>, recorded: RecordedEvent) {
  const event = { type: recorded.type, data: recorded.data } as Handled;
  switch (event.type) {
    case 'IdeaSetCreated': {
      const { ideaSetId, ownerId, configVersion, ideas, source } = event.data;
      // Every set is kept, so that a plan finds the set its idea came from as the plans service
      // does; only a generated set that says which version made it counts for that version.
      const version = source === 'generated' && typeof configVersion === 'number' ? configVersion : null;
      await sql`
        insert into outcome_idea_sets (idea_set_id, owner_id, config_version, created_at, ideas)
        values (${ideaSetId}, ${ownerId}, ${version}, ${recorded.occurredAt}, ${ideas.length})
        on conflict (idea_set_id) do nothing`.execute(trx);
      if (ideas.length > 0) {
        await sql`
          insert into outcome_ideas (idea_set_id, idea_id, owner_id, created_at)
          select ${ideaSetId}, idea_id, ${ownerId}, ${recorded.occurredAt} from unnest(${ideas.map((idea) => idea.id)}::text[]) as idea_id
          on conflict (idea_set_id, idea_id) do nothing`.execute(trx);
      }
      return;
    }
    case 'PlanCreated': {
      const { planId, ownerId, ideaId, firstMilestone } = event.data;
      // A plan counts for the version that made the idea set its idea came from: the member's
      // newest set holding that idea, as the plans service finds it (idea ids repeat across sets).
      const inserted = await sql<{ plan_id: string }>`
        insert into outcome_plans (plan_id, owner_id, idea_id, idea_set_id, created_at)
        select ${planId}, ${ownerId}, i.idea_id, i.idea_set_id, ${recorded.occurredAt}
        from outcome_ideas i where i.owner_id = ${ownerId} and i.idea_id = ${ideaId}
        order by i.created_at desc, i.idea_set_id desc
        limit 1
        on conflict (plan_id) do nothing
        returning plan_id`.execute(trx);
      if (inserted.rows.length > 0) await addTasks(trx, planId, firstMilestone.milestoneId, firstMilestone.tasks.map((task) => task.taskId));
      return;
    }
    case 'MilestoneDetailed':
      await addTasks(trx, event.data.planId, event.data.milestone.milestoneId, event.data.milestone.tasks.map((task) => task.taskId));
      return;
    case 'TaskAdded':
      await addTasks(trx, event.data.planId, event.data.milestoneId, [event.data.task.taskId]);
      return;
    case 'TaskCompleted':
      await sql`
        update outcome_plan_tasks set completed_at = ${recorded.occurredAt}
        where plan_id = ${event.data.planId} and task_id = ${event.data.taskId}`.execute(trx);
      return;
    case 'TaskReopened':
      await sql`
        update outcome_plan_tasks set completed_at = null
        where plan_id = ${event.data.planId} and task_id = ${event.data.taskId}`.execute(trx);
      return;
    case 'TaskHelpProvided':
      await sql`update outcome_plans set help_requests = help_requests + 1 where plan_id = ${event.data.planId}`.execute(trx);
      return;
    case 'UserRoleChanged': {
      if (event.data.to !== 'pro' || !recorded.streamName.startsWith(userStreams.prefix)) return;
      await sql`
        insert into outcome_upgrades (user_id, pro_at) values (${userStreams.idOf(recorded.streamName)}, ${recorded.occurredAt})
        on conflict (user_id) do nothing`.execute(trx);
      return;
    }
    case 'AiCallRecorded': {
      const { callId, kind, userId, configVersion, costUsd } = event.data;
      // The cost of generating a member's idea sets (a visitor's trial makes no idea set).
      if (kind !== 'ideas' || userId === null || configVersion === undefined || configVersion === null) return;
      await sql`
        insert into outcome_ai_costs (call_id, config_version, cost_usd, at)
        values (${callId}, ${configVersion}, ${costUsd}, ${recorded.occurredAt})
        on conflict (call_id) do nothing`.execute(trx);
      return;
    }
    case 'PlanCompleted':
    case 'PlanDeleted':
      return;
    default:
      return assertNever(event);
  }
}

export const aiOutcomesProjection: Projection = {
  name: 'ai-outcomes',
  handles: handled,
  tables: ['outcome_idea_sets', 'outcome_ideas', 'outcome_plans', 'outcome_plan_tasks', 'outcome_upgrades', 'outcome_ai_costs'],
  // The admin's statistics: it follows the log, nobody waits for it.
  memberFacing: false,
  apply,
  // The member's idea sets, plans and account go with their streams; the AI calls stay, as their
  // `ai-call-` streams do (they name no one here).
  async erase(trx, userId) {
    for (const table of ['outcome_plan_tasks', 'outcome_plans', 'outcome_ideas', 'outcome_idea_sets'] as const) {
      await sql`delete from ${sql.table(table)} where owner_id = ${userId}`.execute(trx);
    }
    await sql`delete from outcome_upgrades where user_id = ${userId}`.execute(trx);
  },
};
