import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { newMember, setupE2E, signIn } from './support/e2e';

const e2e = setupE2E();

/** Opens the navigation's user menu of the member named `fullName`. */
async function openUserMenu(page: Page, fullName: string) {
  await page.getByRole('button', { name: `Account menu for ${fullName}` }).click();
  const menu = page.getByRole('menu', { name: 'User menu' });
  await menu.waitFor();
  return menu;
}

describe('the profile: name, picture, password and account deletion', () => {
  it('a member renames themselves and sets a picture, seen in the navigation; changes the password and signs in with it; deletes the account and can no longer sign in', async () => {
    const { page } = e2e;
    const person = newMember();
    const signUp = await page.request.post('/api/auth/signup', { data: { ...person, role: 'free' } });
    expect(signUp.status()).toBe(201);

    // The profile screen shows the member as they signed up.
    await page.goto('/profile');
    const form = page.getByRole('form', { name: 'Profile' });
    await form.getByLabel('First Name').waitFor();
    expect(await form.getByLabel('First Name').inputValue()).toBe(person.firstName);
    expect(await form.getByLabel('Email').inputValue()).toBe(person.email);
    expect(await form.getByRole('textbox', { name: 'Account Type' }).inputValue()).toBe('Free Forever');

    // New first and last name and a country.
    const renamed = { firstName: 'Augusta', lastName: `King${Date.now().toString(36)}` };
    await form.getByLabel('First Name').fill(renamed.firstName);
    await form.getByLabel('Last Name').fill(renamed.lastName);
    await form.getByLabel('Country').selectOption('Portugal');
    await form.getByRole('button', { name: 'Update Profile' }).click();
    await page.getByText('Profile Updated', { exact: true }).waitFor();
    const fullName = `${renamed.firstName} ${renamed.lastName}`;

    // A picture: a small PNG made here, chosen through the change-picture control, then uploaded.
    const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#d9480f' } }).png().toBuffer();
    await page.getByLabel('Change picture').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
    await page.getByRole('button', { name: 'Upload' }).click();
    await page.getByText('Profile Picture Updated', { exact: true }).waitFor();
    const avatar = page.getByRole('img', { name: 'Profile picture', exact: true });
    await avatar.waitFor();
    expect(await avatar.getAttribute('src')).toMatch(/^\/api\/files\/profile-pictures\//);

    // The navigation's user menu: the new name and the picture, served as an image the browser shows.
    const menu = await openUserMenu(page, fullName);
    await menu.getByText(fullName, { exact: true }).waitFor();
    await menu.getByText(person.email).waitFor();
    const menuPicture = menu.locator('img.user-avatar');
    await menuPicture.waitFor();
    expect(await menuPicture.getAttribute('src')).toBe(await avatar.getAttribute('src'));
    await expect.poll(() => menuPicture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(16);

    // Saved on the server: a fresh load shows the same.
    await page.reload();
    await form.getByLabel('First Name').waitFor();
    expect(await form.getByLabel('First Name').inputValue()).toBe(renamed.firstName);
    expect(await form.getByLabel('Last Name').inputValue()).toBe(renamed.lastName);
    expect(await form.getByLabel('Country').inputValue()).toBe('Portugal');

    // A new password.
    const newPassword = 'a-brand-new-password-2';
    const passwordForm = page.getByRole('form', { name: 'Change Password' });
    await passwordForm.getByLabel('Current Password').fill(person.password);
    await passwordForm.getByLabel('New Password', { exact: true }).fill(newPassword);
    await passwordForm.getByLabel('Confirm New Password').fill(newPassword);
    await passwordForm.getByRole('button', { name: 'Change Password' }).click();
    await page.getByText('Password Changed', { exact: true }).waitFor();
    expect(await passwordForm.getByLabel('Current Password').inputValue()).toBe('');

    // Logged out, the old password no longer signs in; the new one does.
    await (await openUserMenu(page, fullName)).getByRole('menuitem', { name: 'Logout' }).click();
    await page.getByText('You have been logged out successfully').waitFor();
    await signIn(page, person.email, person.password);
    await page.getByRole('form', { name: 'Sign in' }).getByRole('alert').waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth');
    await signIn(page, person.email, newPassword);
    await page.waitForURL((url) => url.pathname === '/dashboard');

    // Deleting the account: the confirm button waits for DELETE typed exactly.
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Cancel & Delete Account' }).click();
    const dialog = page.getByRole('dialog');
    const confirm = dialog.getByRole('button', { name: 'Delete Account' });
    const word = dialog.getByLabel('Type DELETE to confirm');
    await word.fill('delete');
    expect(await confirm.isDisabled()).toBe(true);
    await word.fill('DELETE');
    expect(await confirm.isEnabled()).toBe(true);
    // When the toast shows and when home is reached, as the page sees them (spec §4: home 1.5 s after the toast).
    await page.evaluate(() => {
      const seen = window as unknown as { toastAt?: number; homeAt?: number };
      new MutationObserver(() => {
        if (seen.toastAt === undefined && document.body.textContent?.includes('Your account and all data have been permanently deleted')) seen.toastAt = performance.now();
        if (seen.homeAt === undefined && window.location.pathname === '/') seen.homeAt = performance.now();
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    await confirm.click();
    await page.getByText('Your account and all data have been permanently deleted').waitFor();
    // Home 1.5 s after the toast showed, signed out.
    await page.waitForURL((url) => url.pathname === '/');
    const { toastAt, homeAt } = await page.evaluate(() => {
      const seen = window as unknown as { toastAt?: number; homeAt?: number };
      return { toastAt: seen.toastAt ?? Number.NaN, homeAt: seen.homeAt ?? Number.NaN };
    });
    expect(homeAt - toastAt).toBeGreaterThanOrEqual(1_400);
    await page.getByRole('link', { name: 'Login' }).first().waitFor();
    expect(await page.evaluate(async () => (await fetch('/api/auth/me')).status)).toBe(401);

    // Neither password signs in any more: the sign-in form says so.
    for (const password of [newPassword, person.password]) {
      await signIn(page, person.email, password);
      await page.getByRole('form', { name: 'Sign in' }).getByRole('alert').waitFor();
      expect(new URL(page.url()).pathname).toBe('/auth');
    }
  });
});
