import { isAdminOrSystem, type Actor } from '../shared/actor';
import type { Command, Decider } from '../shared/decider';
import { DomainError, NotAllowed, ReasonRequired, assertNever } from '../shared/domain-error';
import { defineStream } from '../shared/stream';
import { planLimits } from './plan-limits';

/**
 * A member's action plan (member-product §2-§4, issue 9): weekly milestones turned from an idea,
 * the first detailed at creation and the others outlines detailed one at a time, in order, once
 * every task before them is done. One stream per plan. Only the owner (or the system) acts on a
 * plan; anyone else is told it does not exist. Ids of milestones and tasks come in the commands.
 */
export const planStream = defineStream('plan');

export type PlanStatus = 'active' | 'paused' | 'completed';
export type Resource = { name: string; url: string };
export type PlanTask = { taskId: string; title: string; description: string };
export type MilestoneOutline = { milestoneId: string; title: string; description: string; timeEstimate: string };
export type MilestoneDetail = MilestoneOutline & {
  freeResources: Resource[];
  paidResources: Resource[];
  tasks: PlanTask[];
  successCriteria: string;
};

// ── Events ────────────────────────────────────────────────────────────────────
export type PlanCreated = {
  type: 'PlanCreated';
  data: {
    planId: string;
    ownerId: string;
    ideaId: string;
    title: string;
    description: string;
    category: string;
    timeEstimate: string;
    firstMilestone: MilestoneDetail;
    outlines: MilestoneOutline[];
  };
};
export type MilestoneDetailed = { type: 'MilestoneDetailed'; data: { planId: string; milestone: MilestoneDetail } };
export type TaskAdded = { type: 'TaskAdded'; data: { planId: string; milestoneId: string; task: PlanTask } };
export type TaskCompleted = { type: 'TaskCompleted'; data: { planId: string; milestoneId: string; taskId: string } };
export type TaskReopened = { type: 'TaskReopened'; data: { planId: string; milestoneId: string; taskId: string } };
export type TaskHelpProvided = { type: 'TaskHelpProvided'; data: { planId: string; milestoneId: string; taskId: string; help: string } };
export type PlanCompleted = { type: 'PlanCompleted'; data: { planId: string } };
/** An admin (or the system) deleted the plan: it leaves the member's lists; its stream stays until the account is erased. */
export type PlanDeleted = { type: 'PlanDeleted'; data: { planId: string; reason: string } };
/**
 * An admin undid the deletion (issue 53): the plan is back as it stood when deleted, tasks,
 * progress and help answers, with its creation time. It carries the plan, since the read models
 * dropped it at the deletion.
 */
export type PlanRestored = { type: 'PlanRestored'; data: { planId: string; reason: string; plan: ExistingPlan; createdAt: string } };

export type PlanEvent =
  | PlanCreated
  | MilestoneDetailed
  | TaskAdded
  | TaskCompleted
  | TaskReopened
  | TaskHelpProvided
  | PlanCompleted
  | PlanDeleted
  | PlanRestored;

export const planEventTypes = [
  'PlanCreated',
  'MilestoneDetailed',
  'TaskAdded',
  'TaskCompleted',
  'TaskReopened',
  'TaskHelpProvided',
  'PlanCompleted',
  'PlanDeleted',
  'PlanRestored',
] as const satisfies readonly PlanEvent['type'][];

// ── Commands ──────────────────────────────────────────────────────────────────
export type CreatePlan = Command<'CreatePlan', PlanCreated['data']>;
export type DetailNextMilestone = Command<'DetailNextMilestone', { planId: string; milestone: MilestoneDetail }>;
export type AddTask = Command<'AddTask', { planId: string; milestoneId: string; task: PlanTask }>;
/** `completed`: the state the member wants; without it the task flips (done becomes open, open done). */
export type ToggleTask = Command<'ToggleTask', { planId: string; taskId: string; completed?: boolean }>;
export type ProvideTaskHelp = Command<'ProvideTaskHelp', { planId: string; taskId: string; help: string }>;

export type DeletePlan = Command<'DeletePlan', { planId: string; reason: string }>;
/** `createdAt`: when the plan was first created (its stream's first event), which the restored plan keeps. */
export type RestorePlan = Command<'RestorePlan', { planId: string; reason: string; createdAt: string }>;

