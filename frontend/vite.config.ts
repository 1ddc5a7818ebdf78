import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress.ts';

const apiProxy = { '/api': { target: 'http://localhost:3000', changeOrigin: false } };

// `npm run build` builds twice: the browser's app into dist/, then (--ssr) the server's
// prerendering entry (src/entry-server.tsx) into dist-server/, which the server imports.
export default defineConfig(({ isSsrBuild }) => ({
  root: import.meta.dirname,
  plugins: isSsrBuild ? [react()] : [react(), precompress()],
  resolve: {
    alias: { '@contracts': path.resolve(import.meta.dirname, '../backend/application/contracts') },
  },
  build: isSsrBuild
    ? { outDir: 'dist-server', emptyOutDir: true, copyPublicDir: false }
    : {
        outDir: 'dist',
        emptyOutDir: true,
        chunkSizeWarningLimit: 900,
        // .vite/manifest.json: which chunks each page needs (the server links a prerendered
        // page's chunk; tests/bench/frontend-size.ts measures a route's first load).
        manifest: true,
        // Two entries: the app (index.html) and a visitor's public pages' islands (src/islands.tsx).
        rollupOptions: { input: { index: path.resolve(import.meta.dirname, 'index.html'), islands: path.resolve(import.meta.dirname, 'src/islands.tsx') } },
      },
  server: { port: 5173, strictPort: true, proxy: apiProxy },
  preview: { port: 4173, proxy: apiProxy },
}));
