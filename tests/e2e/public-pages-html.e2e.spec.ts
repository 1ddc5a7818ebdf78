import { defaultContactContent } from '@contracts/contact';
import { defaultCompanyContent } from '@contracts/company-content';
import { NO_SESSION_META } from '@contracts/session-hint';
import { readFileSync } from 'node:fs';
import path_ from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, ROOT } from './support/app-server';
import { setupE2E } from './support/e2e';

/**
 * Issue 54: every public page's HTML, as a crawler or a link preview fetches it (no script runs,
 * no cookie), holds the page's words, its own title, one description and its Open Graph tags.
 */
const e2e = setupE2E();

const run = Date.now().toString(36);
const faq = { question: `Can I sell pottery made at home (${run})?`, answer: 'Yes: start with a market stall.' };
const platform = { platformName: `Kiln Market ${run}`, category: 'E-Commerce & Print-On-Demand', url: 'https://kiln.example', logoUrl: '', description: 'Handmade ceramics marketplace' };
const post = {
  title: `From wheel to web & back ${run}`,
  slug: `wheel-to-web-${run}`,
  excerpt: 'How a first mug sold online.',
  category: 'Crafts',
  content: `<p>The first paragraph of the story ${run}.</p><h2>Pricing</h2><p>More text.</p>`,
  featuredImage: 'https://images.example/mug.png',
  status: 'published',
  publishDate: '2026-01-02T10:00:00.000Z',
};
const draft = { ...post, title: `A draft nobody sees ${run}`, slug: `draft-${run}`, status: 'draft', publishDate: null };

async function api(path: string, init: { method?: string; body?: unknown; cookie?: string } = {}) {
  const response = await fetch(new URL(path, e2e.baseUrl), {
    method: init.method ?? 'GET',
    headers: { ...(init.body ? { 'content-type': 'application/json' } : {}), ...(init.cookie ? { cookie: init.cookie } : {}) },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  return response;
}

/** The HTML a visitor's browser (or a crawler) receives, before any script has run. */
async function page(path: string, status = 200) {
  const response = await api(path);
  expect(response.status, path).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/text\/html/);
  return response.text();
}

/** The page's visible words: tags dropped, entities read, outside scripts. */
const words = (html: string) =>
  html
    .replace(/<!-- -->/g, '')
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\s+/g, ' ');

const head = (html: string) => html.slice(0, html.indexOf('</head>'));
const metaContent = (html: string, attribute: 'name' | 'property', key: string) =>
  [...head(html).matchAll(new RegExp(`<meta ${attribute}="${key}" content="([^"]*)"`, 'g'))].map((match) => match[1]!.replace(/&amp;/g, '&'));

function expectHead(html: string, title: string) {
  expect(head(html).match(/<title>/g)).toHaveLength(1);
  expect(head(html)).toContain(`<title>${title.replace(/&/g, '&amp;')}</title>`);
  expect(head(html).match(/<meta name="description"/g)).toHaveLength(1);
  expect(metaContent(html, 'property', 'og:title')).toEqual([title]);
  expect(metaContent(html, 'property', 'og:description')).toHaveLength(1);
  expect(metaContent(html, 'property', 'og:url')).toHaveLength(1);
  expect(metaContent(html, 'name', 'twitter:card')).toHaveLength(1);
}

const structuredData = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((match) => JSON.parse(match[1]!) as Record<string, unknown>);

beforeAll(async () => {
  const login = await api('/api/auth/login', { method: 'POST', body: ADMIN });
  expect(login.status).toBe(200);
  const cookie = login.headers.getSetCookie().map((each) => each.split(';')[0]).join('; ');
  for (const [path, body] of [
    ['/api/admin/faqs', { ...faq, orderIndex: 0 }],
    ['/api/admin/skilly-urls', platform],
    ['/api/admin/blog-posts', post],
    ['/api/admin/blog-posts', draft],
  ] as const) {
    const response = await api(path, { method: 'POST', body, cookie });
    expect(response.status, `${path}: ${await response.clone().text()}`).toBe(201);
  }
});

