import { ieNouns, readSkill, readSkillParts, titleCase } from '../read-skill';
import { marketHeads, skillLexicon, type LexiconEntry } from './skill-lexicon';
import type { SkillKind, TemplateTrait } from './skill-kind-list';

// The closed set of kinds lives apart (`skill-kind-list.ts`) so that the lexicon, which names
// them, and this file, which reads the lexicon, do not import each other.
export { allSkillKinds, skillKinds, type SkillKind, type TemplateTrait } from './skill-kind-list';

/**
 * What kind of work a skill sentence describes, read without any AI service: the skills it names
 * (with the kinds of work each is), and the market it names ("at weddings", "for seniors").
 *
 *   classifySkill('I repair bicycles and knit at weekends')
 *   // → { skills: [{ name: 'bicycle repair', kinds: ['trade'], things: 'bikes', … },
 *   //               { name: 'knitting', kinds: ['made-product'], … }], kinds: ['trade', 'made-product'] }
 *   classifySkill('I sing at funerals')
 *   // → { skills: [{ name: 'singing', kinds: ['event', 'hobby'], … }], market: { phrase: 'funerals', preposition: 'at', … } }
 *
 * The offline idea generator chooses idea templates by these kinds (a template declares the kinds
 * it fits, `templateFits` says whether it may be used); anything else that needs to know what kind
 * of work a text describes (an idea's title, for the offline plans) can call `classifySkill` on it.
 *
 * The sentence's grammar is read with compromise (`read-skill.ts`: the verb and its object, the
 * noun phrase, one skill per clause); the kinds come from a curated lexicon of skills and
 * occupations (`skill-lexicon.ts`).
 */

/**
 * Kinds whose work is regulated (registration, insurance, professional rules): no lessons, clubs,
 * streams or events. `regulated` (health and care) is practised in person only.
 */
export const regulatedKinds: ReadonlySet<SkillKind> = new Set<SkillKind>(['regulated', 'advice', 'therapy']);

/**
 * The hard rules: traits a kind never takes, whatever else the skill is. Hands-on work is never
 * remote; a regulated profession gets no lessons, clubs, streams or events, and health and care
 * no remote practice either (advice and therapy may be given at a distance within their rules).
 */
export const forbiddenTraits: Record<SkillKind, readonly TemplateTrait[]> = {
  'home-service': ['remote'],
  beauty: ['remote'],
  trade: ['remote'],
  'made-product': ['remote'],
  food: ['remote'],
  event: [],
  hobby: [],
  language: [],
  tutoring: [],
  knowledge: [],
  regulated: ['remote', 'teaching', 'streaming', 'event', 'kids'],
  advice: ['teaching', 'streaming', 'event', 'kids'],
  therapy: ['teaching', 'streaming', 'event', 'kids'],
  photography: [],
  creative: [],
  animals: ['remote'],
  performance: [],
  restoration: ['remote'],
  sport: [],
  woodwork: ['remote'],
  general: [],
};

/** Kinds of work that have a place at weddings, parties and other events. */
export const kindsAtEvents: ReadonlySet<SkillKind> = new Set(['event', 'food', 'made-product', 'creative', 'beauty', 'photography', 'performance']);

/** A market the sentence names: "funerals" in "I sing at funerals". */
export interface SkillMarket {
  /** Lower case, as typed: "office parties". */
  phrase: string;
  /** Title case: "Office Parties". */
  title: string;
  /** "at" for "at weddings", otherwise "for". */
  preposition: 'at' | 'for';
  /** An occasion (weddings, funerals, parties) rather than a group of people. */
  event: boolean;
}

export interface ClassifiedSkill {
  /** The skill as it reads in a sentence: "bicycle repair", "pharmacy", "sourdough bread baking". */
  name: string;
  /** The same in title case. */
  title: string;
  kinds: SkillKind[];
  /** What the work is done on or makes, plural ("bikes", "candles"), when the lexicon knows it. */
  things?: string;
  /** The person doing it ("pharmacist"), when the lexicon knows it. */
  role?: string;
  /** The lexicon term that gave the kinds; undefined when no term named the work. */
  matched?: string;
  /**
   * The reading is unsure: no lexicon term named the work, or the only one named a place the work
   * is done at ("in my back garden", "on YouTube") rather than the work. Such a skill is `general`:
   * it gets the general ideas, true for anyone with it and named in the person's words, never the
   * templates of a kind guessed from a word ("restore", "design", "making"): a wrong kind is worse
   * than a plain one.
   */
  unsure?: boolean;
}

