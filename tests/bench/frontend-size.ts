import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { target } from './targets';
import { ISLANDS_ENTRY, islandPages, prerenderedPages } from '../../backend/application/contracts/page-routes';
import { chunkFilesOf, entryKeyOf, islandScriptsOf, type ManifestChunk, PUBLIC_STYLESHEET_FILE, type PublicStylesheet } from '../../backend/infrastructure/http/prerender';

export interface FrontendSize {
  initialScripts: string[];
  initialJsGzipBytes: number;
  initialJsBytes: number;
  lazyChunks: number;
  lazyJsGzipBytes: number;
  /** Admin-only chunks, and whether any of them is among the first-load scripts. */
  adminChunks: string[];
  adminCodeInFirstLoad: boolean;
}

/**
 * What the landing page loads first: the entry script and the modules index.html preloads.
 * Everything else under assets/ is loaded lazily (admin screens among them).
 */
export function measureFrontend(distDir: string): FrontendSize | null {
  const index = path.join(distDir, 'index.html');
  if (!existsSync(index)) return null;
  const html = readFileSync(index, 'utf8');
  const initial = [...html.matchAll(/(?:src|href)="\/?(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
  const unique = [...new Set(initial)];
  const gz = (file: string) => gzipSync(readFileSync(path.join(distDir, file)), { level: 9 }).length;
  const all = readdirSync(path.join(distDir, 'assets')).filter((f) => f.endsWith('.js')).map((f) => `assets/${f}`);
  const lazy = all.filter((f) => !unique.includes(f));
  return {
    initialScripts: unique,
    initialJsGzipBytes: unique.reduce((sum, f) => sum + gz(f), 0),
    initialJsBytes: unique.reduce((sum, f) => sum + readFileSync(path.join(distDir, f)).length, 0),
    lazyChunks: lazy.length,
    lazyJsGzipBytes: lazy.reduce((sum, f) => sum + gz(f), 0),
    adminChunks: all.filter(isAdminChunk),
    adminCodeInFirstLoad: unique.some(isAdminChunk),
  };
}

/** Chunks named after admin-only screens (the homepage editor, the back-office). */
const isAdminChunk = (file: string) => /(homepage-editor|admin)[^/]*\.js$/.test(file);

export interface RouteFirstLoad {
  route: string;
  js: { files: number; brotliBytes: number; gzipBytes: number };
  css: { files: number; brotliBytes: number; gzipBytes: number };
}

/**
 * What a first visit to a route transfers (on an islands page, frontend/src/islands.tsx with its
 * static imports instead of the app's entry) as scripts and stylesheets, compressed as the server
 * sends them (the .br/.gz files the build writes): the entry with its static imports, plus the
 * route's page chunk with its static imports. Needs the build's .vite/manifest.json.
 */
export function measureRouteFirstLoads(distDir: string): RouteFirstLoad[] | null {
  const manifestFile = path.join(distDir, '.vite/manifest.json');
  if (!existsSync(manifestFile)) return null;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const entryKey = entryKeyOf(manifest);
  if (!entryKey) return null;
  const onWire = (file: string, ext: 'br' | 'gz') => {
    const compressed = path.join(distDir, `${file}.${ext}`);
    return existsSync(compressed) ? statSync(compressed).size : statSync(path.join(distDir, file)).size;
  };
  const sizes = (files: Set<string>) => ({
    files: files.size,
    brotliBytes: [...files].reduce((sum, file) => sum + onWire(file, 'br'), 0),
    gzipBytes: [...files].reduce((sum, file) => sum + onWire(file, 'gz'), 0),
  });
  const publicStylesheetFile = path.join(distDir, PUBLIC_STYLESHEET_FILE);
  const publicStylesheet = existsSync(publicStylesheetFile) ? (JSON.parse(readFileSync(publicStylesheetFile, 'utf8')) as PublicStylesheet) : null;
  return Object.entries(prerenderedPages).map(([route, page]) => {
    const island = islandPages[route];
    if (island !== undefined && manifest[ISLANDS_ENTRY]) {
      // A visitor's island page loads the islands entry and its island module, each with its
      // static imports (the server preloads exactly those), and links the build's cut-down
      // stylesheet (else the app's stylesheets and the page's).
      const scripts = islandScriptsOf(manifest, island);
      if (publicStylesheet) return { route, js: sizes(scripts), css: sizes(new Set([publicStylesheet.file])) };
      const appStyles = chunkFilesOf(manifest, entryKey).stylesheets;
      const pageStyles = page ? chunkFilesOf(manifest, page).stylesheets : new Set<string>();
      return { route, js: sizes(scripts), css: sizes(new Set([...appStyles, ...pageStyles])) };
    }
    const entry = chunkFilesOf(manifest, entryKey);
    const own = page ? chunkFilesOf(manifest, page) : { scripts: new Set<string>(), stylesheets: new Set<string>() };
    const js = new Set([...entry.scripts, ...own.scripts]);
    const css = new Set([...entry.stylesheets, ...own.stylesheets]);
    return { route, js: sizes(js), css: sizes(css) };
  });
}

/** The first-load JavaScript budget of each public page (issue 35), in KB of gzip. */
export const FIRST_LOAD_BUDGET_KB = 90;

/**
 * Prints each public page's first load: JavaScript (brotli and gzip, as the server sends it) against
 * its gzip budget (a budget: the run fails when exceeded), and the stylesheets.
 */
export function printRouteFirstLoads(loads: RouteFirstLoad[]) {
  const kib = (bytes: number) => (bytes / 1024).toFixed(1);
  for (const load of loads) {
    const gzipKb = Number((load.js.gzipBytes / 1024).toFixed(1));
    console.log(
      `first load of ${load.route.padEnd(17)}JS ${kib(load.js.brotliBytes)} KiB br / ${gzipKb} KiB gzip (${load.js.files} files) ` +
        `${target(`first-load JS ${load.route}`, gzipKb, 'max', FIRST_LOAD_BUDGET_KB, ' KB', true)}; ` +
        `CSS ${kib(load.css.brotliBytes)} KiB br / ${kib(load.css.gzipBytes)} KiB gzip`,
    );
  }
}
