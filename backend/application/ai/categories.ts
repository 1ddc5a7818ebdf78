/**
 * Idea categories: parsed from the prompt builder's categories text (one `key | label | keywords`
 * per line, back-office §2) and coloured from the 12-colour palette of member-product §9.
 */

export interface IdeaCategoryConfig {
  key: string;
  label: string;
  keywords: string[];
}

/** Lowercase, letters, digits, `-` and `_`; anything else becomes `-`. */
export function normaliseCategoryKey(raw: string): string {
  return raw
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * One category per line: `key | label | keywords` with comma-separated keywords (optional).
 * Blank lines, `#` comments, lines without a key or a label, and repeated keys are skipped.
 */
export function parseCategories(text: string): IdeaCategoryConfig[] {
  const categories: IdeaCategoryConfig[] = [];
  const seen = new Set<string>();
  for (const line of text.split(/\r?\n/)) {
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#')) continue;
    const [rawKey, rawLabel, ...rest] = trimmed.split('|');
    const key = normaliseCategoryKey(rawKey ?? '');
    const label = (rawLabel ?? '').trim();
    if (key === '' || label === '' || seen.has(key)) continue;
    const keywords = rest
      .join('|')
      .split(',')
      .map((keyword) => keyword.trim())
      .filter((keyword) => keyword !== '');
    seen.add(key);
    categories.push({ key, label, keywords });
  }
  return categories;
}

export const categoryColors = [
  'green',
  'blue',
  'orange',
  'purple',
  'red',
  'yellow',
  'pink',
  'indigo',
  'teal',
  'violet',
  'lime',
  'amber',
] as const;
export type CategoryColor = (typeof categoryColors)[number] | 'grey';

/** Hex values for each colour name, for screens that draw the chip themselves. */
export const categoryColorHex: Record<CategoryColor, string> = {
  green: '#16a34a',
  blue: '#2563eb',
  orange: '#ea580c',
  purple: '#9333ea',
  red: '#dc2626',
  yellow: '#ca8a04',
  pink: '#db2777',
  indigo: '#4f46e5',
  teal: '#0d9488',
  violet: '#7c3aed',
  lime: '#65a30d',
  amber: '#d97706',
  grey: '#6b7280',
};

/** The default keys (and the landing page's older names for them) keep fixed colours. */
const knownColors: Record<string, CategoryColor> = {
  fiverr: 'green',
  online: 'blue',
  internet: 'blue',
  offline: 'orange',
  local: 'orange',
  social: 'purple',
};

/** FNV-1a: a small, stable string hash (the same key gets the same colour everywhere). */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** A colour name for a category key: fixed for the defaults, hashed otherwise, grey without a key. */
export function categoryColor(key: string | undefined | null): CategoryColor {
  const normalised = normaliseCategoryKey(key ?? '');
  if (normalised === '') return 'grey';
  return knownColors[normalised] ?? categoryColors[hashString(normalised) % categoryColors.length];
}