export type PlanCommand = CreatePlan | DetailNextMilestone | AddTask | ToggleTask | ProvideTaskHelp | DeletePlan | RestorePlan;

// ── State ─────────────────────────────────────────────────────────────────────
export type TaskState = PlanTask & { completed: boolean; helpResponse: string | null };
export type OutlineState = MilestoneOutline & { isDetailed: false };
export type DetailedMilestoneState = Omit<MilestoneDetail, 'tasks'> & { isDetailed: true; tasks: TaskState[] };
export type MilestoneState = OutlineState | DetailedMilestoneState;

export type ExistingPlan = Omit<PlanCreated['data'], 'firstMilestone' | 'outlines'> & {
  status: PlanStatus;
  milestones: MilestoneState[];
};
/** A deleted plan keeps who owned it and the plan as it stood, for a restore: every other command answers as for no plan. */
export type DeletedPlan = { status: 'deleted'; planId: string; ownerId: string; plan: ExistingPlan };
export type PlanState = { status: 'none' } | DeletedPlan | ExistingPlan;
export const initialPlanState: PlanState = { status: 'none' };

// ── Errors: a code, a kind and the facts; the application words them ──────────
export const PlanNotFound = () => new DomainError('plan_not_found', 'not_found');
export const MilestoneNotFound = () => new DomainError('milestone_not_found', 'not_found');
export const TaskNotFound = () => new DomainError('task_not_found', 'not_found');
export const PlanExists = () => new DomainError('plan_exists', 'conflict');
export const NotYourPlan = () => new DomainError('forbidden', 'forbidden', { action: 'create_plan_for_another' });
export const PlanTitleRequired = () => new DomainError('plan_title_required', 'invalid');
export const MilestonesOutOfRange = () => new DomainError('milestones_out_of_range', 'invalid', { ...planLimits.milestones });
export const TasksRequired = () => new DomainError('tasks_required', 'invalid');
export const DuplicateId = (id: string) => new DomainError('duplicate_id', 'conflict', { id });
export const AllMilestonesDetailed = () => new DomainError('all_milestones_detailed', 'conflict');
export const PreviousTasksIncomplete = (remaining: number) => new DomainError('previous_tasks_incomplete', 'conflict', { remaining });
export const MilestoneOutOfOrder = (expected: string) => new DomainError('milestone_out_of_order', 'conflict', { expected });
export const MilestoneLocked = () => new DomainError('milestone_locked', 'conflict');
export const TaskTitleRequired = () => new DomainError('task_title_required', 'invalid');
export const TaskTitleTooLong = () => new DomainError('task_title_too_long', 'invalid', { max: planLimits.taskTitle });
export const TaskDescriptionTooLong = () => new DomainError('task_description_too_long', 'invalid', { max: planLimits.taskDescription });
export const TaskLimit = () => new DomainError('task_limit', 'conflict', { max: planLimits.tasksPerMilestone });
export const HelpRequired = () => new DomainError('help_required', 'invalid');
export const HelpTooLong = () => new DomainError('help_too_long', 'invalid', { max: planLimits.helpText });
export const HelpAlreadyProvided = () => new DomainError('help_already_provided', 'conflict');

/** A plan that counts among its owner's active plans (members' `activePlans`, the admin statistics): not completed. */
export const countsAsActive = (plan: ExistingPlan) => plan.status !== 'completed';

/** A plan that was created and not deleted. */
export const planExists = (state: PlanState): state is ExistingPlan => state.status !== 'none' && state.status !== 'deleted';

// ── Reading a plan (also for the application and read models) ─────────────────
const actsFor = (actor: Actor, ownerId: string) => actor.kind === 'system' || actor.userId === ownerId;

export const isDetailed = (m: MilestoneState): m is DetailedMilestoneState => m.isDetailed;
const detailedMilestones = (plan: ExistingPlan) => plan.milestones.filter(isDetailed);
const allTasks = (plan: ExistingPlan) => detailedMilestones(plan).flatMap((m) => m.tasks);

/** A milestone is done when it is detailed and all its tasks are completed (member-product §9). */
export const milestoneDone = (m: MilestoneState) => isDetailed(m) && m.tasks.length > 0 && m.tasks.every((t) => t.completed);

/** The rounded percent of completed tasks (member-product §9); 0 without tasks. */
export function planProgress(plan: ExistingPlan): number {
  const tasks = allTasks(plan);
  return tasks.length === 0 ? 0 : Math.round((100 * tasks.filter((t) => t.completed).length) / tasks.length);
}

