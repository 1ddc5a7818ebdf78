import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Text files worth compressing; images and fonts are already compressed. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|map)$/;
/** Below this size a compressed copy saves nothing worth a second request header. */
const MIN_BYTES = 1024;

/**
 * Writes `<file>.br` and `<file>.gz` next to every compressible built file, so the server
 * (@fastify/static with `preCompressed`) sends them as they are, chosen by Accept-Encoding,
 * with no compression work per request.
 */
export function precompressDir(dir: string): number {
  let written = 0;
  for (const entry of readdirSync(dir)) {
    const file = path.join(dir, entry);
    if (statSync(file).isDirectory()) {
      written += precompressDir(file);
      continue;
    }
    if (!COMPRESSIBLE.test(entry)) continue;
    if (precompressFile(file)) written += 1;
  }
  return written;
}

/** Writes `<file>.br` and `<file>.gz` beside one file; false when it is too small to be worth it. */
export function precompressFile(file: string): boolean {
  const content = readFileSync(file);
  if (content.length < MIN_BYTES) return false;
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
  );
  writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
  return true;
}

/** Vite plugin: precompresses the output directory once the bundle is written. */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'skilly-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      precompressDir(outDir);
    },
  };
}
