import { jsonrepair } from 'jsonrepair';
import { aiAnswerInvalidMessage } from '../contracts/ai-failures';
import { generatedIdeasSchema, type GeneratedIdeas, type Idea } from '../contracts/ideas';
import { AiGenerationError } from '../ports/idea-generator';
import { categoryColor, normaliseCategoryKey, type IdeaCategoryConfig } from './categories';

/**
 * Turns the streamed text of an idea generation into ideas (member-product §7): code fences and
 * HTML entities are removed, the JSON object is found among any prose around it, and the result
 * is fitted to the configured categories.
 */

export const parseErrorMessage = 'Failed to parse ideas. Please try again.';

/** At most this many ideas are kept (an idea set saves up to 100). */
const MAX_IDEAS = 100;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const namedEntities: Record<string, string> = {
  amp: '&',
  quot: '"',
  apos: "'",
  lt: '<',
  gt: '>',
  nbsp: ' ',
};

/** One pass, so `&amp;quot;` becomes `&quot;` and not `"`. Unknown or invalid entities stay. */
export function decodeHtmlEntities(text: string): string {
  return text.replace(/&(#\d{1,7}|#x[0-9a-f]{1,6}|[a-z]+);/gi, (whole, body: string) => {
    if (body.startsWith('#')) {
      const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      const valid = code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff);
      return valid ? String.fromCodePoint(code) : whole;
    }
    return namedEntities[body.toLowerCase()] ?? whole;
  });
}