/** The number of detailed milestones: the week the member is in. */
export const currentMilestone = (plan: ExistingPlan) => detailedMilestones(plan).length;

export function findTask(plan: ExistingPlan, taskId: string): { milestone: DetailedMilestoneState; task: TaskState } | undefined {
  for (const milestone of detailedMilestones(plan)) {
    const task = milestone.tasks.find((t) => t.taskId === taskId);
    if (task) return { milestone, task };
  }
  return undefined;
}

const everyTaskDone = (plan: ExistingPlan) => allTasks(plan).every((t) => t.completed);
const fullyDetailed = (plan: ExistingPlan) => plan.milestones.every(isDetailed);

// ── Shared checks ─────────────────────────────────────────────────────────────
/** The plan, when it exists and the actor owns it; otherwise the same answer as for no plan. */
function ownPlan(state: PlanState, actor: Actor, notFound: () => DomainError): ExistingPlan {
  if (!planExists(state) || !actsFor(actor, state.ownerId)) throw notFound();
  return state;
}

function ownTask(state: PlanState, actor: Actor, taskId: string) {
  const plan = ownPlan(state, actor, TaskNotFound);
  const found = findTask(plan, taskId);
  if (!found) throw TaskNotFound();
  return { plan, ...found };
}

/**
 * The outline the next milestone generation details, with its 1-based week; refused when every
 * milestone is detailed or a task of a detailed milestone is still open. The application asks
 * this before spending a milestone credit; the decider asks it again.
 */
export function nextMilestoneToDetail(state: PlanState, actor: Actor): { plan: ExistingPlan; outline: OutlineState; weekNumber: number } {
  const plan = ownPlan(state, actor, PlanNotFound);
  const index = plan.milestones.findIndex((m) => !m.isDetailed);
  if (index === -1) throw AllMilestonesDetailed();
  const remaining = allTasks(plan).filter((t) => !t.completed).length;
  if (remaining > 0) throw PreviousTasksIncomplete(remaining);
  return { plan, outline: plan.milestones[index] as OutlineState, weekNumber: index + 1 };
}

/** The task help is asked for; refused when it already has help. Asked before spending a help credit. */
export function taskNeedingHelp(state: PlanState, actor: Actor, taskId: string) {
  const found = ownTask(state, actor, taskId);
  if (found.task.helpResponse !== null) throw HelpAlreadyProvided();
  return found;
}

function checkTask(task: PlanTask): PlanTask {
  const title = task.title.trim();
  if (title === '') throw TaskTitleRequired();
  if (title.length > planLimits.taskTitle) throw TaskTitleTooLong();
  if (task.description.length > planLimits.taskDescription) throw TaskDescriptionTooLong();
  return { ...task, title };
}

function checkNewTasks(tasks: PlanTask[], plan?: ExistingPlan): PlanTask[] {
  if (tasks.length === 0) throw TasksRequired();
  const taken = new Set(plan ? allTasks(plan).map((t) => t.taskId) : []);
  for (const { taskId } of tasks) {
    if (taken.has(taskId)) throw DuplicateId(taskId);
    taken.add(taskId);
  }
  return tasks.map(checkTask);
}

function checkMilestoneIds(data: PlanCreated['data']) {
  const ids = [data.firstMilestone.milestoneId, ...data.outlines.map((o) => o.milestoneId)];
  const duplicate = ids.find((id, i) => ids.indexOf(id) !== i);
  if (duplicate !== undefined) throw DuplicateId(duplicate);
}

// ── One function per command ──────────────────────────────────────────────────
function createPlan(command: CreatePlan, state: PlanState): PlanEvent[] {
  const { data } = command;
  if (state.status !== 'none') throw PlanExists();
  if (!actsFor(command.metadata.actor, data.ownerId)) throw NotYourPlan();
  const title = data.title.trim();
  if (title === '') throw PlanTitleRequired();
  const count = 1 + data.outlines.length;
  if (count < planLimits.milestones.min || count > planLimits.milestones.max) throw MilestonesOutOfRange();
  checkMilestoneIds(data);
  const tasks = checkNewTasks(data.firstMilestone.tasks);
  return [{ type: 'PlanCreated', data: { ...data, title, firstMilestone: { ...data.firstMilestone, tasks } } }];
}

