import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN } from './support/app-server';
import { setupE2E, signIn } from './support/e2e';

const e2e = setupE2E();

/**
 * The WCAG contrast ratio of an element's text against the background it is painted on (the first
 * ancestor with an opaque background), from the browser's computed colours.
 */
async function contrastOf(element: Locator): Promise<{ ratio: number; colours: string }> {
  return element.evaluate((node) => {
    // Any CSS colour (Blueprint's are oklch) as sRGB 0-255 and alpha 0-1, through a canvas pixel.
    const canvas = document.createElement('canvas').getContext('2d', { willReadFrequently: true })!;
    const rgb = (color: string) => {
      canvas.clearRect(0, 0, 1, 1);
      canvas.fillStyle = color;
      canvas.fillRect(0, 0, 1, 1);
      const [r, g, b, a] = canvas.getImageData(0, 0, 1, 1).data;
      return [r!, g!, b!, a! / 255];
    };
    const luminance = ([r, g, b]: number[]) => {
      const [R, G, B] = [r!, g!, b!].map((value) => {
        const c = value / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * R! + 0.7152 * G! + 0.0722 * B!;
    };
    let background: number[] | null = null;
    for (let at: Element | null = node; at && !background; at = at.parentElement) {
      const color = rgb(getComputedStyle(at).backgroundColor);
      if (color[3] === 1) background = color;
    }
    const text = luminance(rgb(getComputedStyle(node).color));
    const behind = luminance(background ?? [255, 255, 255]);
    return {
      ratio: (Math.max(text, behind) + 0.05) / (Math.min(text, behind) + 0.05),
      colours: `${getComputedStyle(node).color} on ${background ? `rgb(${background.slice(0, 3).join(', ')})` : 'white'}`,
    };
  });
}

describe('the dark theme', () => {
  it("keeps the FAQ numbers and the legal pages' \"Last Updated\" readable (WCAG AA, 4.5:1), as in the light theme", async () => {
    const admin = e2e.page;
    await signIn(admin, ADMIN.email, ADMIN.password);
    await admin.waitForURL((url) => url.pathname === '/dashboard');
    const created = await admin.request.post('/api/admin/faqs', { data: { question: 'How do credits work?', answer: 'Each month brings new ones.', orderIndex: 1 } });
    expect(created.status()).toBeLessThan(300);

    const visitor = await e2e.newPage();
    for (const theme of ['light', 'dark']) {
      await visitor.addInitScript((chosen) => window.localStorage.setItem('skilly.theme', chosen), theme);
      await visitor.goto('/faqs');
      expect(await visitor.evaluate(() => document.body.classList.contains('bp6-dark'))).toBe(theme === 'dark');
      const number = visitor.locator('.faq-accordion-number').first();
      await number.waitFor();
      const faq = await contrastOf(number);
      expect(faq.ratio, `FAQ number, ${theme}: ${faq.colours}`).toBeGreaterThanOrEqual(4.5);

      for (const page of ['/privacy', '/terms']) {
        await visitor.goto(page);
        const updated = visitor.getByText(/^Last Updated:/);
        await updated.waitFor();
        const legal = await contrastOf(updated);
        expect(legal.ratio, `Last Updated on ${page}, ${theme}: ${legal.colours}`).toBeGreaterThanOrEqual(4.5);
      }
    }
  });
});
