import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newMember, setupE2E } from './support/e2e';

const e2e = setupE2E();

type Member = ReturnType<typeof newMember>;

async function startTrial(page: Page, skill: string) {
  await page.goto('/');
  await page.locator('#hero-skill').fill(skill);
  await page.locator('form[aria-label="Generate income ideas"] button[type="submit"]').click();
}

async function signUp(page: Page, member: Member) {
  const form = page.getByRole('form', { name: 'Create account' });
  await form.getByLabel('First Name').fill(member.firstName);
  await form.getByLabel('Last Name').fill(member.lastName);
  await form.getByLabel('Email').fill(member.email);
  await form.getByLabel('Password', { exact: true }).fill(member.password);
  await form.getByLabel('Confirm Password').fill(member.password);
  await form.getByRole('button', { name: 'Create Account' }).click();
}

/** The tasks of the open milestone panels, in order. */
const taskBoxes = (page: Page, milestone: number) => page.getByTestId('milestone').nth(milestone).getByRole('checkbox');

describe('action plans', () => {
  it('turns a trial idea into a plan after sign-up; the member works through week 1, opens week 2, asks for help, and the history tells it', async () => {
    const { page } = e2e;
    await startTrial(page, 'I draw pet portraits in watercolour');
    await page.waitForURL((url) => url.pathname === '/ideas-trial', { timeout: 30_000 });

    const card = page.getByTestId('idea-card').first();
    const ideaTitle = (await card.getByRole('heading').textContent())!;
    await card.getByRole('button', { name: /Generate Plan/ }).click();
    await page.waitForURL((url) => url.pathname === '/auth');
    await signUp(page, newMember());

    // Spec §4: after sign-up the pending plan is generated, then the plan opens.
    await page.waitForURL((url) => url.pathname === '/generating' && url.searchParams.get('type') === 'plan');
    expect(new URL(page.url()).searchParams.get('ideaTitle')).toBe(ideaTitle);
    await page.getByRole('heading', { name: 'Generating Your Plan' }).waitFor();
    await page.getByText('Generation Complete').waitFor({ timeout: 30_000 });
    await page.waitForURL((url) => url.pathname.startsWith('/plan/'));
    const planPath = new URL(page.url()).pathname;

    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByTestId('plan-progress').getByText('0%').waitFor();
    const milestones = page.getByTestId('milestone');
    expect(await milestones.count()).toBeGreaterThan(1);
    await milestones.nth(1).getByText('Complete previous milestones to unlock').waitFor();
    const resource = milestones.first().locator('.milestone-resource-list a').first();
    expect(await resource.getAttribute('target')).toBe('_blank');
    expect(await resource.getAttribute('rel')).toContain('noopener');

    const next = page.getByRole('button', { name: /^Generate Next Milestone \(1\/\d+\)$/ });
    expect(await next.isDisabled()).toBe(true);

    // Week 1: tick every task; the progress follows.
    const week1 = taskBoxes(page, 0);
    const count = await week1.count();
    expect(count).toBeGreaterThanOrEqual(5);
    for (let i = 0; i < count; i++) {
      // Blueprint hides the native input behind its indicator: the member clicks the label.
      await page.getByTestId('milestone').first().locator('label.plan-task-check').nth(i).click();
      await page.waitForFunction(
        ([index]) => (document.querySelectorAll('[data-testid="milestone"]')[0]!.querySelectorAll('input[type="checkbox"]')[index!] as HTMLInputElement).checked,
        [i],
      );
    }
    await page.getByTestId('plan-progress').getByText('100%').waitFor();

    // Week 2.
    await page.waitForFunction(() => {
      const button = [...document.querySelectorAll('button')].find((b) => b.textContent?.startsWith('Generate Next Milestone'));
      return button !== undefined && !button.disabled;
    });
    await next.click();
    await page.getByText('Next milestone generated successfully!').waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: /^Generate Next Milestone \(2\/\d+\)$/ }).waitFor();
    const week2 = taskBoxes(page, 1);
    await week2.first().waitFor();
    const week2Title = (await milestones.nth(1).locator('.milestone-title').textContent())!;
    await page.getByTestId('next-milestone-notice').getByText('Complete all tasks from previous milestones to unlock Milestone 3').waitFor();

    // Help on week 2's first task: Loading..., then Help Provided with the answer open.
    const helpTask = milestones.nth(1).getByTestId('plan-task').first();
    const helpTitle = (await helpTask.locator('.bp6-control').textContent())!.trim();
    await helpTask.getByRole('button', { name: /Ask for help/ }).click();
    await helpTask.getByRole('button', { name: /Help Provided/ }).waitFor({ timeout: 30_000 });
    const help = helpTask.getByTestId('task-help');
    expect(((await help.textContent()) ?? '').length).toBeGreaterThan(20);

    // A reload keeps everything.
    await page.reload();
    await page.waitForURL((url) => url.pathname === planPath);
    await page.getByRole('button', { name: /^Generate Next Milestone \(2\/\d+\)$/ }).waitFor();
    // The week the member is in opens; week 1, done, opens on a click.
    await milestones.first().getByRole('button', { expanded: false }).click();
    await taskBoxes(page, 0).first().waitFor({ state: 'attached' });
    for (let i = 0; i < count; i++) expect(await taskBoxes(page, 0).nth(i).isChecked()).toBe(true);
    expect(await milestones.nth(1).locator('.milestone-title').textContent()).toBe(week2Title);
    await milestones.nth(1).getByRole('button', { name: 'Hide help' }).waitFor();

    // The history lists those steps, and shows the plan as it was right after its creation.
    await page.getByRole('tab', { name: /History/ }).click();
    const entries = page.getByTestId('history-entry');
    await entries.first().waitFor();
    expect(await entries.count()).toBeGreaterThanOrEqual(1 + count + 2);
    const timeline = (await page.locator('.plan-timeline').textContent()) ?? '';
    expect(timeline).toContain(helpTitle);
    await entries.first().getByRole('button', { name: 'View plan here' }).click();
    await page.getByText(/Your plan right after:/).waitFor();
    await page.waitForFunction(() =>
      [...document.querySelectorAll('.plan-history-snapshot input[type="checkbox"]')].every((box) => !(box as HTMLInputElement).checked),
    );

    // The dashboard lists the plan among its Action Plans, linking to it.
    await page.goto('/dashboard');
    expect(await page.getByTestId('action-plan').first().getAttribute('href')).toBe(planPath);
  });
});
