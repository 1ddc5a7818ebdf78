import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The project runs on Node 20 (package.json `engines`). Every installed package must accept it,
 * or `npm ci` warns EBADENGINE and the package may use APIs Node 20 lacks (issue 8 item 9).
 */
/** npm's own range rules (the `semver` package npm uses), so `18 || 20 || >=22` reads as npm reads it. */
const semver = createRequire(import.meta.url)('semver') as { satisfies(version: string, range: string): boolean };
const root = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => JSON.parse(readFileSync(path.join(root, file), 'utf8'));

describe('Node 20 support', () => {
  it('package.json declares engines.node that admits Node 20.19', () => {
    const range = read('package.json').engines?.node;
    expect(range).toBeTruthy();
    expect(semver.satisfies('20.19.0', range)).toBe(true);
  });

  it('every package in package-lock.json admits Node 20.19 in its engines', () => {
    const lock = read('package-lock.json') as { packages: Record<string, { version?: string; engines?: unknown }> };
    const refusing: string[] = [];
    for (const [where, pkg] of Object.entries(lock.packages)) {
      const engines = pkg.engines as { node?: string } | string[] | undefined;
      const range = engines && !Array.isArray(engines) ? engines.node : undefined;
      if (range && !semver.satisfies('20.19.0', range)) refusing.push(`${where}@${pkg.version} (node ${range})`);
    }
    expect(refusing).toEqual([]);
  });
});
