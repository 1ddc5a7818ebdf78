import { defineConfig } from 'vitest/config';
import path from 'node:path';

export default defineConfig({
  resolve: {
    alias: { '@contracts': path.resolve(import.meta.dirname, 'backend/application/contracts') },
  },
  test: {
    // Autoload imports the route modules (.ts) itself: through vitest, not Node's own loader.
    server: { deps: { inline: ['@fastify/autoload'] } },
    projects: [
      {
        extends: true,
        test: {
          name: 'backend',
          include: ['backend/**/*.spec.ts', 'tests/**/*.int.spec.ts', 'tests/**/*.unit.spec.ts'],
          exclude: ['tests/e2e/**', 'node_modules/**'],
          globalSetup: ['tests/support/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          // One worker process imports the backend once for every file (re-importing it per file
          // cost about 6 s each, a third of the run): files must not lean on a module's state.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'frontend',
          environment: 'jsdom',
          include: ['frontend/src/**/*.test.tsx'],
          setupFiles: ['frontend/src/test/setup.ts'],
          testTimeout: 20_000,
          // As for the backend: the frontend's modules are imported once, not once per file.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.e2e.spec.ts'],
          globalSetup: ['tests/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          pool: 'forks',
          fileParallelism: false,
          // Each file's server runs in this worker (tests/e2e/support/app-server.ts), which imports
          // the backend once for every file rather than once per file.
          isolate: false,
        },
      },
    ],
  },
});
