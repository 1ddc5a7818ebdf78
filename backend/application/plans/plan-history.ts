import { evolvePlan, initialPlanState, isDetailed, planExists, type ExistingPlan, type PlanEvent, type PlanState } from '../../domain/plans/plan';
import { toPlanDto, type PlanHistoryEntry, type PlanHistoryResponse } from '../contracts/plans';
import type { RecordedEvent } from '../ports/event-store';

/**
 * The plan history (issue 9, beyond the spec): each event of a plan's stream as a line a member
 * can read, and the plan as it stood right after any one of them, folded from the stream.
 */

const quoted = (text: string) => `“${text}”`;

function milestoneTitle(plan: ExistingPlan, milestoneId: string) {
  return plan.milestones.find((m) => m.milestoneId === milestoneId)?.title;
}

function taskTitle(plan: ExistingPlan, milestoneId: string, taskId: string) {
  const milestone = plan.milestones.find((m) => m.milestoneId === milestoneId);
  return milestone && isDetailed(milestone) ? milestone.tasks.find((t) => t.taskId === taskId)?.title : undefined;
}

/** The words and names of one event, read against the plan as it was once the event applied. */
function describe(event: PlanEvent, after: ExistingPlan): Pick<PlanHistoryEntry, 'summary' | 'milestoneId' | 'milestoneTitle' | 'taskId' | 'taskTitle'> {
  switch (event.type) {
    case 'PlanCreated':
      return { summary: `Created the plan ${quoted(event.data.title)} with ${1 + event.data.outlines.length} milestones` };
    case 'MilestoneDetailed': {
      const { milestoneId, title } = event.data.milestone;
      const week = after.milestones.findIndex((m) => m.milestoneId === milestoneId) + 1;
      return { summary: `Generated milestone ${week}: ${quoted(title)}`, milestoneId, milestoneTitle: title };
    }
    case 'TaskAdded': {
      const { milestoneId, task } = event.data;
      const title = milestoneTitle(after, milestoneId);
      return { summary: `Added the task ${quoted(task.title)}`, milestoneId, milestoneTitle: title, taskId: task.taskId, taskTitle: task.title };
    }
    case 'TaskCompleted':
    case 'TaskReopened':
    case 'TaskHelpProvided': {
      const { milestoneId, taskId } = event.data;
      const title = taskTitle(after, milestoneId, taskId) ?? 'a task';
      const verb = { TaskCompleted: 'Completed the task', TaskReopened: 'Reopened the task', TaskHelpProvided: 'Got help with the task' }[event.type];
      return { summary: `${verb} ${quoted(title)}`, milestoneId, milestoneTitle: milestoneTitle(after, milestoneId), taskId, taskTitle: title };
    }
    case 'PlanCompleted':
      return { summary: 'Completed the plan' };
    case 'PlanDeleted':
      return { summary: 'Deleted the plan' };
    case 'PlanRestored':
      return { summary: 'Restored the plan' };
  }
}

/**
 * The timeline of a plan's stream and the plan at version `at` (the latest when absent or past
 * the end). The stream must hold the plan's creation; the caller checks who may see it.
 */
export function planHistory(stream: RecordedEvent[], at?: number): PlanHistoryResponse {
  const last = stream.length - 1;
  const shownAt = at === undefined ? last : Math.min(Math.max(at, 0), last);
  let state: PlanState = initialPlanState;
  let shown: ExistingPlan | undefined;
  const entries: PlanHistoryEntry[] = [];
  for (const recorded of stream) {
    const event = { type: recorded.type, data: recorded.data } as PlanEvent;
    state = evolvePlan(state, event);
    if (!planExists(state)) continue;
    if (recorded.streamVersion === shownAt) shown = state;
    entries.push({
      version: recorded.streamVersion,
      type: event.type,
      occurredAt: recorded.occurredAt.toISOString(),
      actor: recorded.actor.kind === 'user' ? { kind: 'user', userId: recorded.actor.userId, role: recorded.actor.role } : recorded.actor,
      ...describe(event, state),
    });
  }
  const createdAt = stream[0]!.occurredAt.toISOString();
  return { entries, at: shownAt, plan: toPlanDto(shown ?? (state as ExistingPlan), createdAt) };
}
