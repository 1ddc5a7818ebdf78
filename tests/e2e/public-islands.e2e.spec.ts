import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newMember, setupE2E } from './support/e2e';

/**
 * A visitor's prerendered /auth and /ideas-trial are hydrated as islands (frontend/src/islands.tsx):
 * only the auth card and the trial ideas come alive, with no Blueprint, router or member app in
 * the first load, and they still do all the app did there.
 */
const e2e = setupE2E({ width: 412, height: 823 });

/** The scripts the page requested from the build's assets. */
function scriptsOf(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (request.resourceType() === 'script' && pathname.startsWith('/assets/')) scripts.push(pathname);
  });
  return scripts;
}

async function signedUpMember() {
  const member = newMember();
  const response = await fetch(new URL('/api/auth/signup', e2e.baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...member, role: 'free' }),
  });
  expect(response.status).toBe(201);
  return member;
}

describe("a visitor's /auth and /ideas-trial as islands", () => {
  it('boot the islands entry, never the app, and hydrate without an error', async () => {
    const page = await e2e.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    const scripts = scriptsOf(page);
    for (const path of ['/auth', '/ideas-trial']) {
      const html = await (await fetch(new URL(path, e2e.baseUrl))).text();
      expect(html).toMatch(/data-entry="\/assets\/islands-[^"]+\.js"/);
      expect(html).toContain('data-island="visitor-nav"');
      // The build's cut-down stylesheet alone; the app's are named for the parts that load later.
      expect(html.match(/<link rel="stylesheet"[^>]*>/g)).toEqual([expect.stringMatching(/href="\/assets\/public-[^"]+\.css"/)]);
      expect(html).toMatch(/<meta name="skilly-app-stylesheets" content="[^"]*\/assets\/main-[^"]+\.css/);
      await page.goto(path);
    }
    await page.getByRole('heading', { name: 'No Ideas Yet' }).waitFor();
    expect(scripts.some((script) => /\/islands-[^/]+\.js$/.test(script))).toBe(true);
    // The app's entry, its router and Blueprint are chunks of their own: none was loaded.
    expect(scripts.filter((script) => /\/(index|main|router-button|tabs|inputGroup)-/.test(script))).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('signs a member in from the island and sends them where the page was asked to', async () => {
    const page = await e2e.newPage();
    const member = await signedUpMember();
    await page.goto(`/auth?redirect=${encodeURIComponent('/plans')}`);
    const form = page.getByRole('form', { name: 'Sign in' });
    await form.getByLabel('Email').fill(member.email);
    await form.getByLabel('Password').fill(member.password);
    await form.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((url) => url.pathname === '/plans');
    await page.getByRole('heading', { name: 'My Plans' }).waitFor();
  });

  it('checks the fields and shows the server refusal on the island, then keeps the tab in the address', async () => {
    const page = await e2e.newPage();
    await page.goto('/auth');
    const signIn = page.getByRole('form', { name: 'Sign in' });
    await signIn.getByRole('button', { name: 'Sign In' }).click();
    await signIn.getByRole('alert').getByText('Please enter both email and password').waitFor();
    expect(await signIn.getByLabel('Email').getAttribute('aria-invalid')).toBe('true');
    // Once submitted, each change is checked again: the email's problem goes when it is filled.
    await signIn.getByLabel('Email').fill('nobody@example.com');
    await expect.poll(() => signIn.getByLabel('Email').getAttribute('aria-invalid')).toBeNull();
    await signIn.getByLabel('Password').fill('not-the-password');
    await signIn.getByRole('button', { name: 'Sign In' }).click();
    await signIn.getByRole('alert').getByText('Invalid email or password').waitFor();

    await page.getByRole('tab', { name: 'Sign Up' }).click();
    expect(await page.getByRole('tab', { name: 'Sign Up' }).getAttribute('aria-selected')).toBe('true');
    expect(new URL(page.url()).searchParams.get('tab')).toBe('signup');
    const signUp = page.getByRole('form', { name: 'Create account' });
    await signUp.getByLabel('First Name').fill('Ada');
    await signUp.getByRole('button', { name: 'Create Account' }).click();
    await signUp.getByRole('alert').getByText('Please fill in all fields').waitFor();
  });

  it('sends a reset link from the island and says so in a toast', async () => {
    const page = await e2e.newPage();
    const member = await signedUpMember();
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    const form = page.getByRole('form', { name: 'Reset password' });
    await form.getByLabel('Email').fill(member.email);
    await form.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByText('Check your email').waitFor();
    // The toast is Blueprint's: the app's stylesheets came with it.
    expect(await page.locator('link[rel="stylesheet"][href*="/assets/main-"]').count()).toBe(1);
    expect(await page.locator('.bp6-toast').evaluate((toast) => getComputedStyle(toast).display)).not.toBe('inline');
    await page.getByRole('form', { name: 'Sign in' }).waitFor();
  });

  it("shows a visitor's trial ideas on the island, and Generate Plan asks them to sign up", async () => {
    const page = await e2e.newPage();
    const trial = {
      skill: 'Sourdough baking',
      categories: [{ id: 'teach', name: 'Teaching', color: '#2d72d2' }],
      ideas: [
        {
          id: 'idea-1',
          title: 'Weekend Sourdough Classes',
          subtitle: 'Small groups in your kitchen',
          description: 'Teach six people at a time to keep a starter and bake a loaf.',
          category: 'teach',
          industry: 'Food',
          method: 'Workshops',
          pricing: '$60 per seat',
        },
      ],
    };
    await page.addInitScript((value) => window.sessionStorage.setItem('skilly.pendingIdeas', value), JSON.stringify(trial));
    await page.goto('/ideas-trial');
    await page.getByText('Here are 1 ways to turn your skills into income').waitFor();
    await page.getByRole('heading', { name: 'Weekend Sourdough Classes' }).waitFor();
    expect(await page.locator('link[rel="stylesheet"][href*="/assets/main-"]').count()).toBe(1);
    await page.getByRole('button', { name: /Generate Plan/ }).click();
    await page.waitForURL((url) => url.pathname === '/auth' && url.searchParams.get('tab') === 'signup');
    expect(JSON.parse((await page.evaluate(() => window.sessionStorage.getItem('skilly.pendingPlan'))) ?? 'null')).toMatchObject({
      ideaTitle: 'Weekend Sourdough Classes',
      ideaId: 'idea-1',
    });
  });
});