function detailNextMilestone(command: DetailNextMilestone, state: PlanState): PlanEvent[] {
  const { plan, outline } = nextMilestoneToDetail(state, command.metadata.actor);
  const { milestone } = command.data;
  if (milestone.milestoneId !== outline.milestoneId) throw MilestoneOutOfOrder(outline.milestoneId);
  const tasks = checkNewTasks(milestone.tasks, plan);
  return [{ type: 'MilestoneDetailed', data: { planId: plan.planId, milestone: { ...milestone, tasks } } }];
}

function addTask(command: AddTask, state: PlanState): PlanEvent[] {
  const plan = ownPlan(state, command.metadata.actor, PlanNotFound);
  const milestone = plan.milestones.find((m) => m.milestoneId === command.data.milestoneId);
  if (!milestone) throw MilestoneNotFound();
  if (!isDetailed(milestone)) throw MilestoneLocked();
  if (milestone.tasks.length >= planLimits.tasksPerMilestone) throw TaskLimit();
  const [task] = checkNewTasks([command.data.task], plan);
  return [{ type: 'TaskAdded', data: { planId: plan.planId, milestoneId: milestone.milestoneId, task } }];
}

/**
 * Completes or reopens a task: the state asked for, else the opposite of the task's own. Asking
 * for the state it is in writes nothing; completing the last open task of a fully detailed plan
 * completes the plan too.
 */
function toggleTask(command: ToggleTask, state: PlanState): PlanEvent[] {
  const { plan, milestone, task } = ownTask(state, command.metadata.actor, command.data.taskId);
  const completed = command.data.completed ?? !task.completed;
  if (completed === task.completed) return [];
  const ids = { planId: plan.planId, milestoneId: milestone.milestoneId, taskId: task.taskId };
  if (!completed) return [{ type: 'TaskReopened', data: ids }];
  const done: PlanEvent = { type: 'TaskCompleted', data: ids };
  const after = evolvePlan(plan, done) as ExistingPlan;
  const finished = fullyDetailed(after) && everyTaskDone(after);
  return finished ? [done, { type: 'PlanCompleted', data: { planId: plan.planId } }] : [done];
}

function provideTaskHelp(command: ProvideTaskHelp, state: PlanState): PlanEvent[] {
  const { plan, milestone, task } = taskNeedingHelp(state, command.metadata.actor, command.data.taskId);
  const help = command.data.help.trim();
  if (help === '') throw HelpRequired();
  if (help.length > planLimits.helpText) throw HelpTooLong();
  return [{ type: 'TaskHelpProvided', data: { planId: plan.planId, milestoneId: milestone.milestoneId, taskId: task.taskId, help } }];
}

/**
 * An admin or the system deletes a member's plan (back-office §6: reset data, content cleanup);
 * members, even its owner, cannot. Deleting a deleted plan writes nothing.
 */
function deletePlan(command: DeletePlan, state: PlanState): PlanEvent[] {
  if (!isAdminOrSystem(command.metadata.actor)) throw NotAllowed('delete_member_content');
  const reason = command.data.reason.trim();
  if (reason === '') throw ReasonRequired();
  if (state.status === 'none') throw PlanNotFound();
  if (state.status === 'deleted') return [];
  return [{ type: 'PlanDeleted', data: { planId: state.planId, reason } }];
}

/**
 * An admin or the system restores a deleted plan (issue 53: the undo of reset data or content
 * cleanup); restoring a plan that is there writes nothing.
 */
function restorePlan(command: RestorePlan, state: PlanState): PlanEvent[] {
  if (!isAdminOrSystem(command.metadata.actor)) throw NotAllowed('restore_member_content');
  const reason = command.data.reason.trim();
  if (reason === '') throw ReasonRequired();
  if (state.status === 'none') throw PlanNotFound();
  if (state.status !== 'deleted') return [];
  return [{ type: 'PlanRestored', data: { planId: state.planId, reason, plan: state.plan, createdAt: command.data.createdAt } }];
}

export function decidePlan(command: PlanCommand, state: PlanState): PlanEvent[] {
  switch (command.type) {
    case 'CreatePlan':
      return createPlan(command, state);
    case 'DetailNextMilestone':
      return detailNextMilestone(command, state);
    case 'AddTask':
      return addTask(command, state);
    case 'ToggleTask':
      return toggleTask(command, state);
    case 'ProvideTaskHelp':
      return provideTaskHelp(command, state);
    case 'DeletePlan':
      return deletePlan(command, state);
    case 'RestorePlan':
      return restorePlan(command, state);
    default:
      return assertNever(command);
  }
}

