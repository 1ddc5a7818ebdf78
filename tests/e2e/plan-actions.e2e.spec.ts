import type { Page, Request, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newMember, setupE2E } from './support/e2e';

const e2e = setupE2E({ width: 1280, height: 700 });

type Task = { id: string; title: string; completed: string; helpResponse: string | null };
type Plan = { id: string; title: string; currentMilestone: number; milestones: { id: string; isDetailed: string; tasks: Task[] }[] };

const savedIdea = {
  id: 'fiverr-1',
  title: 'Pet portraits in watercolour',
  subtitle: 'Custom pet paintings',
  description: 'Paint pets from their owners’ photos.',
  category: 'fiverr',
  industry: 'Pets',
  method: 'Fiverr gig with three tiers',
  pricing: '$40-$120 per portrait',
};
type PlanRequest = { ideaTitle: string; ideaDescription: string; category: string; ideaId: string };
let idea: PlanRequest;
const generatingUrl = () => `/generating?${new URLSearchParams({ type: 'plan', ...idea })}`;

/** A signed-in free member (the page's cookies) with one saved idea to plan, through the API. */
async function signUp(page: Page) {
  const response = await page.request.post('/api/auth/signup', { data: { ...newMember(), role: 'free' } });
  expect(response.status()).toBeLessThan(300);
  await api(page, '/api/idea-sets', {
    method: 'POST',
    data: { skill: 'I paint pets in watercolour', categories: [{ id: 'fiverr', name: 'Fiverr Gigs', color: 'green' }], ideas: [savedIdea] },
  });
  const [set] = await api<{ ideas: { id: string; title: string; description: string; category: string }[] }[]>(page, '/api/idea-sets');
  const saved = set!.ideas[0]!;
  idea = { ideaTitle: saved.title, ideaDescription: saved.description, category: saved.category, ideaId: saved.id };
}

async function api<T>(page: Page, path: string, init: { method?: 'GET' | 'POST' | 'PATCH'; data?: unknown } = {}): Promise<T> {
  const response = await page.request.fetch(path, { method: init.method ?? 'GET', data: init.data });
  expect(response.status(), `${init.method ?? 'GET'} ${path}`).toBeLessThan(300);
  return (await response.json()) as T;
}

const balances = async (page: Page) => (await api<{ balances: { plan: number; milestone: number; help: number } }>(page, '/api/credits')).balances;
const plans = (page: Page) => api<Plan[]>(page, '/api/plans');
const planOf = (page: Page, id: string) => api<Plan>(page, `/api/plans/${id}`);
const week1Tasks = async (page: Page, id: string) => (await planOf(page, id)).milestones[0]!.tasks;

async function newPlan(page: Page): Promise<string> {
  return (await api<{ planId: string }>(page, '/api/plans/generate', { method: 'POST', data: idea })).planId;
}

async function openPlan(page: Page, planId: string) {
  await page.goto(`/plan/${planId}`);
  await page.getByRole('heading', { level: 1 }).waitFor();
}

/**
 * Holds the first answer of a call: the server gets the request and does the work at once, but the
 * page sees nothing until `release` (or never, when the page reloads or leaves meanwhile). Later
 * calls go straight through. Every call's Idempotency-Key is recorded.
 */
async function holdFirstAnswer(page: Page, url: string | RegExp) {
  const keys: (string | undefined)[] = [];
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let served!: () => void;
  const firstServed = new Promise<void>((resolve) => (served = resolve));
  await page.route(url, async (route: Route, request: Request) => {
    if (request.method() !== 'POST') return route.continue();
    keys.push(request.headers()['idempotency-key']);
    if (keys.length > 1) return route.continue();
    const response = await route.fetch();
    served();
    await released;
    await route.fulfill({ response }).catch(() => {});
  });
  return { keys, release, firstServed };
}

/** Two clicks in one go (before the page can re-render): the worst case of a double click. */
const clickTwice = (page: Page, selector: string) =>
  page.locator(selector).first().evaluate((element) => {
    (element as HTMLElement).click();
    (element as HTMLElement).click();
  });

