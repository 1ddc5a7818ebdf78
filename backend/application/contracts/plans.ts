import { z } from 'zod';
import {
  currentMilestone,
  milestoneDone,
  planEventTypes,
  planProgress,
  type ExistingPlan,
  type MilestoneState,
  type TaskState,
} from '../../domain/plans/plan';
import { planLimits } from '../../domain/plans/plan-limits';
import { text } from './text';

/**
 * Action plans (member-product §3 Plan, Milestone, Task; §7 calls; §8 errors). Shared by the
 * server and the React app. As the spec writes them, `isDetailed` and `completed` are the
 * strings "true" and "false".
 */

export const planStatuses = ['active', 'paused', 'completed'] as const;
export const planStatusSchema = z.enum(planStatuses);
/** The strings the spec uses for flags. */
export const flagSchema = z.enum(['true', 'false']);

export const resourceSchema = z.object({ name: z.string(), url: z.string() });
export type PlanResource = z.infer<typeof resourceSchema>;

export const taskSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  completed: flagSchema,
  /** The AI's help for this task; null until the member asked for help. */
  helpResponse: z.string().nullable(),
});
export type PlanTaskDto = z.infer<typeof taskSchema>;

export const milestoneSchema = z.object({
  id: z.string(),
  /** 0-based position in the plan (week = orderIndex + 1). */
  orderIndex: z.number().int(),
  title: z.string(),
  description: z.string(),
  timeEstimate: z.string(),
  /** "false": an outline, locked until the milestones before it are done and it is generated. */
  isDetailed: flagSchema,
  freeResources: z.array(resourceSchema),
  paidResources: z.array(resourceSchema),
  tasks: z.array(taskSchema),
  successCriteria: z.string(),
});
export type MilestoneDto = z.infer<typeof milestoneSchema>;

export const planSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  /** The idea's category key: fiverr, online, offline, social (or an admin's own). */
  category: z.string(),
  status: planStatusSchema,
  timeEstimate: z.string(),
  /** ISO 8601. */
  createdAt: z.string(),
  /** How many milestones are detailed (the week the member is in), 1-based. */
  currentMilestone: z.number().int(),
  totalMilestones: z.number().int(),
  /** The same count under the prompt builder's name. */
  milestonesCount: z.number().int(),
  /** Milestones whose tasks are all completed. */
  completedMilestones: z.number().int(),
  /** Rounded percent of completed tasks (member-product §9). */
  progress: z.number().int().min(0).max(100),
  ideaId: z.string(),
  milestones: z.array(milestoneSchema),
});
export type PlanDto = z.infer<typeof planSchema>;

/** 4xx bodies of the plan calls (member-product §8): a limit says whether upgrading helps; an AI failure its type. */
export const planErrorResponseSchema = z.object({
  message: z.string(),
  code: z.string().optional(),
  limitReached: z.boolean().optional(),
  upgradeRequired: z.boolean().optional(),
  errorType: z.enum(['timeout', 'rate_limit', 'parse_error', 'validation_error', 'unavailable']).optional(),
});

const id = (what: string) => text({ max: 100, tooLong: `The ${what} id is not valid` }).trim().min(1, `The ${what} id is required`);

export const planIdParamsSchema = z.object({ id: id('plan') });
export const planMilestoneParamsSchema = z.object({ planId: id('plan'), milestoneId: id('milestone') });
export const planOnlyParamsSchema = z.object({ planId: id('plan') });
export const taskIdParamsSchema = z.object({ taskId: id('task') });

// ── POST /api/plans/generate ──────────────────────────────────────────────────
const missing = 'Missing plan information';
export const generatePlanRequestSchema = z.object({
  ideaTitle: text({ max: 200 }).trim().min(1, missing),
  ideaDescription: text({ max: 1000 }).trim().min(1, missing),
  category: text({ max: planLimits.category }).trim().min(1, missing),
  /** The idea in one of the member's idea sets; absent or not theirs → 404 "Idea not found". */
  ideaId: text({ max: 100 }).trim().optional(),
});
export type GeneratePlanRequest = z.infer<typeof generatePlanRequestSchema>;
export const generatePlanResponseSchema = z.object({ planId: z.string() });

// ── GET /api/plans, GET /api/plans/{id} ───────────────────────────────────────
export const plansResponseSchema = z.array(planSchema);
export const planResponseSchema = planSchema;

