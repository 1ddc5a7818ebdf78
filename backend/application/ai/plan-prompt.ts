import { planLimits } from '../../domain/plans/plan-limits';
import type {
  AiPrompt,
  MilestonePromptInput,
  MilestoneRequestData,
  MilestoneSketch,
  PlanPromptInput,
  PlanRequestData,
  TaskHelpPromptInput,
  TaskHelpRequestData,
} from '../ports/plan-generator';
import { fillPromptPlaceholders, type AiSettings } from './ai-settings';
import { milestoneAnswerJsonSchema, planAnswerJsonSchema } from './plan-answer';

/**
 * The prompts of the Plan Generation and Task Help tabs (back-office §2): the admin's text with
 * its placeholders filled, followed by what the prompt builder settings ask for. A prompt that
 * lost its placeholders still gets the facts, appended under it.
 */

type Builder = AiSettings['promptBuilderSettings'];

const timeframeText: Record<Builder['planTimeframe'], { unit: string; estimate: string }> = {
  weekly: { unit: 'one week', estimate: '1 week' },
  biweekly: { unit: 'two weeks', estimate: '2 weeks' },
  monthly: { unit: 'one month', estimate: '1 month' },
};

const detailText: Record<Builder['planDetailLevel'], string> = {
  brief: 'Keep task descriptions to one short sentence.',
  standard: 'Give each task a description that says what to do and what the result is.',
  detailed: 'Make each task description concrete: the exact steps, the tool or platform to use and what done looks like.',
};

/** How many tasks a detailed milestone holds: 5-8 (back-office §9), never more than the builder's count. */
export function taskBounds(builder: Pick<Builder, 'tasksPerMilestone'>): { min: number; max: number } {
  const max = Math.min(planLimits.generatedTasks.max, builder.tasksPerMilestone);
  return { min: Math.min(planLimits.generatedTasks.min, max), max };
}

function modelSettings(settings: AiSettings, maxTokens: number, userPrompt: string): Omit<AiPrompt, 'answerSchema'> {
  return {
    systemPrompt: settings.systemPrompt,
    userPrompt,
    model: settings.modelName,
    temperature: settings.temperature,
    maxTokens,
    inputTokenCostPer1M: settings.inputTokenCostPer1M,
    outputTokenCostPer1M: settings.outputTokenCostPer1M,
  };
}

/** The admin's template, or the template plus the facts when it lacks its key placeholder. */
function templateWith(template: string, keyPlaceholder: string, facts: string): string {
  return template.includes(`{${keyPlaceholder}}`) ? template : `${template}\n\n${facts}`;
}

function resourceLine(builder: Builder): string {
  return builder.includeResources
    ? 'Give 2-4 free and 1-2 paid resources for each detailed milestone: real, well-known platforms, courses or tools with their real https URL (no placeholder or invented links).'
    : 'Leave "freeResources" and "paidResources" empty.';
}

function requirements(builder: Builder, tasks: { min: number; max: number }): string[] {
  const lines = [
    `Each milestone covers ${timeframeText[builder.planTimeframe].unit} of work.`,
    `A detailed milestone has ${tasks.min}-${tasks.max} tasks.`,
    `Limits: milestone title at most ${planLimits.milestoneTitle} characters, description at most ${planLimits.milestoneDescription}, success criteria at most ${planLimits.successCriteria}.`,
    detailText[builder.planDetailLevel],
    resourceLine(builder),
  ];
  if (builder.planCustomInstructions.trim()) lines.push(`Additional instructions: ${builder.planCustomInstructions.trim()}`);
  return lines;
}

