import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { measureFrontend } from '../bench/frontend-size';
import { ensureFrontendBuilt, ROOT } from '../e2e/support/app-server';

/** Issue 16: the landing page's first load (entry script + the modules index.html preloads). */
const FIRST_LOAD_BUDGET_GZIP_BYTES = 170 * 1024;
const dist = path.join(ROOT, 'frontend/dist');

beforeAll(() => ensureFrontendBuilt(), 120_000);

describe('the built frontend', () => {
  it(`loads at most ${FIRST_LOAD_BUDGET_GZIP_BYTES} bytes of gzip JavaScript before the landing page renders`, () => {
    const size = measureFrontend(dist);
    expect(size).not.toBeNull();
    expect(size!.initialJsGzipBytes).toBeLessThanOrEqual(FIRST_LOAD_BUDGET_GZIP_BYTES);
    expect(size!.adminCodeInFirstLoad).toBe(false);
  });

  it('ships a brotli and a gzip copy of every script, stylesheet and index.html above 1 KB', () => {
    const files = ['index.html', ...readdirSync(path.join(dist, 'assets')).map((file) => `assets/${file}`)].filter(
      (file) => /\.(js|css|html)$/.test(file) && statSync(path.join(dist, file)).size >= 1024,
    );
    expect(files.length).toBeGreaterThan(3);
    for (const file of files) {
      expect(existsSync(path.join(dist, `${file}.br`)), `${file}.br`).toBe(true);
      expect(existsSync(path.join(dist, `${file}.gz`)), `${file}.gz`).toBe(true);
    }
  });
});
