import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { closeDatabase, prepareDatabase } from '../../src/server/boot/database.ts';
import { initConfig } from '../../src/server/config.ts';
import { databaseEnv } from '../setup/database.ts';

// Stands in for the seed module only to see when it is loaded: the factory runs on its first import.
const seen = vi.hoisted(() => ({ loads: 0, seeds: 0 }));
vi.mock('../../src/server/seed/index.ts', () => {
  seen.loads++;
  return {
    seedDemo: async () => {
      seen.seeds++;
    },
  };
});

const dirs: string[] = [];
/** A data dir and the test project's database (a new one for a new dir). */
const databases = new Map<string, Record<string, string>>();
const config = async (seed: boolean, dir = mkdtempSync(path.join(tmpdir(), 'blog-lazy-'))) => {
  if (!dirs.includes(dir)) dirs.push(dir);
  if (!databases.has(dir)) databases.set(dir, await databaseEnv());
  return initConfig({
    ...databases.get(dir),
    DATA_DIR: dir,
    SEED_DEMO: String(seed),
    ADMIN_PASSWORD: 'Admin12345',
    LOG_LEVEL: 'silent',
  });
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('the demo seed module', () => {
  it('is not loaded by a start that does not seed, and loaded once by the one that does', async () => {
    const skipped = await config(false);
    expect((await prepareDatabase(skipped)).seeded).toBe(false);
    await closeDatabase();
    // An already prepared database (seeded or skipped) is never seeded again: still not loaded.
    expect((await prepareDatabase(await config(true, skipped.dataDir))).seeded).toBe(false);
    await closeDatabase();
    expect(seen.loads).toBe(0);

    expect((await prepareDatabase(await config(true))).seeded).toBe(true);
    await closeDatabase();
    expect(seen).toEqual({ loads: 1, seeds: 1 });
  });
});