/** Removes markdown fences (```json … ```), keeping what was inside them. */
export function stripCodeFences(text: string): string {
  return text.replace(/```[\w-]*[ \t]*/g, '');
}

/**
 * Where the `{…}` or `[…]` starting at `start` ends: its end index, `unclosed` when the text
 * stops first (a truncated answer), or `mismatch` when the brackets do not pair up.
 */
export function balancedEnd(text: string, start: number): number | 'unclosed' | 'mismatch' {
  const stack: string[] = [];
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const ch = text[i];
    if (inString) {
      if (ch === '\\') i++;
      else if (ch === '"') inString = false;
      continue;
    }
    if (ch === '"') inString = true;
    else if (ch === '{' || ch === '[') stack.push(ch === '{' ? '}' : ']');
    else if (ch === '}' || ch === ']') {
      if (stack.pop() !== ch) return 'mismatch';
      if (stack.length === 0) return i;
    }
  }
  return 'unclosed';
}

/**
 * Strict JSON first; then the slips models make (trailing commas, single quotes, unquoted keys,
 * comments, Python's True/None, missing commas) are repaired by `jsonrepair`. Only text whose
 * brackets all close is repaired: jsonrepair would also complete a truncated answer, and a cut
 * answer must fail rather than pass as its first ideas.
 */
function tryJson(text: string): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(text) };
  } catch {
    const start = text.search(/[[{]/);
    if (start !== 0 || balancedEnd(text, 0) !== text.length - 1) return undefined;
    try {
      // A repair counts only when it yields ideas: `{ideas: oops}` stays unparseable.
      const value: unknown = JSON.parse(jsonrepair(text));
      return usable(value) ? { value } : undefined;
    } catch {
      return undefined;
    }
  }
}

/** A value that can hold ideas: an object with an `ideas` list, or a list of ideas. */
const usable = (value: unknown) =>
  (isRecord(value) && Array.isArray(value.ideas)) ||
  (Array.isArray(value) && value.some((item) => isRecord(item) && 'title' in item));

/**
 * The JSON in the text: the first object with ideas (or list of ideas) wherever it sits, else the
 * first top-level JSON value (which then fails validation), else nothing. Values nested in a
 * bracket that never closes do not count, so a truncated answer is a parse failure, not one of
 * its inner objects.
 */
function findJson(text: string, acceptFallback: boolean): { value: unknown } | undefined {
  let fallback: { value: unknown } | undefined;
  const direct = tryJson(text.trim());
  if (direct) {
    if (usable(direct.value)) return direct;
    fallback = direct;
  }
  let nestedUntil = -1;
  for (let i = 0; i < text.length; i++) {
    if (text[i] !== '{' && text[i] !== '[') continue;
    const end = balancedEnd(text, i);
    if (end === 'mismatch') continue;
    if (end === 'unclosed') {
      nestedUntil = text.length;
      continue;
    }
    const parsed = tryJson(text.slice(i, end + 1));
    if (parsed) {
      if (usable(parsed.value)) return parsed;
      if (i > nestedUntil) fallback ??= parsed;
      i = end;
      continue;
    }
    nestedUntil = Math.max(nestedUntil, end);
  }
  return acceptFallback ? fallback : undefined;
}

/** Entities inside the parsed strings (`Arts &amp; Crafts`) are decoded after parsing. */
function decodeStrings(value: unknown): unknown {
  if (typeof value === 'string') return decodeHtmlEntities(value);
  if (Array.isArray(value)) return value.map(decodeStrings);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, decodeStrings(v)]));
  }
  return value;
}

const text = (value: unknown): string =>
  typeof value === 'string' ? value.trim() : typeof value === 'number' || typeof value === 'boolean' ? String(value) : '';

/** Names models use for the default categories. */
const aliases: Record<string, string[]> = {
  fiverr: ['gig', 'gigs', 'freelance', 'freelancing', 'marketplace', 'upwork'],
  online: ['internet', 'digital', 'web', 'remote', 'online-business', 'e-commerce', 'ecommerce'],
  offline: ['local', 'in-person', 'offline-local', 'local-offline', 'physical', 'community'],
  social: ['social-media', 'socialmedia', 'youtube', 'tiktok', 'instagram', 'content', 'creator', 'influencer'],
};

function categoryResolver(categories: IdeaCategoryConfig[], modelCategories: Record<string, string>) {
  const byKey = new Map(categories.map((c) => [c.key, c.key]));
  const byLabel = new Map(categories.map((c) => [normaliseCategoryKey(c.label), c.key]));
  const resolveName = (raw: string): string | undefined => {
    const n = normaliseCategoryKey(raw);
    if (n === '') return undefined;
    const direct = byKey.get(n) ?? byLabel.get(n);
    if (direct) return direct;
    for (const [key, names] of Object.entries(aliases)) {
      if (byKey.has(key) && names.includes(n)) return key;
    }
    // A key, label word or keyword inside the name ("fiverr-gigs", "local-services").
    for (const c of categories) {
      const words = [c.key, ...c.keywords.map(normaliseCategoryKey), ...normaliseCategoryKey(c.label).split('-')].filter(
        (w) => w.length >= 4 || w === c.key,
      );
      if (words.some((w) => n === w || n.split('-').includes(w))) return c.key;
    }
    return undefined;
  };
  return (raw: string): string | undefined => {
    const resolved = resolveName(raw);
    if (resolved) return resolved;
    // The model's own category list may name it ("cat1" → "Local Services").
    const declared = modelCategories[raw] ?? modelCategories[normaliseCategoryKey(raw)];
    return declared ? resolveName(declared) : undefined;
  };
}

/**
 * Parses the final text of an idea generation.
 * - Text that holds no parseable JSON → `AiGenerationError('parse_error')`.
 * - JSON of the wrong shape (no ideas with a title) → `AiGenerationError('validation_error')`.
 * Ideas whose category is unknown are moved to a configured category (the least used one when
 * nothing matches); ideas without an id get a stable one; colours come from the palette.
 * `options.personalized`, when given, overrides what the text claims.
 */
export function parseGeneratedIdeas(
  rawText: string,
  categories: IdeaCategoryConfig[],
  options: { personalized?: boolean } = {},
): GeneratedIdeas {
  const unfenced = stripCodeFences(rawText);
  const decoded = decodeHtmlEntities(unfenced);
  const found =
    findJson(unfenced, false) ?? findJson(decoded, false) ?? findJson(unfenced, true) ?? findJson(decoded, true);
  if (!found) throw new AiGenerationError('parse_error', parseErrorMessage);
  const invalid = () => new AiGenerationError('validation_error', aiAnswerInvalidMessage);

  let root = decodeStrings(found.value);
  if (Array.isArray(root)) root = { ideas: root };
  if (!isRecord(root) || !Array.isArray(root.ideas)) throw invalid();

  const modelCategories: Record<string, string> = {};
  const declared: IdeaCategoryConfig[] = [];
  for (const c of Array.isArray(root.categories) ? root.categories : []) {
    if (!isRecord(c)) continue;
    const id = text(c.id);
    const name = text(c.name) || id;
    if (id === '' && name === '') continue;
    modelCategories[id] = name;
    modelCategories[normaliseCategoryKey(id)] = name;
    const key = normaliseCategoryKey(id || name);
    if (key && !declared.some((d) => d.key === key)) declared.push({ key, label: name, keywords: [] });
  }

  const rawIdeas = root.ideas.filter(isRecord).filter((idea) => text(idea.title) !== '').slice(0, MAX_IDEAS);
  if (rawIdeas.length === 0) throw invalid();

  // Without configured categories, the model's own (or the ideas' own) categories are used.
  let known = categories.length > 0 ? categories : declared;
  if (known.length === 0) {
    const keys = [...new Set(rawIdeas.map((idea) => normaliseCategoryKey(text(idea.category))).filter(Boolean))];
    known = keys.length > 0 ? keys.map((key) => ({ key, label: titleCase(key), keywords: [] })) : [{ key: 'ideas', label: 'Ideas', keywords: [] }];
  }
  const resolve = categoryResolver(known, modelCategories);
  const counts = new Map(known.map((c) => [c.key, 0]));
  const leastUsed = () => known.reduce((best, c) => (counts.get(c.key)! < counts.get(best.key)! ? c : best), known[0]).key;

  const usedIds = new Set<string>();
  const ideas: Idea[] = rawIdeas.map((raw) => {
    const category = resolve(text(raw.category)) ?? leastUsed();
    const position = counts.get(category)! + 1;
    counts.set(category, position);
    let id = text(raw.id).slice(0, 100);
    if (id === '' || usedIds.has(id)) {
      id = `${category}-${position}`;
      for (let n = 2; usedIds.has(id); n++) id = `${category}-${position}-${n}`;
    }
    usedIds.add(id);
    return {
      id,
      title: text(raw.title),
      subtitle: text(raw.subtitle),
      description: text(raw.description),
      category,
      industry: text(raw.industry),
      method: text(raw.method),
      pricing: text(raw.pricing),
    };
  });

  const result = generatedIdeasSchema.safeParse({
    categories: known
      .filter((c) => counts.get(c.key)! > 0)
      .map((c) => ({ id: c.key, name: c.label, color: categoryColor(c.key) })),
    ideas,
    personalized: options.personalized ?? root.personalized === true,
  });
  if (!result.success) throw invalid();
  return result.data;
}

function titleCase(key: string): string {
  return key
    .split(/[-_]/)
    .filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join(' ');
}
