import nlp from 'compromise';

/**
 * Reads a member's skill sentence ("I teach guitar", "I am a graphic designer who loves illustrating
 * pets", "bake sourdough bread") into the noun phrase the offline generator can put into titles
 * ("guitar", "graphic design", "sourdough bread baking"), using the compromise English tagger for
 * verbs, objects and noun phrases. First-person words and names never reach the phrase; a second
 * skill or clause becomes the member's angle (`focus`).
 */

export interface ReadSkill {
  /** Lower-case noun phrase for sentences: "sourdough bread baking". Acronyms stay upper case. */
  phrase: string;
  /** The same phrase in title case: "Sourdough Bread Baking". */
  title: string;
  /** A second skill or clause, as a noun phrase ("pet illustration"); undefined when there is none. */
  focus?: string;
}

/** Words that never belong in a phrase that goes into a title. */
const firstPerson = new Set(['i', "i'm", 'im', "i've", "i'd", "i'll", 'me', 'my', 'mine', 'myself', 'we', "we're", 'our', 'ours', 'us', 'ourselves']);

const filler = new Set(
  (
    'a an the some any lots lot bit little really very pretty quite fairly decent okay ok well also just too so ' +
    'stuff things thing kinds kind sort sorts type types years year yrs months experience experienced skilled expert professional ' +
    'passionate good great amazing excellent talented decent able capable fluent fluently currently mostly mainly especially ' +
    'usually often sometimes always primarily generally hobby hobbies background degree job this that these those there ' +
    'here it its their his her your people person someone something everyone everything all every other others own ' +
    'pro amateur beginner intermediate advanced level etc skill skills certified licensed qualified self-taught former retired ' +
  'name love loves loved like likes enjoy enjoys adore adores am is are was were be been ' +
  'you yours he she him they them anything everything nothing ' +
  'mom mum dad mother father parent wife husband grandma grandpa grandmother grandfather student retiree housewife homemaker'
  ).split(' '),
);

/** Verbs that say how the member feels about or relates to the skill, not the skill itself. */
const attitudeVerbs = new Set(['love', 'like', 'enjoy', 'adore', 'be', 'have', 'know', 'can', 'do', 'want', 'get', 'am', 'feel', 'try', 'go', 'use', 'spend', 'work', 'practice', 'practise', 'study', 'learn', 'specialize', 'specialise', 'focus', 'help', 'am good']);

/** Verbs whose object is what is taught: "teach guitar" is about guitar. */
const teachingVerbs = new Set(['teach', 'tutor', 'coach', 'instruct', 'train', 'speak', 'play', 'mentor']);

/** Verb → the noun for the activity ("fix bikes" → "bike repair"). */
const activityNoun: Record<string, string> = {
  'set up': 'setup', 'fix up': 'repair', 'clean up': 'cleanup', 'look after': 'care', fix: 'repair', repair: 'repair', design: 'design', translate: 'translation', photograph: 'photography',
  edit: 'editing', illustrate: 'illustration', analyze: 'analysis', analyse: 'analysis', manage: 'management',
  write: 'writing', bake: 'baking', cook: 'cooking', make: 'making', build: 'building', paint: 'painting',
  draw: 'drawing', knit: 'knitting', sew: 'sewing', clean: 'cleaning', organize: 'organizing', organise: 'organising',
  plan: 'planning', walk: 'walking', sit: 'sitting', groom: 'grooming', develop: 'development', program: 'programming',
  code: 'coding', film: 'filming', shoot: 'photography', record: 'recording', produce: 'production', mix: 'mixing',
  install: 'installation', restore: 'restoration', consult: 'consulting', market: 'marketing', sell: 'sales',
  create: 'creation', craft: 'crafting', grow: 'growing', care: 'care', style: 'styling', decorate: 'decorating',
};

