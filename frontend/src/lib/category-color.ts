import type { Category } from '@contracts/ideas';

/**
 * Spec §9: 12 named category colours, a hash-based fallback and a grey default. The server names the
 * colour of each category; the screens draw it.
 */
const named: Record<string, string> = {
  green: '#238551',
  blue: '#2d72d2',
  orange: '#c87619',
  purple: '#9d3f9d',
  red: '#cd4246',
  yellow: '#b08100',
  pink: '#c22762',
  indigo: '#5642a6',
  teal: '#00a396',
  violet: '#7961db',
  lime: '#5a701a',
  amber: '#d1980b',
};
const palette = Object.values(named);
const GREY = '#5f6b7c';

function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    value ^= text.charCodeAt(i);
    value = Math.imul(value, 0x01000193);
  }
  return value >>> 0;
}

/** The colour for a category: its named colour, else one picked by its id's hash, grey without either. */
export function categoryColor(category: Pick<Category, 'id' | 'color'> | undefined): string {
  if (!category) return GREY;
  const byName = named[category.color?.toLowerCase()];
  if (byName) return byName;
  if (/^#[0-9a-f]{3,8}$/i.test(category.color ?? '')) return category.color;
  return category.id ? palette[hash(category.id) % palette.length]! : GREY;
}

/** The category an idea belongs to, looked up by id (or by name, as older sets may carry it). */
export function categoryOf(categories: Category[], key: string): Category | undefined {
  const wanted = key.trim().toLowerCase();
  return categories.find((c) => c.id.toLowerCase() === wanted || c.name.toLowerCase() === wanted);
}
