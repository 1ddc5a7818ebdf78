import { defineConfig } from 'vitest/config';

/**
 * The domain's unit specs alone: pure, no database, no global setup. Used by mutation
 * testing (`npm run mutation`, stryker.config.json), which reruns them for every mutant.
 */
export default defineConfig({
  test: {
    include: ['backend/domain/**/*.unit.spec.ts'],
  },
});
