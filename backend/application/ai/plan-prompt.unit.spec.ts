import { describe, expect, it } from 'vitest';
import { defaultAiSettings, promptPlaceholders, type AiSettings } from './ai-settings';
import { buildMilestonePromptInput, buildPlanPromptInput, buildTaskHelpPromptInput, milestoneContext, taskBounds } from './plan-prompt';
import type { MilestoneRequestData } from '../ports/plan-generator';

function settingsWith(builder: Partial<AiSettings['promptBuilderSettings']>, top: Partial<AiSettings> = {}): AiSettings {
  return { ...defaultAiSettings, ...top, promptBuilderSettings: { ...defaultAiSettings.promptBuilderSettings, ...builder } };
}

/** A prompt that names every placeholder of its kind, each next to a label, so the test sees each value land. */
const everyPlaceholder = (names: readonly string[]) => names.map((name) => `${name}=<{${name}}>`).join('\n');

const idea = { ideaTitle: 'Custom Pet Portraits', ideaDescription: 'Paint pets from photos.', category: 'fiverr' };

const milestoneRequest: MilestoneRequestData = {
  planTitle: 'Pet Portrait Plan',
  planDescription: 'Six weeks to paid portraits.',
  planCategory: 'fiverr',
  weekNumber: 3,
  totalWeeks: 6,
  outline: { title: 'Win Your First Customers', description: 'Pitch pet owners.', tasks: [] },
  previous: [
    { title: 'Shape the Offer', description: 'Price it.', tasks: [{ title: 'Set three price tiers', completed: true }] },
    { title: 'Publish the Gig', description: 'Go live.', tasks: [{ title: 'Write the gig title', completed: true }] },
  ],
};

describe('the plan prompt', () => {
  it('fills every placeholder of the plan prompt and carries the plan model settings', () => {
    const settings = settingsWith({ milestonesCount: 8, tasksPerMilestone: 7 }, { planGenerationPrompt: everyPlaceholder(promptPlaceholders.planGenerationPrompt) });
    const input = buildPlanPromptInput(settings, idea);
    expect(input.userPrompt).toContain('ideaTitle=<Custom Pet Portraits>');
    expect(input.userPrompt).toContain('ideaDescription=<Paint pets from photos.>');
    expect(input.userPrompt).toContain('category=<fiverr>');
    expect(input.userPrompt).toContain('milestonesCount=<8>');
    expect(input.userPrompt).toContain('tasksPerMilestone=<7>');
    expect(input.userPrompt).not.toMatch(/\{\w+\}/);
    expect(input).toMatchObject({ maxTokens: settings.maxTokens, model: 'gpt-4o-mini', milestonesCount: 8, tasks: { min: 5, max: 7 }, milestoneTimeEstimate: '1 week' });
    expect(input.answerSchema?.name).toBe('action_plan');
  });

  it('states the builder settings: timeframe, detail, resources and custom instructions', () => {
    const input = buildPlanPromptInput(settingsWith({ planTimeframe: 'monthly', includeResources: false, planCustomInstructions: 'Mention Etsy.' }), idea);
    expect(input.userPrompt).toContain('Each milestone covers one month of work.');
    expect(input.userPrompt).toContain('Leave "freeResources" and "paidResources" empty.');
    expect(input.userPrompt).toContain('Additional instructions: Mention Etsy.');
    expect(input.milestoneTimeEstimate).toBe('1 month');
    expect(buildPlanPromptInput(defaultAiSettings, idea).userPrompt).toContain('real https URL');
  });

  it('still gives the idea to a prompt that lost its placeholders', () => {
    const input = buildPlanPromptInput(settingsWith({}, { planGenerationPrompt: 'Make a plan.' }), idea);
    expect(input.userPrompt).toContain('Idea: Custom Pet Portraits');
    expect(input.userPrompt).toContain('Description: Paint pets from photos.');
  });

  it('asks for 5-8 tasks, never more than the builder allows', () => {
    expect(taskBounds({ tasksPerMilestone: 10 })).toEqual({ min: 5, max: 8 });
    expect(taskBounds({ tasksPerMilestone: 6 })).toEqual({ min: 5, max: 6 });
    expect(taskBounds({ tasksPerMilestone: 3 })).toEqual({ min: 3, max: 3 });
  });
});

describe('the next-milestone prompt', () => {
  it('fills all eight placeholders: week number, plan title, description, category, total weeks, context, previous week, order index', () => {
    const settings = settingsWith({}, { nextMilestonePrompt: everyPlaceholder(promptPlaceholders.nextMilestonePrompt) });
    const input = buildMilestonePromptInput(settings, milestoneRequest);
    for (const [name, value] of Object.entries({
      weekNumber: '3',
      planTitle: 'Pet Portrait Plan',
      planDescription: 'Six weeks to paid portraits.',
      planCategory: 'fiverr',
      totalWeeks: '6',
      previousWeek: '2',
      orderIndex: '2',
    })) {
      expect(input.userPrompt, name).toContain(`${name}=<${value}>`);
    }
    expect(input.userPrompt).toContain(`milestoneContext=<${milestoneContext(milestoneRequest)}>`);
    expect(input.userPrompt).not.toMatch(/\{\w+\}/);
    expect(input).toMatchObject({ maxTokens: settings.milestoneMaxTokens, tasks: { min: 5, max: 8 } });
    expect(input.answerSchema?.name).toBe('milestone');
  });

  it('gives as context the outline and what was done in the weeks before', () => {
    const context = milestoneContext(milestoneRequest);
    expect(context).toContain('Week 3 outline: Win Your First Customers (Pitch pet owners.)');
    expect(context).toContain('Week 1: Shape the Offer');
    expect(context).toContain('[done] Set three price tiers');
    expect(context).toContain('Week 2: Publish the Gig');
  });
});

describe('the task-help prompt', () => {
  it('fills the task title, milestone title and milestone description, and is answered as plain text', () => {
    const settings = settingsWith({}, { taskHelpPrompt: everyPlaceholder(promptPlaceholders.taskHelpPrompt) });
    const input = buildTaskHelpPromptInput(settings, {
      taskTitle: 'Set three price tiers',
      taskDescription: 'Starter, standard, premium.',
      milestoneTitle: 'Shape the Offer',
      milestoneDescription: 'Price it.',
      planTitle: 'Pet Portrait Plan',
      planCategory: 'fiverr',
    });
    expect(input.userPrompt).toContain('taskTitle=<Set three price tiers>');
    expect(input.userPrompt).toContain('milestoneTitle=<Shape the Offer>');
    expect(input.userPrompt).toContain('milestoneDescription=<Price it.>');
    expect(input.userPrompt).toContain('Task details: Starter, standard, premium.');
    expect(input.maxTokens).toBe(settings.helpMaxTokens);
    expect(input.answerSchema).toBeUndefined();
  });
});
