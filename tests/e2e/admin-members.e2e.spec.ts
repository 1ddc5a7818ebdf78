import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADMIN } from './support/app-server';
import { newMember, setupE2E, signIn } from './support/e2e';

const e2e = setupE2E();

/** The signed-in account's "First Last", as the audit trail names an admin. */
async function nameOf(page: Page): Promise<string> {
  const response = await page.request.get('/api/auth/me');
  expect(response.status()).toBe(200);
  const me = (await response.json()) as { firstName: string; lastName: string };
  return `${me.firstName} ${me.lastName}`.trim();
}

describe('the admin Members tab (issue 32)', () => {
  it("changes a member's role, disables and re-enables them, and sees each action in the member's audit trail under the admin's name", async () => {
    // A member signs up in their own browser.
    const visitor = await e2e.newPage();
    const person = newMember();
    const signUp = await visitor.request.post('/api/auth/signup', { data: { ...person, role: 'free' } });
    expect(signUp.status()).toBe(201);
    const name = `${person.firstName} ${person.lastName}`;

    const admin = e2e.page;
    await signIn(admin, ADMIN.email, ADMIN.password);
    await admin.waitForURL((url) => url.pathname === '/dashboard');
    const adminName = await nameOf(admin);
    await admin.getByRole('tab', { name: 'Members' }).click();
    await admin.waitForURL((url) => url.searchParams.get('tab') === 'members');

    // Find the member (the search waits for typing to pause).
    await admin.getByRole('searchbox', { name: 'Search members' }).fill(person.email);
    const row = admin.getByTestId('member-row').filter({ hasText: person.email });
    await row.waitFor();
    await expect.poll(() => admin.getByTestId('member-row').count()).toBe(1);

    // Role: free → pro.
    await row.getByRole('combobox', { name: `Role of ${name}` }).selectOption('pro');
    await admin.getByText('User role updated').first().waitFor();
    await expect.poll(() => row.getByRole('combobox', { name: `Role of ${name}` }).inputValue()).toBe('pro');

    // Disable, then enable again.
    await row.getByRole('button', { name: 'Disable' }).click();
    await admin.getByText('User disabled').first().waitFor();
    await row.getByText('Disabled', { exact: true }).waitFor();
    await row.getByRole('button', { name: 'Enable' }).click();
    await admin.getByText('User enabled').first().waitFor();
    await row.getByText('Active', { exact: true }).waitFor();

    // The user view: the member, and the audit trail naming the admin for each action.
    await row.getByRole('button', { name: 'View' }).click();
    await admin.waitForURL((url) => url.searchParams.get('tab') === 'members' && url.searchParams.has('user'));
    await admin.getByRole('heading', { name }).waitFor();
    await admin.getByText(person.email).first().waitFor();

    const trail = admin.getByRole('list', { name: 'Audit trail' });
    for (const type of ['UserRoleChanged', 'UserDisabled', 'UserEnabled']) {
      const entry = trail.locator(`[data-testid="audit-entry"][data-type="${type}"]`).first();
      await entry.waitFor();
      expect(await entry.getByTestId('audit-actor').textContent()).toBe(`by ${adminName} (admin)`);
    }
    // Newest first: the enable after the disable after the role change.
    const types = await trail.getByTestId('audit-entry').evaluateAll((entries) => entries.map((entry) => entry.getAttribute('data-type')));
    const order = ['UserEnabled', 'UserDisabled', 'UserRoleChanged'].map((type) => types.indexOf(type));
    expect(order).toEqual([...order].sort((a, b) => a - b));

    // The kind filter: only the role change under Role.
    await admin.getByRole('combobox', { name: 'Show events' }).selectOption('role');
    const shown = () => trail.getByTestId('audit-entry').evaluateAll((entries) => entries.map((entry) => entry.getAttribute('data-type')));
    await expect.poll(async () => {
      const now = await shown();
      return now.includes('UserRoleChanged') && !now.includes('UserDisabled') && !now.includes('UserEnabled');
    }).toBe(true);

    await admin.getByRole('button', { name: 'Back to Members' }).click();
    await admin.getByRole('table', { name: 'Members' }).waitFor();
  });

  it("shows a member's task help in the plan modal as the member reads it: the AI's bold marks in bold, never raw **", async () => {
    // A member makes a plan and asks for help with its first task (the offline AI answers "**How to: …**").
    const memberPage = await e2e.newPage();
    const person = newMember();
    expect((await memberPage.request.post('/api/auth/signup', { data: { ...person, role: 'free' } })).status()).toBe(201);
    const idea = { id: 'a', title: 'Watercolour pet portraits', subtitle: 'For pet owners', description: 'Paint pets from their owners’ photos and sell the portraits online', category: 'online', industry: 'Art', method: 'Commissions', pricing: '$40' };
    const saved = await memberPage.request.post('/api/idea-sets', { data: { skill: 'watercolour painting', categories: [{ id: 'online', name: 'Online', color: 'blue' }], ideas: [idea] } });
    expect(saved.status(), await saved.text()).toBe(201);
    const generated = await memberPage.request.post('/api/plans/generate', {
      data: { ideaTitle: idea.title, ideaDescription: idea.description, category: idea.category, ideaId: idea.id },
    });
    expect(generated.status(), await generated.text()).toBe(201);
    const { planId } = (await generated.json()) as { planId: string };
    const plan = (await (await memberPage.request.get(`/api/plans/${planId}`)).json()) as { title: string; milestones: { tasks: { id: string; title: string }[] }[] };
    const task = plan.milestones[0]!.tasks[0]!;
    const asked = await memberPage.request.post(`/api/tasks/${task.id}/help`);
    expect(asked.status(), await asked.text()).toBe(200);
    const { help } = (await asked.json()) as { help: string };
    const bold = /\*\*([^*\n]+)\*\*/.exec(help)?.[1];
    expect(bold, help).toBeTruthy();

    // The admin opens the member's plan in the user view.
    const admin = e2e.page;
    await signIn(admin, ADMIN.email, ADMIN.password);
    await admin.waitForURL((url) => url.pathname === '/dashboard');
    const me = (await (await memberPage.request.get('/api/auth/me')).json()) as { id: string };
    await admin.goto(`/dashboard?tab=members&user=${me.id}`);
    await admin.getByRole('button', { name: `Plan ${plan.title}` }).click();
    const dialog = admin.getByRole('dialog');
    const shown = dialog.locator('[data-testid="task"]').filter({ hasText: task.title }).getByTestId('task-help');
    await shown.waitFor();
    const text = (await shown.textContent()) ?? '';
    expect(text).not.toContain('**');
    expect(text).toContain(bold!);
    expect(await shown.locator('strong').allTextContents()).toContain(bold);
  });
});
