import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress';

const apiProxy = { '/api': { target: 'http://localhost:3000', changeOrigin: false } };

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), precompress()],
  resolve: {
    alias: { '@contracts': path.resolve(import.meta.dirname, '../backend/application/contracts') },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 900,
    // .vite/manifest.json: which chunks each page needs (tests/bench/frontend-size.ts measures a route's first load).
    manifest: true,
  },
  server: { port: 5173, strictPort: true, proxy: apiProxy },
  preview: { port: 4173, proxy: apiProxy },
});
