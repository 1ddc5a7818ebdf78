import { describe, expect, it } from 'vitest';
import { defaultAiSettings } from '../../../application/ai/ai-settings';
import { buildIdeaPromptInput } from '../../../application/ai/idea-prompt';
import { parseGeneratedIdeas } from '../../../application/ai/parse-ideas';
import { OfflineIdeaGenerator, planIdeas } from '../offline-idea-generator';
import { ideaPanel } from './idea-panel';
import { kindsAtEvents, templateFits, type ClassifiedSkill } from './skill-kinds';

/** Issue 30: over a panel of everyday skill sentences, ideas a person with that skill would act on. */

const generator = new OfflineIdeaGenerator({ chunkDelayMs: 0 });
const inputFor = (skill: string) => buildIdeaPromptInput(defaultAiSettings, { skill }, { personalized: false });

const handsOn = ['trade', 'home-service', 'beauty', 'animals', 'food', 'made-product'] as const;
const isHandsOnOnly = (s: ClassifiedSkill) => s.kinds.every((k) => (handsOn as readonly string[]).includes(k));
const isRegulated = (s: ClassifiedSkill) => s.kinds.includes('regulated');
const hasNoPlaceAtEvents = (s: ClassifiedSkill) => !s.kinds.some((k) => kindsAtEvents.has(k));

describe('offline ideas over the panel (issue 30)', () => {
  it('has at least 40 sentences: one- and two-skill, with a market, of every kind of work', () => {
    expect(ideaPanel.length).toBeGreaterThanOrEqual(40);
    expect(ideaPanel.filter((p) => p.parts.length === 2).length).toBeGreaterThanOrEqual(6);
    expect(ideaPanel.filter((p) => p.market).length).toBeGreaterThanOrEqual(8);
    const kinds = new Set(ideaPanel.flatMap((p) => planIdeas(inputFor(p.sentence)).reading.kinds));
    for (const kind of ['trade', 'home-service', 'beauty', 'made-product', 'food', 'event', 'hobby', 'language', 'tutoring', 'knowledge', 'regulated', 'creative', 'animals']) {
      expect(kinds, kind).toContain(kind);
    }
  });

  for (const entry of ideaPanel) {
    it(`fits "${entry.sentence}"`, async () => {
      const input = inputFor(entry.sentence);
      // What a visitor receives: the streamed JSON, parsed as the app parses it.
      const result = await generator.generateIdeas(input, () => {});
      const ideas = parseGeneratedIdeas(result.text, input.categories).ideas;
      expect(ideas).toHaveLength(12);
      const titles = ideas.map((i) => i.title);
      const list = titles.join('\n');

      // Every part of the sentence in titles of its own; the plain business among them.
      expect(entry.parts.length, 'the skills the reader found').toBe(planIdeas(input).reading.skills.length);
      for (const part of entry.parts) {
        expect(titles.filter((t) => part.test(t)).length, `${part} in at least two titles of\n${list}`).toBeGreaterThanOrEqual(2);
      }
      expect(titles.some((t) => entry.plain.test(t)), `the plain business ${entry.plain} among\n${list}`).toBe(true);

      // A named market is the market of the first ideas.
      const firsts = ideas.filter((idea, i) => ideas.findIndex((o) => o.category === idea.category) === i).map((i) => i.title);
      if (entry.market) expect(firsts.some((t) => entry.market!.test(t)), `${entry.market} in a first idea of\n${list}`).toBe(true);

      const { planned } = planIdeas(input);
      expect(planned.map((p) => p.idea.title)).toEqual(titles);
      for (const { idea, templateId, kinds, traits, skills } of planned) {
        const [main, second] = skills;
        // The template declares the kinds it fits: never one outside them, never a trait the skill forbids.
        expect(templateFits({ kinds, traits }, main.kinds), `${templateId} for ${main.name} [${main.kinds}]`).toBe(true);
        if (second) expect(templateFits({ kinds: second.kinds, traits }, second.kinds), `${templateId} for ${second.name}`).toBe(true);

        // And as a visitor reads it.
        const text = `${idea.title} ${idea.subtitle}`;
        for (const skill of skills) {
          if (isRegulated(skill)) {
            expect(text, `${idea.title}: a regulated profession`).not.toMatch(/remote|lessons?\b|class(es)?\b|club|stream|course|tutorial|workshop|wedding|event|\bkids?\b|children/i);
          }
          if (isHandsOnOnly(skill)) expect(`${text} ${idea.description}`, `${idea.title}: hands-on work`).not.toMatch(/remote/i);
          if (hasNoPlaceAtEvents(skill) && !(entry.market && entry.market.test(idea.title))) {
            expect(idea.title, `${idea.title}: ${skill.name} has no place at events`).not.toMatch(/wedding|event|part(y|ies)|funeral/i);
          }
        }
      }
    });
  }

  it('writes the same ideas for the same sentence', async () => {
    const first = await generator.generateIdeas(inputFor("I'm a nurse and I knit"), () => {});
    const again = await generator.generateIdeas(inputFor("I'm a nurse and I knit"), () => {});
    expect(again.text).toBe(first.text);
  });
});
