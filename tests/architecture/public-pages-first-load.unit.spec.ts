import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ISLAND_HYDRATION_MODULES, ISLANDS_ENTRY, islandPages, prerenderedPages } from '../../backend/application/contracts/page-routes';

/**
 * A visitor's public pages load the islands entry (frontend/src/islands.tsx) and nothing of the
 * member app: its static import graph, read from source, must not reach Blueprint, the router,
 * the app's entry or the member app's code. Dynamic import() is allowed (how a session boots the
 * app, how an island loads a part on demand); type-only imports are erased by the build.
 */
const root = path.resolve(import.meta.dirname, '../..');
const src = path.join(root, 'frontend/src');
const contracts = path.join(root, 'backend/application/contracts');

/** The islands entry, what it hydrates with and every page's island module (contracts/page-routes.ts), which the entry loads and the server preloads. */
const islandRoots = [ISLANDS_ENTRY, ...ISLAND_HYDRATION_MODULES, ...Object.values(islandPages).filter((file) => file !== null)].map((file) => path.join(root, 'frontend', file));

const memberFeatures = ['account', 'admin', 'billing', 'credits', 'dashboard', 'ideas', 'plans', 'support'];
const publicPages = ['home.tsx', 'auth.tsx', 'ideas-trial.tsx'];
/** Files under app/ that are the visitor's top bar, not the member app. */
const publicAppFiles = ['app/layout/visitor-top-nav.tsx', 'app/layout/nav-links.ts'];
/** Files of a member feature that are a visitor's page too (the trial ideas page's view and island). */
const publicFeatureFiles = [
  'features/ideas/components/ideas-trial-screen.tsx',
  'features/ideas/components/ideas-trial-screen.css',
  'features/ideas/components/ideas-trial-island.tsx',
];

/** Why a package or a source file may not be in a visitor's first load, or null when it may. */
function forbidden(target: string): string | null {
  if (target.startsWith('@blueprintjs/')) return 'Blueprint';
  if (/^react-router/.test(target)) return 'the router';
  if (!path.isAbsolute(target)) return null;
  const relative = path.relative(src, target).split(path.sep).join('/');
  if (relative.startsWith('..')) return null;
  if (relative === 'main.tsx') return 'the app entry';
  if (relative.startsWith('app/') && !publicAppFiles.includes(relative)) return 'the member app (app/)';
  if (relative.startsWith('pages/') && !publicPages.includes(relative.slice('pages/'.length))) return 'a member page';
  if (publicFeatureFiles.includes(relative)) return null;
  const feature = relative.match(/^features\/([^/]+)\//)?.[1];
  if (feature && memberFeatures.includes(feature)) return `the member feature ${feature}`;
  return null;
}

/** The specifiers a module imports statically (not `import type`, not `import()`). */
function staticImports(code: string): string[] {
  const withoutComments = code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const found: string[] = [];
  for (const match of withoutComments.matchAll(/^\s*(import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]/gm)) {
    if (!match[2]) found.push(match[3]);
  }
  return found;
}

/** A specifier resolved as the build does (relative paths, the @contracts alias), or kept as a package name. */
function resolve(from: string, specifier: string): string {
  const base = specifier.startsWith('@contracts/')
    ? path.join(contracts, specifier.slice('@contracts/'.length))
    : specifier.startsWith('.')
      ? path.resolve(path.dirname(from), specifier)
      : null;
  if (!base) return specifier;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
    if (existsSync(candidate) && !candidate.endsWith(path.sep) && /\.(tsx?|css)$/.test(candidate)) return candidate;
  }
  throw new Error(`${from}: cannot resolve ${specifier}`);
}

/** Every forbidden module reached statically from `entries`, with the chain that reaches it. */
export function firstLoadViolations(entries: string[]): string[] {
  const violations: string[] = [];
  const seen = new Set<string>();
  const visit = (file: string, chain: string[]) => {
    if (seen.has(file)) return;
    seen.add(file);
    const reason = forbidden(file);
    const here = [...chain, path.isAbsolute(file) ? path.relative(root, file) : file];
    if (reason) {
      violations.push(`${reason}: ${here.join(' -> ')}`);
      return;
    }
    if (!path.isAbsolute(file) || file.endsWith('.css')) return;
    for (const specifier of staticImports(readFileSync(file, 'utf8'))) visit(resolve(file, specifier), here);
  };
  for (const entry of entries) visit(entry, []);
  return violations;
}

describe("a visitor's public pages' first load", () => {
  it('finds Blueprint reached through a static import chain, and not what is only imported dynamically or as a type', () => {
    const violations = firstLoadViolations([path.join(import.meta.dirname, 'fixtures/islands-violation/entry.tsx')]);
    // Its stylesheet and its code, both through entry.tsx -> part.ts; the router only dynamically.
    expect(violations).toEqual([
      expect.stringMatching(/^Blueprint: .*entry\.tsx -> .*part\.ts -> @blueprintjs\/core\/lib\/css\/blueprint\.css$/),
      expect.stringMatching(/^Blueprint: .*entry\.tsx -> .*part\.ts -> @blueprintjs\/core$/),
    ]);
  });

  it('knows the member app and the app entry when it sees them', () => {
    expect(forbidden(path.join(src, 'main.tsx'))).toBe('the app entry');
    expect(forbidden(path.join(src, 'app/router.tsx'))).toBe('the member app (app/)');
    expect(forbidden(path.join(src, 'pages/dashboard.tsx'))).toBe('a member page');
    expect(forbidden(path.join(src, 'features/plans/components/plan-detail.tsx'))).toBe('the member feature plans');
    expect(forbidden('react-router-dom')).toBe('the router');
    expect(forbidden(path.join(src, 'features/homepage/components/hero-view.tsx'))).toBeNull();
  });

  it("loads each island page's own island module where the islands entry hydrates, for a page the server prerenders", () => {
    const entry = readFileSync(path.join(root, 'frontend', ISLAND_HYDRATION_MODULES[0]), 'utf8');
    for (const [page, islandModule] of Object.entries(islandPages)) {
      expect(Object.keys(prerenderedPages)).toContain(page);
      if (islandModule === null) continue;
      expect(entry).toContain(`import('./${path.posix.relative('src', islandModule).replace(/\.tsx?$/, '')}')`);
    }
  });

  it('every public page the server prerenders is an island page: none falls back to the whole app', () => {
    expect(Object.keys(islandPages).sort()).toEqual(Object.keys(prerenderedPages).sort());
  });

  it('the islands entry and its islands reach no Blueprint, router, app entry or member app code', () => {
    expect(firstLoadViolations(islandRoots)).toEqual([]);
  });
});
