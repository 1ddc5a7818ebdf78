import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FormNotice } from '../../application/contracts/form-posts';
import { APP_STYLESHEETS_META, ISLAND_HYDRATION_MODULES, ISLANDS_ENTRY, islandPages, memberPrerenderedPages, prerenderedPages } from '../../application/contracts/page-routes';
import { NO_SESSION_META } from '../../application/contracts/session-hint';

/** What the server bundle of the frontend (frontend/src/entry-server.tsx, built to dist-server/) exports. */
interface ServerEntry {
  prerender(url: string, data: { answers: PageAnswers; notice: FormNotice | null }): Promise<{ html: string; stateScript: string }>;
}

/**
 * What the API calls a page reads (contracts/page-routes.ts `pageReadsOf`) answered, by GET path:
 * the body of a 200, or null for a 404 (a blog post that is not published).
 */
export type PageAnswers = Readonly<Record<string, unknown>>;

/** One entry of Vite's build manifest (frontend/dist/.vite/manifest.json). */
export type ManifestChunk = { file: string; css?: string[]; imports?: string[]; isEntry?: boolean };

/** The key of the build's app entry chunk (index.html's script; the islands entry is the other one). */
export const entryKeyOf = (manifest: Record<string, ManifestChunk>) =>
  'index.html' in manifest ? 'index.html' : Object.keys(manifest).find((key) => manifest[key].isEntry && key !== ISLANDS_ENTRY);

/** A chunk's script with every script it imports statically, and their stylesheets (files under dist/). */
export function chunkFilesOf(manifest: Record<string, ManifestChunk>, key: string): { scripts: Set<string>; stylesheets: Set<string> } {
  const scripts = new Set<string>();
  const stylesheets = new Set<string>();
  const visit = (at: string) => {
    const chunk = manifest[at];
    if (!chunk || scripts.has(chunk.file)) return;
    scripts.add(chunk.file);
    for (const file of chunk.css ?? []) stylesheets.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(key);
  return { scripts, stylesheets };
}

/** Where the build writes the island pages' stylesheet (frontend/build/public-stylesheet.ts), under dist/. */
export const PUBLIC_STYLESHEET_FILE = '.vite/public-stylesheet.json';

/** The island pages' cut-down stylesheet (under dist/), and the app's stylesheets it stands for. */
export interface PublicStylesheet {
  file: string;
  appStylesheets: string[];
}

const ROOT = '<div id="root"></div>';
const STYLESHEET_LINK = /\s*<link rel="stylesheet" crossorigin href="[^"]+">/g;
const MAX_CACHED = 64;

export interface Prerenderer {
  /**
   * The page's whole HTML, or null when the path is not one the server prerenders. `notice` is
   * the server's word on a form posted without scripts (../http/form-notice.ts), shown on that form.
   */
  render(route: string, pathname: string, search: string, answers: PageAnswers, notice?: FormNotice | null): Promise<string | null>;
}

/**
 * Public pages rendered on the server from the same React components the browser hydrates, so
 * a visitor sees the page before any script has run. `route` is the page's key in
 * `prerenderedPages`. Each answer is kept per URL, day (the legal pages show today's date) and
 * what the page's API calls answered (an admin's save shows on the next request, no rebuild; a
 * page with a form notice is never kept); null when the build has no server bundle (`npm run
 * build` makes both). Each is a visitor's page, and says so (contracts/session-hint.ts), but
 * for `memberPrerenderedPages`: rendered for the member asking (their reads answered for them),
 * hydrated by the whole app, and never kept.
 */
