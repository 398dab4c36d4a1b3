import { defineConfig } from 'vitest/config';

/**
 * The cluster test (issue 21): two built server processes on one PostgreSQL and one Redis behind
 * nginx, started once for every file (tests/cluster/setup.ts). Run by `npm test` after the build
 * (`npm test -- cluster`), or `npx vitest run --config vitest.cluster.config.ts`.
 */
export default defineConfig({
  test: {
    include: ['tests/cluster/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // One cluster for every file: the files take turns, so that one file's login failures or
    // invalidations never meet another's in flight.
    fileParallelism: false,
    setupFiles: ['tests/setup/local-only.ts'],
    globalSetup: ['tests/cluster/setup.ts'],
  },
});
