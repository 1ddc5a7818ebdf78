import { describe, expect, it } from 'vitest';
import { defaultAiSettings } from '../../../application/ai/ai-settings';
import { buildIdeaPromptInput } from '../../../application/ai/idea-prompt';
import { parseGeneratedIdeas } from '../../../application/ai/parse-ideas';
import { OfflineIdeaGenerator, planIdeas } from '../offline-idea-generator';
import { ideaPanel } from './idea-panel';
import { mechanicalFaults, type IdeaText } from './mechanical-rules';
import { reviewPanel } from './review-panel';

/**
 * Issue 51, Build item 3: the mechanical rules of the offline ideas (mechanical-rules.ts), over every
 * sentence of both panels (the review panel of issue 51 and the idea panel of issue 30), on what a
 * visitor receives (default settings, the skill alone, not personalized; as print-review-panel.ts
 * prints it): every description speaks of its own channel, no two ideas share a description or a
 * title with a word appended, the sentence's proper nouns, acronyms and languages keep their case,
 * a sport named in the plural reads in the singular in titles, and one title at least names the
 * sentence's plain business (`plainBusiness` in review-panel.ts).
 * `node --import tsx backend/infrastructure/ai/offline-ideas/print-review-panel.ts --count --faults` lists what breaks them.
 */

const generator = new OfflineIdeaGenerator({ chunkDelayMs: 0 });

async function ideasFor(skill: string) {
  const input = buildIdeaPromptInput(defaultAiSettings, { skill }, { personalized: false });
  const { text } = await generator.generateIdeas(input, () => {});
  return { input, ...parseGeneratedIdeas(text, input.categories) };
}

const idea = (title: string, description: string, method = 'Fiverr gig'): IdeaText => ({ title, subtitle: '', description, method });

