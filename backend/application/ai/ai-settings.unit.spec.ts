import { describe, expect, it } from 'vitest';
import { aiSettingsFieldsSchema, aiSettingsSchema, defaultAiSettings, fillPromptPlaceholders, mergeWithDefaults, promptPlaceholders } from './ai-settings';

const withField = (patch: Record<string, unknown>) => aiSettingsSchema.safeParse({ ...defaultAiSettings, ...patch });
/** The field ranges alone (whether the answer fits the limit is token-budget's test). */
const withFieldRange = (patch: Record<string, unknown>) => aiSettingsFieldsSchema.safeParse({ ...defaultAiSettings, ...patch });

describe('AI settings', () => {
  it('has the defaults of back-office §9 and they validate', () => {
    expect(aiSettingsSchema.parse(defaultAiSettings)).toEqual(defaultAiSettings);
    expect(defaultAiSettings).toMatchObject({
      modelName: 'gpt-4o-mini',
      temperature: 0.7,
      ideaMaxTokens: 3000, // back-office §9 says 1500, which cannot hold the default answer (docs/ai.md)
      maxTokens: 3000,
      milestoneMaxTokens: 2000,
      helpMaxTokens: 1000,
      inputTokenCostPer1M: 2.5,
      outputTokenCostPer1M: 10,
    });
    expect(defaultAiSettings.promptBuilderSettings).toMatchObject({
      ideaDescriptionLength: 600,
      ideasPerCategory: 3,
      milestonesCount: 6,
      tasksPerMilestone: 10,
      enableProPersonalization: true,
    });
    expect(defaultAiSettings.ideaGenerationPrompt).toContain('{skill}');
  });

  it('puts every documented placeholder in the default prompts', () => {
    for (const [prompt, names] of Object.entries(promptPlaceholders)) {
      const text = defaultAiSettings[prompt as keyof typeof promptPlaceholders];
      const used = names.filter((name) => text.includes(`{${name}}`));
      expect(used.length, prompt).toBeGreaterThan(0);
    }
    for (const name of promptPlaceholders.nextMilestonePrompt) expect(defaultAiSettings.nextMilestonePrompt).toContain(`{${name}}`);
    for (const name of promptPlaceholders.taskHelpPrompt) expect(defaultAiSettings.taskHelpPrompt).toContain(`{${name}}`);
  });

  it.each([
    ['ideaMaxTokens', 500, 3000],
    ['maxTokens', 1000, 10000],
    ['milestoneMaxTokens', 500, 5000],
    ['helpMaxTokens', 300, 2000],
  ])('enforces the %s range %i-%i', (field, min, max) => {
    expect(withFieldRange({ [field]: min }).success).toBe(true);
    expect(withFieldRange({ [field]: max }).success).toBe(true);
    expect(withFieldRange({ [field]: min - 1 }).success).toBe(false);
    expect(withFieldRange({ [field]: max + 1 }).success).toBe(false);
    expect(withFieldRange({ [field]: min + 0.5 }).success).toBe(false);
  });

  it('takes temperatures 0-2 in steps of 0.1 and costs from 0 in steps of 0.01', () => {
    expect(withField({ temperature: 0 }).success).toBe(true);
    expect(withField({ temperature: 1.3 }).success).toBe(true);
    expect(withField({ temperature: 2 }).success).toBe(true);
    expect(withField({ temperature: 2.1 }).success).toBe(false);
    expect(withField({ temperature: -0.1 }).success).toBe(false);
    expect(withField({ temperature: 0.75 }).success).toBe(false);
    expect(withField({ inputTokenCostPer1M: 0 }).success).toBe(true);
    expect(withField({ inputTokenCostPer1M: 0.15 }).success).toBe(true);
    expect(withField({ outputTokenCostPer1M: 0.6 }).success).toBe(true);
    expect(withField({ inputTokenCostPer1M: -1 }).success).toBe(false);
    expect(withField({ outputTokenCostPer1M: 0.125 }).success).toBe(false);
  });

  it('refuses an idea prompt without the {skill} placeholder', () => {
    const result = withField({ ideaGenerationPrompt: 'Give me ideas' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].message).toContain('{skill}');
  });

  it('completes stored settings with defaults, key by key, keeping valid values', () => {
    const merged = mergeWithDefaults({
      modelName: 'gpt-4o',
      temperature: 9, // out of range: the default applies
      promptBuilderSettings: { ideasPerCategory: 5 },
      retiredSetting: true,
    });
    expect(merged.modelName).toBe('gpt-4o');
    expect(merged.temperature).toBe(0.7);
    expect(merged.promptBuilderSettings.ideasPerCategory).toBe(5);
    expect(merged.promptBuilderSettings.categoriesText).toBe(defaultAiSettings.promptBuilderSettings.categoriesText);
    expect(merged).not.toHaveProperty('retiredSetting');
    expect(aiSettingsFieldsSchema.safeParse(merged).success).toBe(true);
    expect(mergeWithDefaults(null)).toEqual(defaultAiSettings);
  });

  it('fills known placeholders and leaves unknown ones', () => {
    expect(fillPromptPlaceholders('Week {weekNumber} of {totalWeeks}: {other}', { weekNumber: 2, totalWeeks: 6 })).toBe(
      'Week 2 of 6: {other}',
    );
  });
});
