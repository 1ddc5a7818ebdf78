import { describe, expect, it } from 'vitest';
import { ADMIN } from './support/app-server';
import { newMember, setupE2E, signIn } from './support/e2e';

const e2e = setupE2E();

describe('admin undo (issue 53)', () => {
  it("reset data → Undo in the toast → the member's plans are back, and the action shows as undone in the Dashboard's recent actions", async () => {
    // A member with a plan, one task ticked, in their own browser.
    const memberPage = await e2e.newPage();
    const person = newMember();
    expect((await memberPage.request.post('/api/auth/signup', { data: { ...person, role: 'free' } })).status()).toBe(201);
    const idea = { id: 'a', title: 'Watercolour pet portraits', subtitle: 'For pet owners', description: 'Paint pets from photos', category: 'online', industry: 'Art', method: 'Commissions', pricing: '$40' };
    const saved = await memberPage.request.post('/api/idea-sets', { data: { skill: 'watercolour painting', categories: [{ id: 'online', name: 'Online', color: 'blue' }], ideas: [idea] } });
    expect(saved.status(), await saved.text()).toBe(201);
    const generated = await memberPage.request.post('/api/plans/generate', {
      data: { ideaTitle: idea.title, ideaDescription: idea.description, category: idea.category, ideaId: idea.id },
    });
    expect(generated.status(), await generated.text()).toBe(201);
    const { planId } = (await generated.json()) as { planId: string };
    const plan = (await (await memberPage.request.get(`/api/plans/${planId}`)).json()) as { title: string; milestones: { tasks: { id: string }[] }[] };
    expect((await memberPage.request.patch(`/api/tasks/${plan.milestones[0]!.tasks[0]!.id}/toggle`, { data: { completed: true } })).status()).toBe(200);
    await memberPage.goto('/plans');
    await memberPage.getByText(plan.title).first().waitFor();

    // The admin resets the member's data from the Members tab (after the browser's confirmation).
    const admin = e2e.page;
    await signIn(admin, ADMIN.email, ADMIN.password);
    await admin.waitForURL((url) => url.pathname === '/dashboard');
    await admin.getByRole('tab', { name: 'Members' }).click();
    await admin.getByRole('searchbox', { name: 'Search members' }).fill(person.email);
    const row = admin.getByTestId('member-row').filter({ hasText: person.email });
    await row.waitFor();
    admin.once('dialog', (dialog) => void dialog.accept());
    await row.getByRole('button', { name: 'Reset data' }).click();
    const toast = admin.locator('.bp6-toast').filter({ hasText: 'User data reset' });
    await toast.waitFor();

    // The member's plans are gone.
    await memberPage.reload();
    await memberPage.getByText(plan.title).first().waitFor({ state: 'detached' });
    expect((await memberPage.request.get('/api/plans')).status()).toBe(200);
    expect(await (await memberPage.request.get('/api/plans')).json()).toEqual([]);

    // Undo, from the toast: the plan is back as it was, its ticked task still ticked.
    await toast.getByRole('button', { name: 'Undo' }).click();
    await admin.getByText('Action undone').first().waitFor();
    await memberPage.reload();
    await memberPage.getByText(plan.title).first().waitFor();
    // Flags are the strings 'true' and 'false', as the spec writes them.
    const back = (await (await memberPage.request.get(`/api/plans/${planId}`)).json()) as { title: string; milestones: { tasks: { completed: string }[] }[] };
    expect(back.title).toBe(plan.title);
    expect(back.milestones[0]!.tasks[0]!.completed).toBe('true');

    // The Dashboard's recent admin actions list it as undone, by the admin.
    await admin.getByRole('tab', { name: 'Dashboard' }).click();
    const recent = admin.getByRole('region', { name: 'Recent admin actions' });
    const entry = recent.getByText(`Reset the data of ${person.firstName} ${person.lastName}`).first();
    await entry.waitFor();
    await recent.getByText(/Undone by/).first().waitFor();
  });
});