// ── Evolve ────────────────────────────────────────────────────────────────────
const newTask = (task: PlanTask): TaskState => ({ ...task, completed: false, helpResponse: null });
const detailedState = (m: MilestoneDetail): DetailedMilestoneState => ({ ...m, isDetailed: true, tasks: m.tasks.map(newTask) });

function created({ firstMilestone, outlines, ...plan }: PlanCreated['data']): ExistingPlan {
  const rest: OutlineState[] = outlines.map((o) => ({ ...o, isDetailed: false }));
  return { ...plan, status: 'active', milestones: [detailedState(firstMilestone), ...rest] };
}

const withMilestone = (plan: ExistingPlan, milestoneId: string, change: (m: DetailedMilestoneState) => MilestoneState): ExistingPlan => ({
  ...plan,
  milestones: plan.milestones.map((m) => (m.milestoneId === milestoneId && isDetailed(m) ? change(m) : m)),
});

const withTask = (plan: ExistingPlan, milestoneId: string, taskId: string, change: Partial<TaskState>) =>
  withMilestone(plan, milestoneId, (m) => ({ ...m, tasks: m.tasks.map((t) => (t.taskId === taskId ? { ...t, ...change } : t)) }));

/** A completed plan that gets an open task again is active again (completion is recomputed). */
const reactivated = (plan: ExistingPlan): ExistingPlan => (plan.status === 'completed' ? { ...plan, status: 'active' } : plan);

const milestoneDetailed = (plan: ExistingPlan, { milestone }: MilestoneDetailed['data']): ExistingPlan => ({
  ...plan,
  milestones: plan.milestones.map((m) => (m.milestoneId === milestone.milestoneId ? detailedState(milestone) : m)),
});

const taskAdded = (plan: ExistingPlan, { milestoneId, task }: TaskAdded['data']) =>
  reactivated(withMilestone(plan, milestoneId, (m) => ({ ...m, tasks: [...m.tasks, newTask(task)] })));

const taskCompleted = (plan: ExistingPlan, { milestoneId, taskId }: TaskCompleted['data']) =>
  withTask(plan, milestoneId, taskId, { completed: true });

const taskReopened = (plan: ExistingPlan, { milestoneId, taskId }: TaskReopened['data']) =>
  reactivated(withTask(plan, milestoneId, taskId, { completed: false }));

const taskHelpProvided = (plan: ExistingPlan, { milestoneId, taskId, help }: TaskHelpProvided['data']) =>
  withTask(plan, milestoneId, taskId, { helpResponse: help });

const planCompleted = (plan: ExistingPlan): ExistingPlan => ({ ...plan, status: 'completed' });

export function evolvePlan(state: PlanState, event: PlanEvent): PlanState {
  if (event.type === 'PlanCreated') return created(event.data);
  if (event.type === 'PlanRestored') return state.status === 'deleted' || state.status === 'none' ? event.data.plan : state;
  // Events of a plan that does not exist (or no longer does) cannot be recorded; ignoring one keeps folds total.
  if (!planExists(state)) return state;
  switch (event.type) {
    case 'MilestoneDetailed':
      return milestoneDetailed(state, event.data);
    case 'TaskAdded':
      return taskAdded(state, event.data);
    case 'TaskCompleted':
      return taskCompleted(state, event.data);
    case 'TaskReopened':
      return taskReopened(state, event.data);
    case 'TaskHelpProvided':
      return taskHelpProvided(state, event.data);
    case 'PlanCompleted':
      return planCompleted(state);
    case 'PlanDeleted':
      return { status: 'deleted', planId: state.planId, ownerId: state.ownerId, plan: state };
    default:
      return assertNever(event);
  }
}

export const planDecider: Decider<PlanCommand, PlanEvent, PlanState> = {
  initialState: initialPlanState,
  decide: decidePlan,
  evolve: evolvePlan,
  schemaVersions: {
    PlanCreated: 1,
    MilestoneDetailed: 1,
    TaskAdded: 1,
    TaskCompleted: 1,
    TaskReopened: 1,
    TaskHelpProvided: 1,
    PlanCompleted: 1,
    PlanDeleted: 1,
    PlanRestored: 1,
  },
};
