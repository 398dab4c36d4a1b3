import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/api/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // Each file gets its own module graph, so each suite opens its own temporary database.
    isolate: true,
    pool: 'forks',
    // No test resolves a name outside localhost (tests/setup/local-only.ts).
    setupFiles: ['tests/setup/local-only.ts'],
    // A throw-away PostgreSQL and Redis for the run (tests/setup/services.ts).
    globalSetup: ['tests/setup/services.ts'],
  },
});
