import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import postcss from 'postcss';
import { PurgeCSS } from 'purgecss';
import { islandPages, prerenderedPages } from '../../backend/application/contracts/page-routes';
import {
  chunkFilesOf,
  islandScriptsOf,
  loadPrerenderer,
  type ManifestChunk,
  PUBLIC_STYLESHEET_FILE,
  type PublicStylesheet,
} from '../../backend/infrastructure/http/prerender';
import { precompressFile } from './precompress';
import { sampleAnswersOf, samplePathOf } from './sample-page-answers';

/**
 * Run after both builds (`npm run build`): the one stylesheet a visitor's island pages
 * (contracts/page-routes.ts `islandPages`) link instead of the app's. It is the app's stylesheets
 * and those pages' own (Blueprint's whole stylesheet among them, 470 KB), cut down by PurgeCSS to
 * the rules those pages can use: the classes their prerendered HTML and the scripts of their first
 * load name (class names stay strings when minified), and the intents those scripts build at
 * run time. (Icons are inline SVG: Blueprint's icon-font rules, one per icon name, are left out.) A part an island loads on demand that draws Blueprint's components links the
 * app's stylesheets first (frontend/src/lib/islands/app-stylesheets.ts).
 * Writes dist/assets/public-<hash>.css (with .br and .gz) and dist/.vite/public-stylesheet.json.
 */
/**
 * PurgeCSS drops a rule whose selectors name no element or class (Blueprint's `:focus` outline,
 * the keyboard's focus ring): each such rule is marked to be kept where it stands.
 */
function keepingBarePseudoClasses(css: string): string {
  const root = postcss.parse(css);
  root.walkRules((rule) => {
    if (rule.selectors.every((selector) => /^::?[a-z-]+(\([^)]*\))?$/.test(selector.trim()))) rule.before(postcss.comment({ text: 'purgecss ignore' }));
  });
  return root.toString();
}

const distDir = path.resolve(import.meta.dirname, '../dist');
const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
const template = readFileSync(path.join(distDir, 'index.html'), 'utf8');

// In the order the pages link them: the app's (as index.html has them), then each page's own.
const appStylesheets = [...template.matchAll(/<link rel="stylesheet" crossorigin href="\/([^"]+)">/g)].map((match) => match[1]);
const stylesheets = new Set(appStylesheets);
for (const [page, island] of Object.entries(islandPages)) {
  const pageChunk = prerenderedPages[page];
  for (const file of pageChunk ? chunkFilesOf(manifest, pageChunk).stylesheets : []) stylesheets.add(file);
  for (const file of island ? chunkFilesOf(manifest, island).stylesheets : []) stylesheets.add(file);
}

const prerenderer = await loadPrerenderer(distDir);
if (!prerenderer) throw new Error('public-stylesheet: run after both builds (the server bundle is missing)');
const html: string[] = [];
for (const route of Object.keys(islandPages)) {
  html.push((await prerenderer.render(route, samplePathOf(route), '', sampleAnswersOf(route))) ?? '');
}
const scripts = new Set(Object.values(islandPages).flatMap((island) => [...islandScriptsOf(manifest, island)]));

// One result per stylesheet, in the order given.
const purged = await new PurgeCSS().purge({
  content: [
    ...html.map((raw) => ({ raw, extension: 'html' })),
    ...[...scripts].map((file) => ({ raw: readFileSync(path.join(distDir, file), 'utf8'), extension: 'js' })),
  ],
  css: [...stylesheets].map((file) => ({ raw: keepingBarePseudoClasses(readFileSync(path.join(distDir, file), 'utf8')) })),
  // Built from a value at run time (`bp6-intent-${intent}`), so never whole in a script.
  safelist: { standard: [/^bp6-intent-/] },
  keyframes: true,
  fontFace: true,
});

const css = purged.map((result) => result.css).join('\n');
const file = `assets/public-${createHash('sha256').update(css).digest('base64url').slice(0, 8)}.css`;
writeFileSync(path.join(distDir, file), css);
precompressFile(path.join(distDir, file));
const pointer: PublicStylesheet = { file, appStylesheets };
mkdirSync(path.join(distDir, '.vite'), { recursive: true });
writeFileSync(path.join(distDir, PUBLIC_STYLESHEET_FILE), JSON.stringify(pointer, null, 2));
const total = [...stylesheets].reduce((sum, each) => sum + readFileSync(path.join(distDir, each)).length, 0);
console.log(`public stylesheet: ${file}, ${(css.length / 1024).toFixed(1)} KiB of ${(total / 1024).toFixed(1)} KiB`);
// The prerendering bundle's query caches keep garbage-collection timers (5 minutes) running: done, so stop.
process.exit(0);
