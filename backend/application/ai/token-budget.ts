import { parseCategories } from './categories';

/**
 * How many tokens the answer of each AI kind is expected to take, from the settings that shape
 * it, so that a configuration whose answer cannot fit its token limit is refused when it is saved
 * instead of failing every generation with a cut answer (`finish_reason: "length"`).
 *
 * The figures are calibrated with the o200k tokenizer (gpt-4o family) on the offline generator's
 * answers: English JSON runs at about 4 characters per token, and besides its description an idea
 * takes about 200 characters (id, title, subtitle, category, industry, method, pricing, JSON
 * punctuation). A default configuration keeps at least 20% headroom over its expected answer
 * (`defaultHeadroom`); see docs/ai.md.
 */

export const charsPerToken = 4;
/** What a default token limit must leave free above the expected answer. */
export const defaultHeadroom = 0.2;

/** Characters of an idea besides its description. */
const ideaOverheadChars = 200;
/** A task's title and description. */
const taskChars = 200;
/** Free and paid resources of a detailed milestone (about four, name and URL). */
const resourcesChars = 360;
/** Title (60), description (200), time estimate, success criteria (150) and JSON around them. */
const milestoneCoreChars = 60 + 200 + 30 + 150 + 80;
/** An outline milestone: title, description, time estimate, `isDetailed: false`. */
const outlineMilestoneChars = 60 + 200 + 30 + 70;
/** The plan's own title, description, category and time estimate. */
const planHeaderChars = 350;
/** The prompt asks for 5-8 tasks in a detailed milestone (at most the configured count). */
const detailedTasks = (tasksPerMilestone: number) => Math.min(8, tasksPerMilestone);
/** Task help: "under 300 words", about 1.35 tokens a word, with headings. */
const helpAnswerTokens = 450;

export interface BudgetSettings {
  ideaMaxTokens: number;
  maxTokens: number;
  milestoneMaxTokens: number;
  helpMaxTokens: number;
  promptBuilderSettings: {
    ideaDescriptionLength: number;
    ideasPerCategory: number;
    categoriesText: string;
    milestonesCount: number;
    tasksPerMilestone: number;
    includeResources: boolean;
  };
}

export type AiAnswerKind = 'ideas' | 'plan' | 'milestone' | 'help';

const tokensFor = (chars: number) => Math.ceil(chars / charsPerToken);

/** How many ideas the prompt asks for: ideas per category × categories (at least one category). */
export function expectedIdeaCount(settings: BudgetSettings): number {
  const categories = Math.max(1, parseCategories(settings.promptBuilderSettings.categoriesText).length);
  return categories * settings.promptBuilderSettings.ideasPerCategory;
}

function detailedMilestoneChars(settings: BudgetSettings): number {
  const b = settings.promptBuilderSettings;
  return milestoneCoreChars + detailedTasks(b.tasksPerMilestone) * taskChars + (b.includeResources ? resourcesChars : 0);
}

/** Expected tokens of the answer of `kind` under these settings. */
export function expectedAnswerTokens(kind: AiAnswerKind, settings: BudgetSettings): number {
  const b = settings.promptBuilderSettings;
  switch (kind) {
    case 'ideas':
      return tokensFor(expectedIdeaCount(settings) * (b.ideaDescriptionLength + ideaOverheadChars));
    case 'plan':
      return tokensFor(planHeaderChars + detailedMilestoneChars(settings) + Math.max(0, b.milestonesCount - 1) * outlineMilestoneChars);
    case 'milestone':
      return tokensFor(detailedMilestoneChars(settings));
    case 'help':
      return helpAnswerTokens;
  }
}

export function tokenLimit(kind: AiAnswerKind, settings: BudgetSettings): number {
  switch (kind) {
    case 'ideas':
      return settings.ideaMaxTokens;
    case 'plan':
      return settings.maxTokens;
    case 'milestone':
      return settings.milestoneMaxTokens;
    case 'help':
      return settings.helpMaxTokens;
  }
}

/** The settings field holding each kind's limit (where the Model tab shows the message). */
export const tokenLimitField: Record<AiAnswerKind, 'ideaMaxTokens' | 'maxTokens' | 'milestoneMaxTokens' | 'helpMaxTokens'> = {
  ideas: 'ideaMaxTokens',
  plan: 'maxTokens',
  milestone: 'milestoneMaxTokens',
  help: 'helpMaxTokens',
};

const number = (n: number) => n.toLocaleString('en-US');
/** "about 2,400": rounded to the nearest hundred (at least 100). */
const about = (tokens: number) => number(Math.max(100, Math.round(tokens / 100) * 100));

function describe(kind: AiAnswerKind, settings: BudgetSettings): string {
  const b = settings.promptBuilderSettings;
  switch (kind) {
    case 'ideas':
      return `${expectedIdeaCount(settings)} ideas of about ${number(b.ideaDescriptionLength)} characters need`;
    case 'plan':
      return `A plan of ${b.milestonesCount} milestones with ${detailedTasks(b.tasksPerMilestone)} detailed tasks needs`;
    case 'milestone':
      return `A milestone with ${detailedTasks(b.tasksPerMilestone)} tasks needs`;
    case 'help':
      return 'Task help of about 300 words needs';
  }
}

export interface BudgetProblem {
  kind: AiAnswerKind;
  field: (typeof tokenLimitField)[AiAnswerKind];
  expected: number;
  limit: number;
  /** E.g. "12 ideas of about 600 characters need about 2,400 tokens; the limit is 1,500". */
  message: string;
}

/** The kinds whose expected answer is larger than their token limit (it could never fit). */
export function tokenBudgetProblems(settings: BudgetSettings): BudgetProblem[] {
  const problems: BudgetProblem[] = [];
  for (const kind of ['ideas', 'plan', 'milestone', 'help'] as const) {
    const expected = expectedAnswerTokens(kind, settings);
    const limit = tokenLimit(kind, settings);
    if (expected <= limit) continue;
    problems.push({
      kind,
      field: tokenLimitField[kind],
      expected,
      limit,
      message: `${describe(kind, settings)} about ${about(expected)} tokens; the limit is ${number(limit)}`,
    });
  }
  return problems;
}
