import { describe, expect, it } from 'vitest';
import { defaultAiSettings } from '../../application/ai/ai-settings';
import { buildIdeaPromptInput } from '../../application/ai/idea-prompt';
import { parseGeneratedIdeas } from '../../application/ai/parse-ideas';
import { OfflineIdeaGenerator } from './offline-idea-generator';
import { readSkill } from './read-skill';

/** The offline generator is what a default install shows first: its titles must read like a person wrote them. */

const generator = new OfflineIdeaGenerator({ chunkDelayMs: 0 });

async function ideasFor(skill: string) {
  const input = buildIdeaPromptInput(defaultAiSettings, { skill }, { personalized: false });
  const result = await generator.generateIdeas(input, () => {});
  return parseGeneratedIdeas(result.text, input.categories).ideas;
}

const long =
  'I have been a primary school teacher for fifteen years, and in my spare time I restore old wooden furniture, ' +
  'paint watercolour landscapes of the coast near my village, bake bread for the weekly farmers market and help my ' +
  'neighbours with their gardens, so I am looking for something that pays a little on the side';

const sentences = [
  // verbs
  'I teach guitar',
  'bake sourdough bread',
  'I fix bikes',
  "I'm good at fixing bikes",
  'I walk dogs',
  'I make jewelry',
  'I know how to edit videos',
  'I write code in TypeScript',
  'I build websites with React',
  'I sing',
  'I can cook Mexican food for parties',
  'I help people with their taxes',
  'Teaching English online',
  'I knit scarves and hats',
  // nouns
  'graphic design',
  'wedding photography',
  'Python programming and data analysis',
  'Excel dashboards for small businesses',
  'logo design',
  'customer service',
  // "I am a …"
  'I am a graphic designer who loves illustrating pets',
  "I'm a piano teacher",
  'I am a certified personal trainer',
  'I am a nurse',
  'I have 10 years of experience as an accountant',
  'I am really good at math',
  // "I love …"
  'I love dogs',
  'I love my cat',
  'I love baking',
  'I enjoy gardening and growing vegetables',
  'I like drawing cartoons',
  // several skills in one sentence
  'I do web design and SEO, and I also bake cakes',
  'I speak Spanish and French fluently',
  'I fix computers and set up home networks',
  'photography, video editing, drone filming',
  // non-English names and words
  'My name is Łukasz and I bake bread',
  "Hi, I'm Zoë, I teach salsa dancing",
  'Björk-style singing',
  'crème brûlée',
  'Ich unterrichte Gitarre',
  'Je suis photographe',
  '料理',
  '私はギターを教えます',
  'ฉันสอนกีตาร์',
  'My name is Oluwaseun Adébáyọ̀ and I sew clothes',
  // odd ones
  'I AM A PLUMBER',
  "I'm good with people",
  'I love I love you',
  "I'm a mom of 3 who loves crafts",
  'teach teach guitar',
  '🎸🎸',
  // one word
  'yoga',
  'knitting',
  'copywriting',
  'woodworking',
  // 300 characters
  long,
];

const unspaced = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}]/u;
const firstPerson = /(^|[^\p{L}'])(i|i'm|im|me|my|mine|myself)(?=$|[^\p{L}'])/iu;
const doubled = /(^|[^\p{L}])(\p{L}+)\s+\2(?=$|[^\p{L}])/iu;

describe('offline generator language', () => {
  it('covers at least 40 varied skill sentences, one of them 300 characters long', () => {
    expect(sentences.length).toBeGreaterThanOrEqual(40);
    expect(long.length).toBeGreaterThanOrEqual(300);
  });

  for (const skill of sentences) {
    it(`writes natural titles for "${skill.slice(0, 50)}"`, async () => {
      const ideas = await ideasFor(skill);
      expect(ideas).toHaveLength(12);
      const words = skill.trim().split(/\s+/);
      for (const idea of ideas) {
        for (const text of [idea.title, idea.subtitle]) {
          expect(text, `first person in "${text}"`).not.toMatch(firstPerson);
          expect(text, `doubled word in "${text}"`).not.toMatch(doubled);
        }
        expect(idea.description, `doubled word in "${idea.description}"`).not.toMatch(doubled);
        if (words.length >= 3 || (unspaced.test(skill) && skill.length > 3)) {
          expect(idea.title.toLowerCase(), 'raw skill sentence in the title').not.toContain(skill.toLowerCase());
        }
        expect(idea.title.length, idea.title).toBeLessThanOrEqual(80);
      }
    });
  }

  it('reads the verb, its object and the noun phrase into the right form', () => {
    expect(readSkill('I teach guitar').phrase).toBe('guitar');
    expect(readSkill('bake sourdough bread').phrase).toBe('sourdough bread baking');
    expect(readSkill("I'm good at fixing bikes").phrase).toBe('bike repair');
    expect(readSkill('I am a graphic designer who loves illustrating pets')).toMatchObject({ phrase: 'graphic design', focus: 'pet illustration' });
    expect(readSkill("I'm a piano teacher").phrase).toBe('piano');
    expect(readSkill('I love dogs').phrase).toBe('dog');
    expect(readSkill('My name is Łukasz and I bake bread').phrase).toBe('bread baking');
    expect(readSkill('I have 10 years of experience as an accountant').phrase).toBe('accounting');
    expect(readSkill('Python programming and data analysis')).toMatchObject({ phrase: 'Python programming', focus: 'data analysis' });
    expect(readSkill('I AM A PLUMBER').phrase).toBe('plumbing');
    expect(readSkill("I'm a mom of 3 who loves crafts").phrase).toBe('craft');
    expect(readSkill('私はギターを教えます').phrase).toBe('ギター');
  });

  it('turns the examples of the issue into product names', async () => {
    const guitar = (await ideasFor('I teach guitar')).map((i) => i.title);
    expect(guitar.join(' | ')).not.toMatch(/teach/i);
    const bread = await ideasFor('bake sourdough bread');
    expect(bread.map((i) => `${i.title} ${i.subtitle} ${i.description}`).join(' ')).not.toMatch(/bake sourdough bread/i);
    expect(bread.some((i) => /Sourdough Bread Baking/.test(i.title))).toBe(true);
  });
});
