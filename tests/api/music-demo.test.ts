import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { closeDatabase, prepareDatabase } from '../../src/server/boot/database.ts';
import { initConfig } from '../../src/server/config.ts';
import { db } from '../../src/server/db/connection.ts';
import { startMusic, stopMusic } from '../../src/server/services/music/service.ts';
import { databaseEnv } from '../setup/database.ts';

/**
 * The demo songs follow SEED_DEMO like the rest of the demo content (docs/configuration.md): a site
 * started on a fresh data dir without the demo has no songs, one with it has the six demo tunes.
 */
const dirs: string[] = [];
afterEach(async () => {
  await stopMusic();
  await closeDatabase();
});
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function firstStart(seed: boolean) {
  const dir = mkdtempSync(path.join(tmpdir(), 'blog-music-demo-'));
  dirs.push(dir);
  const cfg = initConfig({
    ...(await databaseEnv()),
    DATA_DIR: dir,
    SEED_DEMO: String(seed),
    ADMIN_PASSWORD: 'Admin12345',
    LOG_LEVEL: 'silent',
  });
  await prepareDatabase(cfg);
  const lib = await startMusic(cfg);
  const mark = await db.selectFrom('meta').select('value').where('key', '=', 'music_demo').executeTakeFirst();
  const audio = readdirSync(cfg.musicDir, { recursive: true, encoding: 'utf8' }).filter((f) =>
    f.endsWith('.wav'),
  );
  return { songs: [...lib.songs.values()].map((s) => s.name), audio, mark: mark?.value };
}

describe('the demo songs', () => {
  it('are not written on a fresh site with SEED_DEMO=false', async () => {
    const site = await firstStart(false);
    expect(site.songs).toEqual([]);
    expect(site.audio).toEqual([]);
    expect(site.mark).toBe('skipped');
  });

  // The whole demo seed runs first (pictures among it): minutes on a loaded machine are no failure.
  it('are written with the demo content', { timeout: 120_000 }, async () => {
    const site = await firstStart(true);
    expect(site.songs).toHaveLength(6);
    expect(site.songs).toContain('清晨的风');
    expect(site.audio).toHaveLength(6);
  });
});
