import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { fillSignUp, newMember, setupE2E } from './support/e2e';

/**
 * A person on a slow phone fills in the prerendered /auth page and submits before its scripts
 * have loaded: the browser submits the HTML form itself. The password must travel in a POST
 * body, never in a URL (address bar, history, proxy logs), and the person must end signed in
 * or back on the form with a message.
 */
const e2e = setupE2E({ width: 412, height: 823 });

/**
 * Opens a prerendered page with /boot.js held back for good: the page stays the server's HTML,
 * no script of the app ever runs on it. Every URL the page requests or shows (each document
 * committed in the tab, so each history entry) is recorded.
 */
async function openBeforeScripts(page: Page, path: string): Promise<string[]> {
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) urls.push(frame.url());
  });
  await page.route('**/boot.js', () => {
    // never answered: the scripts never start on a prerendered page
  });
  // The frame's own goto: the page's goto waits for the app to be live, which it never is here.
  await page.mainFrame().goto(new URL(path, e2e.baseUrl).href, { waitUntil: 'commit' });
  return urls;
}

function expectNoSecretIn(urls: string[], page: Page, secret: string) {
  const all = [...urls, page.url()];
  expect(all.length).toBeGreaterThan(1);
  for (const url of all) {
    expect(url).not.toContain(secret);
    expect(url).not.toContain(encodeURIComponent(secret));
  }
}

/** A password no URL could contain by chance. */
const uniquePassword = () => `pw-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;


describe('auth forms submitted before the scripts have loaded', () => {
  it('a wrong password is posted, and the sign-in form comes back with the message', async () => {
    const { page } = e2e;
    const password = uniquePassword();
    const urls = await openBeforeScripts(page, '/auth');
    const form = page.getByRole('form', { name: 'Sign in' });
    await form.getByLabel('Email').fill('nobody@example.com');
    await form.getByLabel('Password').fill(password);
    const answered = page.waitForEvent('framenavigated');
    await form.getByRole('button', { name: 'Sign In' }).click();
    await answered;

    expectNoSecretIn(urls, page, password);
    await page.getByRole('form', { name: 'Sign in' }).getByRole('alert').getByText('Invalid email or password').waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth');
    expectNoSecretIn(urls, page, password);
  });

  it('a new member signs up and lands on /upsell, signed in', async () => {
    const { page } = e2e;
    const member = { ...newMember(), password: uniquePassword() };
    const urls = await openBeforeScripts(page, '/auth?tab=signup');
    await fillSignUp(page, member);

    await page.waitForURL((url) => url.pathname === '/upsell');
    await page.getByRole('heading', { name: 'Upgrade to Pro' }).waitFor();
    expectNoSecretIn(urls, page, member.password);
    const me = await page.evaluate(async () => {
      const response = await fetch('/api/auth/me');
      return { status: response.status, body: (await response.json()) as { email?: string } };
    });
    expect(me.status).toBe(200);
    expect(me.body.email).toBe(member.email);
  });

  it('a sign-up whose confirmation differs comes back with "Passwords do not match" and creates nothing', async () => {
    const { page } = e2e;
    const member = { ...newMember(), password: uniquePassword() };
    const urls = await openBeforeScripts(page, '/auth?tab=signup');
    const answered = page.waitForEvent('framenavigated');
    await fillSignUp(page, member, `${member.password}-typo`);
    await answered;

    expectNoSecretIn(urls, page, member.password);
    await page.getByRole('form', { name: 'Create account' }).getByRole('alert').getByText('Passwords do not match').waitFor();
    const login = await fetch(new URL('/api/auth/login', e2e.baseUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: member.email, password: member.password }),
    });
    expect(login.status).toBe(401);
  });

  it('a member signs in and is taken where the sign-in page was asked to send them', async () => {
    const { page } = e2e;
    const member = { ...newMember(), password: uniquePassword() };
    const signup = await fetch(new URL('/api/auth/signup', e2e.baseUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...member, role: 'free' }),
    });
    expect(signup.status).toBe(201);

    const urls = await openBeforeScripts(page, `/auth?redirect=${encodeURIComponent('/plans')}`);
    const form = page.getByRole('form', { name: 'Sign in' });
    await form.getByLabel('Email').fill(member.email);
    await form.getByLabel('Password').fill(member.password);
    await form.getByRole('button', { name: 'Sign In' }).click();

    await page.waitForURL((url) => url.pathname === '/plans');
    await page.getByRole('heading', { name: 'My Plans' }).waitFor();
    expectNoSecretIn(urls, page, member.password);
  });
});
