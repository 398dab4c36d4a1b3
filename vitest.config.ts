import { defineConfig } from 'vitest/config';

/**
 * API test files that do not run on PostgreSQL, with the reason. Everything else in tests/api runs
 * twice: on SQLite (with the unit tests) and on the run's real PostgreSQL (tests/setup/database.ts).
 * Checks of one database's own behaviour inside a shared file say so where they are (runIf/skipIf).
 */
const SQLITE_ONLY: Record<string, string> = {
  // The connection caps and LOG_LEVEL do not touch the database; its one database part is the modes
  // of SQLite's files (blog.db, -wal, -shm at 0600), and PostgreSQL keeps no file in DATA_DIR.
  'tests/api/caps.test.ts': 'the modes of SQLite files; the rest uses no database',
};
/** …and the one that runs on PostgreSQL alone. */
const POSTGRES_ONLY: Record<string, string> = {
  'tests/api/pg-pool.test.ts': 'PG_POOL_MAX, the size of the PostgreSQL pool',
};

export default defineConfig({
  test: {
    /**
     * What `npm run test:unit` leaves out (scripts/test.ts), to `npm run test:postgres`. A test, or a
     * whole file with a `@module-tag <name>` line in a comment, is tagged
     * - `services` when it needs the run's PostgreSQL or Redis, or starts one itself: the unit step
     *   starts neither, and a test that reaches one there without the tag fails, saying so
     *   (tests/setup/database.ts, scripts/local-services/common.ts);
     * - `slow` when it spends many seconds of CPU by design (the 10,000-call fuzz, renders kept busy
     *   to their time budget, a dozen server processes), so that the unit step stays a few minutes.
     */
    tags: [
      { name: 'services', description: "needs the run's PostgreSQL or Redis: not in `npm run test:unit`" },
      { name: 'slow', description: 'many seconds of CPU by design: not in `npm run test:unit`' },
    ],
    environment: 'node',
    // Budgets, never assertions on time: at load 10 on two cores (another suite beside, browsers
    // slowed 4×) a test that spawns the CLI or imports a blog took 20–31 s, past the former 20 s.
    testTimeout: 60_000,
    hookTimeout: 90_000,
    // Each file gets its own module graph, so each suite opens its own temporary database.
    isolate: true,
    pool: 'forks',
    // No test resolves a name outside localhost (tests/setup/local-only.ts).
    setupFiles: ['tests/setup/local-only.ts'],
    // A throw-away PostgreSQL and Redis for the run (tests/setup/services.ts), except in the unit tier.
    globalSetup: ['tests/setup/services.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'sqlite',
          include: ['tests/unit/**/*.test.ts', 'tests/api/**/*.test.ts'],
          exclude: Object.keys(POSTGRES_ONLY),
          provide: { database: 'sqlite' },
        },
      },
      {
        extends: true,
        test: {
          name: 'postgres',
          include: ['tests/api/**/*.test.ts'],
          exclude: Object.keys(SQLITE_ONLY),
          provide: { database: 'postgres' },
        },
      },
    ],
  },
});
