import { defaultHomepageContent } from '@contracts/homepage-content';
import { describe, expect, it } from 'vitest';
import { ADMIN } from './support/app-server';
import { newMember, setupE2E } from './support/e2e';

const e2e = setupE2E({ width: 412, height: 823 });

/** The HTML a visitor's browser receives, before any script has run. */
async function html(path: string, cookie?: string) {
  const response = await fetch(new URL(path, e2e.baseUrl), { headers: cookie ? { cookie } : {} });
  expect(response.status).toBe(200);
  expect(response.headers.get('cache-control')).toBe('no-cache');
  return response.text();
}

/** Inline scripts the browser would run (a JSON or JSON-LD data block is never run, so the CSP does not apply to it). */
const inlineScripts = (page: string) => [...page.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*type="application\/(?:ld\+)?json")[^>]*>/g)];

describe('prerendered public pages', () => {
  it('sends the landing page, the sign-in page and the trial ideas page as HTML a visitor can read before any script runs', async () => {
    const landing = await html('/');
    expect(landing).toContain(defaultHomepageContent.hero.headline);
    expect(landing).toContain(defaultHomepageContent.hero.prompt);
    expect(landing).toContain(defaultHomepageContent.pricing.tiers[1].name);
    expect(await html('/auth')).toMatch(/<label[^>]*for="field-email"/);
    expect(await html('/ideas-trial')).toContain('Your Income Ideas');
    // Nothing the CSP would block: no inline script, the entry started by /boot.js.
    for (const page of [landing, await html('/auth'), await html('/ideas-trial')]) {
      expect(inlineScripts(page)).toEqual([]);
      expect(page).toMatch(/<script src="\/boot.js" defer data-entry="\/assets\/(?:index|islands)-[^"]+\.js"/);
    }
  });

  it('hydrates without a mismatch, then the page works as the app', async () => {
    const { page } = e2e;
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    await page.goto('/');
    const skill = page.locator('#hero-skill');
    await skill.fill('Sourdough baking');
    await page.getByRole('button', { name: defaultHomepageContent.hero.ctaButton }).waitFor();
    await expect.poll(() => page.getByRole('button', { name: defaultHomepageContent.hero.ctaButton }).isEnabled()).toBe(true);
    await page.goto('/auth');
    await page.getByLabel('Email').first().waitFor();
    await page.goto('/ideas-trial');
    await page.getByRole('heading', { name: 'No Ideas Yet' }).waitFor();
    expect(problems).toEqual([]);
  });

  it("a visitor's pages never ask who is signed in, so no 401 shows in the console, even on focus", async () => {
    // Wide enough for the navigation's Login link.
    const page = await e2e.newPage({ width: 1280, height: 900 });
    const problems: string[] = [];
    const asked: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/auth/me') asked.push(request.url());
    });
    // A minute on: the prerendered pages' "nobody is signed in" is no longer fresh, as in a page
    // the server rendered a while ago.
    await page.clock.setFixedTime(Date.now() + 60_000);
    // Prerendered, then pages the app renders itself.
    for (const path of ['/', '/auth', '/faqs', '/contact']) {
      await page.goto(path);
      await page.getByRole('link', { name: 'Login' }).first().waitFor({ state: 'attached' });
    }
    // Back to the tab another minute on: the session query refetches on focus.
    await page.clock.setFixedTime(Date.now() + 120_000);
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await page.getByRole('link', { name: 'Login' }).first().waitFor({ state: 'attached' });
    expect(asked).toEqual([]);
    expect(problems).toEqual([]);
  });

  it("a visitor's tab learns of a sign-in in another tab of the site", async () => {
    const page = await e2e.newPage({ width: 1280, height: 900 });
    const member = newMember();
    const signup = await fetch(new URL('/api/auth/signup', e2e.baseUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...member, role: 'free' }),
    });
    expect(signup.status).toBe(201);
    await page.goto('/faqs');
    await page.getByRole('link', { name: 'Login' }).first().waitFor({ state: 'attached' });

    const other = await page.context().newPage();
    await other.goto('/auth');
    await other.locator('html[data-app-ready="true"]').waitFor({ state: 'attached' });
    const form = other.getByRole('form', { name: 'Sign in' });
    await form.getByLabel('Email').fill(member.email);
    await form.getByLabel('Password').fill(member.password);
    await form.getByRole('button', { name: 'Sign In' }).click();
    await other.waitForURL((url) => url.pathname === '/dashboard');

    await page.getByRole('link', { name: 'My Plans' }).first().waitFor({ state: 'attached' });
  });

  it('keeps what a visitor typed before the page was hydrated', async () => {
    const { page } = e2e;
    // /boot.js held back: the prerendered page is on screen, no script has run yet.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/boot.js', async (route) => {
      await held;
      await route.continue();
    });
    const navigation = page.goto('/', { waitUntil: 'commit' });
    await page.locator('#hero-skill').fill('Sourdough baking');
    release();
    await navigation;
    expect(await page.locator('#hero-skill').inputValue()).toBe('Sourdough baking');
    await expect.poll(() => page.getByRole('button', { name: defaultHomepageContent.hero.ctaButton }).isEnabled()).toBe(true);
  });

  it('shows homepage content an admin saves in the next HTML, and a signed-in member gets the app shell', async () => {
    const admin = await fetch(new URL('/api/auth/login', e2e.baseUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    expect(admin.status).toBe(200);
    const cookie = admin.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ');
    const headline = `Earn From What You Love ${Date.now()}`;
    const saved = await fetch(new URL('/api/admin/homepage-content', e2e.baseUrl), {
      method: 'PUT',
      headers: { 'content-type': 'application/json', cookie, origin: e2e.baseUrl },
      body: JSON.stringify({ content: { ...defaultHomepageContent, hero: { ...defaultHomepageContent.hero, headline } } }),
    });
    expect(saved.status).toBe(200);
    expect(await html('/')).toContain(headline);

    // A session cookie: the server cannot know the page as the member sees it, so it sends the app.
    const shell = await html('/', cookie);
    expect(shell).toContain('<div id="root"></div>');
    expect(shell).not.toContain(headline);
  });
});
