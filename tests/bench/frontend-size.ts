import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

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
