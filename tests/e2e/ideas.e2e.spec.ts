import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newMember, setupE2E } from './support/e2e';

const e2e = setupE2E();

type Member = ReturnType<typeof newMember>;

/** The landing hero: type a skill, press the call to action. */
async function startTrial(page: Page, skill: string) {
  await page.goto('/');
  const textarea = page.locator('#hero-skill');
  await textarea.fill(skill);
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

/** A signed-in free member (through the API, as the auth tests cover the form). */
async function signedInMember(page: Page): Promise<Member> {
  const member = newMember();
  await page.goto('/auth');
  const status = await page.evaluate(
    async (body) =>
      (await fetch('/api/auth/signup', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ ...body, role: 'free' }) }))
        .status,
    member,
  );
  expect(status).toBe(201);
  return member;
}

const pendingIdeasInStorage = (page: Page) =>
  page.evaluate(() => JSON.parse(sessionStorage.getItem('skilly.pendingIdeas') ?? 'null') as { skill: string; ideas: { title: string }[]; trialToken?: string } | null);

describe('idea generation', () => {
  it("streams a visitor's trial ideas and shows them on /ideas-trial", async () => {
    const { page } = e2e;
    const skill = 'I bake sourdough bread and teach friends how to keep a starter alive';
    await startTrial(page, skill);

    await page.waitForURL((url) => url.pathname === '/generating');
    const query = new URL(page.url()).searchParams;
    expect(query.get('skill')).toBe(skill);
    expect(query.get('trial')).toBe('true');
    await page.getByRole('heading', { name: 'Generating Your Ideas' }).waitFor();
    // The streamed ideas are typed out, then the screen says it is done and which generator ran.
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="streaming-idea"]').length > 0);
    await page.getByText('Generation Complete').waitFor();
    await page.getByText('Offline generator').first().waitFor();

    await page.waitForURL((url) => url.pathname === '/ideas-trial');
    await page.getByRole('heading', { name: 'Your Income Ideas' }).waitFor();
    const stored = await pendingIdeasInStorage(page);
    expect(stored?.skill).toBe(skill);
    expect(stored!.ideas.length).toBeGreaterThan(0);
    await page.getByText(`Here are ${stored!.ideas.length} ways to turn your skills into income`).waitFor();
    await page.getByText('Free Forever').waitFor();

    const cards = page.getByTestId('idea-card');
    await cards.first().waitFor();
    expect(await cards.count()).toBe(stored!.ideas.length);
    await cards.getByRole('heading', { name: stored!.ideas[0]!.title }).waitFor();
    await cards.first().getByText('Industry', { exact: true }).waitFor();
    await cards.first().getByText('Method', { exact: true }).waitFor();

    // A category chip filters the cards to its own count.
    const chip = page.getByRole('group', { name: 'Filter by category' }).getByRole('button').nth(1);
    const count = Number(/\((\d+)\)/.exec((await chip.textContent()) ?? '')?.[1]);
    await chip.click();
    await page.waitForFunction((n) => document.querySelectorAll('[data-testid="idea-card"]').length === n, count);

    // Back on the landing page, the same ideas offer a 7-day preview built from the idea.
    await page.goto('/');
    await page.getByText(`Here are ${stored!.ideas.length} ways to turn your skills into income`).waitFor();
    await page.getByRole('button', { name: 'See 7-day plan' }).first().click();
    await page.getByRole('button', { name: 'Loading plan...' }).waitFor();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Follow these steps to get started in 7 days').waitFor();
    await dialog.getByRole('heading', { name: stored!.ideas[0]!.title }).waitFor();
    expect(await dialog.locator('ol > li').count()).toBe(7);
  });

  it('sends a trial visitor who picks Generate Plan to sign-up with the pending plan stored', async () => {
    const { page } = e2e;
    await startTrial(page, 'I repair vintage bicycles');
    await page.waitForURL((url) => url.pathname === '/ideas-trial', { timeout: 30_000 });

    const first = page.getByTestId('idea-card').first();
    const title = (await first.getByRole('heading').textContent())!;
    await first.getByRole('button', { name: /Generate Plan/ }).click();

    await page.waitForURL((url) => url.pathname === '/auth' && url.searchParams.get('tab') === 'signup');
    const plan = await page.evaluate(() => JSON.parse(sessionStorage.getItem('skilly.pendingPlan') ?? 'null'));
    const trial = await pendingIdeasInStorage(page);
    const idea = trial!.ideas.find((i) => i.title === title) as unknown as { id: string; title: string; description: string; category: string };
    expect(plan).toEqual({ ideaTitle: idea.title, ideaDescription: idea.description, category: idea.category, ideaId: idea.id });
  });

  it('keeps the trial ideas of a visitor who then signs up, on /ideas', async () => {
    const { page } = e2e;
    const skill = 'I speak Spanish and love cooking for friends';
    await startTrial(page, skill);
    await page.waitForURL((url) => url.pathname === '/ideas-trial', { timeout: 30_000 });
    const trial = await pendingIdeasInStorage(page);
    // The server keeps the trial result; the browser holds only the token that claims it after sign-up.
    expect(trial?.trialToken).toEqual(expect.any(String));

    await page.getByRole('link', { name: 'Sign Up' }).first().click();
    await page.waitForURL((url) => url.pathname === '/auth');
    await signUp(page, newMember());
    await page.waitForURL((url) => url.pathname === '/upsell');
    expect(await pendingIdeasInStorage(page)).toBeNull();

    await page.goto('/ideas');
    const set = page.getByTestId('idea-set');
    await set.first().waitFor();
    expect(await set.count()).toBe(1);
    await set.getByText(skill, { exact: true }).waitFor();
    await set.getByText(`${trial!.ideas.length} ideas`).waitFor();
    await set.getByRole('heading', { name: trial!.ideas[0]!.title }).waitFor();
  });

  it('lets a free member generate once a month: 1/1 ideas used, then the idea_limit notice', async () => {
    const { page } = e2e;
    const member = await signedInMember(page);
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: `Welcome back, ${member.firstName}!` }).waitFor();
    await page.getByTestId('subscription-tier').getByText('Free Forever').waitFor();
    await page.getByTestId('usage-idea').getByText('0/1').waitFor();
    await page.getByTestId('credits-countdown').waitFor();
    await page.getByText('No Plans yet', { exact: false }).waitFor();

    const form = page.getByRole('form', { name: 'Generate new ideas' });
    await form.getByLabel('What are your skills or passions?').fill('I build furniture from reclaimed wood');
    await form.getByRole('button', { name: /Generate Ideas/ }).click();
    await page.waitForURL((url) => url.pathname === '/generating');
    expect(new URL(page.url()).searchParams.get('trial')).toBeNull();
    await page.getByText('Generation Complete').waitFor({ timeout: 30_000 });

    await page.waitForURL((url) => url.pathname === '/ideas');
    const set = page.getByTestId('idea-set');
    await set.getByText('I build furniture from reclaimed wood', { exact: true }).waitFor();
    await set.getByRole('button', { name: /Generate Plan/ }).first().waitFor();

    await page.goto('/dashboard');
    await page.getByTestId('usage-idea').getByText('1/1').waitFor();
    const recent = page.getByRole('region', { name: 'Recent Ideas' });
    const link = recent.getByRole('link', { name: /I build furniture from reclaimed wood/ });
    expect(await link.getAttribute('href')).toMatch(/^\/ideas\?scroll=/);
    await link.click();
    await page.waitForURL((url) => url.pathname === '/ideas' && url.searchParams.has('scroll'));
    const scrolled = page.locator(`#idea-set-${new URL(page.url()).searchParams.get('scroll')}`);
    await scrolled.getByRole('button', { expanded: true }).waitFor();
    await page.goto('/dashboard');
    // The statement shows the spend that paid for the set.
    const statement = page.getByRole('region', { name: 'Credit statement' });
    await statement.getByText('Spent 1 idea credit').waitFor();

    await form.getByLabel('What are your skills or passions?').fill('I also restore old chairs');
    await form.getByRole('button', { name: /Generate Ideas/ }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard' && url.searchParams.get('limit') === 'idea_limit');
    const notice = page.getByTestId('limit-notice');
    await notice.getByText('Idea limit reached').waitFor();
    const upgrade = notice.getByRole('link', { name: 'Upgrade to Pro' });
    expect(await upgrade.getAttribute('href')).toBe('/upsell');
    await page.getByTestId('usage-idea').getByText('1/1').waitFor();
  });

  it('tells a visitor without a skill "No skill provided" and goes home', async () => {
    const { page } = e2e;
    await page.goto('/generating?trial=true');
    await page.getByText('No skill provided').waitFor();
    await page.waitForURL((url) => url.pathname === '/');
  });
});