describe('plan actions have one effect, whatever the member does meanwhile', () => {
  it('a reload in the middle of plan generation makes one plan with one credit, and opens it', async () => {
    const { page } = e2e;
    await signUp(page);
    const before = await balances(page);
    const held = await holdFirstAnswer(page, '**/api/plans/generate');
    await page.goto(generatingUrl());
    await held.firstServed;
    await page.reload();
    await page.waitForURL((url) => url.pathname.startsWith('/plan/'), { timeout: 30_000 });
    held.release();

    const all = await plans(page);
    expect(all).toHaveLength(1);
    expect(new URL(page.url()).pathname).toBe(`/plan/${all[0]!.id}`);
    expect((await balances(page)).plan).toBe(before.plan - 1);
    expect(held.keys).toHaveLength(2);
    expect(held.keys[0]).toBeTruthy();
    expect(held.keys[1]).toBe(held.keys[0]);
  });

  it('Back then Forward in the middle of plan generation makes one plan with one credit, and opens it', async () => {
    const { page } = e2e;
    await signUp(page);
    const before = await balances(page);
    await page.goto('/plans');
    const held = await holdFirstAnswer(page, '**/api/plans/generate');
    await page.goto(generatingUrl());
    await held.firstServed;
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/plans');
    await page.goForward();
    held.release();
    await page.waitForURL((url) => url.pathname.startsWith('/plan/'), { timeout: 30_000 });

    expect(await plans(page)).toHaveLength(1);
    expect((await balances(page)).plan).toBe(before.plan - 1);
    expect(new Set(held.keys.filter(Boolean)).size).toBeLessThanOrEqual(1);
  });

  it('a double click adds one task, asks for help once and generates the next milestone once, each showing its own outcome', async () => {
    const { page } = e2e;
    await signUp(page);
    const planId = await newPlan(page);
    const tasksBefore = (await week1Tasks(page, planId)).length;
    const before = await balances(page);
    await openPlan(page, planId);
    const week1 = page.getByTestId('milestone').first();

    // Add a task: one task.
    await week1.getByRole('textbox', { name: 'Add a task' }).fill('Post in two pet groups');
    await clickTwice(page, '[data-testid="milestone"] button[aria-label="Add task"]');
    await page.getByText('Task added successfully').first().waitFor();
    await week1.getByRole('checkbox', { name: 'Post in two pet groups' }).waitFor({ state: 'attached' });
    expect(await page.getByText('Failed to add task').count()).toBe(0);
    const tasks = await week1Tasks(page, planId);
    expect(tasks).toHaveLength(tasksBefore + 1);
    expect(tasks.filter((task) => task.title === 'Post in two pet groups')).toHaveLength(1);

    // Help: one answer, one credit, no refusal after it.
    const firstTask = week1.getByTestId('plan-task').first();
    await clickTwice(page, '[data-testid="plan-task"] button.plan-task-help');
    await firstTask.getByRole('button', { name: /Help Provided/ }).waitFor({ timeout: 30_000 });
    expect(await page.getByText('Help was already provided').count()).toBe(0);
    expect((await balances(page)).help).toBe(before.help - 1);

    // Every task done (through the API), then the next milestone: one milestone, one credit, its success shown.
    for (const task of await week1Tasks(page, planId)) await api(page, `/api/tasks/${task.id}/toggle`, { method: 'PATCH', data: { completed: true } });
    await page.reload();
    const next = page.getByRole('button', { name: /^Generate Next Milestone \(1\/\d+\)$/ });
    await next.waitFor();
    await page.waitForFunction(() => [...document.querySelectorAll('button')].some((b) => b.textContent?.startsWith('Generate Next Milestone') && !b.disabled));
    await clickTwice(page, '.next-milestone button.bp6-intent-primary');
    await page.getByText('Next milestone generated successfully!').waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: /^Generate Next Milestone \(2\/\d+\)$/ }).waitFor();
    expect(await page.getByText('Cannot generate milestone').count()).toBe(0);
    expect((await balances(page)).milestone).toBe(before.milestone - 1);
    expect((await planOf(page, planId)).currentMilestone).toBe(2);
  });

  it('a reload in the middle of the next milestone shows its success once it is known, with one credit spent', async () => {
    const { page } = e2e;
    await signUp(page);
    const planId = await newPlan(page);
    for (const task of await week1Tasks(page, planId)) await api(page, `/api/tasks/${task.id}/toggle`, { method: 'PATCH', data: { completed: true } });
    const before = await balances(page);
    await openPlan(page, planId);
    const held = await holdFirstAnswer(page, '**/api/plans/*/generate-next-milestone');
    await page.getByRole('button', { name: /^Generate Next Milestone \(1\/\d+\)$/ }).click();
    await held.firstServed;
    await page.reload();
    await page.getByText('Next milestone generated successfully!').waitFor({ timeout: 30_000 });
    held.release();

    expect(held.keys).toHaveLength(2);
    expect(held.keys[1]).toBe(held.keys[0]);
    expect((await planOf(page, planId)).currentMilestone).toBe(2);
    expect((await balances(page)).milestone).toBe(before.milestone - 1);
  });

  it('Back then Forward in the middle of a help request keeps the button busy, then shows the help; one credit', async () => {
    const { page } = e2e;
    await signUp(page);
    const planId = await newPlan(page);
    const before = await balances(page);
    await page.goto('/plans');
    await page.getByRole('link', { name: /View Plan/ }).first().click();
    await page.waitForURL((url) => url.pathname === `/plan/${planId}`);
    const held = await holdFirstAnswer(page, '**/api/tasks/*/help');
    const task = page.getByTestId('plan-task').first();
    await task.getByRole('button', { name: /Ask for help/ }).click();
    await held.firstServed;
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/plans');
    await page.goForward();
    await page.waitForURL((url) => url.pathname === `/plan/${planId}`);
    // The call is still on its way: the button says so and cannot ask again.
    const busy = page.getByTestId('plan-task').first().getByRole('button', { name: 'Loading...' });
    await busy.waitFor();
    expect(await busy.isDisabled()).toBe(true);
    held.release();
    await page.getByTestId('plan-task').first().getByRole('button', { name: /Help Provided/ }).waitFor({ timeout: 30_000 });
    expect(await page.getByText('Help was already provided').count()).toBe(0);
    expect((await balances(page)).help).toBe(before.help - 1);
  });

  it('shows the help limit banner where the member clicked, in view and focused', async () => {
    const { page } = e2e;
    await signUp(page);
    const planId = await newPlan(page);
    const milestoneId = (await planOf(page, planId)).milestones[0]!.id;
    await api(page, `/api/plans/${planId}/milestones/${milestoneId}/tasks`, { method: 'POST', data: { title: 'One more task at the bottom' } });
    const tasks = await week1Tasks(page, planId);
    // Spend every help credit on the other tasks.
    const { help } = await balances(page);
    for (const task of tasks.slice(0, help)) await api(page, `/api/tasks/${task.id}/help`, { method: 'POST' });
    expect((await balances(page)).help).toBe(0);

    await openPlan(page, planId);
    const last = page.getByTestId('plan-task').filter({ hasText: 'One more task at the bottom' });
    await last.getByRole('button', { name: /Ask for help/ }).click();
    const banner = page.getByTestId('plan-limit-banner');
    await banner.waitFor();
    await page.waitForFunction(() => {
      const box = document.querySelector('[data-testid="plan-limit-banner"]')!.getBoundingClientRect();
      return box.top >= 0 && box.bottom <= window.innerHeight;
    });
    expect(await banner.textContent()).toContain('Go Pro to unlock advanced features');
    expect(await page.evaluate(() => document.activeElement?.closest('.plan-limit-banner-wrap') !== null)).toBe(true);
  });

  it('gives a milestone title the row’s width on a phone and says the plan’s length as “6 weeks”', async () => {
    const page = await e2e.newPage({ width: 375, height: 800 });
    await signUp(page);
    const planId = await newPlan(page);
    await openPlan(page, planId);
    const title = page.getByTestId('milestone').first().locator('.milestone-title');
    const width = (await title.boundingBox())!.width;
    const row = (await page.getByTestId('milestone').first().boundingBox())!.width;
    expect(width).toBeGreaterThan(row - 120);
    const header = (await page.locator('.plan-header-badges').textContent()) ?? '';
    expect(header).toMatch(/\d+ weeks/);
    expect(header).not.toContain('×');
  });
});
