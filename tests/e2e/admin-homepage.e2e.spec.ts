import { defaultHomepageContent } from '@contracts/homepage-content';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN } from './support/app-server';
import { newMember, setupE2E, signIn } from './support/e2e';

const e2e = setupE2E();

async function replaceText(page: Page, field: string, text: string) {
  const element = page.locator(`[data-field="${field}"]`);
  await element.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
}

describe('homepage edit mode', () => {
  it('lets an admin change the hero headline that visitors then see', async () => {
    const admin = e2e.page;
    await signIn(admin, ADMIN.email, ADMIN.password);
    await admin.waitForURL((url) => url.pathname === '/dashboard');
    await admin.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    // Admin navigation: Homepage instead of Ideas / My Plans / Support.
    expect(await admin.getByRole('link', { name: 'My Plans' }).count()).toBe(0);
    await admin.getByRole('link', { name: 'Homepage' }).click();
    await admin.waitForURL((url) => url.pathname === '/' && url.searchParams.get('editMode') === 'true');
    await admin.getByText('Edit Mode Active').waitFor();

    const headline = `Earn from what you love ${Date.now()}`;
    await replaceText(admin, 'hero.headline', headline);
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.getByText('Homepage content updated successfully').waitFor();

    const visitor = await e2e.newPage();
    await visitor.goto('/');
    await visitor.getByRole('heading', { level: 1, name: headline }).waitFor();
    expect(await visitor.getByText('Edit Mode Active').count()).toBe(0);
  });

  it('restores the loaded texts on Cancel', async () => {
    const admin = e2e.page;
    await signIn(admin, ADMIN.email, ADMIN.password);
    await admin.waitForURL((url) => url.pathname === '/dashboard');
    await admin.goto('/?editMode=true');
    await admin.getByText('Edit Mode Active').waitFor();

    const field = admin.locator('[data-field="howItWorks.mainHeading"]');
    await replaceText(admin, 'howItWorks.mainHeading', 'Something else entirely');
    await admin.getByRole('button', { name: 'Cancel' }).click();
    expect(await field.textContent()).toBe(defaultHomepageContent.howItWorks.mainHeading);
  });

  it('refuses a member saving homepage content with 403', async () => {
    const { page } = e2e;
    const member = newMember();
    await page.goto('/');
    const result = await page.evaluate(
      async ({ member, content }) => {
        const json = { 'Content-Type': 'application/json' };
        const signup = await fetch('/api/auth/signup', { method: 'POST', headers: json, body: JSON.stringify({ ...member, role: 'free' }) });
        const put = await fetch('/api/admin/homepage-content', { method: 'PUT', headers: json, body: JSON.stringify(content) });
        return { signup: signup.status, put: put.status, body: await put.json() };
      },
      { member, content: { ...defaultHomepageContent, hero: { ...defaultHomepageContent.hero, headline: 'Hacked' } } },
    );
    expect(result.signup).toBe(201);
    expect(result.put).toBe(403);
    expect(typeof result.body.message).toBe('string');

    // A member who opens edit mode sees the ordinary landing page, not the editor.
    await page.goto('/?editMode=true');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByText('Edit Mode Active').count()).toBe(0);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).not.toBe('Hacked');
  });
});
