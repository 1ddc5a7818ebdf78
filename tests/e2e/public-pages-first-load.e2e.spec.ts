import { blogPostMeta, fixedPageMetaFor, notFoundMeta } from '@contracts/page-meta';
import { platformCategories } from '@contracts/platforms';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { starterFaqs, starterPlatforms } from '../../backend/application/content/starter-content';
import { ADMIN } from './support/app-server';
import { setupE2E, signIn } from './support/e2e';

/**
 * Issue 48 item 14: what a visitor meets first on the public pages of a fresh install (this
 * file's server is one): the starter FAQ and directory, /faqs within its page's width, the phone
 * menu landing on its section, and each page's own title and one description in the server's HTML.
 */
const e2e = setupE2E();

/** The HTML the server sends, before any script has run. */
async function headOf(path: string): Promise<{ status: number; titles: string[]; descriptions: string[]; h1s: number }> {
  const response = await fetch(new URL(path, e2e.baseUrl));
  const html = await response.text();
  return {
    status: response.status,
    titles: [...html.matchAll(/<title>([^<]*)<\/title>/g)].map((m) => m[1]),
    descriptions: [...html.matchAll(/<meta name="description" content="([^"]*)"/g)].map((m) => m[1]),
    h1s: [...html.matchAll(/<h1[\s>]/g)].length,
  };
}

const unescape = (text: string) => text.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>');

/** Waits until the page has stopped scrolling (a smooth scroll has finished). */
async function scrollSettled(page: Page): Promise<void> {
  let last = -1;
  await expect
    .poll(async () => {
      const now = await page.evaluate(() => window.scrollY);
      const settled = now === last && now > 0;
      last = now;
      return settled;
    }, { interval: 150, timeout: 5000 })
    .toBe(true);
}

describe('the public pages on a fresh install', () => {
  it('shows the starter FAQ and the platform directory over the 12 categories on /faqs, within the page width', async () => {
    const { page } = e2e;
    await page.goto('/faqs');
    const faqs = page.getByTestId('faq');
    await faqs.first().waitFor();
    expect(await faqs.allTextContents()).toEqual(starterFaqs.map((faq, i) => `${String(i + 1).padStart(2, '0')}${faq.question}`));
    const cards = page.getByTestId('platform-card');
    await cards.first().waitFor();
    expect(await cards.count()).toBe(starterPlatforms.length);
    const chips = page.getByRole('group', { name: 'Filter platforms by category' });
    expect(await chips.getByRole('button').allTextContents()).toEqual(['All Platforms', ...platformCategories]);
    expect(await cards.filter({ hasText: 'Fiverr' }).getByRole('link', { name: 'Visit Platform' }).getAttribute('href')).toBe('https://www.fiverr.com');
    expect(await page.getByText('No FAQs yet').count()).toBe(0);
    expect(await page.getByText('No platforms yet').count()).toBe(0);

    // Every section lines up under the page's heading, inside the page's width.
    const heading = await page.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' }).boundingBox();
    const page_ = await page.locator('.page').boundingBox();
    for (const name of ['Questions', 'Platform Directory', 'Support']) {
      const section = await page.getByRole('region', { name }).boundingBox();
      expect({ name, left: Math.round(section!.x) }).toEqual({ name, left: Math.round(heading!.x) });
      expect(section!.x + section!.width).toBeLessThanOrEqual(page_!.x + page_!.width - 19);
    }
  });

  it('on a phone, Menu → How it works and Menu → Pricing land on the section heading, just below the top bar', async () => {
    const page = await e2e.newPage({ width: 390, height: 844 });
    await page.goto('/');
    for (const [link, heading] of [
      ['Pricing', '#pricing-heading'],
      ['How it works', '#how-it-works-heading'],
    ] as const) {
      await page.getByRole('button', { name: 'Menu' }).click();
      await page.getByRole('navigation', { name: 'Main (small screens)' }).getByRole('link', { name: link }).click();
      await scrollSettled(page);
      const bar = (await page.locator('.top-nav').boundingBox())!;
      const top = (await page.locator(heading).boundingBox())!.y;
      // Below the bar (not hidden under or above it), and near it: the section starts at the bar.
      expect({ link, below: top >= bar.y + bar.height, near: top - (bar.y + bar.height) < 120 }).toEqual({ link, below: true, near: true });
      expect(await page.getByRole('button', { name: 'Menu' }).getAttribute('aria-expanded')).toBe('false');
    }
  });

  it("sends each public page with its own title and one description in the server's HTML, and the app keeps them", async () => {
    // A published post, for /blog/{slug}.
    const admin = await e2e.newPage();
    await signIn(admin, ADMIN.email, ADMIN.password);
    await admin.waitForURL((url) => url.pathname === '/dashboard');
    const post = { title: `Pricing & Packaging ${Date.now()}`, excerpt: 'How to price your "first" gig', content: '<p>Start small.</p>', category: 'tips', status: 'published' };
    const saved = await admin.request.post('/api/admin/blog-posts', { data: post });
    expect(saved.status()).toBe(201);
    const { slug } = (await saved.json()) as { slug: string };

    const expected: Record<string, { title: string; description: string }> = {};
    for (const path of ['/', '/auth', '/ideas-trial', '/faqs', '/blog', '/company', '/contact', '/privacy', '/terms', '/upsell']) expected[path] = fixedPageMetaFor(path)!;
    expected[`/blog/${slug}`] = blogPostMeta(post);
    expected['/no-such-page'] = notFoundMeta;
    const titles = new Set<string>();
    for (const [path, meta] of Object.entries(expected)) {
      const head = await headOf(path);
      expect({ path, titles: head.titles.map(unescape), descriptions: head.descriptions.map(unescape) }).toEqual({ path, titles: [meta.title], descriptions: [meta.description] });
      titles.add(meta.title);
    }
    expect(titles.size).toBe(Object.keys(expected).length);
    // /auth has its level-one heading in the HTML.
    expect((await headOf('/auth')).h1s).toBe(1);

    // Once the scripts have run (and after navigating in the app), still one of each, the page's own.
    const visitor = await e2e.newPage();
    await visitor.goto('/faqs');
    await visitor.getByTestId('faq').first().waitFor();
    const inBrowser = () =>
      visitor.evaluate(() => ({ title: document.title, descriptions: [...document.querySelectorAll('meta[name="description"]')].map((tag) => tag.getAttribute('content')) }));
    expect(await inBrowser()).toEqual({ title: expected['/faqs'].title, descriptions: [expected['/faqs'].description] });
    await visitor.getByRole('link', { name: 'Blog', exact: true }).first().click();
    await visitor.getByRole('link', { name: post.title, exact: true }).first().click();
    await visitor.getByRole('heading', { level: 1, name: post.title }).waitFor();
    await expect.poll(inBrowser).toEqual({ title: expected[`/blog/${slug}`].title, descriptions: [post.excerpt] });
  });
});
