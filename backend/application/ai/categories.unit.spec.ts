import { describe, expect, it } from 'vitest';
import { categoryColor, categoryColors, parseCategories } from './categories';
import { defaultAiSettings } from './ai-settings';

describe('categories text', () => {
  it('reads the four default categories with their labels and keywords', () => {
    const categories = parseCategories(defaultAiSettings.promptBuilderSettings.categoriesText);
    expect(categories.map((c) => c.key)).toEqual(['fiverr', 'online', 'offline', 'social']);
    expect(categories.map((c) => c.label)).toEqual(['Fiverr Gigs', 'Online Business', 'Local/Offline', 'Social Media']);
    expect(categories[0].keywords).toContain('gig');
  });

  it('splits keywords on commas and trims every part', () => {
    expect(parseCategories('  crafts |  Handmade Crafts  | etsy ,  knitting,, pottery ')).toEqual([
      { key: 'crafts', label: 'Handmade Crafts', keywords: ['etsy', 'knitting', 'pottery'] },
    ]);
  });

  it('accepts a line without keywords', () => {
    expect(parseCategories('tutoring | Tutoring')).toEqual([{ key: 'tutoring', label: 'Tutoring', keywords: [] }]);
  });

  it('skips blank lines, comments, lines without a label and repeated keys', () => {
    const text = ['', '# a comment', 'just-a-key', ' | No key | x', 'social | Social Media | tiktok', 'social | Again | y', '   '].join('\n');
    expect(parseCategories(text)).toEqual([{ key: 'social', label: 'Social Media', keywords: ['tiktok'] }]);
  });

  it('normalises keys to lowercase slugs and handles Windows line endings', () => {
    expect(parseCategories('Local Services | Local\r\nE-Books | Ebooks | pdf').map((c) => c.key)).toEqual(['local-services', 'e-books']);
  });
});

describe('category colours', () => {
  it('has the 12 palette colours of the spec', () => {
    expect(categoryColors).toEqual(['green', 'blue', 'orange', 'purple', 'red', 'yellow', 'pink', 'indigo', 'teal', 'violet', 'lime', 'amber']);
  });

  it('gives the default categories fixed, distinct colours', () => {
    const colours = ['fiverr', 'online', 'offline', 'social'].map(categoryColor);
    expect(colours).toEqual(['green', 'blue', 'orange', 'purple']);
    expect(categoryColor('local')).toBe(categoryColor('offline'));
  });

  it('hashes unknown keys to a palette colour, the same every time', () => {
    const colour = categoryColor('crafts');
    expect(categoryColors).toContain(colour);
    expect(categoryColor('crafts')).toBe(colour);
    expect(categoryColor(' Crafts ')).toBe(colour);
    const spread = new Set(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'].map(categoryColor));
    expect(spread.size).toBeGreaterThan(3);
  });

  it('is grey without a key', () => {
    expect(categoryColor('')).toBe('grey');
    expect(categoryColor(undefined)).toBe('grey');
    expect(categoryColor('  ')).toBe('grey');
  });
});
