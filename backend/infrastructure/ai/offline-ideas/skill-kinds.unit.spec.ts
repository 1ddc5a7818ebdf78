import { describe, expect, it } from 'vitest';
import { allSkillKinds, classifySkill, templateFits, type SkillKind } from './skill-kinds';
import { skillLexicon } from './skill-lexicon';

describe('skill kinds', () => {
  it('has a curated lexicon of at least 500 skills and occupations, every one with known kinds', () => {
    const terms = new Set(skillLexicon.flatMap((e) => e.terms));
    expect(terms.size).toBeGreaterThanOrEqual(500);
    for (const entry of skillLexicon) {
      expect(entry.kinds.length, entry.name).toBeGreaterThan(0);
      for (const kind of entry.kinds) expect(allSkillKinds).toContain(kind);
    }
  });

  it.each<[string, string, SkillKind]>([
    ['I repair bicycles', 'bicycle repair', 'trade'],
    ["I'm a pharmacist", 'pharmacy', 'regulated'],
    ['I AM A PLUMBER', 'plumbing', 'trade'],
    ['I walk dogs', 'dog walking', 'animals'],
    ['I train horses', 'horse training', 'animals'],
    ['I speak Japanese', 'Japanese', 'language'],
    ['bake sourdough bread', 'sourdough bread baking', 'food'],
    ['I write poetry', 'poetry writing', 'creative'],
    ['I build websites', 'website building', 'knowledge'],
    ["I'm a DJ", 'DJing', 'event'],
    ['I knit', 'knitting', 'made-product'],
    ['I clean houses', 'house cleaning', 'home-service'],
    ['I tutor maths', 'maths tutoring', 'tutoring'],
    ['yoga', 'yoga', 'hobby'],
  ])('reads "%s" as %s, of kind %s', (sentence, name, kind) => {
    const { skills } = classifySkill(sentence);
    expect(skills[0].name).toBe(name);
    expect(skills[0].kinds).toContain(kind);
  });

  it('finds every skill of a two-skill sentence, each with its own kinds', () => {
    const { skills, kinds } = classifySkill("I'm a nurse and I knit");
    expect(skills.map((s) => [s.name, s.kinds])).toEqual([
      ['nursing', ['regulated']],
      ['knitting', ['made-product']],
    ]);
    expect(kinds).toEqual(['regulated', 'made-product']);
    expect(classifySkill("I'm a lawyer who plays guitar").skills.map((s) => s.name)).toEqual(['law', 'guitar']);
    // Two spoken languages are one skill, the pair a translator works between (issue 51).
    expect(classifySkill('I speak Spanish and French fluently').skills.map((s) => s.name)).toEqual(['Spanish and French']);
    expect(classifySkill("I'm bilingual in Korean and English").skills.map((s) => s.name)).toEqual(['Korean and English']);
    // One product made in two words is one skill; two products are two.
    expect(classifySkill("I'm a cosplayer who sews costumes").skills.map((s) => s.name)).toEqual(['cosplay costume making']);
    expect(classifySkill('I make candles and soap').skills.map((s) => s.name)).toEqual(['candle making', 'soap making']);
    expect(classifySkill('I build furniture and make toys').skills).toHaveLength(2);
  });

  it.each([
    ['I sing at funerals', 'funerals', 'at', true, 'singing'],
    ['I cook for office parties', 'office parties', 'for', true, 'cooking'],
    ['I teach yoga for seniors', 'seniors', 'for', false, 'yoga'],
    ["I'm a magician for kids parties", "kids' parties", 'for', true, 'magic'],
    ['I do bookkeeping for small businesses', 'small businesses', 'for', false, 'bookkeeping'],
  ])('finds the market in "%s"', (sentence, phrase, preposition, event, skill) => {
    const { market, skills } = classifySkill(sentence);
    expect(market).toMatchObject({ phrase, preposition, event });
    expect(skills[0].name).toBe(skill);
  });

  it('names no market when there is none, and reads what it cannot classify as general', () => {
    expect(classifySkill('I translate German to English').market).toBeUndefined();
    expect(classifySkill("I'm good with people").kinds).toEqual(['general']);
    expect(classifySkill('').skills).toHaveLength(1);
  });

  it('is unsure of a skill no lexicon term names, or named only by the place the work is done at, and guesses no kind (issue 51)', () => {
    // "restore", "making", "manage" once guessed a trade, a product, knowledge work: now the person's own words, of kind general.
    for (const sentence of ['I repair sails', 'I manage holiday lets for owners abroad', 'I tune bagpipes']) {
      const [skill] = classifySkill(sentence).skills;
      expect(skill, sentence).toMatchObject({ kinds: ['general'], unsure: true });
      expect(skill.matched, sentence).toBeUndefined();
    }
    expect(classifySkill('I repair sails').skills[0].name).toBe('sail repair');
    // "garden" (gardening) found only in "in my garden" is where, not what.
    expect(classifySkill('I keep ferrets in my garden').skills[0]).toMatchObject({ name: 'ferret keeping', kinds: ['general'], unsure: true });
    // The work the sentence names is read as before, and the place does not make it unsure.
    expect(classifySkill('I teach yoga in the park').skills[0]).toMatchObject({ name: 'yoga', kinds: ['hobby'] });
    expect(classifySkill('I work in a bakery').skills[0]).toMatchObject({ name: 'baking', kinds: ['food'] });
    expect(classifySkill('I coach people at the gym').skills[0].unsure).toBeUndefined();
    // A person the sentence names is kept as the role the general ideas speak of.
    expect(classifySkill("I'm a lighthouse keeper").skills[0]).toMatchObject({ role: 'lighthouse keeper', unsure: true });
    expect(classifySkill('I manage holiday lets for owners abroad').skills[0].role).toBeUndefined();
  });

  it('keeps the place a sentence names by its proper name, for titles that say where (issue 51)', () => {
    expect(classifySkill("I'm a tour guide in Lisbon").place).toBe('Lisbon');
    expect(classifySkill('I run food tours around New York').place).toBe('New York');
    expect(classifySkill("I'm bilingual in Korean and English").place).toBeUndefined();
    expect(classifySkill("I'm good in Excel").place).toBeUndefined();
    expect(classifySkill('I teach yoga in the park').place).toBeUndefined();
    expect(classifySkill("I'M A TOUR GUIDE IN LISBON").place).toBeUndefined();
  });

  it('reads a place as where the person works, objects of the work as the trade, and a person by their own role (second pass)', () => {
    const gym = classifySkill('I coach people at the gym');
    expect(gym.market).toBeUndefined();
    expect(gym.skills.map((s) => s.name)).toEqual(['personal training']);
    const taps = classifySkill('I fix leaking taps and toilets');
    expect(taps.skills.map((s) => s.name)).toEqual(['plumbing']);
    expect(classifySkill("I'm a dental hygienist").skills[0]).toMatchObject({ name: 'dental hygiene', role: 'dental hygienist', kinds: ['regulated'] });
    expect(classifySkill("I'm a family lawyer").skills[0]).toMatchObject({ name: 'family law', role: 'family lawyer', kinds: ['advice'] });
    expect(classifySkill("I'm a therapist").kinds).toEqual(['therapy']);
    expect(classifySkill('I photograph weddings').kinds).toEqual(['photography', 'event']);
    expect(classifySkill("I'm a tattoo artist").kinds).toEqual(['beauty']);
    expect(classifySkill("I'm a carpenter who paints").skills.map((s) => s.name)).toEqual(['carpentry', 'painting and decorating']);
    expect(classifySkill('I make birthday cakes for kids').market).toMatchObject({ phrase: "kids' parties", event: true });
    expect(classifySkill('I make wedding dresses').market).toBeUndefined();
    expect(classifySkill('I bake vegan brownies').skills[0].name).toBe('vegan brownie baking');
  });

  it('lets advice and therapy be given at a distance, but never health and care', () => {
    const online = { kinds: allSkillKinds, traits: ['remote' as const] };
    expect(templateFits(online, ['therapy'])).toBe(true);
    expect(templateFits(online, ['advice'])).toBe(true);
    expect(templateFits(online, ['regulated'])).toBe(false);
    expect(templateFits({ kinds: allSkillKinds, traits: ['teaching' as const] }, ['advice'])).toBe(false);
  });

  it('lets a template be used only for the kinds it declares, and never with a trait the skill forbids', () => {
    const lessons = { kinds: ['hobby', 'regulated'] as SkillKind[], traits: ['teaching' as const] };
    expect(templateFits(lessons, ['hobby'])).toBe(true);
    expect(templateFits(lessons, ['regulated'])).toBe(false);
    expect(templateFits({ kinds: ['knowledge', 'trade'], traits: ['remote'] }, ['trade'])).toBe(false);
    expect(templateFits({ kinds: ['knowledge'], traits: ['remote'] }, ['trade'])).toBe(false);
    expect(templateFits({ kinds: ['event', 'knowledge'], traits: ['event'] }, ['knowledge'])).toBe(false);
    expect(templateFits({ kinds: ['event', 'knowledge'], traits: ['event'] }, ['event', 'hobby'])).toBe(true);
  });
});
