import { describe, expect, it } from 'vitest';
import { fillSignUp, newMember, setupE2E } from './support/e2e';

const e2e = setupE2E();


describe('auth page', () => {
  it('says "Passwords do not match" when the confirmation differs', async () => {
    const { page } = e2e;
    await page.goto('/auth?tab=signup');
    await fillSignUp(page, newMember(), 'a-different-password');
    await page.getByRole('alert').getByText('Passwords do not match').waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth');
  });

  it('asks for every field and for both sign-in fields', async () => {
    const { page } = e2e;
    await page.goto('/auth?tab=signup');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByRole('alert').getByText('Please fill in all fields').waitFor();

    await page.getByRole('tab', { name: 'Sign In' }).click();
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByRole('alert').getByText('Please enter both email and password').waitFor();

    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByRole('alert').getByText('Please enter your email address').waitFor();
  });

  it('shows the server message for a wrong password', async () => {
    const { page } = e2e;
    await page.goto('/auth');
    const form = page.getByRole('form', { name: 'Sign in' });
    await form.getByLabel('Email').fill('nobody@example.com');
    await form.getByLabel('Password').fill('not-the-password');
    await form.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('alert').getByText('Invalid email or password').waitFor();
  });

  it('signs a new member up to /upsell, keeps them signed in on reload, and logs them out with a toast', async () => {
    const { page } = e2e;
    const member = newMember();
    await page.goto('/');
    await page.getByRole('link', { name: 'Sign Up' }).first().click();
    await page.waitForURL((url) => url.pathname === '/auth' && url.searchParams.get('tab') === 'signup');
    await fillSignUp(page, member);

    await page.waitForURL((url) => url.pathname === '/upsell');
    await page.getByRole('heading', { name: 'Upgrade to Pro' }).waitFor();

    await page.reload();
    await page.getByRole('heading', { name: 'Upgrade to Pro' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/upsell');
    // Member navigation, not the visitor's.
    await page.getByRole('link', { name: 'My Plans' }).waitFor();
    expect(await page.getByRole('link', { name: 'Login' }).count()).toBe(0);

    await page.getByRole('button', { name: `Account menu for ${member.firstName} ${member.lastName}` }).click();
    await page.getByText(member.email).waitFor();
    await page.getByRole('menuitem', { name: 'Logout' }).click();

    await page.getByText('Logged out', { exact: true }).waitFor();
    await page.getByText('You have been logged out successfully').waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await page.getByRole('link', { name: 'Login' }).waitFor();

    // The session is really gone on the server too.
    const me = await page.evaluate(async () => (await fetch('/api/auth/me')).status);
    expect(me).toBe(401);
  });

  it('returns a signed-in member to the remembered redirect', async () => {
    const { page } = e2e;
    const member = newMember();
    await page.goto('/');
    const status = await page.evaluate(
      async (body) =>
        (await fetch('/api/auth/signup', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ ...body, role: 'free' }) })).status,
      member,
    );
    expect(status).toBe(201);
    await page.evaluate(() => fetch('/api/auth/logout', { method: 'POST' }));

    await page.goto('/plans');
    await page.waitForURL((url) => url.pathname === '/auth');
    const form = page.getByRole('form', { name: 'Sign in' });
    await form.getByLabel('Email').fill(member.email);
    await form.getByLabel('Password').fill(member.password);
    await form.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((url) => url.pathname === '/plans');
    await page.getByRole('heading', { name: 'My Plans' }).waitFor();
  });

  it('never follows a redirect that leaves the site, and does not crash on one', async () => {
    const { page } = e2e;
    const member = newMember();
    await page.goto('/');
    await page.evaluate(
      (body) => fetch('/api/auth/signup', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }),
      member,
    );
    const origin = new URL(page.url()).origin;
    // A signed-in member opening /auth is sent straight on: to /dashboard, not to the tab-smuggled host.
    for (const redirect of ['%2F%09%2Fevil.example', '%2F%5Cevil.example', '%2F%2Fevil.example']) {
      await page.goto(`/auth?redirect=${redirect}`);
      await page.waitForURL((url) => url.pathname === '/dashboard');
      expect(new URL(page.url()).origin).toBe(origin);
      expect(await page.getByText('Unexpected Application Error').count()).toBe(0);
    }
  });

  it('sends a visitor with a pending plan to plan generation after sign-up', async () => {
    const { page } = e2e;
    await page.goto('/auth?tab=signup');
    // What the trial ideas page stores before sending a visitor to sign up.
    await page.evaluate(() =>
      sessionStorage.setItem(
        'skilly.pendingPlan',
        JSON.stringify({ ideaTitle: 'Logo design gigs', ideaDescription: 'Sell logo packages', category: 'fiverr', ideaId: 'idea-1' }),
      ),
    );
    await fillSignUp(page, newMember());
    await page.waitForURL((url) => url.pathname === '/generating');
    const query = new URL(page.url()).searchParams;
    expect(Object.fromEntries(query)).toEqual({
      type: 'plan',
      ideaTitle: 'Logo design gigs',
      ideaDescription: 'Sell logo packages',
      category: 'fiverr',
      ideaId: 'idea-1',
    });
    await page.getByRole('heading', { name: 'Generating Your Plan' }).waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('skilly.pendingPlan'))).toBeNull();
  });
});
