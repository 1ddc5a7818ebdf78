import { describe, expect, it } from 'vitest';
import { ADMIN } from './support/app-server';
import { newMember, setupE2E, signIn } from './support/e2e';

const e2e = setupE2E();

describe('outcomes per AI configuration version, in the Model tab (issue 53)', () => {
  it('shows two versions side by side after members generated ideas with each', async () => {
    const admin = e2e.page;
    await signIn(admin, ADMIN.email, ADMIN.password);
    await admin.waitForURL((url) => url.pathname === '/dashboard');

    // A member generates ideas under one version; the admin saves another, and a second member generates under it.
    const versions: number[] = [];
    for (const temperature of [0.5, 0.9]) {
      const member = await e2e.newPage();
      const signUp = await member.request.post('/api/auth/signup', { data: { ...newMember(), role: 'free' } });
      expect(signUp.status()).toBe(201);
      const saved = await admin.request.post('/api/admin/ai-config', { data: { temperature } });
      expect(saved.status(), await saved.text()).toBe(200);
      versions.push(((await saved.json()) as { version: number }).version);
      const generated = await member.request.post('/api/generate-ideas-stream', { data: { skill: 'Pottery' } });
      expect(generated.status(), await generated.text()).toBe(200);
      expect(await generated.text()).toContain('"done":true');
    }
    expect(versions[1]).toBeGreaterThan(versions[0]);

    await admin.getByRole('tab', { name: 'Model' }).click();
    await admin.waitForURL((url) => url.searchParams.get('tab') === 'skilly-ai');
    const table = admin.getByTestId('ai-outcomes-table');
    // The outcomes follow the log: the panel shows both once the projection has passed the second set.
    await expect
      .poll(
        async () => {
          await admin.getByRole('tab', { name: 'Model' }).click();
          return (await table.isVisible()) ? table.getByRole('columnheader').allTextContents() : [];
        },
        { timeout: 15_000 },
      )
      .toEqual(expect.arrayContaining(['Figure', `v${versions[0]}`, `v${versions[1]}`]));
    const sets = table.getByRole('row', { name: /Idea sets generated/ });
    for (const version of versions) await expect.poll(() => sets.locator(`td[data-version="${version}"] .ai-outcomes-value`).textContent()).toBe('1');
    await admin.getByRole('img', { name: 'Ideas turned into plans, week by week, per version' }).waitFor();
    expect(await admin.getByRole('button', { name: 'Download CSV' }).getAttribute('href')).toBe('/api/admin/ai-config/outcomes.csv');
  });
});
