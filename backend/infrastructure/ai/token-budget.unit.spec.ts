import { describe, expect, it } from 'vitest';
import { aiSettingsSchema, defaultAiSettings } from '../../application/ai/ai-settings';
import { buildIdeaPromptInput } from '../../application/ai/idea-prompt';
import { expectedAnswerTokens, tokenBudgetProblems, tokenLimit, type AiAnswerKind } from '../../application/ai/token-budget';
import { countTokens } from '../../application/ai/tokens';
import { OfflineIdeaGenerator } from './offline-idea-generator';

/**
 * Every AI kind's default configuration must leave 20% of its token limit free above the answer
 * its prompt asks for, counted with the gpt-4o tokenizer (o200k): otherwise a real model stops at
 * the limit (`finish_reason: "length"`) and the cut JSON fails every generation.
 */

const skills = ['baking sourdough bread', "I'm a graphic designer who loves illustrating pets", 'python programming and data analysis'];
const model = defaultAiSettings.modelName;
/** A fifth of the limit stays free (the stricter reading of "20% headroom": 1.25× the answer fits). */
const fitsWithHeadroom = (tokens: number, limit: number) => tokens <= limit * 0.8;

/** Text of about `chars` characters about the skill, in sentences a model would write. */
function prose(skill: string, chars: number, seed: number): string {
  const sentences = [
    `Start by listing what people already ask you about ${skill} and turn the most common request into an offer.`,
    `Write a one-page outline, price it for beginners, and ask three people you know to try it this week.`,
    `Use a free Canva template and a Google Form so the first customers can book without any back and forth.`,
    `Keep notes on every question you answer; they become the checklist that makes the next order faster.`,
  ];
  let out = '';
  for (let i = seed; out.length < chars; i++) out += (out ? ' ' : '') + sentences[i % sentences.length];
  return out.slice(0, chars).trimEnd();
}

/** An answer in the shape of the default plan / milestone / help prompt, with the lengths they ask for. */
function sampleAnswer(kind: Exclude<AiAnswerKind, 'ideas'>, skill: string): string {
  const b = defaultAiSettings.promptBuilderSettings;
  const milestone = (week: number, detailed: boolean) => ({
    title: prose(skill, 60, week),
    description: prose(skill, 200, week + 1),
    timeEstimate: '1 week',
    isDetailed: detailed,
    ...(detailed
      ? {
          freeResources: [1, 2].map((n) => ({ name: prose(skill, 30, n), url: `https://example.org/free-guide-${n}` })),
          paidResources: [1, 2].map((n) => ({ name: prose(skill, 30, n + 2), url: `https://example.com/paid-course-${n}` })),
          tasks: Array.from({ length: Math.min(8, b.tasksPerMilestone) }, (_, n) => ({ title: prose(skill, 50, n), description: prose(skill, 150, n + 1) })),
          successCriteria: prose(skill, 150, week + 2),
        }
      : {}),
  });
  if (kind === 'help') return prose(skill, 1_800, 0);
  if (kind === 'milestone') return JSON.stringify(milestone(2, true));
  return JSON.stringify({
    title: prose(skill, 60, 0),
    description: prose(skill, 200, 1),
    category: 'online',
    timeEstimate: `${b.milestonesCount} weeks`,
    milestones: Array.from({ length: b.milestonesCount }, (_, week) => milestone(week + 1, week === 0)),
  });
}

describe('token budgets of the default settings', () => {
  it.each(skills)('the offline generator answer for "%s" fits the default idea limit with 20% headroom', async (skill) => {
    const input = buildIdeaPromptInput(defaultAiSettings, { skill }, { personalized: false });
    const { text } = await new OfflineIdeaGenerator({ chunkDelayMs: 0 }).generateIdeas(input, () => {});
    const tokens = countTokens(text, model);
    expect(JSON.parse(text).ideas).toHaveLength(12);
    expect(tokens).toBeGreaterThan(1_500);
    expect(input.maxTokens).toBe(defaultAiSettings.ideaMaxTokens);
    expect(fitsWithHeadroom(tokens, defaultAiSettings.ideaMaxTokens)).toBe(true);
    // The settings estimate never under-counts (it guards the limit) and is at most 30% above the count.
    const expected = expectedAnswerTokens('ideas', defaultAiSettings);
    expect(expected).toBeGreaterThanOrEqual(tokens);
    expect((expected - tokens) / tokens).toBeLessThan(0.3);
  });

  for (const kind of ['plan', 'milestone', 'help'] as const) {
    it.each(skills)(`a ${kind} answer for "%s" fits the default ${kind} limit with 20% headroom`, (skill) => {
      const tokens = countTokens(sampleAnswer(kind, skill), model);
      expect(fitsWithHeadroom(tokens, tokenLimit(kind, defaultAiSettings))).toBe(true);
    });
  }

  it.each(['ideas', 'plan', 'milestone', 'help'] as const)('the expected %s answer leaves a fifth of the default limit free', (kind) => {
    expect(fitsWithHeadroom(expectedAnswerTokens(kind, defaultAiSettings), tokenLimit(kind, defaultAiSettings))).toBe(true);
  });

  it('default token limits stay within the ranges of back-office §5', () => {
    expect(defaultAiSettings.ideaMaxTokens).toBeGreaterThanOrEqual(500);
    expect(defaultAiSettings.ideaMaxTokens).toBeLessThanOrEqual(3000);
    expect(defaultAiSettings.maxTokens).toBeLessThanOrEqual(10000);
    expect(defaultAiSettings.milestoneMaxTokens).toBeLessThanOrEqual(5000);
    expect(defaultAiSettings.helpMaxTokens).toBeLessThanOrEqual(2000);
    expect(tokenBudgetProblems(defaultAiSettings)).toEqual([]);
  });
});

describe('settings whose answer cannot fit', () => {
  it('refuses the spec default of 1,500 idea tokens with 12 ideas of 600 characters, saying why', () => {
    const result = aiSettingsSchema.safeParse({ ...defaultAiSettings, ideaMaxTokens: 1500 });
    expect(result.success).toBe(false);
    expect(result.error!.issues).toEqual([
      expect.objectContaining({
        path: ['ideaMaxTokens'],
        message: '12 ideas of about 600 characters need about 2,400 tokens; the limit is 1,500',
      }),
    ]);
  });

  it('accepts fewer or shorter ideas within the same limit', () => {
    const fewer = { ...defaultAiSettings, ideaMaxTokens: 1500, promptBuilderSettings: { ...defaultAiSettings.promptBuilderSettings, ideasPerCategory: 1 } };
    expect(aiSettingsSchema.safeParse(fewer).success).toBe(true);
  });

  it('refuses a plan limit too small for its milestones', () => {
    const settings = {
      ...defaultAiSettings,
      maxTokens: 1000,
      promptBuilderSettings: { ...defaultAiSettings.promptBuilderSettings, milestonesCount: 12 },
    };
    const result = aiSettingsSchema.safeParse(settings);
    expect(result.success).toBe(false);
    expect(result.error!.issues[0].path).toEqual(['maxTokens']);
    expect(result.error!.issues[0].message).toMatch(/^A plan of 12 milestones with 8 detailed tasks needs about [\d,]+ tokens; the limit is 1,000$/);
  });
});
