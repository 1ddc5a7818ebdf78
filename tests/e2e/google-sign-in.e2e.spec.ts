import { createServer, type AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { startOidcTestProvider, type OidcTestAccount, type OidcTestProvider } from '../support/oidc-test-provider';
import { newMember, setupE2E } from './support/e2e';
import type { Page } from 'playwright-core';

/**
 * "Continue with Google" in the browser (issue 52): the button on /auth, the provider's own
 * sign-in page (a real OpenID provider run here), and back to the app signed in, finishing as
 * after any sign-up (spec §4); an email a password account has asks for its password first.
 */

/** A port free now, so the app's PUBLIC_URL (Google's redirect URI) is known before it starts. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

let provider: OidcTestProvider;
const e2e = setupE2E(undefined, {
  env: async () => {
    const port = await freePort();
    const publicUrl = `http://127.0.0.1:${port}`;
    provider = await startOidcTestProvider({ redirectUris: [`${publicUrl}/api/auth/google/callback`] });
    return { PORT: String(port), PUBLIC_URL: publicUrl, GOOGLE_CLIENT_ID: provider.clientId, GOOGLE_CLIENT_SECRET: provider.clientSecret, GOOGLE_ISSUER: provider.issuer };
  },
});
afterAll(() => provider?.close());

let accounts = 0;
function googleAccount(overrides: Partial<OidcTestAccount> = {}): OidcTestAccount {
  accounts += 1;
  const account = { sub: `g-${Date.now()}-${accounts}`, email: `lin.${Date.now()}.${accounts}@gmail.example`, emailVerified: true, givenName: 'Lin', familyName: 'Wei', ...overrides };
  provider.addAccount(account);
  return account;
}

/** At the provider's sign-in page: sign in as `account` (its development login form). */
async function signInAtProvider(page: Page, account: OidcTestAccount) {
  await page.waitForURL((url) => url.origin === provider.issuer);
  await page.locator('input[name=login]').fill(account.sub);
  await page.locator('input[name=password]').fill('any password');
  await page.locator('button[type=submit], input[type=submit]').first().click();
}

describe('Continue with Google', () => {
  it('a new member: from the sign-up tab to Google and back, signed in, then on to the upsell as after any sign-up', async () => {
    const page = await e2e.newPage();
    const account = googleAccount();
    await page.goto('/auth?tab=signup');
    await page.getByRole('link', { name: 'Continue with Google' }).click();
    await signInAtProvider(page, account);
    // A fresh sign-up with no remembered redirect goes to /upsell (spec §4).
    await page.waitForURL((url) => url.pathname === '/upsell');
    const me = await page.request.get('/api/auth/me');
    expect(await me.json()).toMatchObject({ email: account.email, firstName: 'Lin', lastName: 'Wei', googleId: account.sub });

    // Its profile: no Change Password (spec §2), the Google section says how it signs in.
    await page.goto('/profile');
    await page.getByRole('region', { name: 'Google Sign-In' }).getByText('Your account signs in with Google.').waitFor();
    expect(await page.getByRole('region', { name: 'Change Password' }).count()).toBe(0);
  });

  it('a pending plan goes on to plan generation after a Google sign-up, as after a password one', async () => {
    const page = await e2e.newPage();
    const account = googleAccount();
    await page.goto('/auth?tab=signup');
    await page.evaluate(() =>
      sessionStorage.setItem('skilly.pendingPlan', JSON.stringify({ ideaTitle: 'Logo design gigs', ideaDescription: 'Sell logo packages', category: 'fiverr', ideaId: 'idea-1' })),
    );
    await page.getByRole('link', { name: 'Continue with Google' }).click();
    await signInAtProvider(page, account);
    await page.waitForURL((url) => url.pathname === '/generating');
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({
      type: 'plan',
      ideaTitle: 'Logo design gigs',
      ideaDescription: 'Sell logo packages',
      category: 'fiverr',
      ideaId: 'idea-1',
    });
  });

  it('an email a password account has: the password is asked, then Google is connected and the member signed in', async () => {
    const page = await e2e.newPage();
    const member = newMember();
    const signUp = await page.request.post('/api/auth/signup', { data: { ...member, role: 'free' } });
    expect(signUp.status()).toBe(201);
    await page.request.post('/api/auth/logout');
    const account = googleAccount({ email: member.email });

    await page.goto('/auth');
    await page.getByRole('link', { name: 'Continue with Google' }).click();
    await signInAtProvider(page, account);
    const form = page.getByRole('form', { name: 'Connect your Google account' });
    await form.waitFor();
    await form.getByLabel('Password').fill('not the password');
    await form.getByRole('button', { name: 'Connect and sign in' }).click();
    await form.getByText('Invalid email or password').waitFor();
    await form.getByLabel('Password').fill(member.password);
    await form.getByRole('button', { name: 'Connect and sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    expect(await (await page.request.get('/api/user/profile')).json()).toMatchObject({ email: member.email, googleId: account.sub });
  });

  it('an email Google has not verified is refused on the sign-in form, and nobody is signed in', async () => {
    const page = await e2e.newPage();
    const account = googleAccount({ emailVerified: false });
    await page.goto('/auth');
    await page.getByRole('link', { name: 'Continue with Google' }).click();
    await signInAtProvider(page, account);
    await page.getByText('Google has not verified the email address of that Google account').waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth');
    expect((await page.request.get('/api/auth/me')).status()).toBe(401);
  });
});