/** The plan prompt: placeholders ideaTitle, ideaDescription, category, milestonesCount, tasksPerMilestone. */
export function buildPlanPromptInput(settings: AiSettings, request: PlanRequestData): PlanPromptInput {
  const builder = settings.promptBuilderSettings;
  const tasks = taskBounds(builder);
  const idea = { ideaTitle: request.ideaTitle.trim(), ideaDescription: request.ideaDescription.trim(), category: request.category.trim() };
  const facts = `Idea: {ideaTitle}\nDescription: {ideaDescription}\nCategory: {category}\nMilestones: {milestonesCount}`;
  const prompt = fillPromptPlaceholders(templateWith(settings.planGenerationPrompt, 'ideaTitle', facts), {
    ...idea,
    milestonesCount: builder.milestonesCount,
    tasksPerMilestone: builder.tasksPerMilestone,
  });
  const asks = [
    `Give exactly ${builder.milestonesCount} milestone${builder.milestonesCount === 1 ? '' : 's'}: the first detailed ("isDetailed": true), the others outlines with a title, a description and a time estimate ("isDetailed": false, no tasks, no resources).`,
    ...requirements(builder, tasks),
  ];
  return {
    ...modelSettings(settings, settings.maxTokens, [prompt, asks.join('\n')].join('\n\n')),
    answerSchema: planAnswerJsonSchema,
    request: request.skill?.trim() ? { ...idea, skill: request.skill.trim() } : idea,
    milestonesCount: builder.milestonesCount,
    tasks,
    includeResources: builder.includeResources,
    milestoneTimeEstimate: timeframeText[builder.planTimeframe].estimate,
  };
}

const sketchLine = (label: string, m: MilestoneSketch) =>
  `${label}: ${m.title}${m.description ? ` (${m.description})` : ''}`;

/**
 * The {milestoneContext} of the next-milestone prompt: the outline being detailed, then the
 * milestones before it with their tasks, so the model builds on them instead of repeating them.
 */
export function milestoneContext(request: MilestoneRequestData): string {
  const lines = [sketchLine(`Week ${request.weekNumber} outline`, request.outline)];
  request.previous.forEach((m, index) => {
    lines.push(sketchLine(`Week ${index + 1}`, m));
    for (const task of m.tasks) lines.push(`  - ${task.completed ? '[done]' : '[open]'} ${task.title}`);
  });
  return lines.join('\n');
}

/**
 * The next-milestone prompt: placeholders weekNumber, planTitle, planDescription, planCategory,
 * totalWeeks, milestoneContext, previousWeek (weekNumber - 1) and orderIndex (the milestone's
 * 0-based position in the plan).
 */
export function buildMilestonePromptInput(settings: AiSettings, request: MilestoneRequestData): MilestonePromptInput {
  const builder = settings.promptBuilderSettings;
  const tasks = taskBounds(builder);
  const facts =
    'Week {weekNumber} of {totalWeeks}\nPlan: {planTitle}\nDescription: {planDescription}\nCategory: {planCategory}\nContext:\n{milestoneContext}';
  const prompt = fillPromptPlaceholders(templateWith(settings.nextMilestonePrompt, 'weekNumber', facts), {
    weekNumber: request.weekNumber,
    planTitle: request.planTitle.trim(),
    planDescription: request.planDescription.trim(),
    planCategory: request.planCategory.trim(),
    totalWeeks: request.totalWeeks,
    milestoneContext: milestoneContext(request),
    previousWeek: request.weekNumber - 1,
    orderIndex: request.weekNumber - 1,
  });
  return {
    ...modelSettings(settings, settings.milestoneMaxTokens, [prompt, requirements(builder, tasks).join('\n')].join('\n\n')),
    answerSchema: milestoneAnswerJsonSchema,
    request,
    tasks,
    includeResources: builder.includeResources,
    milestoneTimeEstimate: timeframeText[builder.planTimeframe].estimate,
  };
}

/** The task-help prompt: placeholders taskTitle, milestoneTitle, milestoneDescription. Plain text answer. */
export function buildTaskHelpPromptInput(settings: AiSettings, request: TaskHelpRequestData): TaskHelpPromptInput {
  const facts = 'Task: {taskTitle}\nMilestone: {milestoneTitle}\nMilestone description: {milestoneDescription}';
  const prompt = fillPromptPlaceholders(templateWith(settings.taskHelpPrompt, 'taskTitle', facts), {
    taskTitle: request.taskTitle.trim(),
    milestoneTitle: request.milestoneTitle.trim(),
    milestoneDescription: request.milestoneDescription.trim(),
  });
  const details = request.taskDescription.trim() ? `\n\nTask details: ${request.taskDescription.trim()}` : '';
  return {
    ...modelSettings(settings, settings.helpMaxTokens, `${prompt}${details}`),
    request,
  };
}