/** Role nouns become the skill ("designer" → "design"), which reads better in titles. */
const roleToSkill: Record<string, string> = {
  designer: 'design', developer: 'development', programmer: 'programming', coder: 'coding', photographer: 'photography',
  videographer: 'videography', writer: 'writing', copywriter: 'copywriting', editor: 'editing', teacher: 'teaching',
  tutor: 'tutoring', marketer: 'marketing', translator: 'translation', baker: 'baking', cook: 'cooking', chef: 'cooking',
  coach: 'coaching', consultant: 'consulting', illustrator: 'illustration', musician: 'music', singer: 'singing',
  analyst: 'analysis', engineer: 'engineering', accountant: 'accounting', bookkeeper: 'bookkeeping', gardener: 'gardening',
  trainer: 'training', artist: 'art', painter: 'painting', animator: 'animation', producer: 'production', manager: 'management',
  carpenter: 'carpentry', plumber: 'plumbing', stylist: 'styling', dancer: 'dance', gamer: 'gaming', streamer: 'streaming',
  podcaster: 'podcasting', blogger: 'blogging', planner: 'planning', organizer: 'organizing', organiser: 'organising',
  electrician: 'electrical work', mechanic: 'mechanics', nurse: 'nursing', therapist: 'therapy', architect: 'architecture',
  florist: 'floristry', tailor: 'tailoring', barber: 'barbering', hairdresser: 'hairdressing', pianist: 'piano',
  guitarist: 'guitar', drummer: 'drums', violinist: 'violin', translater: 'translation', dj: 'DJing', walker: 'walking',
  instructor: 'instruction', researcher: 'research', scientist: 'science', lawyer: 'legal advice', nutritionist: 'nutrition',
  seamstress: 'sewing', potter: 'pottery', sculptor: 'sculpture', jeweler: 'jewelry making', jeweller: 'jewellery making',
};

/** Teaching roles: "a piano teacher" is about piano. */
const teachingRoles = new Set(['teacher', 'tutor', 'coach', 'instructor', 'trainer', 'mentor']);

const acronyms = new Set(['seo', 'ui', 'ux', 'ai', '3d', 'sql', 'css', 'html', 'aws', 'ppc', 'ugc', 'diy', 'pr', 'hr', 'api', 'cv', 'dj', 'ios', 'php', 'sat', 'gre', 'ielts', 'toefl', 'crm', 'b2b', 'ml', 'vr', 'ar', 'it']);

const maxWords = 4;

