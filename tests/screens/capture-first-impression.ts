/**
 * Screenshots of what a newcomer meets first (issue 22): the generating screen mid-stream and
 * /ideas-trial, for three skills, at 1440 and 390 px, into docs/screens/. Starts the real server
 * (embedded database, offline generator) on a free port and stops it at the end.
 *
 *   node --import tsx tests/screens/capture-first-impression.ts
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { ROOT, startApp } from '../e2e/support/app-server';

const skills = [
  { slug: 'guitar', skill: 'I teach guitar' },
  { slug: 'sourdough', skill: 'bake sourdough bread' },
  { slug: 'designer', skill: 'I am a graphic designer who loves illustrating pets' },
];
const widths = [
  { name: '1440', viewport: { width: 1440, height: 900 } },
  { name: '390', viewport: { width: 390, height: 844 } },
];

// Six trial generations from one address: more than the default daily trial allows.
process.env.TRIAL_GENERATIONS_PER_DAY = '100';
const out = path.join(ROOT, 'docs/screens');
mkdirSync(out, { recursive: true });

const app = await startApp();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  for (const { slug, skill } of skills) {
    for (const { name, viewport } of widths) {
      const context = await browser.newContext({ baseURL: app.baseUrl, viewport });
      const page = await context.newPage();
      await page.goto(`/generating?${new URLSearchParams({ skill, trial: 'true' })}`);
      // Mid-stream: a few ideas written, the rest still coming.
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="streaming-idea"]').length >= 3, undefined, { polling: 20 });
      await page.screenshot({ path: path.join(out, `generating-${slug}-${name}.png`) });
      await page.waitForURL((url) => url.pathname === '/ideas-trial', { timeout: 60_000 });
      await page.getByTestId('idea-card').first().waitFor();
      await page.screenshot({ path: path.join(out, `ideas-trial-${slug}-${name}.png`) });
      console.log(`captured ${slug} at ${name} px`);
      await context.close();
    }
  }
} finally {
  await browser.close();
  await app.stop();
}