export interface SkillClassification {
  /** The skills named, in order (one per clause, at most three); never empty. */
  skills: ClassifiedSkill[];
  /** Every kind of every skill, in order, once. */
  kinds: SkillKind[];
  market?: SkillMarket;
  /** A place the sentence names by its proper name ("Lisbon" in "I'm a tour guide in Lisbon"), as written. */
  place?: string;
}

/** Whether a template that declares `kinds` and `traits` may be used for a skill of `skillKinds`. */
export function templateFits(template: { kinds: readonly SkillKind[]; traits?: readonly TemplateTrait[] }, kinds: readonly SkillKind[]): boolean {
  if (!template.kinds.some((k) => kinds.includes(k))) return false;
  const traits = template.traits ?? [];
  if (traits.some((t) => kinds.some((k) => forbiddenTraits[k].includes(t)))) return false;
  if (traits.includes('event') && !kinds.some((k) => kindsAtEvents.has(k))) return false;
  return true;
}

// ---------------------------------------------------------------------------------------------

/** "bikes" → "bike", "parties" → "party", "classes" → "class"; leaves "glass", "physics" alone. */
export function singularWord(word: string): string {
  if (word.length < 4 || !word.endsWith('s') || /(ss|us|is|ics|ews|ves)$/.test(word)) return word;
  // "brownies" → "brownie", "cookies" → "cookie"; "parties" → "party".
  if (/ies$/.test(word)) return ieNouns.has(word.slice(0, -1)) ? word.slice(0, -1) : word.slice(0, -3) + 'y';
  if (/(ches|shes|xes|sses|zzes)$/.test(word)) return word.slice(0, -2);
  return word.slice(0, -1);
}