const clean = (word: string) => word.replace(/^[^\p{L}\p{N}#+]+|[^\p{L}\p{M}\p{N}#+]+$/gu, '');

/** Keeps acronyms upper case, proper nouns as typed, everything else lower case. */
function normaliseWord(word: string, proper: boolean): string {
  const lower = word.toLowerCase();
  if (acronyms.has(lower) && lower !== 'it') return lower.toUpperCase();
  if (proper || /\p{Lu}.*\p{Lu}/u.test(word.slice(1)) || /^\p{Lu}/u.test(word) && /[\p{N}.#+]/u.test(word)) return word;
  return lower;
}

export function titleCase(phrase: string): string {
  const small = new Set(['and', 'or', 'of', 'for', 'in', 'on', 'with', 'to', 'the', 'a', 'an', '&']);
  return phrase
    .split(/\s+/)
    .filter(Boolean)
    .map((w, i) => (i > 0 && small.has(w) ? w : /^\p{Ll}/u.test(w) ? w[0].toLocaleUpperCase() + w.slice(1) : w))
    .join(' ');
}

interface Term {
  text: string;
  tags: Set<string>;
  /** The term's root (verb infinitive) as compromise reads it. */
  infinitive?: string;
}

/**
 * Remembers the latest answers of a pure reading of a text: the tagger is most of an offline
 * generation's time, and one generation reads the same clauses several times (the skill, its
 * parts, its kind) while verbs recur across members.
 */
function remembered<T>(read: (text: string) => T, size = 1000): (text: string) => T {
  const answers = new Map<string, T>();
  return (text) => {
    if (answers.has(text)) return answers.get(text) as T;
    const answer = read(text);
    if (answers.size >= size) answers.delete(answers.keys().next().value as string);
    answers.set(text, answer);
    return answer;
  };
}

const infinitiveOf = remembered((verb: string) => nlp(verb).verbs().toInfinitive().text().toLowerCase());
const gerundOf = remembered((verb: string) => nlp(verb).verbs().toGerund().text().replace(/^(is|are|am)\s+/, '').toLowerCase());

function termsOf(clause: string): Term[] {
  const doc = nlp(clause);
  const out: Term[] = [];
  for (const sentence of doc.json({ terms: { normal: true } }) as { terms: { text: string; normal: string; tags: string[] }[] }[]) {
    for (const t of sentence.terms) {
      const text = clean(t.text);
      if (!text) continue;
      const tags = new Set(t.tags);
      let infinitive: string | undefined;
      if (tags.has('Verb')) {
        const root = infinitiveOf(text);
        infinitive = clean(root) || text.toLowerCase();
      }
      out.push({ text, tags, infinitive });
    }
  }
  return out;
}

const isFirstPerson = (t: Term) => firstPerson.has(t.text.toLowerCase().replace(/[’`]/g, "'"));
const isNounish = (t: Term) =>
  (t.tags.has('Noun') || t.tags.has('Adjective') || t.tags.has('Value') || t.tags.has('Acronym') || t.tags.has('Gerund')) &&
  !t.tags.has('Pronoun') &&
  !t.tags.has('Preposition') &&
  !t.tags.has('Conjunction') &&
  !t.tags.has('Determiner');
/** Small words that never name a skill on their own. */
const functionWords = new Set(['with', 'at', 'in', 'on', 'for', 'to', 'of', 'and', 'or', 'about', 'into', 'from', 'by', 'as', 'but', 'not', 'no', 'yes', 'can', 'do', 'does', 'did', 'have', 'has', 'had', 'how']);

const isStop = (t: Term) =>
  isFirstPerson(t) || filler.has(t.text.toLowerCase()) || t.tags.has('Determiner') || /^\d+$/.test(t.text) || t.tags.has('Possessive');

/** The first noun phrase in `terms` (from `start`), at most `maxWords` content words, stopping at a preposition or verb. */
function nounPhrase(terms: Term[], start: number): { words: Term[]; end: number } {
  const words: Term[] = [];
  let i = start;
  // Skip leading stop words.
  while (i < terms.length && (isStop(terms[i]) || terms[i].tags.has('Adverb'))) i++;
  for (; i < terms.length; i++) {
    const t = terms[i];
    if (isStop(t)) {
      if (words.length > 0) break;
      continue;
    }
    const lower = t.text.toLowerCase();
    if (t.tags.has('Conjunction') && lower === 'and' && words.length > 0 && i + 1 < terms.length && isNounish(terms[i + 1]) && !isStop(terms[i + 1])) {
      // "Spanish and French", "rock and roll": keep short coordinated nouns together.
      words.push(t);
      continue;
    }
    if (!isNounish(t) || t.tags.has('Adverb')) break;
    if (t.tags.has('Verb') && !t.tags.has('Gerund') && !t.tags.has('Noun')) break;
    words.push(t);
  }
  // English noun phrases end in their head noun: keep the last words when it is long.
  let kept = words;
  if (kept.length > maxWords) kept = kept.slice(kept.length - maxWords);
  while (kept.length > 0 && kept[0].text.toLowerCase() === 'and') kept = kept.slice(1);
  while (kept.length > 0 && kept[kept.length - 1].text.toLowerCase() === 'and') kept = kept.slice(0, -1);
  return { words: kept, end: i };
}

const phraseOf = (words: Term[]) =>
  words.map((w) => normaliseWord(w.text, w.tags.has('ProperNoun') || w.tags.has('Place') || w.tags.has('Demonym'))).join(' ');

/** Nouns in -ie whose plural is -ies ("brownies" → "brownie", not "browny"). */
export const ieNouns = new Set(['brownie', 'cookie', 'smoothie', 'hoodie', 'movie', 'pie', 'selfie', 'rookie', 'zombie', 'beanie', 'onesie', 'veggie', 'foodie', 'goalie', 'roadie', 'newbie', 'techie', 'pixie', 'indie', 'boogie', 'genie', 'birdie', 'walkie', 'sortie']);

/** "bikes" → "bike" as a modifier ("bike repair"); leaves proper nouns and uncountables alone. */
function singular(phrase: string): string {
  const words = phrase.split(' ');
  const last = words[words.length - 1];
  if (!/^\p{Ll}+s$/u.test(last) || /(ss|us|is|ics|ews|thes)$/.test(last) || last.length < 4) return phrase;
  words[words.length - 1] = /ies$/.test(last)
    ? ieNouns.has(last.slice(0, -1))
      ? last.slice(0, -1)
      : last.slice(0, -3) + 'y'
    : /(ches|shes|xes|sses|zzes)$/.test(last)
      ? last.slice(0, -2)
      : last.slice(0, -1);
  return words.join(' ');
}

/** Nouns that already name an activity ("photography", "planning"): a gerund before them is a modifier. */
const isActivityNoun = (word: string) =>
  /(ing|graphy|tion|sion|ment|ance|ence|ology|ics|ism|design|service|services|care|repair|art|music)$/.test(word.toLowerCase());

/** Product names the tagger reads as verbs ("Excel dashboards"). */
const productNames = new Set(['excel', 'canva', 'figma', 'notion', 'shopify', 'photoshop', 'wordpress', 'python', 'blender', 'unity', 'zoom', 'slack', 'tableau']);

/** A clause that only introduces the member: "my name is Łukasz", "hi, I'm Ana", "hello". */
function isIntroduction(clause: string): boolean {
  const c = clause.trim().replace(/^(hi|hello|hey|hola|bonjour|hallo)\b\s*,?\s*/i, '');
  if (c === '') return true;
  if (/^(my name is|my name's|this is|call me|name:?)\s/i.test(c)) return true;
  const name = /^(i am|i'm|im)\s+(.+)$/i.exec(c);
  return name !== null && /^\p{Lu}[\p{L}'’-]*(\s+\p{Lu}[\p{L}'’-]*)?$/u.test(name[2].trim());
}

/** "a piano teacher" → "piano", "a graphic designer" → "graphic design", "wedding photography" stays. */
function skillOfNounPhrase(words: Term[]): string {
  const head = words[words.length - 1].text.toLowerCase();
  const rest = words.slice(0, -1);
  if (teachingRoles.has(head) && rest.length === 1 && !(rest[0].tags.has('Adjective') && !rest[0].tags.has('Noun'))) {
    return phraseOf(rest);
  }
  const role = roleToSkill[head];
  if (role) {
    const before = phraseOf(rest);
    return before ? `${before} ${role}` : role;
  }
  return phraseOf(words);
}

/** Reads one clause: returns a noun phrase for the skill in it, or undefined. */
const readClause = remembered(readClauseAnew);

function readClauseAnew(clause: string): string | undefined {
  const terms = termsOf(clause).filter((t) => !isFirstPerson(t));
  if (terms.length === 0) return undefined;
  for (const t of terms) {
    if (productNames.has(t.text.toLowerCase())) {
      t.tags = new Set(['Noun', 'ProperNoun']);
      t.text = t.text[0].toUpperCase() + t.text.slice(1);
    }
  }

  // A content verb ("bake", "teach", "fixing") and its object.
  for (let i = 0; i < terms.length; i++) {
    const t = terms[i];
    if (!t.tags.has('Verb') || t.tags.has('Copula') || t.tags.has('Modal') || t.tags.has('Auxiliary')) continue;
    if (filler.has(t.text.toLowerCase()) && !attitudeVerbs.has(t.infinitive ?? '')) continue;
    let verb = t.infinitive ?? t.text.toLowerCase();
    // "Python programming", "dog walking": nouns before a gerund make one noun phrase.
    if (t.tags.has('Gerund') && i > 0 && isNounish(terms[i - 1]) && !isStop(terms[i - 1]) && !terms[i - 1].tags.has('Verb')) {
      let from = i - 1;
      while (from > 0 && isNounish(terms[from - 1]) && !isStop(terms[from - 1]) && !terms[from - 1].tags.has('Verb') && i - from < maxWords - 1) from--;
      return phraseOf([...terms.slice(from, i), t]);
    }
    // Phrasal verbs: "set up home networks".
    let objectStart = i + 1;
    if (terms[i + 1]?.tags.has('Particle')) {
      verb = `${verb} ${terms[i + 1].text.toLowerCase()}`;
      objectStart = i + 2;
    }
    if (attitudeVerbs.has(verb)) {
      // "love baking", "help with taxes": the skill is what follows; "love dogs": the object is the subject.
      const next = terms[i + 1];
      if (next && next.tags.has('Verb') && !next.tags.has('Copula')) continue;
      if (next && next.tags.has('Preposition') && verb !== 'help') continue;
      if (verb === 'help') {
        const object = nounPhrase(terms, i + 1);
        const after = terms[object.end];
        if (after && after.tags.has('Preposition')) {
          const what = nounPhrase(terms, object.end + 1);
          if (what.words.length > 0) return `${singular(phraseOf(what.words))} help`;
        }
        continue;
      }
      const object = nounPhrase(terms, i + 1);
      if (object.words.length > 0 && !object.words.every((w) => w.tags.has('Gerund') && w.tags.has('Verb'))) return singular(skillOfNounPhrase(object.words));
      continue;
    }
    const object = nounPhrase(terms, objectStart);
    const objectText = object.words.length > 0 ? phraseOf(object.words) : '';
    // "wedding photography": the gerund only says what kind of photography.
    if (t.tags.has('Gerund') && objectText && objectStart === i + 1 && isActivityNoun(object.words[object.words.length - 1].text)) {
      return `${t.text.toLowerCase()} ${objectText}`;
    }
    if (objectText === 'code' && (verb === 'write' || verb === 'code')) return 'coding';
    if (teachingVerbs.has(verb)) {
      if (objectText) return objectText;
      continue;
    }
    const noun = activityNoun[verb] ?? (t.tags.has('Gerund') ? t.text.toLowerCase() : gerundOf(verb));
    if (!noun || /\s/.test(noun) && !activityNoun[verb]) continue;
    return objectText ? `${singular(objectText)} ${noun}` : noun;
  }

  // No content verb: the first noun phrase ("a graphic designer", "wedding photography").
  for (let i = 0; i < terms.length; i++) {
    const np = nounPhrase(terms, i);
    if (np.words.length === 0) {
      i = Math.max(i, np.end);
      continue;
    }
    return skillOfNounPhrase(np.words);
  }
  return undefined;
}

/** The clauses of a sentence: split at punctuation and at words that start a new clause. */
function clausesOf(sentence: string): string[] {
  return sentence
    .replace(/[’`]/g, "'")
    .split(/[,;.!?\n()/|]+|\s-\s|\b(?:and|but|plus|also|who|which|that|while|where|especially|including|like)\b(?=\s)/i)
    .map((c) => c.trim())
    .filter((c) => c.length > 0 && !isIntroduction(c));
}

const unspacedScript = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}]/u;

/** The words of a sentence compromise found no skill in, without first-person and filler words. */
function fallbackPhrase(sentence: string): string {
  // Languages written without spaces (Japanese, Chinese, Thai): the longest word the segmenter finds.
  if (!/\s/.test(sentence.trim()) && unspacedScript.test(sentence)) {
    const segments = [...new Intl.Segmenter(undefined, { granularity: 'word' }).segment(sentence.trim())]
      .filter((s) => s.isWordLike && !/^(私|僕|俺|我|わたし|あたし|我们|我的)$/u.test(s.segment))
      .map((s) => s.segment);
    const longest = segments.sort((a, b) => b.length - a.length)[0];
    if (longest && longest.length < sentence.trim().length) return longest.slice(0, 30);
  }
  const words = sentence
    .split(/\s+/)
    .map(clean)
    .filter(
      (w) =>
        w.length > 0 &&
        !firstPerson.has(w.toLowerCase()) &&
        !filler.has(w.toLowerCase()) &&
        !functionWords.has(w.toLowerCase()) &&
        !/^\d+$/.test(w) &&
        /[\p{L}\p{N}]/u.test(w),
    );
  if (words.length === 0) return 'freelance';
  // A sentence of three or more words that compromise cannot read (another language): keep the last
  // word, usually what it is about ("Ich unterrichte Gitarre" → "Gitarre").
  const kept = words.length > 2 ? words.slice(-1) : words;
  return kept.map((w) => normaliseWord(w.slice(0, 30), /^\p{Lu}/u.test(w) && w !== words[0])).join(' ');
}

function dedupeWords(phrase: string): string {
  const words = phrase.split(' ');
  return words.filter((w, i) => i === 0 || w.toLowerCase() !== words[i - 1].toLowerCase()).join(' ');
}

/** One skill the sentence names: the clause it is in and its noun phrase. */
export interface SkillPart {
  clause: string;
  phrase: string;
}

/** The text as the tagger reads it best: at most 600 characters, ALL CAPS in lower case. */
function prepared(sentence: string): string {
  const text = sentence.slice(0, 600);
  // ALL CAPS reads as proper nouns to the tagger: read it in lower case.
  return /\p{Ll}/u.test(text) ? text : text.toLowerCase();
}

/**
 * Every skill the sentence names, in order, one per clause that names one (at most `max`), each with
 * its clause: "I'm a nurse and I knit" → nursing ("I'm a nurse"), knitting ("I knit").
 */
export function readSkillParts(sentence: string, max = 3): SkillPart[] {
  const parts: SkillPart[] = [];
  for (const clause of clausesOf(prepared(sentence))) {
    const phrase = readClause(clause);
    if (phrase && !parts.some((p) => p.phrase.toLowerCase() === phrase.toLowerCase())) parts.push({ clause, phrase });
    if (parts.length === max) break;
  }
  return parts;
}

export function readSkill(sentence: string): ReadSkill {
  const text = prepared(sentence);
  const clauses = clausesOf(text);
  const phrases = readSkillParts(text, 2).map((p) => p.phrase);
  let phrase = phrases[0] ?? fallbackPhrase(clauses.join(' ') || text);
  phrase = dedupeWords(phrase.split(' ').slice(0, maxWords + 1).join(' '));
  // A phrase that is the whole sentence of three or more words is not understood, only copied.
  const whole = text.trim().toLowerCase();
  const bare = (t: string) => t.toLowerCase().replace(/[^\p{L}\p{N}\s]/gu, '');
  if (bare(phrase) === bare(whole) && (whole.split(/\s+/).length >= 3 || unspacedScript.test(whole))) phrase = fallbackPhrase(text);
  const focus = phrases[1] ? dedupeWords(phrases[1]) : undefined;
  return { phrase, title: titleCase(phrase), focus: focus && focus.toLowerCase() !== phrase.toLowerCase() ? focus : undefined };
}
