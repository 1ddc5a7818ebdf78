import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { ROOT, type RunningApp, startApp } from './app-server';

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export type E2E = {
  readonly baseUrl: string;
  /** A fresh browser context and page for the current test (a signed-out visitor). */
  readonly page: Page;
  /** Another independent visitor (own cookies) in the same test. */
  newPage: (viewport?: { width: number; height: number }) => Promise<Page>;
};

/**
 * Per test file: the real server and Debian's Chromium; per test: fresh contexts, and a screenshot of
 * each open page in test-results/ when the test fails.
 */
export function setupE2E(
  viewport = { width: 1280, height: 900 },
  /** Settings of the app's configuration this file needs, worked out before it starts (a provider started first). */
  options: { env?: () => Promise<Record<string, string>> } = {},
): E2E {
  let app: RunningApp | undefined;
  let browser: Browser | undefined;
  let contexts: BrowserContext[] = [];
  let page: Page | undefined;

  const newPage = async (size = viewport) => {
    const context = await browser!.newContext({ baseURL: app!.baseUrl, viewport: size, reducedMotion: 'no-preference' });
    // Playwright's own default: a ceiling, not a duration. `npm test` runs the backend suites beside
    // these on two cores, and a form's answer once took past 15 s there (passing alone in 9 s).
    context.setDefaultTimeout(30_000);
    contexts.push(context);
    const page = await context.newPage();
    // A prerendered page is painted before it is hydrated: act on it once the app is live.
    const live = () => page.locator('html[data-app-ready="true"]').waitFor({ state: 'attached' });
    const goto = page.goto.bind(page);
    page.goto = async (...args: Parameters<Page['goto']>) => {
      const response = await goto(...args);
      await live();
      return response;
    };
    const reload = page.reload.bind(page);
    page.reload = async (...args: Parameters<Page['reload']>) => {
      const response = await reload(...args);
      await live();
      return response;
    };
    return page;
  };

  beforeAll(async () => {
    const [started, launched] = await Promise.allSettled([
      (options.env ? options.env() : Promise.resolve({})).then((env) => startApp(env)),
      chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS }),
    ]);
    // Whichever started is kept so that afterAll stops it, even when the other failed.
    if (started.status === 'fulfilled') app = started.value;
    if (launched.status === 'fulfilled') browser = launched.value;
    if (started.status === 'rejected') throw started.reason;
    if (launched.status === 'rejected') throw launched.reason;
  });

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  beforeEach(async () => {
    page = await newPage();
  });

  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') {
      const dir = path.join(ROOT, 'test-results');
      mkdirSync(dir, { recursive: true });
      const name = `${task.file?.name ?? ''} ${task.name}`.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '').slice(0, 150);
      let index = 0;
      for (const context of contexts) {
        for (const open of context.pages()) {
          await open.screenshot({ path: path.join(dir, `${name}${index++ ? `-${index}` : ''}.png`), fullPage: true }).catch(() => {});
        }
      }
    }
    await Promise.all(contexts.map((context) => context.close()));
    contexts = [];
  });

  return {
    get baseUrl() {
      return app!.baseUrl;
    },
    get page() {
      return page!;
    },
    newPage,
  };
}

let counter = 0;
/** A unique, valid new member. */
export function newMember() {
  counter += 1;
  const id = `${Date.now().toString(36)}${counter}${Math.random().toString(36).slice(2, 6)}`;
  return { firstName: 'Mia', lastName: `Tester${counter}`, email: `mia.${id}@example.com`, password: 'member-password-1' };
}

/** Fills and submits the auth page's "Create account" form (the confirmation differs when given). */
export async function fillSignUp(page: Page, member: ReturnType<typeof newMember>, confirm = member.password): Promise<void> {
  const form = page.getByRole('form', { name: 'Create account' });
  await form.getByLabel('First Name').fill(member.firstName);
  await form.getByLabel('Last Name').fill(member.lastName);
  await form.getByLabel('Email').fill(member.email);
  await form.getByLabel('Password', { exact: true }).fill(member.password);
  await form.getByLabel('Confirm Password').fill(confirm);
  await form.getByRole('button', { name: 'Create Account' }).click();
}

/** Signs in through the auth page's "Sign in" form. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/auth?tab=signin');
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Sign In' }).click();
}
