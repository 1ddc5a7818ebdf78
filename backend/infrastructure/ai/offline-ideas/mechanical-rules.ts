/**
 * The mechanical rules of the offline ideas (issue 51, Build item 3), checked on what a visitor
 * receives: rules a reader would otherwise count by hand as senseless wording, whatever the kind of
 * work the sentence was read as. Used by review-panel.unit.spec.ts over both panels, and by
 * print-review-panel.ts `--count`, which counts the ideas that break each rule.
 *
 * - channel: a description speaks only of its own channel: it names no marketplace or booking
 *   platform that its title and method do not name ("Buyers on Fiverr compare gigs in seconds" in a
 *   TaskRabbit idea, or in an idea sold at the person's own studio).
 * - duplicate: no two ideas of a set share a description, or the block of sentences their template
 *   wrote (the description without the closing sentences the generator adds), and no title is
 *   another one with words appended ("…: Apps Edition", "… (2)").
 * - case: a word the sentence wrote with capitals (other than its first word, and "I") and a
 *   language named in it keep their case everywhere ("ICU", not "Icu"; "English", not "english").
 * - wording: a sport or pastime the sentence names in the plural ("I train for triathlons") is not a
 *   plural modifier in a title ("Triathlons Lessons").
 */
import { classifySkill, singularWord } from './skill-kinds';

export interface IdeaText {
  title: string;
  subtitle: string;
  description: string;
  method: string;
}

export type MechanicalRule = 'channel' | 'duplicate' | 'case' | 'wording';

export interface MechanicalFault {
  rule: MechanicalRule;
  /** The index of the idea at fault (the later one of a duplicate). */
  idea: number;
  detail: string;
}

/** Marketplaces and booking platforms an idea is sold on: a description names one only when the idea is sold there. */
export const marketplaces = [
  'Fiverr',
  'Upwork',
  'TaskRabbit',
  'Thumbtack',
  'Bark',
  'Checkatrade',
  'Airtasker',
  'GigSalad',
  'Booksy',
  'Fresha',
  'Treatwell',
  'StyleSeat',
  'Rover',
  'Care.com',
  'italki',
  'Preply',
  'Superprof',
  'Discogs',
  'GetYourGuide',
];

/** Languages (and the nationalities that share their names) whose capital a reader expects. */
export const languageNames =
  'english spanish french german italian portuguese japanese chinese mandarin cantonese korean arabic russian hindi urdu bengali turkish dutch swedish norwegian danish finnish greek hebrew vietnamese thai indonesian malay tagalog swahili yoruba igbo hausa amharic persian farsi ukrainian romanian czech hungarian'.split(
    ' ',
  );

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const wordPattern = (word: string, flags: string) => new RegExp(`(?<![\\p{L}\\p{N}])${escape(word)}(?![\\p{L}\\p{N}])`, flags);

/** The sentences of a description ("Price it. Then sell it." → two). */
export const sentencesOf = (text: string) => text.split(/(?<=[.!?])\s+(?=[\p{Lu}"“(])/u).filter(Boolean);

/**
 * The words whose case the sentence fixes, as written: words with a capital other than the first
 * word (unless it has a capital after its first letter: "ICU", "TikTok") and "I", and the languages it names.
 */
export function casedWords(sentence: string): string[] {
  const words = sentence.match(/[\p{L}\p{N}][\p{L}\p{N}'’.-]*[\p{L}\p{N}]|[\p{L}\p{N}]/gu) ?? [];
  const out = new Map<string, string>();
  words.forEach((raw, i) => {
    const word = raw.replace(/['’]s$/, '');
    if (/^(i|i'm|i’m|i've|i’ve|i'd|i’d|i'll|i’ll)$/i.test(word)) return;
    const lower = word.toLowerCase();
    if (languageNames.includes(lower)) out.set(lower, lower[0].toUpperCase() + lower.slice(1));
    else if (/\p{Lu}/u.test(i === 0 ? word.slice(1) : word)) out.set(lower, word);
  });
  return [...out.values()];
}

/** Whether `title` is `base` again with a word or an "Edition" appended ("…: Apps Edition", "… (2)", "… Online"). */
const extends_ = (title: string, base: string) => {
  const [t, b] = [title.toLowerCase(), base.toLowerCase()];
  return t === b || (t.startsWith(b) && /^(:\s*[^:]+ edition|\s*\(\d+\)|:?\s+[\p{L}\p{N}'’-]+)$/u.test(t.slice(b.length)));
};

/** Every fault of one set of ideas for `sentence`. */
export function mechanicalFaults(sentence: string, ideas: readonly IdeaText[]): MechanicalFault[] {
  const faults: MechanicalFault[] = [];

  // channel
  ideas.forEach((idea, i) => {
    const own = `${idea.title} ${idea.method}`;
    for (const line of sentencesOf(idea.description)) {
      for (const place of marketplaces) {
        if (wordPattern(place, 'iu').test(line) && !wordPattern(place, 'iu').test(own)) {
          faults.push({ rule: 'channel', idea: i, detail: `"${idea.title}" (${idea.method}): "${line}"` });
        }
      }
    }
  });

  // duplicate: the same description, the same first three sentences (the template's own), or a title with words appended.
  const blockOf = (d: string) => sentencesOf(d).slice(0, 3).join(' ');
  ideas.forEach((idea, i) => {
    for (let j = 0; j < i; j++) {
      const other = ideas[j];
      if (idea.description === other.description || blockOf(idea.description) === blockOf(other.description)) {
        faults.push({ rule: 'duplicate', idea: i, detail: `"${idea.title}" repeats the description of "${other.title}"` });
      } else if (extends_(idea.title, other.title) || extends_(other.title, idea.title)) {
        faults.push({ rule: 'duplicate', idea: i, detail: `"${idea.title}" is "${other.title}" again` });
      }
    }
  });

  // case
  const cased = casedWords(sentence);
  ideas.forEach((idea, i) => {
    for (const text of [idea.title, idea.subtitle, idea.description, idea.method]) {
      for (const word of cased) {
        const wrong = (text.match(wordPattern(word, 'giu')) ?? []).filter((found) => found !== word);
        if (wrong.length > 0) faults.push({ rule: 'case', idea: i, detail: `"${wrong[0]}" for "${word}" in "${text.length > 120 ? `${text.slice(0, 120)}…` : text}"` });
      }
    }
  });

  // wording: a sport or pastime the sentence names in the plural (the lexicon's term in the singular) is no plural modifier
  // in a title ("Triathlons Lessons", "Weekly Triathlons Classes").
  const terms = new Set(classifySkill(sentence).skills.map((s) => s.matched).filter((t): t is string => Boolean(t) && !t!.includes(' ')));
  const plurals = [...new Set(sentence.toLowerCase().match(/\p{L}{3,}s\b/gu) ?? [])].filter((w) => terms.has(singularWord(w)) && singularWord(w) !== w);
  ideas.forEach((idea, i) => {
    for (const plural of plurals) {
      const modifier = new RegExp(`(?<![\\p{L}])${escape(plural)} (?!(?:and|or|for|at|in|on|with|to|of|from|by)\\b)[\\p{L}\\p{N}]`, 'iu');
      if (modifier.test(idea.title)) faults.push({ rule: 'wording', idea: i, detail: `"${plural}" as a modifier in "${idea.title}"` });
    }
  });

  return faults;
}