describe('the mechanical rules (issue 51)', () => {
  it('catch the faults of the BEFORE record (docs/offline-ideas-review.md)', () => {
    const rules = (sentence: string, ideas: IdeaText[]) => [...new Set(mechanicalFaults(sentence, ideas).map((f) => f.rule))];
    // A Fiverr line closing a TaskRabbit idea, and one closing an idea sold on no platform.
    expect(rules('I am a retired carpenter', [idea('Carpentry Jobs on TaskRabbit & Thumbtack', 'List carpentry on TaskRabbit. Buyers on Fiverr compare gigs in seconds: a specific promise beats a long list of skills.', 'Local gig apps (TaskRabbit, Thumbtack)')])).toEqual(['channel']);
    expect(rules('I do fine-line tattoos', [idea('Custom Tattoo Design Commissions', 'Draw designs. Reviews compound on Fiverr: every good order makes the next one easier to win.', 'Design fees at your studio')])).toEqual(['channel']);
    expect(rules('I repair bikes', [idea('Bike Repair Gig', 'Sell it on Fiverr. Fiverr brings buyers to you.')])).toEqual([]);
    // The same description again, as an "Edition", or with another closing line.
    const text = 'Write articles. Quote per article. Publish two samples.';
    expect(rules('I write', [idea('Writing for Brands', `${text} One.`), idea('Writing for Brands: Apps Edition', `${text} Two.`)])).toEqual(['duplicate']);
    expect(rules('I write', [idea('Writing Gig', 'A. B. C.'), idea('Writing Gig (2)', 'D. E. F.')])).toEqual(['duplicate']);
    expect(rules('I write', [idea('Writing Gig', 'A. B. C.'), idea('Writing Gig for Restaurants, Booked Online', 'D. E. F.')])).toEqual([]);
    // Case lost.
    expect(rules("I'm a night-shift ICU nurse", [idea('Night-shift Icu Nursing Writing', 'About night-shift icu nursing.')])).toEqual(['case']);
    expect(rules('I speak Mandarin and English fluently', [idea('Mandarin + English Combined Gig', 'Sell Mandarin and english together in one gig.')])).toEqual(['case']);
    expect(rules('i speak korean', [idea('Korean Translation Gig', 'Translate Korean. Show your korean.')])).toEqual(['case']);
    expect(rules('I make TikTok dance videos', [idea('Dance Tips on Tiktok', 'Post on TikTok.')])).toEqual(['case']);
    // A plural sport as a modifier.
    expect(rules('I train for triathlons', [idea('Weekly Triathlons Classes at a Community Hall', 'Run a class.')])).toEqual(['wording']);
    expect(rules('I train for triathlons', [idea('Triathlon Training Plans for Triathlons', 'Write plans.')])).toEqual([]);
  });

  const panels = [
    ...reviewPanel.map((p) => ({ panel: 'review panel', sentence: p.sentence })),
    ...ideaPanel.map((p) => ({ panel: 'idea panel', sentence: p.sentence })),
  ];
  for (const { panel, sentence } of panels) {
    it(`hold for "${sentence}" (${panel})`, async () => {
      const { ideas, categories } = await ideasFor(sentence);
      const faults = mechanicalFaults(sentence, ideas).map((f) => `${f.rule}: ${f.detail}`);
      expect(faults, ideas.map((i) => i.title).join('\n')).toEqual([]);
      // An idea dropped rather than repeated leaves every category with ideas, and never more than asked for.
      for (const category of categories) expect(ideas.filter((i) => i.category === category.id).length, category.name).toBeGreaterThanOrEqual(1);
      expect(ideas.length).toBeLessThanOrEqual(12);
      expect(new Set(ideas.map((i) => i.description)).size).toBe(ideas.length);
    });
  }

  for (const { sentence, plainBusiness } of reviewPanel) {
    it(`name the plain business of "${sentence}" among its titles`, async () => {
      const titles = (await ideasFor(sentence)).ideas.map((i) => i.title);
      expect(titles.some((title) => plainBusiness.test(title)), `${plainBusiness} in:\n${titles.join('\n')}`).toBe(true);
    });
  }

  it('give a skill the reading is unsure of the general ideas only, named in the person’s own words (Build item 1)', async () => {
    for (const [sentence, words, asWork] of [
      ["I'm a lighthouse keeper", 'Lighthouse Keeper', 'working as a lighthouse keeper'],
      ['I tune bagpipes', 'Bagpipe Tuning', 'bagpipe tuning'],
      ['I keep ferrets in my garden', 'Ferret Keeping', 'ferret keeping'],
    ]) {
      const planned = planIdeas(buildIdeaPromptInput(defaultAiSettings, { skill: sentence }, { personalized: false })).planned;
      expect(planned.length, sentence).toBe(12);
      // No template of a kind guessed from a word ("garden" → gardening rounds), no generic pattern of some other work.
      for (const { idea, templateId } of planned) expect(templateId, `${sentence}: ${idea.title}`).toMatch(/^general\//);
      expect(planned.filter(({ idea }) => idea.title.includes(words)).length, sentence).toBeGreaterThanOrEqual(9);
      expect(planned.filter(({ idea }) => idea.description.includes(asWork)).length, sentence).toBeGreaterThanOrEqual(9);
    }
  });

  it('keep the words of the BEFORE record as the person wrote them', async () => {
    const nurse = await ideasFor("I'm a night-shift ICU nurse");
    expect(nurse.ideas.filter((i) => /\bICU\b/.test(i.title)).length).toBeGreaterThanOrEqual(8);
    const languages = (await ideasFor('I speak Mandarin and English fluently')).ideas.map((i) => `${i.title} ${i.description}`).join(' ');
    expect(languages).toMatch(/Mandarin and English/);
    expect(languages).not.toMatch(/\benglish\b/);
    const triathlon = (await ideasFor('I train for triathlons')).ideas.map((i) => i.title).join('\n');
    expect(triathlon).toMatch(/Triathlon (Lessons|Classes|Coaching|Online Course|Plan)/);
    expect(triathlon).not.toMatch(/Triathlons/);
    const lisbon = (await ideasFor("I'm a tour guide in Lisbon")).ideas.map((i) => i.title);
    expect(lisbon.filter((t) => t.includes('Lisbon')).length, lisbon.join('\n')).toBeGreaterThanOrEqual(2);
    // The gig-app ideas of the hands-on sentences (a carpenter's, in the BEFORE record) never close on a Fiverr sentence.
    const gigApps = [];
    for (const sentence of ['I am a retired carpenter', 'I fix washing machines', 'I design balcony gardens for people in flats', 'I grow vegetables on my balcony']) {
      gigApps.push(...(await ideasFor(sentence)).ideas.filter((i) => /TaskRabbit|Bark|Airtasker/.test(i.title)));
    }
    expect(gigApps.length).toBeGreaterThanOrEqual(2);
    for (const i of gigApps) expect(i.description, i.title).not.toMatch(/Fiverr/);
  });
});
