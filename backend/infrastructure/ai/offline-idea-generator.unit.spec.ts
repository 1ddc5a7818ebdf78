import { countPromptTokens, countTokens } from '../../application/ai/tokens';
import { describe, expect, it } from 'vitest';
import { defaultAiSettings, type AiSettings } from '../../application/ai/ai-settings';
import { buildIdeaPromptInput } from '../../application/ai/idea-prompt';
import { parseGeneratedIdeas } from '../../application/ai/parse-ideas';
import type { GenerateIdeasRequest } from '../../application/contracts/ideas';
import { OfflineIdeaGenerator, offlineCatalogue } from './offline-idea-generator';

const generator = new OfflineIdeaGenerator({ chunkDelayMs: 0 });

async function generate(request: GenerateIdeasRequest, options: { personalized?: boolean; settings?: AiSettings } = {}) {
  const input = buildIdeaPromptInput(options.settings ?? defaultAiSettings, request, { personalized: options.personalized ?? false });
  const chunks: string[] = [];
  const result = await generator.generateIdeas(input, (chunk) => chunks.push(chunk));
  return { input, chunks, result, ideas: parseGeneratedIdeas(result.text, input.categories) };
}

describe('offline idea generator', () => {
  it('produces text that parses into ideas per category × categories', async () => {
    const { ideas, input } = await generate({ skill: 'I am a graphic designer who loves illustrating pets' });
    expect(input.categories).toHaveLength(4);
    expect(ideas.ideas).toHaveLength(3 * 4);
    expect(ideas.categories.map((c) => c.id)).toEqual(['fiverr', 'online', 'offline', 'social']);
    for (const key of ['fiverr', 'online', 'offline', 'social']) {
      expect(ideas.ideas.filter((i) => i.category === key)).toHaveLength(3);
    }
    for (const idea of ideas.ideas) {
      for (const field of ['title', 'subtitle', 'description', 'industry', 'method', 'pricing'] as const) {
        expect(idea[field].length, `${idea.id} ${field}`).toBeGreaterThan(0);
      }
      expect(idea.pricing).toMatch(/\$\d/);
    }
    expect(new Set(ideas.ideas.map((i) => i.id)).size).toBe(12);
    expect(new Set(ideas.ideas.map((i) => i.title)).size).toBe(12);
    expect(ideas.personalized).toBe(false);
  });

  it('builds every idea around the skills of the sentence, each skill in ideas of its own (issue 30)', async () => {
    const { ideas } = await generate({ skill: 'Python programming and data analysis' });
    for (const idea of ideas.ideas) {
      expect(`${idea.title} ${idea.description}`.toLowerCase()).toMatch(/python programming|data analysis/);
    }
    expect(ideas.ideas.filter((i) => /Python Programming/.test(i.title)).length).toBeGreaterThanOrEqual(2);
    expect(ideas.ideas.filter((i) => /Data Analysis/.test(i.title)).length).toBeGreaterThanOrEqual(2);
  });

  it('gives different ideas for different skills, and the same ideas for the same skill', async () => {
    const baking = await generate({ skill: 'baking sourdough bread' });
    const excel = await generate({ skill: 'Excel dashboards for small businesses' });
    const titles = (r: typeof baking) => r.ideas.ideas.map((i) => i.title);
    expect(titles(baking)).not.toEqual(titles(excel));
    expect(titles(baking).filter((t) => titles(excel).includes(t))).toEqual([]);
    const again = await generate({ skill: 'baking sourdough bread' });
    expect(again.result.text).toBe(baking.result.text);
  });

  it('streams the text in several chunks of about 20-60 characters', async () => {
    const { chunks, result } = await generate({ skill: 'wedding photography' });
    expect(chunks.length).toBeGreaterThan(10);
    expect(chunks.join('')).toBe(result.text);
    for (const chunk of chunks.slice(0, -1)) {
      expect(chunk.length).toBeGreaterThanOrEqual(20);
      expect(chunk.length).toBeLessThanOrEqual(60);
    }
  });

  it('pauses between chunks so the typing animation has time to show', async () => {
    const slow = new OfflineIdeaGenerator({ chunkDelayMs: 5 });
    const small: AiSettings = {
      ...defaultAiSettings,
      promptBuilderSettings: { ...defaultAiSettings.promptBuilderSettings, ideasPerCategory: 1, categoriesText: 'online | Online' },
    };
    const input = buildIdeaPromptInput(small, { skill: 'yoga' }, { personalized: false });
    const times: number[] = [];
    await slow.generateIdeas(input, () => times.push(performance.now()));
    expect(times.at(-1)! - times[0]).toBeGreaterThanOrEqual((times.length - 1) * 4);
  });

  it('reports usage as the offline model at no cost, counted with the gpt-4o tokenizer', async () => {
    const { result, input } = await generate({ skill: 'gardening' });
    expect(result.usage).toEqual({
      model: 'offline-generator',
      inputTokens: countPromptTokens([{ content: input.systemPrompt }, { content: input.userPrompt }]),
      outputTokens: countTokens(result.text),
      costUsd: 0,
    });
    expect(result.usage.outputTokens).toBeGreaterThan(1_000);
  });

  it('honours ideas per category and configured categories, with generic patterns for unknown ones', async () => {
    const settings: AiSettings = {
      ...defaultAiSettings,
      promptBuilderSettings: {
        ...defaultAiSettings.promptBuilderSettings,
        ideasPerCategory: 5,
        categoriesText: 'fiverr | Fiverr Gigs\ncrafts | Handmade Crafts | etsy, craft fairs',
      },
    };
    const { ideas } = await generate({ skill: 'knitting' }, { settings });
    expect(ideas.ideas).toHaveLength(10);
    const crafts = ideas.ideas.filter((i) => i.category === 'crafts');
    expect(crafts).toHaveLength(5);
    expect(crafts.some((i) => /Handmade Crafts|etsy|craft fairs/i.test(`${i.title} ${i.subtitle} ${i.description}`))).toBe(true);
    expect(ideas.categories).toEqual([
      { id: 'fiverr', name: 'Fiverr Gigs', color: 'green' },
      { id: 'crafts', name: 'Handmade Crafts', color: expect.any(String) },
    ]);
  });

  it('still gives distinct ideas when more are asked for than the catalogue holds', async () => {
    const settings: AiSettings = {
      ...defaultAiSettings,
      promptBuilderSettings: { ...defaultAiSettings.promptBuilderSettings, ideasPerCategory: 10, categoriesText: 'fiverr | Fiverr Gigs' },
    };
    const { ideas } = await generate({ skill: 'yoga' }, { settings });
    expect(ideas.ideas).toHaveLength(10);
    expect(new Set(ideas.ideas.map((i) => i.title)).size).toBe(10);
  });

  it('uses the customization only for personalized requests', async () => {
    const request: GenerateIdeasRequest = {
      skill: 'yoga',
      skillLevel: 'expert',
      availableHours: 10,
      incomeGoal: 2000,
      timeline: '30-days',
      niches: ['new mothers'],
      regionFocus: 'Berlin',
    };
    const pro = await generate(request, { personalized: true });
    expect(pro.ideas.personalized).toBe(true);
    const proText = JSON.stringify(pro.ideas.ideas);
    expect(proText).toContain('new mothers');
    expect(proText).toContain('$2,000 monthly goal');
    expect(proText).toContain('Berlin');
    expect(proText).toMatch(/expert|10 hours a week|30-day/);

    const free = await generate(request, { personalized: false });
    expect(free.ideas.personalized).toBe(false);
    const freeText = JSON.stringify(free.ideas.ideas);
    for (const text of ['new mothers', '$2,000', 'Berlin', '10 hours']) expect(freeText).not.toContain(text);
  });

  it('charges more for an expert than for a beginner', async () => {
    const low = (await generate({ skill: 'copywriting', skillLevel: 'beginner' }, { personalized: true })).ideas.ideas;
    const high = (await generate({ skill: 'copywriting', skillLevel: 'expert' }, { personalized: true })).ideas.ideas;
    const firstPrice = (pricing: string) => Number(/\$([\d,]+)/.exec(pricing)![1].replace(/,/g, ''));
    const avg = (ideas: typeof low) => ideas.reduce((sum, i) => sum + firstPrice(i.pricing), 0) / ideas.length;
    expect(avg(high)).toBeGreaterThan(avg(low));
  });

  it('stops when the caller aborts', async () => {
    const slow = new OfflineIdeaGenerator({ chunkDelayMs: 5 });
    const input = buildIdeaPromptInput(defaultAiSettings, { skill: 'yoga' }, { personalized: false });
    const controller = new AbortController();
    let chunks = 0;
    const run = slow.generateIdeas(input, () => {
      if (++chunks === 3) controller.abort();
    }, controller.signal);
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
    expect(chunks).toBe(3);
  });

  it('logs under the "offline generator" label', async () => {
    const lines: string[] = [];
    const logged = new OfflineIdeaGenerator({ chunkDelayMs: 0, log: (line) => lines.push(line) });
    const input = buildIdeaPromptInput(defaultAiSettings, { skill: 'yoga' }, { personalized: false });
    await logged.generateIdeas(input, () => {});
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^offline generator: 12 ideas/);
    expect(logged.kind).toBe('offline');
  });

  it('has at least 8 patterns per category in its catalogue', () => {
    for (const key of ['fiverr', 'online', 'offline', 'social', 'generic'] as const) {
      expect(offlineCatalogue[key].length, key).toBeGreaterThanOrEqual(8);
    }
  });
});