// ── PATCH /api/tasks/{taskId}/toggle ──────────────────────────────────────────
/** `completed` as the new state (boolean or "true"/"false"); without it the task flips. */
export const toggleTaskRequestSchema = z
  .object({
    completed: z.union([z.boolean(), flagSchema.transform((flag) => flag === 'true')]).optional(),
  })
  .default({});
export type ToggleTaskRequest = z.infer<typeof toggleTaskRequestSchema>;
export const toggleTaskResponseSchema = z.object({
  task: taskSchema,
  planId: z.string(),
  status: planStatusSchema,
  progress: z.number().int().min(0).max(100),
});

// ── POST /api/plans/{planId}/milestones/{milestoneId}/tasks ───────────────────
export const addTaskRequestSchema = z.object({
  title: text({ max: planLimits.taskTitle, tooLong: `A task title has at most ${planLimits.taskTitle} characters` })
    .trim()
    .min(1, 'Please enter a task title'),
  description: text({ max: planLimits.taskDescription }).trim().optional(),
});
export type AddTaskRequest = z.infer<typeof addTaskRequestSchema>;
export const addTaskResponseSchema = taskSchema;

// ── POST /api/tasks/{taskId}/help ─────────────────────────────────────────────
export const taskHelpResponseSchema = z.object({ help: z.string(), task: taskSchema });

// ── POST /api/plans/{planId}/generate-next-milestone ──────────────────────────
export const generateNextMilestoneResponseSchema = z.object({ milestone: milestoneSchema, plan: planSchema });

// ── GET /api/plans/{id}/history ───────────────────────────────────────────────
/** `at`: the stream version to show the plan at (default: the latest). */
export const planHistoryQuerySchema = z.object({
  at: text({ max: 6 }).regex(/^\d+$/, 'at must be a whole number').optional(),
});

export const historyActorSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('user'), userId: z.string(), role: z.string() }),
  z.object({ kind: z.literal('system'), name: z.string() }),
]);

export const planHistoryEntrySchema = z.object({
  /** The event's version in the plan's stream (0 is the creation). */
  version: z.number().int().min(0),
  type: z.enum(planEventTypes),
  /** ISO 8601. */
  occurredAt: z.string(),
  actor: historyActorSchema,
  /** What happened, in words: "Completed the task “Set three price tiers”". */
  summary: z.string(),
  milestoneId: z.string().optional(),
  milestoneTitle: z.string().optional(),
  taskId: z.string().optional(),
  taskTitle: z.string().optional(),
});
export type PlanHistoryEntry = z.infer<typeof planHistoryEntrySchema>;

export const planHistoryResponseSchema = z.object({
  entries: z.array(planHistoryEntrySchema),
  /** The version `plan` is shown at. */
  at: z.number().int().min(0),
  /** The plan as it stood right after the event at version `at`. */
  plan: planSchema,
});
export type PlanHistoryResponse = z.infer<typeof planHistoryResponseSchema>;

// ── From the aggregate's state (the read side and the history's "plan at a point") ──
const flag = (value: boolean) => (value ? 'true' : 'false');

export const toTaskDto = (task: TaskState): PlanTaskDto => ({
  id: task.taskId,
  title: task.title,
  description: task.description,
  completed: flag(task.completed),
  helpResponse: task.helpResponse,
});

export function toMilestoneDto(milestone: MilestoneState, orderIndex: number): MilestoneDto {
  const detailed = milestone.isDetailed ? milestone : undefined;
  return {
    id: milestone.milestoneId,
    orderIndex,
    title: milestone.title,
    description: milestone.description,
    timeEstimate: milestone.timeEstimate,
    isDetailed: flag(milestone.isDetailed),
    freeResources: detailed?.freeResources ?? [],
    paidResources: detailed?.paidResources ?? [],
    tasks: detailed?.tasks.map(toTaskDto) ?? [],
    successCriteria: detailed?.successCriteria ?? '',
  };
}

/** `createdAt` is the time of the plan's first event (ISO 8601). */
export function toPlanDto(plan: ExistingPlan, createdAt: string): PlanDto {
  return {
    id: plan.planId,
    title: plan.title,
    description: plan.description,
    category: plan.category,
    status: plan.status,
    timeEstimate: plan.timeEstimate,
    createdAt,
    currentMilestone: currentMilestone(plan),
    totalMilestones: plan.milestones.length,
    milestonesCount: plan.milestones.length,
    completedMilestones: plan.milestones.filter(milestoneDone).length,
    progress: planProgress(plan),
    ideaId: plan.ideaId,
    milestones: plan.milestones.map(toMilestoneDto),
  };
}
