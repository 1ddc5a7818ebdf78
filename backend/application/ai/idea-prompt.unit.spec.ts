import { describe, expect, it } from 'vitest';
import type { GenerateIdeasRequest } from '../contracts/ideas';
import { defaultAiSettings, type AiSettings } from './ai-settings';
import { buildIdeaPromptInput } from './idea-prompt';

const custom: GenerateIdeasRequest = {
  skill: 'watercolour painting',
  skillLevel: 'advanced',
  availableHours: 12,
  incomeGoal: 1500,
  timeline: '60-days',
  niches: ['wedding stationery'],
  platforms: ['Etsy'],
  regionFocus: 'Lisbon',
  languages: ['Portuguese', 'English'],
};

function settingsWith(builder: Partial<AiSettings['promptBuilderSettings']>, top: Partial<AiSettings> = {}): AiSettings {
  return { ...defaultAiSettings, ...top, promptBuilderSettings: { ...defaultAiSettings.promptBuilderSettings, ...builder } };
}

describe('building the idea prompt', () => {
  it('fills the skill into the admin prompt and carries the model settings', () => {
    const input = buildIdeaPromptInput(defaultAiSettings, { skill: 'Excel dashboards' }, { personalized: false });
    expect(input.userPrompt).toContain('"Excel dashboards"');
    expect(input.userPrompt).not.toContain('{skill}');
    expect(input.systemPrompt).toBe(defaultAiSettings.systemPrompt);
    expect(input).toMatchObject({
      model: 'gpt-4o-mini',
      temperature: 0.7,
      maxTokens: 3000,
      inputTokenCostPer1M: 2.5,
      outputTokenCostPer1M: 10,
      ideasPerCategory: 3,
      personalized: false,
    });
    expect(input.categories.map((c) => c.key)).toEqual(['fiverr', 'online', 'offline', 'social']);
  });

  it('asks for ideas per category × categories, the description length and lists every category', () => {
    const settings = settingsWith({
      ideasPerCategory: 2,
      ideaDescriptionLength: 450,
      categoriesText: 'crafts | Handmade | etsy, markets\nonline | Online Business',
    });
    const input = buildIdeaPromptInput(settings, { skill: 'knitting' }, { personalized: false });
    expect(input.userPrompt).toContain('exactly 2 ideas per category: 4 ideas in total');
    expect(input.userPrompt).toContain('about 450 characters');
    expect(input.userPrompt).toContain('- crafts: Handmade (keywords: etsy, markets)');
    expect(input.userPrompt).toContain('- online: Online Business');
    expect(input.categories).toEqual([
      { key: 'crafts', label: 'Handmade', keywords: ['etsy', 'markets'] },
      { key: 'online', label: 'Online Business', keywords: [] },
    ]);
  });

  it('adds the pro customization only when the caller is personalized', () => {
    const pro = buildIdeaPromptInput(defaultAiSettings, custom, { personalized: true });
    expect(pro.personalized).toBe(true);
    for (const text of ['advanced', '12 hours per week', '$1500 per month', '60-days', 'wedding stationery', 'Etsy', 'Lisbon', 'Portuguese, English']) {
      expect(pro.userPrompt).toContain(text);
    }
    expect(pro.userPrompt).toContain('Set "personalized" to true.');
    expect(pro.request).toEqual(custom);

    const free = buildIdeaPromptInput(defaultAiSettings, custom, { personalized: false });
    expect(free.personalized).toBe(false);
    for (const text of ['12 hours per week', '$1500', 'wedding stationery', 'Lisbon', 'Member profile']) {
      expect(free.userPrompt).not.toContain(text);
    }
    expect(free.userPrompt).toContain('Set "personalized" to false.');
    // The generator never sees the customization of a member who may not use it.
    expect(free.request).toEqual({ skill: 'watercolour painting' });
  });

  it('ignores customization when the admin turned pro personalization off', () => {
    const input = buildIdeaPromptInput(settingsWith({ enableProPersonalization: false }), custom, { personalized: true });
    expect(input.personalized).toBe(false);
    expect(input.userPrompt).not.toContain('Lisbon');
  });

  it('is not personalized for a pro member who customized nothing', () => {
    const input = buildIdeaPromptInput(defaultAiSettings, { skill: 'baking' }, { personalized: true });
    expect(input.personalized).toBe(false);
  });

  it('keeps member text literal (no $& replacement patterns) and does not fill placeholders inside it', () => {
    const input = buildIdeaPromptInput(defaultAiSettings, { skill: 'pricing $& {ideasPerCategory} tricks' }, { personalized: false });
    expect(input.userPrompt).toContain('"pricing $& {ideasPerCategory} tricks"');
  });

  it('still sends the skill when an admin prompt lost its placeholder, and falls back to default categories', () => {
    const settings = { ...settingsWith({ categoriesText: '   ' }), ideaGenerationPrompt: 'Give ideas as JSON.' };
    const input = buildIdeaPromptInput(settings, { skill: 'origami' }, { personalized: false });
    expect(input.userPrompt).toContain('Skill: "origami"');
    expect(input.categories).toHaveLength(4);
  });

  it('includes the admin custom instructions, tools and income style', () => {
    const input = buildIdeaPromptInput(
      settingsWith({ ideaCustomInstructions: 'Prefer ideas with no upfront cost.', incomeRangeStyle: 'hourly', includeSpecificTools: false }),
      { skill: 'copywriting' },
      { personalized: false },
    );
    expect(input.userPrompt).toContain('Additional instructions: Prefer ideas with no upfront cost.');
    expect(input.userPrompt).toContain('hourly rate');
    expect(input.userPrompt).not.toContain('Name the specific platforms');
  });
});
