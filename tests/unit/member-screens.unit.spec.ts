import { describe, expect, it } from 'vitest';
import { AVATAR_PALETTE } from '../../frontend/src/components/ui/initials-avatar';
import { initialCards, newCard } from '../../frontend/src/features/homepage/components/example-cards';
import { exampleFirstNames, examplePrompts } from '../../frontend/src/features/homepage/data/example-prompts';

const pool = { prompts: examplePrompts, firstNames: exampleFirstNames };

/** WCAG 2 relative luminance and contrast ratio. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
};

describe('member screens, small things', () => {
  it('draws white avatar initials on fills with a contrast of at least 4.5:1', () => {
    for (const fill of AVATAR_PALETTE) expect(contrast('#ffffff', fill), fill).toBeGreaterThanOrEqual(4.5);
  });

  it('never shows the same first name twice in one example column', () => {
    for (let round = 0; round < 300; round++) {
      const names = initialCards(pool, 6, new Set()).map((card) => card.firstName);
      expect(new Set(names).size, names.join(', ')).toBe(6);
    }
  });

  it('replaces a card with someone not already in the column', () => {
    const inColumn = new Set(exampleFirstNames.slice(0, exampleFirstNames.length - 1));
    for (let round = 0; round < 50; round++) expect(newCard(pool, new Set(), inColumn).firstName).toBe(exampleFirstNames.at(-1));
  });
});