export async function loadPrerenderer(frontendDir: string): Promise<Prerenderer | null> {
  const entryFile = path.join(frontendDir, '..', 'dist-server', 'entry-server.js');
  const manifestFile = path.join(frontendDir, '.vite', 'manifest.json');
  if (!existsSync(entryFile) || !existsSync(manifestFile)) return null;
  const entry = (await import(pathToFileURL(entryFile).href)) as ServerEntry;
  const template = readFileSync(path.join(frontendDir, 'index.html'), 'utf8');
  if (!template.includes(ROOT)) throw new Error(`${frontendDir}/index.html has no ${ROOT} to render into`);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const publicStylesheetFile = path.join(frontendDir, PUBLIC_STYLESHEET_FILE);
  const publicStylesheet = existsSync(publicStylesheetFile) ? (JSON.parse(readFileSync(publicStylesheetFile, 'utf8')) as PublicStylesheet) : null;
  // Per page: the template with its scripts started after the first paint, and its stylesheets.
  const pages = Object.fromEntries(
    Object.entries(prerenderedPages).map(([route, page]) => {
      const { stylesheets, modules } = pageAssetsOf(manifest, page);
      const island = islandPages[route];
      if (island === undefined || !manifest[ISLANDS_ENTRY]) {
        return [route, withScriptsAfterPaint(template, modules).replace('</head>', `${NO_SESSION_META}${stylesheets}</head>`)];
      }
      const html = withIslandsAfterPaint(template, manifest, island);
      // An island page links its cut-down stylesheet alone, when the build made one.
      return [
        route,
        publicStylesheet
          ? html
              .replace(STYLESHEET_LINK, '')
              .replace(
                '</head>',
                `${NO_SESSION_META}<meta name="${APP_STYLESHEETS_META}" content="${publicStylesheet.appStylesheets.map((file) => `/${file}`).join(' ')}">` +
                  `<link rel="stylesheet" crossorigin href="/${publicStylesheet.file}"></head>`,
              )
          : html.replace('</head>', `${NO_SESSION_META}${stylesheets}</head>`),
      ];
    }),
  );
  // A member's page: the app's entry and the page's stylesheets, and no "signed out" hint. The
  // app starts when the member first reaches for the page: reading it runs no React.
  for (const [route, page] of Object.entries(memberPrerenderedPages)) {
    const { stylesheets, modules } = pageAssetsOf(manifest, page);
    pages[route] = withScriptsAfterPaint(template, modules, { awaitReach: true }).replace('</head>', `${stylesheets}</head>`);
  }
  const cache = new Map<string, string>();

  return {
    async render(route, pathname, search, answers, notice = null) {
      if (!(route in pages)) return null;
      const forMember = route in memberPrerenderedPages;
      const contentKey = createHash('sha1').update(JSON.stringify(answers)).digest('base64url');
      const key = `${pathname}${search} ${new Date().toDateString()} ${contentKey}`;
      // A member's page is never kept: it holds who they are.
      const cached = notice || forMember ? undefined : cache.get(key);
      if (cached) return cached;
      const { html, stateScript } = await entry.prerender(`${pathname}${search}`, { answers, notice });
      // React puts resource hints (<link rel="preload">) first: they belong in the head.
      const hints = html.match(/^(?:<link [^>]*>)+/)?.[0] ?? '';
      const page = pages[route]!
        .replace('</head>', `${hints}</head>`)
        .replace(ROOT, `<div id="root">${html.slice(hints.length)}</div>${stateScript}`);
      if (notice || forMember) return page;
      if (cache.size >= MAX_CACHED) cache.clear();
      cache.set(key, page);
      return page;
    },
  };
}

/**
 * The page is readable before any script runs, so its scripts start once it has been painted:
 * the entry script and its preloads are replaced by /boot.js (frontend/public/boot.js), which
 * adds them after the first frame. The page chunk's modules are preloaded the same way. With
 * `awaitReach` (a member's page), the app starts when the member first reaches for the page.
 */
function withScriptsAfterPaint(html: string, pageModules: string[], { awaitReach = false } = {}): string {
  const entry = html.match(/<script type="module" crossorigin src="([^"]+)"><\/script>/);
  if (!entry) throw new Error('index.html has no module entry script');
  const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((match) => match[1]);
  const boot = `<script src="/boot.js" defer data-entry="${entry[1]}" data-preload="${[...preloads, ...pageModules].join(' ')}"${awaitReach ? ' data-await-reach' : ''}></script>`;
  return html
    .replace(entry[0], boot)
    .replace(/\s*<link rel="modulepreload" crossorigin href="[^"]+">/g, '');
}

/**
 * The scripts a visitor's island page loads first: the islands entry, what it hydrates with
 * (`ISLAND_HYDRATION_MODULES`) and the page's island module, each with its static imports.
 */
export function islandScriptsOf(manifest: Record<string, ManifestChunk>, islandModule: string | null): Set<string> {
  const modules = [ISLANDS_ENTRY, ...ISLAND_HYDRATION_MODULES, ...(islandModule ? [islandModule] : [])];
  return new Set(modules.flatMap((module) => [...chunkFilesOf(manifest, module).scripts]));
}

/**
 * A page hydrated as islands: /boot.js starts the islands entry (frontend/src/islands.tsx) and
 * preloads its static imports and the page's island module (with its own); the app's entry and
 * its preloads are left out (the page keeps the app's stylesheets).
 */
function withIslandsAfterPaint(html: string, manifest: Record<string, ManifestChunk>, islandModule: string | null): string {
  const entry = html.match(/<script type="module" crossorigin src="([^"]+)"><\/script>/);
  if (!entry) throw new Error('index.html has no module entry script');
  const file = manifest[ISLANDS_ENTRY].file;
  const preloads = [...islandScriptsOf(manifest, islandModule)].filter((script) => script !== file).map((script) => `/${script}`);
  const boot = `<script src="/boot.js" defer data-entry="/${file}" data-preload="${preloads.join(' ')}"></script>`;
  return html.replace(entry[0], boot).replace(/\s*<link rel="modulepreload" crossorigin href="[^"]+">/g, '');
}

/** The stylesheets a page's chunk needs at once and the modules it imports (those of the entry are in index.html already). */
function pageAssetsOf(manifest: Record<string, ManifestChunk>, page: string | null): { stylesheets: string; modules: string[] } {
  if (!page) return { stylesheets: '', modules: [] };
  const entryKey = entryKeyOf(manifest);
  const entry = entryKey ? chunkFilesOf(manifest, entryKey) : { scripts: new Set<string>(), stylesheets: new Set<string>() };
  const own = chunkFilesOf(manifest, page);
  return {
    stylesheets: [...own.stylesheets]
      .filter((file) => !entry.stylesheets.has(file))
      .map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`)
      .join(''),
    modules: [...own.scripts].filter((file) => !entry.scripts.has(file)).map((file) => `/${file}`),
  };
}
