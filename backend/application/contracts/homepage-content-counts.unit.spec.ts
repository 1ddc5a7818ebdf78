import { describe, expect, it } from 'vitest';
import { monthlyAllowances } from '../../domain/credits/allowances';
import { defaultAiSettings } from '../ai/ai-settings';
import { buildIdeaPromptInput } from '../ai/idea-prompt';
import { parseGeneratedIdeas } from '../ai/parse-ideas';
import { OfflineIdeaGenerator } from '../../infrastructure/ai/offline-idea-generator';
import { defaultHomepageContent } from './homepage-content';

async function ideasGeneratedByDefault(): Promise<number> {
  const input = buildIdeaPromptInput(defaultAiSettings, { skill: 'I teach guitar' }, { personalized: false });
  const result = await new OfflineIdeaGenerator({ chunkDelayMs: 0 }).generateIdeas(input, () => {});
  return parseGeneratedIdeas(result.text, input.categories).ideas.length;
}

describe('default homepage copy keeps the product’s numbers', () => {
  it('states the number of ideas the default settings generate, wherever it names a count of ideas', async () => {
    const generated = await ideasGeneratedByDefault();
    expect(generated).toBe(12);
    expect(defaultHomepageContent.hero.subheadline).toContain(`${generated} income ideas`);
    expect(defaultHomepageContent.howItWorks.steps[1].title).toBe(`Get ${generated} Income Ideas`);
    const copy = JSON.stringify(defaultHomepageContent);
    const stated = [...copy.matchAll(/\b(\d+|one|two|three|five|nine|ten|twelve) (?:\w+ )?ideas\b/gi)].map((m) => m[1]);
    expect(stated.length).toBeGreaterThan(0);
    expect(stated.every((n) => n === String(generated)), stated.join(', ')).toBe(true);
  });

  it('derives the pricing tiers’ allowances from the allowance policy', () => {
    const [starter, professional] = defaultHomepageContent.pricing.tiers;
    const { free, pro } = monthlyAllowances;
    expect(starter.features).toEqual(
      expect.arrayContaining([
        `${free.idea} idea set of 12 ideas a month`,
        `${free.plan} action plans a month`,
        `${free.help} AI help requests a month`,
      ]),
    );
    expect(professional.features).toEqual(
      expect.arrayContaining([
        `${pro.idea} idea sets of 12 ideas a month`,
        `${pro.plan} action plans a month`,
        `${pro.help} AI help requests a month`,
      ]),
    );
    const pricing = JSON.stringify(defaultHomepageContent.pricing);
    expect(pricing).not.toMatch(/unlimited (ideas|AI prompts)|skill ideas a month|AI prompts a month/i);
  });
});
