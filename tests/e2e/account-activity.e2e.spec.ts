import { describe, expect, it } from 'vitest';
import { ADMIN } from './support/app-server';
import { newMember, setupE2E, signIn } from './support/e2e';

/**
 * Issue 52: a member's own account activity on /profile. What staff did to the account (a plan
 * change, a disable with its reason, the account enabled again) is listed newest first, with who
 * did it as "Skilly support" and the reason they gave.
 */
const e2e = setupE2E();

/** An admin's call, signed in as the seeded admin. */
async function asAdmin(method: string, path: string, body?: unknown) {
  const base = e2e.baseUrl;
  const login = await fetch(new URL('/api/auth/login', base), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
  expect(login.status).toBe(200);
  const cookie = login.headers.getSetCookie().map((each) => each.split(';')[0]).join('; ');
  const response = await fetch(new URL(path, base), { method, headers: { 'content-type': 'application/json', cookie }, body: body === undefined ? undefined : JSON.stringify(body) });
  expect(response.status, `${method} ${path}: ${await response.clone().text()}`).toBe(200);
}

describe("the member's account activity", () => {
  it('shows what staff did to the account, by Skilly support and with their reason, newest first', async () => {
    const { page } = e2e;
    const person = newMember();
    const signUp = await page.request.post('/api/auth/signup', { data: { ...person, role: 'free' } });
    expect(signUp.status()).toBe(201);
    const userId = (await signUp.json()).user.id as string;

    await asAdmin('PUT', `/api/admin/users/${userId}/role`, { role: 'pro', reason: 'A partner’s member' });
    await asAdmin('PATCH', `/api/admin/users/${userId}/toggle-disabled`, { disabled: true, reason: 'Unusual sign-ins from abroad' });
    await asAdmin('PATCH', `/api/admin/users/${userId}/toggle-disabled`, { disabled: false });

    // Disabling ended the member's session: they sign in again, then open their profile.
    await signIn(page, person.email, person.password);
    await page.waitForURL((url) => !url.pathname.startsWith('/auth'));
    await page.goto('/profile');
    const section = page.getByRole('region', { name: 'Account Activity' });
    const lines = section.getByRole('list', { name: 'Account activity, newest first' }).getByRole('listitem');
    await lines.first().waitFor();
    const texts = await lines.allTextContents();
    expect(texts[0]).toContain('Account enabled again');
    expect(texts[0]).toContain('by Skilly support');
    expect(texts[1]).toContain('Account disabled: every session was signed out');
    expect(texts[1]).toContain('Reason: Unusual sign-ins from abroad');
    const planChange = texts.find((text) => text.includes('Plan changed from Free to Pro'));
    expect(planChange).toContain('by Skilly support');
    expect(planChange).toContain('Reason: A partner’s member');
    expect(texts.at(-1)).toContain('Account created');
    expect(texts.at(-1)).toContain('by You');
    // Staff stay "Skilly support": the admin's own address is nowhere on the page.
    expect(await section.textContent()).not.toContain(ADMIN.email);
  });
});
