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
     * A test (or a whole file, with a `@module-tag services` line in a comment) that needs the run's
     * PostgreSQL or Redis, or starts one itself, carries the tag: `npm run test:unit` leaves those out
     * and starts neither (scripts/test.ts); a test that needs them without the tag fails there, saying
     * so (tests/setup/database.ts, scripts/local-services/common.ts).
     */
    tags: [
      { name: 'services', description: "needs the run's PostgreSQL or Redis: not in `npm run test:unit`" },
    ],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 30_000,
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
