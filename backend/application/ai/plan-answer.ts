import { z } from 'zod';
import { planLimits } from '../../domain/plans/plan-limits';
import { strictJsonSchema, type AnswerSchema } from './answer-schema';

/**
 * What a model is asked to answer for a plan and for a next milestone (the JSON shapes of the
 * default prompts in ai-settings.ts), and what the parser makes of it: every text within the
 * limits of back-office §9, resources with real links, the first milestone detailed and the
 * others outlines.
 */

const resourceAnswer = z.object({ name: z.string(), url: z.string() });
const taskAnswer = z.object({ title: z.string(), description: z.string() });

export const milestoneAnswerSchema = z.object({
  title: z.string(),
  description: z.string(),
  timeEstimate: z.string(),
  tasks: z.array(taskAnswer),
  freeResources: z.array(resourceAnswer),
  paidResources: z.array(resourceAnswer),
  successCriteria: z.string(),
});

export const planAnswerSchema = z.object({
  title: z.string(),
  description: z.string(),
  category: z.string(),
  timeEstimate: z.string(),
  milestones: z.array(milestoneAnswerSchema.extend({ isDetailed: z.boolean() })),
});

export const planAnswerJsonSchema: AnswerSchema = { name: 'action_plan', schema: strictJsonSchema(planAnswerSchema) };
export const milestoneAnswerJsonSchema: AnswerSchema = { name: 'milestone', schema: strictJsonSchema(milestoneAnswerSchema) };

// ── What parsing yields ───────────────────────────────────────────────────────

const bounded = (max: number) => z.string().trim().min(1).max(max);
const optionalBounded = (max: number) => z.string().trim().max(max);

export const generatedResourceSchema = z.object({
  name: bounded(planLimits.resourceName),
  url: z.url({ protocol: /^https?$/ }).max(planLimits.resourceUrl),
});
export const generatedTaskSchema = z.object({
  title: bounded(planLimits.taskTitle),
  description: optionalBounded(planLimits.taskDescription),
});

export const generatedMilestoneOutlineSchema = z.object({
  title: bounded(planLimits.milestoneTitle),
  description: optionalBounded(planLimits.milestoneDescription),
  timeEstimate: optionalBounded(planLimits.timeEstimate),
});

export const generatedMilestoneSchema = generatedMilestoneOutlineSchema.extend({
  tasks: z.array(generatedTaskSchema).min(1).max(planLimits.generatedTasks.max),
  freeResources: z.array(generatedResourceSchema).max(planLimits.resourcesPerKind),
  paidResources: z.array(generatedResourceSchema).max(planLimits.resourcesPerKind),
  successCriteria: optionalBounded(planLimits.successCriteria),
});

export const generatedPlanSchema = z.object({
  title: bounded(planLimits.planTitle),
  description: optionalBounded(planLimits.planDescription),
  category: bounded(planLimits.category),
  timeEstimate: optionalBounded(planLimits.timeEstimate),
  firstMilestone: generatedMilestoneSchema,
  outlines: z.array(generatedMilestoneOutlineSchema).max(planLimits.milestones.max - 1),
});

export type GeneratedResource = z.infer<typeof generatedResourceSchema>;
export type GeneratedTask = z.infer<typeof generatedTaskSchema>;
export type GeneratedMilestoneOutline = z.infer<typeof generatedMilestoneOutlineSchema>;
export type GeneratedMilestone = z.infer<typeof generatedMilestoneSchema>;
export type GeneratedPlan = z.infer<typeof generatedPlanSchema>;