describe("public pages' HTML, read without running a script", () => {
  it('/faqs holds the FAQs and the platform directory, and is an FAQ page to search engines', async () => {
    const html = await page('/faqs');
    expect(words(html)).toContain(faq.question);
    expect(words(html)).toContain(platform.platformName);
    expect(words(html)).toContain('Platform Directory');
    expectHead(html, 'FAQs and Platforms | Skilly');
    const faqPage = structuredData(html).find((data) => data['@type'] === 'FAQPage') as { mainEntity: { name: string; acceptedAnswer: { text: string } }[] };
    expect(faqPage.mainEntity).toContainEqual({ '@type': 'Question', name: faq.question, acceptedAnswer: { '@type': 'Answer', text: faq.answer } });
  });

  it("/blog lists the published post and no draft; the post's page holds its title and first paragraph, as an article", async () => {
    const list = await page('/blog');
    expect(words(list)).toContain(post.title);
    expect(words(list)).toContain(post.excerpt);
    expect(words(list)).not.toContain(draft.title);
    expectHead(list, 'Blog | Skilly');

    const html = await page(`/blog/${post.slug}`);
    expect(words(html)).toContain(post.title);
    expect(words(html)).toContain(`The first paragraph of the story ${run}.`);
    expectHead(html, `${post.title} | Skilly Blog`);
    expect(metaContent(html, 'name', 'description')).toEqual([post.excerpt]);
    expect(metaContent(html, 'property', 'og:type')).toEqual(['article']);
    expect(metaContent(html, 'property', 'og:image')).toEqual([post.featuredImage]);
    expect(metaContent(html, 'name', 'twitter:card')).toEqual(['summary_large_image']);
    expect(head(html)).toMatch(new RegExp(`<link rel="canonical" href="[^"]+/blog/${post.slug}">`));
    expect(structuredData(html)).toContainEqual(expect.objectContaining({ '@type': 'BlogPosting', headline: post.title, datePublished: post.publishDate }));

    // A draft is not a page anybody can read: 404, its "not found" view, kept out of search engines.
    const missing = await page(`/blog/${draft.slug}`, 404);
    expect(words(missing)).toContain('Blog post not found');
    expect(words(missing)).not.toContain(draft.title);
    expect(head(missing)).toContain('<meta name="robots" content="noindex">');
  });

  it('the legal pages hold every section heading, in order', async () => {
    for (const [path, source, title] of [
      ['/privacy', 'privacy-policy.tsx', 'Privacy Policy'],
      ['/terms', 'terms-of-use.tsx', 'Terms of Use'],
    ] as const) {
      const sections = [...readFileSync(path_.join(ROOT, 'frontend/src/features/legal/components', source), 'utf8').matchAll(/\{ title: (?:'([^']+)'|"([^"]+)")/g)].map(
        (match) => match[1] ?? match[2],
      );
      expect(sections.length, source).toBeGreaterThan(5);
      const html = await page(path);
      const headings = [...html.matchAll(/<h2 id="legal-\d+">([\s\S]*?)<\/h2>/g)].map((match) => words(match[1]!).trim());
      expect(headings).toEqual(sections.map((section, index) => `${index + 1}. ${section}`));
      expectHead(html, `${title} | Skilly`);
    }
  });

  it("/contact holds the page's texts and the form's labels; /company the founders", async () => {
    const contact = await page('/contact');
    for (const text of [defaultContactContent.title, defaultContactContent.emailValue, 'Name', 'Email', 'Subject', 'Message', 'Send Message']) {
      expect(words(contact)).toContain(text);
    }
    for (const field of ['name', 'email', 'subject', 'message']) expect(contact).toMatch(new RegExp(`<label class="bp6-label" for="contact-${field}">`));
    expectHead(contact, 'Contact Us | Skilly');

    const company = await page('/company');
    for (const founder of defaultCompanyContent.founders) expect(words(company)).toContain(founder.name);
    expectHead(company, 'Who We Are | Skilly');
  });

  it('a path that is no page gets the 404 page in its HTML, with status 404 and noindex', async () => {
    const html = await page(`/no-such-page-${run}`, 404);
    expect(words(html)).toContain("Oops! You've wandered off the path");
    expect(head(html)).toContain('<title>Page Not Found | Skilly</title>');
    expect(head(html)).toContain('<meta name="robots" content="noindex">');
  });

  it('every public page links the blog feed and loads only the islands entry, never the member app', async () => {
    for (const path of ['/faqs', '/blog', `/blog/${post.slug}`, '/company', '/contact', '/privacy', '/terms']) {
      const html = await page(path);
      expect(head(html), path).toContain('<link rel="alternate" type="application/atom+xml" title="Skilly Blog" href="/blog/feed.xml">');
      expect(html, path).toMatch(/<script src="\/boot.js" defer data-entry="\/assets\/islands-[^"]+\.js"/);
    }
  });
});

describe('the islands of those pages, in a visitor’s browser', () => {
  it('the FAQ accordion opens, the platform filter filters and the contact form checks its fields, with no error', async () => {
    const { page: browser } = e2e;
    const problems: string[] = [];
    browser.on('pageerror', (error) => problems.push(error.message));
    browser.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    const scripts: string[] = [];
    browser.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await browser.goto('/faqs');
    await browser.waitForSelector('html[data-app-ready]');
    const question = browser.getByRole('button', { name: new RegExp(faq.question.replace(/[()?]/g, '\\$&')) });
    await question.click();
    await browser.getByText(faq.answer).waitFor();
    const all = await browser.getByTestId('platform-card').count();
    await browser.getByRole('button', { name: platform.category }).click();
    await expect.poll(() => browser.getByTestId('platform-card').count()).toBeLessThan(all);
    expect(new Set(await browser.getByTestId('platform-category').allTextContents())).toEqual(new Set([platform.category]));
    await browser.getByRole('heading', { name: platform.platformName }).waitFor();
    expect(scripts.filter((url) => /\/assets\/(index|main)-/.test(url))).toEqual([]);

    await browser.goto('/contact');
    await browser.waitForSelector('html[data-app-ready]');
    await browser.getByRole('button', { name: 'Send Message' }).click();
    await browser.getByText('Name must be at least 2 characters').waitFor();
    expect(problems).toEqual([]);
  });
});

describe('islands that wait for the visitor', () => {
  /** Whether React has hydrated the element (it keeps its fiber on the DOM node). */
  const hydrated = (page: import('playwright-core').Page, selector: string) =>
    page.locator(selector).first().evaluate((node) => Object.keys(node).some((key) => key.startsWith('__reactFiber')));

  it("a page of text runs no React while it loads; the top bar comes alive at the first touch, and a tap that outruns the download is not lost", async () => {
    const phone = await e2e.newPage({ width: 390, height: 800 });
    const problems: string[] = [];
    phone.on('pageerror', (error) => problems.push(error.message));
    // The island's scripts held back until the tap has happened: the tap comes before React can.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await phone.route(/\/assets\/island-hydration-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await phone.goto('/privacy', { waitUntil: 'domcontentloaded' });
    await phone.waitForSelector('html[data-app-ready="true"]');
    expect(await hydrated(phone, '[data-island="visitor-nav"] header')).toBe(false);
    const menu = phone.getByRole('button', { name: 'Menu' });
    expect(await menu.getAttribute('aria-expanded')).toBe('false');

    await menu.click();
    expect(await hydrated(phone, '[data-island="visitor-nav"] header')).toBe(false);
    release();
    // The held tap is made again once the bar is live: the phone menu opens.
    await expect.poll(() => menu.getAttribute('aria-expanded')).toBe('true');
    expect(await hydrated(phone, '[data-island="visitor-nav"] header')).toBe(true);
    await phone.getByRole('navigation', { name: 'Main (small screens)' }).getByRole('link', { name: 'Sign Up' }).waitFor();
    expect(problems).toEqual([]);
    await phone.context().close();
  });

  it("/faqs' accordion hydrates when reached for, and its first click opens the answer", async () => {
    const page = await e2e.newPage();
    await page.goto('/faqs');
    await page.waitForSelector('html[data-app-ready="true"]');
    expect(await hydrated(page, '[data-island="faqs"] > *')).toBe(false);
    await page.getByRole('button', { name: new RegExp(faq.question.replace(/[()?]/g, '\\$&')) }).click();
    await page.getByText(faq.answer).waitFor();
    expect(await hydrated(page, '[data-island="faqs"] > *')).toBe(true);
    await page.context().close();
  });
  it('the contact form sends what a visitor typed and submitted while its code was still loading', async () => {
    const visitor = await e2e.newPage();
    const problems: string[] = [];
    visitor.on('pageerror', (error) => problems.push(error.message));
    // The island's code held back until every field is filled and Send is pressed: all of it
    // happens before React is on the page, as on a slow phone.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await visitor.route(/\/assets\/(island-hydration|contact-form)[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await visitor.goto('/contact', { waitUntil: 'domcontentloaded' });
    await visitor.waitForSelector('html[data-app-ready="true"]');
    const form = visitor.getByRole('form', { name: 'Contact form' });
    const sent = { name: 'Tess Early', email: 'tess.early@example.com', subject: `Typed before the page was live ${run}`, message: 'Every field of this was typed before the form had its code.' };
    await form.getByLabel('Name').fill(sent.name);
    await form.getByLabel('Email').fill(sent.email);
    await form.getByLabel('Subject').fill(sent.subject);
    await form.getByLabel('Message').fill(sent.message);
    await form.getByRole('button', { name: 'Send Message' }).click();
    expect(await hydrated(visitor, '[data-island="contact-form"] form')).toBe(false);
    release();

    await visitor.getByRole('heading', { name: 'Message Sent!' }).waitFor();
    const login = await api('/api/auth/login', { method: 'POST', body: ADMIN });
    const cookie = login.headers.getSetCookie().map((each) => each.split(';')[0]).join('; ');
    const listed = (await (await api('/api/admin/contact-messages', { cookie })).json()) as { messages: (typeof sent)[] };
    expect(listed.messages.find((message) => message.subject === sent.subject)).toMatchObject(sent);
    expect(problems).toEqual([]);
    await visitor.context().close();
  });
});

describe("a member's /upsell, rendered by the server for them", () => {
  it('a free member gets the page with its words before any script runs, and the app hydrates it without an error', async () => {
    const email = `upsell-${run}@example.com`;
    const signup = await api('/api/auth/signup', { method: 'POST', body: { firstName: 'Una', lastName: 'Pell', email, password: 'upsell-password-1', role: 'free' } });
    expect(signup.status).toBe(201);
    const cookie = signup.headers.getSetCookie().map((each) => each.split(';')[0]).join('; ');
    const response = await api('/upsell', { cookie });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(words(html)).toContain('Upgrade to Pro');
    expect(words(html)).toContain('Get Started with Pro');
    // Their page, not a visitor's: no "signed out" hint, the app's entry, and who they are for the app.
    expect(head(html)).not.toContain(NO_SESSION_META);
    expect(head(await (await api('/faqs')).text())).toContain(NO_SESSION_META);
    expect(html).toMatch(/<script src="\/boot.js" defer data-entry="\/assets\/index-[^"]+\.js"[^>]* data-await-reach>/);
    expect(html).toContain(email);
    // The offer's countdown is drawn with the page (the time left when it was drawn).
    expect(words(html)).toContain('Offer ends in');
    expect(html).toMatch(/role="timer"/);
    expect(html).not.toContain('data-testid="offer-loading"');
    // Never sent to anybody else: a visitor asking for the page gets no trace of the member.
    expect(await (await api('/upsell')).text()).not.toContain(email);

    const { page: browser } = e2e;
    const problems: string[] = [];
    browser.on('pageerror', (error) => problems.push(error.message));
    browser.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    await browser.request.post('/api/auth/login', { data: { email, password: 'upsell-password-1' } });
    const entry = html.match(/data-entry="([^"]+)"/)![1];
    const entryRequests: string[] = [];
    const entryRequested = () => entryRequests.length > 0;
    browser.on('request', (request) => {
      if (new URL(request.url()).pathname === entry) entryRequests.push(request.url());
    });
    await browser.goto('/upsell');
    await browser.waitForSelector('html[data-app-ready]');
    const countdown = browser.getByTestId('offer-countdown');
    await countdown.waitFor();
    // Reading the page runs no app: it starts when the member reaches for the page.
    await browser.waitForTimeout(1_000);
    expect(entryRequested()).toBe(false);
    const seconds = countdown.locator('[data-unit="seconds"] .offer-countdown-value');
    const drawn = await seconds.textContent();
    await browser.waitForTimeout(1_200);
    expect(await seconds.textContent()).toBe(drawn);
    await browser.mouse.move(200, 300);
    await expect.poll(entryRequested).toBe(true);
    // Live: the countdown ticks, and the hydration raised no error.
    await expect.poll(() => seconds.textContent(), { timeout: 10_000 }).not.toBe(drawn);
    expect(new URL(browser.url()).pathname).toBe('/upsell');
    expect(problems).toEqual([]);
  });

  it('a button pressed before the app has started is pressed again once it is live: checkout opens', async () => {
    const email = `upsell-press-${run}@example.com`;
    const { page: browser } = e2e;
    const signup = await browser.request.post('/api/auth/signup', { data: { firstName: 'Una', lastName: 'Press', email, password: 'upsell-password-1', role: 'free' } });
    expect(signup.status()).toBe(201);
    await browser.goto('/upsell');
    // The first thing the member does is press the button: the app starts, then the press is made.
    await browser.getByRole('button', { name: 'Get Started with Pro' }).dispatchEvent('click');
    await browser.waitForURL((url) => url.pathname.startsWith('/billing/test-checkout/'));
  });
});
