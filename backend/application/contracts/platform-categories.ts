/**
 * The platform directory's categories and their badge colours (back-office §9), without the
 * schemas of ./platforms.ts: a visitor's /faqs island draws the badges without loading zod.
 */

/** The 12 resource categories of back-office §9, in the spec's order. */
export const platformCategories = [
  'Freelance Marketplaces',
  'E-Commerce & Print-On-Demand',
  'Education & Coaching',
  'Content & Social Media Platforms',
  'Community & Subscription Platforms',
  'No-Code / SaaS Builders',
  'Gaming & Web3',
  'Offline Hustles & Local Services',
  'Corporate & Professional Platforms',
  'Affiliate & Creator Tools',
  'Micro-Task & Gig Platforms',
  'AI-Driven & Automation Platforms',
] as const;
export type PlatformCategory = (typeof platformCategories)[number];

/** The §9 palette, by colour name, one per category in order. */
export const categoryPalette = ['green', 'blue', 'orange', 'purple', 'red', 'yellow', 'pink', 'indigo', 'teal', 'violet', 'lime', 'amber'] as const;
export type CategoryColour = (typeof categoryPalette)[number] | 'grey';

/**
 * The colour of a category badge (§9): a known category has its palette entry; any other
 * non-empty text a hash-based entry (stable for the same text); nothing at all is grey.
 */
export function categoryColour(category: string | null | undefined): CategoryColour {
  const name = (category ?? '').trim();
  if (!name) return 'grey';
  const known = (platformCategories as readonly string[]).indexOf(name);
  if (known >= 0) return categoryPalette[known];
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return categoryPalette[hash % categoryPalette.length];
}
