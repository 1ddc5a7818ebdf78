import { z } from 'zod';
import { defaultIdeaCategoryLines, defaultIdeasPerCategory } from '../../domain/ideas/default-idea-count';
import { tokenBudgetProblems } from './token-budget';

/**
 * The AI configuration an admin edits on the Model and Prompt builder tabs (back-office §2, §3),
 * with the ranges of back-office §5 and the defaults of §9. No storage here (the contract, and so
 * the React app, imports this file): every save is an `AiConfigSaved` event, see `ai-config-store.ts`.
 */

/** Models offered in the Model tab's select (back-office §9). Any compatible server may serve others. */
export const selectableModels = [
  'gpt-4.1-nano',
  'gpt-4.1-mini',
  'gpt-4.1',
  'gpt-4o-mini',
  'gpt-4o',
  'gpt-4-turbo',
  'gpt-4',
  'gpt-3.5-turbo',
] as const;

/** Placeholders each prompt understands; `{name}` in the prompt text is replaced. */
export const promptPlaceholders = {
  ideaGenerationPrompt: ['skill', 'ideasPerCategory', 'totalIdeas', 'descriptionLength'],
  planGenerationPrompt: ['ideaTitle', 'ideaDescription', 'category', 'milestonesCount', 'tasksPerMilestone'],
  nextMilestonePrompt: [
    'weekNumber',
    'planTitle',
    'planDescription',
    'planCategory',
    'totalWeeks',
    'milestoneContext',
    'previousWeek',
    'orderIndex',
  ],
  taskHelpPrompt: ['taskTitle', 'milestoneTitle', 'milestoneDescription'],
} as const;

/**
 * Replaces every `{name}` whose name is in `values`; unknown placeholders stay as written.
 * A function replacer, so `$&` and friends in member text are not interpreted.
 */
export function fillPromptPlaceholders(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : whole,
  );
}

/** True when `value` is a whole number of `step`s (within float noise). */
const onStep = (step: number) => (value: number) => Math.abs(value / step - Math.round(value / step)) < 1e-6;