const wordsOf = (text: string) =>
  text
    .toLowerCase()
    .replace(/[’`]/g, "'")
    .split(/[^\p{L}\p{N}'+#-]+/u)
    .map((w) => w.replace(/^['-]+|['-]+$/g, ''))
    .filter(Boolean)
    .map(singularWord);

/** term → entries, for every term of the lexicon (one term can belong to one entry only; the first wins). */
const byTerm = new Map<string, LexiconEntry>();
for (const entry of skillLexicon) for (const term of entry.terms) if (!byTerm.has(term)) byTerm.set(term, entry);
const longestTerm = Math.max(...[...byTerm.keys()].map((t) => t.split(' ').length));

/** Words that name an activity so generally that the word before them says more ("poetry writing"). */
const genericHeads = new Set(['writing', 'making', 'design', 'repair', 'work', 'care', 'cooking', 'teaching', 'tutoring', 'lesson', 'class', 'coaching', 'art', 'service', 'help', 'business', 'creation', 'crafting', 'building', 'production', 'planning', 'setup']);

interface Match {
  entry: LexiconEntry;
  term: string;
  words: number;
  at: number;
}

function bestMatch(text: string): Match | undefined {
  const words = wordsOf(text);
  let best: Match | undefined;
  const score = (m: Match) => m.words * 10 + (genericHeads.has(m.term) ? -5 : 0) + m.at * 0.01;
  for (let at = 0; at < words.length; at++) {
    for (let n = Math.min(longestTerm, words.length - at); n >= 1; n--) {
      const term = words.slice(at, at + n).join(' ');
      const entry = byTerm.get(term) ?? (n === 1 ? byTerm.get(words[at].replace(/'s$/, '')) : undefined);
      if (!entry) continue;
      const match = { entry, term, words: n, at };
      if (!best || score(match) > score(best)) best = match;
      break;
    }
  }
  return best;
}

/** A person's noun ("pharmacist", "pet sitter", "DJ"): when it is the whole phrase, the lexicon's name reads better. */
const personNoun = /(ist|er|or|ian|ant|ent|ess|wife|man|woman|smith|sitter|walker|keeper|maker|vet|doctor|gp|nurse|physio|chef|dj|mc|va|rn|emt|carer|nanny|au pair|mechanic|beautician|technician|musician|electrician|optician)$/;
/** Verbs that begin a lexicon term ("tutor maths", "train horse"): the phrase is a verb and its object. */
const leadingVerb = /^(tutor|train|fix|repair|walk|groom|mow|clean|bake|build|make|play|sing|sew|teach|paint|take|restore|assemble|mount|declutter|brew)\s/;

function nameFor(phrase: string, match: Match | undefined): string {
  if (!match) return phrase;
  const bare = wordsOf(phrase).join(' ');
  const { entry, term } = match;
  // A long phrase ("food truck selling taco running") reads worse than the lexicon's name.
  if (bare.split(' ').length > 3 && !entry.kinds.includes('language')) return entry.name;
  const lastWord = term.split(' ').at(-1) ?? term;
  if (bare === term && term !== entry.name && (personNoun.test(lastWord) || leadingVerb.test(term))) return entry.name;
  // A bare object ("I love bikes", "soap", "beer" in "I brew beer"): the work done with it.
  const objectKinds: SkillKind[] = ['trade', 'animals', 'made-product', 'food'];
  if (!bare.includes(' ') && term.split(' ').includes(bare) && bare !== entry.name && !/(ing|tion|ry)$/.test(bare) && entry.kinds.some((k) => objectKinds.includes(k))) {
    return entry.name;
  }
  if (leadingVerb.test(bare)) return entry.name;
  // "I do nails" read as "nailing": a gerund the lexicon does not know is the work of the noun it came from.
  if (!bare.includes(' ') && /ing$/.test(bare) && !byTerm.has(bare) && term !== bare) return entry.name;
  // "I train for triathlons": a sport or pastime named by its plural reads in the singular in compounds ("Triathlon Lessons", not "Triathlons Lessons").
  if (!bare.includes(' ') && bare === term && phrase.toLowerCase() !== bare && entry.kinds.includes('hobby') && !entry.kinds.includes('language')) return bare;
  return phrase;
}

/** Words before an occupation that say nothing about the work ("a retired teacher"). */
const idleModifiers = new Set(['a', 'an', 'the', 'mobile', 'retired', 'former', 'ex', 'qualified', 'certified', 'registered', 'licensed', 'experienced', 'freelance', 'self-employed', 'professional', 'senior', 'junior', 'trainee', 'student', 'amateur', 'keen', 'passionate', 'good', 'great', 'part-time', 'full-time', 'local', 'young', 'old', 'semi-retired', 'i', "i'm", 'am', 'im', 'work', 'as', 'was']);

/**
 * The person as the sentence names them ("a dental hygienist", "a family lawyer"): their own role,
 * never the lexicon's broader one ("dentist"), and the work named with its specialty ("family law").
 */
function personTyped(clause: string, match: Match | undefined): { role: string; name: string } | undefined {
  if (!match || !personNoun.test(match.term) || match.term === match.entry.name) return undefined;
  const words = wordsOf(clause);
  const termWords = match.term.split(' ');
  const at = words.findIndex((_, i) => words.slice(i, i + termWords.length).join(' ') === match.term);
  // Only a person the sentence introduces ("I'm a dental hygienist", "as a lawyer"), not "wedding dresses".
  if (at < 0 || !words.slice(Math.max(0, at - 4), at).some((w) => w === 'a' || w === 'an' || w === 'as')) return undefined;
  const before: string[] = [];
  for (let i = at - 1; i >= 0 && i >= at - 2 && !idleModifiers.has(words[i]) && !byTerm.has(words[i]); i--) before.unshift(words[i]);
  const role = [...before, match.term].join(' ');
  // "a tax adviser" gives tax advice, not the row's broader "financial advice".
  if (/advis[eo]r$/.test(match.term)) return { role, name: role.replace(/advis[eo]r$/, 'advice') };
  const name = before.length > 0 && !match.entry.name.includes(before.join(' ')) ? `${before.join(' ')} ${match.entry.name}` : match.entry.name;
  return { role, name };
}

/** Whether `term` appears in `clause` only as the place the work is done at ("in my back garden", "on YouTube"). */
function placeNamed(clause: string, term: string): boolean {
  const words = wordsOf(clause);
  const termWords = term.split(' ');
  const at = words.findIndex((_, i) => words.slice(i, i + termWords.length).join(' ') === term);
  if (at < 0) return false;
  const before = words.slice(Math.max(0, at - 4), at);
  const preposition = before.findLastIndex((w) => ['in', 'on', 'at', 'from', 'inside', 'around'].includes(w));
  // Only determiners and modifiers between the preposition and the term ("in my back garden"), no verb.
  return preposition >= 0 && before.slice(preposition + 1).every((w) => !byTerm.has(w) && !/(ed|ing)$/.test(w));
}

function classifyPart(clause: string, phrase: string): ClassifiedSkill {
  const inPhrase = bestMatch(phrase);
  const inClause = bestMatch(clause);
  // The clause can say more than the phrase read from it ("I train horses" → "horses").
  const match = inPhrase && !(inClause && inClause.words > inPhrase.words) ? inPhrase : inClause;
  // A regulated profession named by its person ("a lawyer", read as "legal advice") reads as the profession.
  const byPerson = inClause && inClause.entry === match?.entry && match.entry.kinds.includes('regulated') && personNoun.test(inClause.term);
  // An object of the work ("leaking taps", "toilets") names the trade, not a skill of its own.
  const byObject = match !== undefined && match.entry.objects.includes(match.term);
  const person = inClause && inClause.entry === match?.entry ? personTyped(clause, inClause) : undefined;
  const name = byObject ? match.entry.name : person?.name ?? (byPerson ? match.entry.name : nameFor(phrase, match));
  // A term found only where the clause names a place ("six beehives in my back garden") is no reading of the work.
  const atPlace = match !== undefined && !inPhrase && placeNamed(clause, match.term);
  if (!match || atPlace) {
    const own = phrase.trim() || clause;
    // "a street performer": the person, whom the general ideas name as such ("working as a street performer").
    const last = own.split(' ').at(-1) ?? '';
    const role = (personNoun.test(last) || /(guide|pilot|host|coach|model)$/.test(last)) && !/(ment|ness|ship|ance|ence|ing|tion|sion)$/.test(last) ? own : undefined;
    return { name: own, title: titleCase(own), kinds: ['general'], unsure: true, ...(role ? { role } : {}) };
  }
  const kinds: SkillKind[] = [...match.entry.kinds];
  // What a food or craft business sells, when the sentence says so ("a food truck selling tacos").
  const sold = match && kinds.some((k) => k === 'food' || k === 'made-product') ? /\bsell(?:s|ing)?\s+((?:[\p{L}-]+\s+){0,2}[\p{L}-]+s)\b/iu.exec(clause)?.[1]?.toLowerCase() : undefined;
  return {
    name,
    title: titleCase(name),
    kinds,
    things: sold ?? match.entry.things,
    role: person?.role ?? match.entry.role,
    matched: match.term,
  };
}

/** Skills that say little about the work: the place it is done at says more. */
const vagueSkills = new Set(['life coaching', 'tutoring', 'teaching', 'consulting', 'virtual assistance', 'crafts']);

const eventHeads = new Set(['wedding', 'funeral', 'memorial', 'party', 'birthday', 'event', 'festival', 'conference', 'christening', 'baptism', 'graduation', 'anniversary', 'reunion', 'gala', 'fundraiser', 'celebration', 'ceremony', 'prom', 'mitzvah', 'quinceañera']);
const marketLead = new Set(['the', 'a', 'an', 'local', 'my', 'our', 'their', 'other', 'all', 'some', 'people', "people's"]);

/** The market a sentence names, and the sentence without it. */
function findMarket(sentence: string): { market?: SkillMarket; rest: string } {
  const pattern = /\b(at|for|to)\s+((?:[\p{L}'’-]+\s+){0,3}[\p{L}'’-]+)/giu;
  for (const found of sentence.matchAll(pattern)) {
    let words = found[2].split(/\s+/).map((w) => w.replace(/[’]/g, "'"));
    while (words.length > 0 && marketLead.has(words[0].toLowerCase())) words = words.slice(1);
    // A market is one noun phrase: it ends before "and", "or", "who", "I".
    const stop = words.findIndex((w) => ['and', 'or', 'i', 'who', 'but', 'which', 'that'].includes(w.toLowerCase()));
    if (stop >= 0) words = words.slice(0, stop);
    let head = -1;
    for (let i = Math.min(words.length, 3) - 1; i >= 0; i--) {
      if (marketHeads.has(singularWord(words[i].toLowerCase().replace(/'s?$/, '')))) {
        head = i;
        break;
      }
    }
    if (head < 0) continue;
    const kept = words.slice(0, head + 1);
    const isEvent = kept.some((w) => eventHeads.has(singularWord(w.toLowerCase().replace(/'s?$/, ''))));
    // "at the gym", "at the office": a place where the person works, not a market.
    if (found[1].toLowerCase() === 'at' && !isEvent) continue;
    const phrase = kept.join(' ').toLowerCase().replace(/\bkids\b(?= \w)/, "kids'");
    const headWord = singularWord(kept[kept.length - 1].toLowerCase());
    const start = found.index ?? 0;
    const spanEnd = start + found[0].indexOf(found[2]) + found[2].indexOf(kept[kept.length - 1]) + kept[kept.length - 1].length;
    const rest = `${sentence.slice(0, start)} ${sentence.slice(spanEnd)}`.replace(/\s+/g, ' ').trim();
    return {
      market: {
        phrase,
        title: titleCase(phrase),
        preposition: found[1].toLowerCase() === 'at' ? 'at' : 'for',
        event: kept.some((w) => eventHeads.has(singularWord(w.toLowerCase()))) || eventHeads.has(headWord),
      },
      rest,
    };
  }
  return { rest: sentence };
}

/** Languages and the nationalities that share their names: written with a capital whatever the sentence did. */
const languageWords = new Set(
  'english spanish french german italian portuguese japanese chinese mandarin cantonese korean arabic russian hindi urdu bengali turkish dutch swedish norwegian danish finnish greek hebrew vietnamese thai indonesian malay tagalog swahili yoruba igbo hausa amharic persian farsi ukrainian romanian czech hungarian'.split(' '),
);

/**
 * The words whose case the sentence fixes, by their lower case: the words it wrote with a capital
 * ("ICU", "Lisbon", "TikTok"; its first word only when a later letter is a capital too, and never
 * "I"), and the languages it names ("english" → "English").
 */
function casedWordsOf(sentence: string): Map<string, string> {
  const cased = new Map<string, string>();
  const words = sentence.match(/[\p{L}\p{N}]+(?:['’.-][\p{L}\p{N}]+)*/gu) ?? [];
  // A sentence in capitals, or with every word capitalised ("Wedding Photography"), says nothing by its capitals but its acronyms.
  const long = words.filter((w) => w.length > 3);
  const unmarked = !/\p{Ll}/u.test(sentence) || (long.length > 1 && long.every((w) => /^\p{Lu}/u.test(w)));
  words.forEach((word, i) => {
    const lower = word.toLowerCase();
    for (const part of lower.split(/[-.'’]/)) if (languageWords.has(part)) cased.set(part, part[0].toUpperCase() + part.slice(1));
    if (/^i(['’](m|ve|d|ll))?$/.test(lower) || !/\p{Ll}/u.test(sentence)) return;
    // A capital after the first letter ("ICU", "TikTok") is always meant; a first capital, except on the first word.
    const parts = word.split(/[-.]/);
    parts.forEach((part, k) => {
      const meant = /\p{Lu}/u.test(part.slice(1)) || (!unmarked && /^\p{Lu}/u.test(part) && (i > 0 || k > 0));
      if (meant) cased.set(part.toLowerCase(), part);
    });
  });
  return cased;
}

/** `text` with every word the sentence wrote with capitals, and every language, in the sentence's case ("night-shift icu nursing" → "night-shift ICU nursing"). */
export function keepCase(text: string, sentence: string): string;
export function keepCase(text: string | undefined, sentence: string): string | undefined;
export function keepCase(text: string | undefined, sentence: string): string | undefined {
  if (!text) return text;
  const cased = casedWordsOf(sentence);
  if (cased.size === 0) return text;
  return text.replace(/[\p{L}\p{N}]+/gu, (word) => cased.get(word.toLowerCase()) ?? word);
}

/**
 * Two verbs of one object ("I write and record my own songs", "I collect and sell vintage records"):
 * the bare verb's clause takes the object of the next, so that both read as the work on it (and one
 * skill when they are the same work) rather than "writing" alone, read as copywriting.
 */
function sharingObjects(parts: { clause: string; phrase: string }[]): { clause: string; phrase: string; shared?: boolean }[] {
  return parts.map((part, i) => {
    const next = parts[i + 1];
    const bareVerb = /^(?:i\s+|i'm\s+|we\s+)?[\p{L}-]+$/iu.test(part.clause.trim());
    const object = next?.clause.trim().replace(/^[\p{L}-]+\s+/u, '');
    if (!bareVerb || !next || !object || object === next.clause.trim()) return part;
    const clause = `${part.clause.trim()} ${object}`;
    const phrase = readSkillParts(clause, 1)[0]?.phrase;
    return phrase ? { clause, phrase, shared: true } : part;
  });
}

/** Words that say a product is made, after the product: "costume making", "costume sewing". */
const madeBy = /^(.*?)\s+(?:making|sewing|building|crafting|knitting)$/i;

/** Two skills that make the same product, of the same kinds ("cosplay costume making", "costume sewing"). */
function sameProduct(a: ClassifiedSkill, b: ClassifiedSkill): boolean {
  const [pa, pb] = [madeBy.exec(a.name), madeBy.exec(b.name)];
  if (!pa || !pb || a.kinds.join() !== b.kinds.join()) return false;
  const head = (product: string) => singularWord(product.toLowerCase().split(/\s+/).pop()!);
  return head(pa[1]) === head(pb[1]);
}

/** A spoken language named alone ("Korean" in "I'm bilingual in Korean and English"). */
const spokenLanguage = (s: ClassifiedSkill) => s.kinds.includes('language') && (languageWords.has(s.name.toLowerCase()) || s.name.toLowerCase() === 'polish');

/**
 * Two spoken languages are one skill, the pair ("Mandarin and English", English last): a translator
 * works between them, and ideas that combine two skills ("one gig for both") make no sense for them.
 */
function bothLanguages(skills: ClassifiedSkill[]): ClassifiedSkill[] {
  const at = skills.findIndex(spokenLanguage);
  const other = skills.findIndex((s, i) => i > at && spokenLanguage(s));
  if (at < 0 || other < 0) return skills;
  const [first, second] = /^english$/i.test(skills[at].name) ? [skills[other], skills[at]] : [skills[at], skills[other]];
  const name = `${first.name} and ${second.name}`;
  const pair: ClassifiedSkill = { name, title: titleCase(name), kinds: [...first.kinds], matched: first.matched };
  return skills.flatMap((s, i) => (i === at ? [pair] : i === other ? [] : [s]));
}

/** Words after "in" that are no place, even with a capital ("in English", "in March"). */
const notPlaces = /^(january|february|march|april|may|june|july|august|september|october|november|december|monday|tuesday|wednesday|thursday|friday|saturday|sunday|i|it|excel|python|java|photoshop|word|the)$/i;

/** A place the sentence names by its proper name after "in", "around" or "across" ("in Lisbon", "around New York"). */
function placeIn(sentence: string): string | undefined {
  const found = /\b(?:in|around|across)\s+((?:\p{Lu}[\p{L}'’-]+)(?:\s+\p{Lu}[\p{L}'’-]+){0,2})/u.exec(sentence)?.[1];
  if (!found) return undefined;
  const first = found.split(/\s+/)[0].toLowerCase();
  // A sentence in capitals says nothing by its capitals; a language is no place.
  if (!/\p{Ll}/u.test(sentence) || languageWords.has(first) || notPlaces.test(first)) return undefined;
  return found;
}

/**
 * Reads a skill sentence: the skills it names (in order, each with its kinds), every kind once,
 * and the market it names. Deterministic; never throws; an empty or unreadable sentence gives one
 * skill of kind `general`.
 */
export function classifySkill(sentence: string): SkillClassification {
  const found = findMarket(sentence);
  const { rest } = found;
  let market = found.market;
  const text = rest.trim() || sentence;
  const parts = sharingObjects(readSkillParts(text, 3));
  // The first skill as readSkill reads it (it knows when a whole sentence was not understood), unless it shares the next verb's object.
  const first = { clause: parts[0]?.clause ?? text, phrase: parts[0]?.shared ? parts[0].phrase : readSkill(text).phrase };
  const skills = [first, ...parts.slice(1)].map((p) => classifyPart(p.clause, p.phrase));
  const entryOf = (s: ClassifiedSkill) => (s.matched ? byTerm.get(s.matched) : undefined);
  // A vague skill ("I coach people at the gym") reads as the work of the place it is done at.
  const place = /\bat\s+(?:the\s+|a\s+|my\s+|local\s+)?([\p{L}'-]+(?:\s+[\p{L}'-]+)?)/iu.exec(text)?.[1];
  if (place && (skills[0].kinds.includes('general') || vagueSkills.has(entryOf(skills[0])?.name ?? ''))) {
    const atPlace = bestMatch(place);
    if (atPlace && !vagueSkills.has(atPlace.entry.name)) {
      const e = atPlace.entry;
      skills[0] = { name: e.name, title: titleCase(e.name), kinds: [...e.kinds], things: e.things, role: e.role, matched: atPlace.term };
    }
  }
  // "I'm a carpenter who paints": beside a trade, painting is decorating, not fine art.
  if (skills.some((s) => s.kinds.includes('trade'))) {
    for (const [i, s] of skills.entries()) {
      if (s.name === 'painting' || /^paint(s|ing)?$/i.test(s.name)) {
        const deco = byTerm.get('decorating')!;
        skills[i] = { name: deco.name, title: titleCase(deco.name), kinds: [...deco.kinds], role: deco.role, matched: 'decorating' };
      }
    }
  }
  // Two clauses can name the same skill in different words ("I'm a baker and I bake bread"), and
  // two objects of one verb are one skill ("I fix leaking taps and toilets": plumbing).
  // So is making one product in two words ("I'm a cosplayer who sews costumes": cosplay costume
  // making and costume sewing), which would otherwise tell the buyers of a costume about costume sewing.
  const sameWork = (a: ClassifiedSkill, b: ClassifiedSkill) =>
    a.name.toLowerCase() === b.name.toLowerCase() ||
    (entryOf(a) !== undefined && entryOf(a) === entryOf(b) && !a.kinds.includes('language')) ||
    sameProduct(a, b);
  const distinct = bothLanguages(skills.filter((s, i) => skills.findIndex((o) => sameWork(o, s)) === i));
  // Food for a group of people ("birthday cakes for kids") is food for their parties.
  if (market && !market.event && distinct[0].kinds.includes('food') && /^(kids?|children|child|toddlers?|teens?|teenagers?)$/.test(market.phrase)) {
    const phrase = `${market.phrase === 'child' ? 'children' : market.phrase.replace(/^kid$/, 'kids')}'s parties`.replace(/s's parties$/, "s' parties");
    market = { phrase, title: titleCase(phrase), preposition: 'for', event: true };
  }
  const kinds = [...new Set(distinct.flatMap((s) => s.kinds))];
  // Proper nouns, acronyms and languages as the person wrote them ("ICU", "English"), never flattened by the reading.
  const asWritten = distinct.map((s) => {
    const name = keepCase(s.name, sentence);
    return { ...s, name, title: titleCase(name), things: keepCase(s.things, sentence), role: keepCase(s.role, sentence) };
  });
  const named = placeIn(sentence);
  return { skills: asWritten, kinds, ...(market ? { market } : {}), ...(named ? { place: named } : {}) };
}
