import { existsSync } from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startApp } from '../e2e/support/app-server';
import { target } from './targets';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export interface LighthouseFigure {
  route: string;
  performance: number;
  accessibility: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
}

/**
 * Lighthouse 12, mobile form factor with simulated throttling (its defaults: slow 4G, 4x CPU),
 * performance and accessibility of the public pages a visitor reaches first, as a visitor
 * (no cookie), against the real server (`npm start`'s code on its embedded defaults). Null
 * when Debian's Chromium is not installed.
 */
export async function benchLighthouse(routes = ['/', '/auth', '/ideas-trial']): Promise<LighthouseFigure[] | null> {
  if (!existsSync(CHROMIUM)) return null;
  const app = await startApp();
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
  try {
    const figures: LighthouseFigure[] = [];
    for (const route of routes) {
      const result = await lighthouse(`${app.baseUrl}${route}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
        formFactor: 'mobile',
        throttlingMethod: 'simulate',
      });
      if (!result) throw new Error(`Lighthouse gave no result for ${route}`);
      const { categories, audits } = result.lhr;
      figures.push({
        route,
        performance: Math.round((categories.performance.score ?? 0) * 100),
        accessibility: Math.round((categories.accessibility.score ?? 0) * 100),
        fcpMs: Math.round(audits['first-contentful-paint'].numericValue ?? NaN),
        lcpMs: Math.round(audits['largest-contentful-paint'].numericValue ?? NaN),
        tbtMs: Math.round(audits['total-blocking-time'].numericValue ?? NaN),
        cls: Number((audits['cumulative-layout-shift'].numericValue ?? NaN).toFixed(3)),
      });
    }
    return figures;
  } finally {
    chrome.kill();
    await app.stop();
  }
}

/** Prints each public page's Lighthouse mobile figures with their targets (issue 35 item 1). */
export function printLighthouse(figures: LighthouseFigure[]) {
  for (const f of figures) {
    console.log(
      `lighthouse mobile ${f.route.padEnd(13)} performance ${f.performance} ${target(`lighthouse performance ${f.route}`, f.performance, 'min', 95)}  ` +
        `TBT ${f.tbtMs} ms ${target(`lighthouse TBT ${f.route}`, f.tbtMs, 'max', 150, ' ms')}  ` +
        `LCP ${f.lcpMs} ms ${target(`lighthouse LCP ${f.route}`, f.lcpMs, 'max', 2000, ' ms')}  ` +
        `CLS ${f.cls} ${target(`lighthouse CLS ${f.route}`, f.cls, 'max', 0.05)}  ` +
        `FCP ${f.fcpMs} ms  accessibility ${f.accessibility}`,
    );
  }
}