const tokens = (label: string, min: number, max: number) =>
  z
    .number({ message: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be between ${min} and ${max}`)
    .max(max, `${label} must be between ${min} and ${max}`);

const cost = (label: string) =>
  z
    .number({ message: `${label} must be a number` })
    .min(0, `${label} must be 0 or more`)
    .max(10_000, `${label} must be at most 10000`)
    .refine(onStep(0.01), `${label} must be in steps of 0.01`);

const promptText = (label: string) =>
  z.string().trim().min(1, `${label} must not be empty`).max(20_000, `${label} must be at most 20000 characters`);

const instructionText = z.string().max(5_000, 'Instructions must be at most 5000 characters');

export const detailLevels = ['brief', 'standard', 'detailed'] as const;
export const incomeRangeStyles = ['range', 'fixed', 'hourly', 'monthly'] as const;
export const planTimeframes = ['weekly', 'biweekly', 'monthly'] as const;

export const promptBuilderSettingsSchema = z.object({
  /** Target length of an idea's description, in characters. */
  ideaDescriptionLength: z.number().int().min(100, 'Description length must be at least 100').max(2000, 'Description length must be at most 2000'),
  ideaDetailLevel: z.enum(detailLevels),
  includeSpecificTools: z.boolean(),
  ideasPerCategory: z.number().int().min(1, 'Ideas per category must be between 1 and 10').max(10, 'Ideas per category must be between 1 and 10'),
  incomeRangeStyle: z.enum(incomeRangeStyles),
  ideaCustomInstructions: instructionText,
  /** Whether pro members' customization (skill level, hours, income goal, timeline, …) reaches the prompt. */
  enableProPersonalization: z.boolean(),
  /** One category per line: `key | label | keywords` (keywords comma-separated). */
  categoriesText: z.string().max(5_000, 'Categories must be at most 5000 characters'),
  /** Instruction texts: how to use the categories, and how to use a pro member's profile. */
  categoryInstructions: instructionText,
  personalizationInstructions: instructionText,
  milestonesCount: z.number().int().min(1, 'Milestones must be between 1 and 12').max(12, 'Milestones must be between 1 and 12'),
  tasksPerMilestone: z.number().int().min(1, 'Tasks per milestone must be between 1 and 20').max(20, 'Tasks per milestone must be between 1 and 20'),
  planTimeframe: z.enum(planTimeframes),
  planDetailLevel: z.enum(detailLevels),
  includeResources: z.boolean(),
  planCustomInstructions: instructionText,
});
export type PromptBuilderSettings = z.infer<typeof promptBuilderSettingsSchema>;

export const aiSettingsFieldsSchema = z.object({
  /** Any model name the configured server knows; the admin UI offers `selectableModels`. */
  modelName: z
    .string()
    .trim()
    .min(1, 'Model name must not be empty')
    .max(100, 'Model name must be at most 100 characters')
    .regex(/^[\w.:/@-]+$/, 'Model name may contain letters, digits and . : / @ _ - only'),
  systemPrompt: promptText('System prompt'),
  temperature: z
    .number({ message: 'Temperature must be a number' })
    .min(0, 'Temperature must be between 0 and 2')
    .max(2, 'Temperature must be between 0 and 2')
    .refine(onStep(0.1), 'Temperature must be in steps of 0.1'),
  ideaMaxTokens: tokens('Idea tokens', 500, 3000),
  /** Plan generation. */
  maxTokens: tokens('Plan tokens', 1000, 10000),
  milestoneMaxTokens: tokens('Milestone tokens', 500, 5000),
  helpMaxTokens: tokens('Help tokens', 300, 2000),
  /** US dollars per million tokens. */
  inputTokenCostPer1M: cost('Input token cost'),
  outputTokenCostPer1M: cost('Output token cost'),
  promptBuilderSettings: promptBuilderSettingsSchema,
  ideaGenerationPrompt: promptText('Idea generation prompt').refine(
    (text) => text.includes('{skill}'),
    'The idea generation prompt must contain the {skill} placeholder',
  ),
  planGenerationPrompt: promptText('Plan generation prompt'),
  nextMilestonePrompt: promptText('Next milestone prompt'),
  taskHelpPrompt: promptText('Task help prompt'),
});

/**
 * The fields, and a token limit that can hold the answer its settings ask for (see
 * token-budget.ts): "12 ideas of about 600 characters need about 2,400 tokens; the limit is 1,500".
 */
export const aiSettingsSchema = aiSettingsFieldsSchema.superRefine((settings, ctx) => {
  for (const problem of tokenBudgetProblems(settings)) {
    ctx.addIssue({ code: 'custom', message: problem.message, path: [problem.field] });
  }
});
export type AiSettings = z.infer<typeof aiSettingsSchema>;

export const defaultCategoriesText = defaultIdeaCategoryLines.join('\n');

const defaultSystemPrompt = `You are Skilly, an expert side-income strategist. You turn a person's skills into specific, realistic ways to earn money: freelance gigs, online products and services, local in-person services and social-media businesses.

Be concrete: name real platforms and tools, give realistic prices in US dollars and say how to find the first paying customer. Do not invent statistics and never promise guaranteed income. Write in plain, encouraging English.

When you are asked for JSON, answer with the JSON only: no markdown, no code fences, no comments and no text before or after it.`;

const defaultIdeaGenerationPrompt = `Generate money-making ideas for someone with this skill:

"{skill}"

Every idea must use that skill directly, be something one person can start within a week with little or no money, and include a concrete way to win the first customers.

For each idea give:
- "id": a short unique slug, such as "fiverr-1"
- "title": specific and at most 60 characters (never just "Freelancing")
- "subtitle": one line, at most 100 characters, saying who pays and for what
- "description": what the product or service is, who buys it, how it is delivered and how to get the first customers
- "category": one of the category ids listed below
- "industry": the industry or market it serves
- "method": how the money is made, such as "Fiverr gig packages", "Digital product sales", "Local service" or "Sponsored content"
- "pricing": a realistic price in US dollars, such as "$50-150 per project" or "$29 one-time"

Answer with strict JSON only, exactly in this shape:
{"categories":[{"id":"fiverr","name":"Fiverr Gigs","color":"green"}],"ideas":[{"id":"fiverr-1","title":"...","subtitle":"...","description":"...","category":"fiverr","industry":"...","method":"...","pricing":"..."}],"personalized":false}

"categories" lists every category you used, with its id and name; "ideas" lists all ideas; "personalized" is true only when a member profile is given below.`;

const defaultPlanGenerationPrompt = `Create a step-by-step action plan that turns this idea into income.

Idea: {ideaTitle}
Description: {ideaDescription}
Category: {category}

The plan has {milestonesCount} weekly milestones. Detail week 1 fully with 5-8 concrete tasks (at most {tasksPerMilestone}); give the other weeks a title, a short description and a time estimate only, marked as not detailed.

For each milestone give a title (at most 60 characters), a description (at most 200 characters), a time estimate, free resources and paid resources (name and a real URL), tasks (title and description) and success criteria (at most 150 characters).

Answer with strict JSON only:
{"title":"...","description":"...","category":"{category}","timeEstimate":"...","milestones":[{"title":"...","description":"...","timeEstimate":"1 week","isDetailed":true,"freeResources":[{"name":"...","url":"https://..."}],"paidResources":[{"name":"...","url":"https://..."}],"tasks":[{"title":"...","description":"..."}],"successCriteria":"..."}]}`;

const defaultNextMilestonePrompt = `Detail week {weekNumber} of {totalWeeks} of this action plan.

Plan: {planTitle}
Description: {planDescription}
Category: {planCategory}
Milestone outline (position {orderIndex}): {milestoneContext}
What was done in week {previousWeek}: build on it, do not repeat it.

Give a title (at most 60 characters), a description (at most 200 characters), a time estimate, 5-8 concrete tasks (title and description), free and paid resources (name and a real URL) and success criteria (at most 150 characters).

Answer with strict JSON only:
{"title":"...","description":"...","timeEstimate":"1 week","tasks":[{"title":"...","description":"..."}],"freeResources":[{"name":"...","url":"https://..."}],"paidResources":[{"name":"...","url":"https://..."}],"successCriteria":"..."}`;

const defaultTaskHelpPrompt = `A member is working on this task and asked for help.

Task: {taskTitle}
Milestone: {milestoneTitle}
Milestone description: {milestoneDescription}

Explain how to complete the task step by step: what to do first, which free tools to use, an example where it helps, and the most common mistake to avoid. Keep it practical and under 300 words.`;

export const defaultAiSettings: AiSettings = {
  modelName: 'gpt-4o-mini',
  systemPrompt: defaultSystemPrompt,
  temperature: 0.7,
  // The spec's 1500 cannot hold the default answer (12 ideas of about 600 characters, about
  // 2,400 tokens): raised within the allowed range so a real model is not cut off (docs/ai.md).
  ideaMaxTokens: 3000,
  maxTokens: 3000,
  milestoneMaxTokens: 2000,
  helpMaxTokens: 1000,
  inputTokenCostPer1M: 2.5,
  outputTokenCostPer1M: 10,
  promptBuilderSettings: {
    ideaDescriptionLength: 600,
    ideaDetailLevel: 'detailed',
    includeSpecificTools: true,
    ideasPerCategory: defaultIdeasPerCategory,
    incomeRangeStyle: 'range',
    ideaCustomInstructions: '',
    enableProPersonalization: true,
    categoriesText: defaultCategoriesText,
    categoryInstructions:
      'Spread the ideas evenly across the categories and keep each idea true to its category: gigs are sold on Fiverr, online ideas are delivered over the internet, local/offline ideas happen in person, social ideas earn from an audience on social media.',
    personalizationInstructions:
      "Tailor every idea to this member: match the difficulty to their skill level, fit the work into their weekly hours, price so that the income goal is reachable, and make the first steps fit the timeline. Say in each description how the idea fits them.",
    milestonesCount: 6,
    tasksPerMilestone: 10,
    planTimeframe: 'weekly',
    planDetailLevel: 'detailed',
    includeResources: true,
    planCustomInstructions: '',
  },
  ideaGenerationPrompt: defaultIdeaGenerationPrompt,
  planGenerationPrompt: defaultPlanGenerationPrompt,
  nextMilestonePrompt: defaultNextMilestonePrompt,
  taskHelpPrompt: defaultTaskHelpPrompt,
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Each key that is missing or no longer valid takes its default; the others are kept. */
function mergeFields<T extends Record<string, unknown>>(
  shape: Record<string, z.ZodType>,
  defaults: T,
  stored: Record<string, unknown>,
): T {
  const merged: Record<string, unknown> = {};
  for (const key of Object.keys(defaults)) {
    const parsed = key in stored ? shape[key].safeParse(stored[key]) : undefined;
    merged[key] = parsed?.success ? parsed.data : defaults[key];
  }
  return merged as T;
}

/**
 * Stored settings completed with the defaults. Field by field, so a setting added later (or one
 * that a schema change made invalid) falls back to its default without losing the admin's prompts.
 */
export function mergeWithDefaults(stored: unknown): AiSettings {
  if (!isRecord(stored)) return defaultAiSettings;
  const builder = isRecord(stored.promptBuilderSettings) ? stored.promptBuilderSettings : {};
  const top = mergeFields(aiSettingsFieldsSchema.shape, defaultAiSettings, stored);
  return {
    ...top,
    promptBuilderSettings: mergeFields(
      promptBuilderSettingsSchema.shape,
      defaultAiSettings.promptBuilderSettings,
      builder,
    ),
  };
}
