import { describe, expect, it } from 'vitest';
import { defaultAiSettings } from '../../../application/ai/ai-settings';
import { buildIdeaPromptInput } from '../../../application/ai/idea-prompt';
import { parseGeneratedIdeas } from '../../../application/ai/parse-ideas';
import { OfflineIdeaGenerator, planIdeas, repeatsWord } from '../offline-idea-generator';
import { ideaPanel } from './idea-panel';
import { cannotCarryMarket, otherOccasions } from './market-templates';
import { kindsAtEvents, regulatedKinds, templateFits, type ClassifiedSkill } from './skill-kinds';

/** Issue 30: over a panel of everyday skill sentences, ideas a person with that skill would act on. */

const generator = new OfflineIdeaGenerator({ chunkDelayMs: 0 });
const inputFor = (skill: string) => buildIdeaPromptInput(defaultAiSettings, { skill }, { personalized: false });

const handsOn = ['trade', 'home-service', 'beauty', 'animals', 'food', 'made-product'] as const;
const isHandsOnOnly = (s: ClassifiedSkill) => s.kinds.every((k) => (handsOn as readonly string[]).includes(k));
const isRegulated = (s: ClassifiedSkill) => s.kinds.some((k) => regulatedKinds.has(k));
const isHealthOrCare = (s: ClassifiedSkill) => s.kinds.includes('regulated');
const hasNoPlaceAtEvents = (s: ClassifiedSkill) => !s.kinds.some((k) => kindsAtEvents.has(k));

describe('offline ideas over the panel (issue 30)', () => {
  it('has at least 40 sentences: one- and two-skill, with a market, of every kind of work', () => {
    expect(ideaPanel.length).toBeGreaterThanOrEqual(40);
    expect(ideaPanel.filter((p) => p.parts.length === 2).length).toBeGreaterThanOrEqual(6);
    expect(ideaPanel.filter((p) => p.market).length).toBeGreaterThanOrEqual(20);
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

      // What a visitor would find senseless for this person.
      if (entry.forbidden) {
        for (const idea of ideas) expect(`${idea.title} — ${idea.subtitle}`, `senseless for "${entry.sentence}"`).not.toMatch(entry.forbidden);
      }
      for (const idea of ideas) {
        // No word said twice ("Wedding Photography for Weddings", "Office Cleaning for Offices").
        expect(repeatsWord(idea.title), `${idea.title}: a word twice`).toBe(false);
        // No idea that is another one again for someone else ("…: Families Edition", "… (2)").
        expect(idea.title, 'an idea repeated').not.toMatch(/Edition$|\(\d+\)$/);
        // Every title names its subject: no template left without it ("Worksheets & Lesson Plans Gig").
        expect(idea.title, 'a title naming no subject').not.toMatch(/^(Worksheets|Revision Packs|Explainers|Tutoring|Online Tutoring|Private Tutoring|Translation Gig|Subtitles|Lessons)\b/);
        expect(idea.description, 'a placeholder subject').not.toMatch(/\bthe language\b(?! (you|they))|\bTutor the\b/);
        // Generic teaching never teaches teaching ("Teaching Online Course", "After-School Teaching Club").
        expect(idea.title, 'teaching taught').not.toMatch(/\b(teaching|tutoring) (online course|club|challenge|video lessons|workshops)|after-school (teaching|tutoring)/i);
        // Grammar of the things a maker makes ("show each new knitted,").
        expect(idea.description, 'a bare participle as a noun').not.toMatch(/\beach new (sewn|knitted|crochet|embroidered|woven|handmade)\b(?! piece)/i);
      }

      // A named market is the market of the first idea of every category (or the kind documents why a category cannot carry it),
      // and an idea that names it never speaks of another occasion.
      const market = planIdeas(input).reading.market;
      if (entry.market) {
        expect(market, 'the market the reader found').toBeDefined();
        const kinds = planIdeas(input).reading.skills[0].kinds;
        for (const first of ideas.filter((idea, i) => ideas.findIndex((o) => o.category === idea.category) === i)) {
          const excused = kinds.some((k) =>
            (cannotCarryMarket[k] ?? []).some((c) => (c.categories as readonly string[]).includes(first.category) && (c.market === 'any' || c.market === (market!.event ? 'occasion' : 'group'))),
          );
          if (!excused) expect(first.title, `${entry.market} in the first ${first.category} idea of\n${list}`).toMatch(entry.market);
        }
        for (const idea of ideas.filter((i) => entry.market!.test(i.title))) {
          expect(otherOccasions(`${idea.subtitle}. ${idea.description}`, market!.phrase), `${idea.title}: another occasion`).toEqual([]);
        }
      }

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
            expect(text, `${idea.title}: a regulated profession`).not.toMatch(/lessons?\b|class(es)?\b|club|stream|course|tutorial|workshop|wedding|event|\bkids?\b|children/i);
          }
          // Health and care in person; law, finance and therapy may be practised at a distance, but have no shifts or home checks.
          if (isHealthOrCare(skill)) expect(text, `${idea.title}: health and care in person`).not.toMatch(/remote|online .*sessions|by video/i);
          if (isRegulated(skill) && !isHealthOrCare(skill)) expect(text, `${idea.title}: advice or therapy`).not.toMatch(/shifts|home visits|checks and advice/i);
          // Translation is work for clients, not teaching.
          if (/translat|interpret/i.test(skill.name)) expect(idea.title, `${idea.title}: translation taught`).not.toMatch(/lessons?\b|class(es)?\b|course|tutorial|conversation/i);
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
