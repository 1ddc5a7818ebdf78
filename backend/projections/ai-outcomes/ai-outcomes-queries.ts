import { sql, type Kysely } from 'kysely';
import type { Database } from '../../application/ports/database';
import type { AiConfigOutcomeRow, AiConfigOutcomeWeek } from '../../application/contracts/ai-config';

/**
 * The outcomes of each AI configuration version (issue 53), added up from the facts the
 * `ai-outcomes` projection keeps, so each figure is known for the whole past:
 * - idea sets generated with the version, and their ideas;
 * - plans made from those ideas: the share of ideas turned into a plan (each idea once), and per
 *   plan the milestones completed (every task of the milestone done), the tasks completed within
 *   30 days of the plan's creation (done now, last ticked within those 30 days) and the help
 *   requests;
 * - members whose first generated idea set the version made, and how many of them became Pro
 *   within 30 days of that set (not before it);
 * - what generating ideas cost with the version, per idea set.
 * Versions that made nothing are listed too (every saved one), with zero samples.
 */
export async function aiConfigOutcomes(db: Kysely<Database>): Promise<AiConfigOutcomeRow[]> {
  const { rows } = await sql<{
    version: number;
    idea_sets: string | number;
    ideas: string | number;
    plans: string | number;
    ideas_planned: string | number;
    milestones_completed: string | number;
    tasks_completed_30d: string | number;
    help_requests: string | number;
    members: string | number;
    became_pro: string | number;
    ai_cost_usd: string | number;
  }>`
    with sets as (
      select config_version as version, count(*) as idea_sets, sum(ideas) as ideas
      from outcome_idea_sets where config_version is not null group by config_version
    ),
    milestones as (
      select plan_id, count(*) filter (where all_done) as completed
      from (select plan_id, milestone_id, bool_and(completed_at is not null) as all_done from outcome_plan_tasks group by plan_id, milestone_id) m
      group by plan_id
    ),
    early_tasks as (
      select t.plan_id, count(*) as completed
      from outcome_plan_tasks t join outcome_plans p on p.plan_id = t.plan_id
      where t.completed_at is not null and t.completed_at <= p.created_at + interval '30 days'
      group by t.plan_id
    ),
    plans as (
      select s.config_version as version, count(*) as plans, count(distinct (p.idea_set_id, p.idea_id)) as ideas_planned,
             coalesce(sum(m.completed), 0) as milestones_completed, coalesce(sum(e.completed), 0) as tasks_completed_30d,
             sum(p.help_requests) as help_requests
      from outcome_plans p
      join outcome_idea_sets s on s.idea_set_id = p.idea_set_id
      left join milestones m on m.plan_id = p.plan_id
      left join early_tasks e on e.plan_id = p.plan_id
      where s.config_version is not null
      group by s.config_version
    ),
    firsts as (
      select distinct on (owner_id) owner_id, config_version as version, created_at
      from outcome_idea_sets where config_version is not null
      order by owner_id, created_at, idea_set_id
    ),
    members as (
      select f.version, count(*) as members,
             count(*) filter (where u.pro_at >= f.created_at and u.pro_at <= f.created_at + interval '30 days') as became_pro
      from firsts f left join outcome_upgrades u on u.user_id = f.owner_id
      group by f.version
    ),
    costs as (select config_version as version, sum(cost_usd) as ai_cost_usd from outcome_ai_costs group by config_version),
    versions as (
      select version from ai_config_versions
      union select version from sets union select version from costs
    )
    select v.version,
           coalesce(s.idea_sets, 0) as idea_sets, coalesce(s.ideas, 0) as ideas,
           coalesce(p.plans, 0) as plans, coalesce(p.ideas_planned, 0) as ideas_planned,
           coalesce(p.milestones_completed, 0) as milestones_completed, coalesce(p.tasks_completed_30d, 0) as tasks_completed_30d,
           coalesce(p.help_requests, 0) as help_requests,
           coalesce(m.members, 0) as members, coalesce(m.became_pro, 0) as became_pro,
           coalesce(c.ai_cost_usd, 0) as ai_cost_usd
    from versions v
    left join sets s on s.version = v.version
    left join plans p on p.version = v.version
    left join members m on m.version = v.version
    left join costs c on c.version = v.version
    order by v.version`.execute(db);
  return rows.map((row) => {
    const ideaSets = Number(row.idea_sets);
    const ideas = Number(row.ideas);
    const plans = Number(row.plans);
    const members = Number(row.members);
    const aiCostUsd = Number(row.ai_cost_usd);
    const per = (total: number, of: number) => (of === 0 ? null : total / of);
    return {
      version: Number(row.version),
      ideaSets,
      ideas,
      plans,
      ideasPlanned: Number(row.ideas_planned),
      planShare: per(Number(row.ideas_planned), ideas),
      milestonesCompletedPerPlan: per(Number(row.milestones_completed), plans),
      tasksCompletedWithin30DaysPerPlan: per(Number(row.tasks_completed_30d), plans),
      helpRequestsPerPlan: per(Number(row.help_requests), plans),
      members,
      becamePro: Number(row.became_pro),
      proShare: per(Number(row.became_pro), members),
      aiCostUsd,
      aiCostPerIdeaSetUsd: per(aiCostUsd, ideaSets),
    };
  });
}

/** Week by week (weeks begin on Monday, UTC), per version: the idea sets it generated and the share of their ideas turned into plans. */
export async function aiConfigOutcomeWeeks(db: Kysely<Database>): Promise<AiConfigOutcomeWeek[]> {
  const { rows } = await sql<{ week: string; version: number; idea_sets: string | number; ideas: string | number; ideas_planned: string | number }>`
    select to_char(date_trunc('week', s.created_at at time zone 'UTC'), 'YYYY-MM-DD') as week, s.config_version as version,
           count(*) as idea_sets, sum(s.ideas) as ideas,
           coalesce(sum((select count(distinct p.idea_id) from outcome_plans p where p.idea_set_id = s.idea_set_id)), 0) as ideas_planned
    from outcome_idea_sets s
    where s.config_version is not null
    group by 1, 2
    order by 1, 2`.execute(db);
  return rows.map((row) => {
    const ideas = Number(row.ideas);
    return {
      week: row.week,
      version: Number(row.version),
      ideaSets: Number(row.idea_sets),
      planShare: ideas === 0 ? null : Number(row.ideas_planned) / ideas,
    };
  });
}
