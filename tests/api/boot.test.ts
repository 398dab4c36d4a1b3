import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { closeDatabase, prepareDatabase } from '../../src/server/boot/database.ts';
import { initConfig } from '../../src/server/config.ts';
import { type Finished, newPgDatabase, runCli, until } from './processes.ts';

/**
 * Processes starting at once on one database (real processes running the boot through
 * `npm run blog -- migrate`) make one admin and one seed, and all come up. A dozen processes: not
 * in `npm run test:unit` (vitest.config.ts).
 * @module-tag slow
 */

const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(path.join(tmpdir(), 'blog-boot-'));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

type Site = {
  /** The environment of one more process of the site. */
  env(): Record<string, string>;
  /** Rows of a query on the site's database ([] while its tables do not exist yet). */
  rows(sql: string): Promise<Record<string, unknown>[]>;
};

function sqliteSite(): Site {
  const dataDir = tempDir();
  return {
    env: () => ({ DATA_DIR: dataDir, ADMIN_USERNAME: 'owner' }),
    async rows(sql) {
      let db: DatabaseSync | undefined;
      try {
        db = new DatabaseSync(path.join(dataDir, 'blog.db'), { readOnly: true });
        return db.prepare(sql).all() as Record<string, unknown>[];
      } catch {
        return [];
      } finally {
        db?.close();
      }
    },
  };
}

async function pgSite(): Promise<Site> {
  const url = await newPgDatabase('boot');
  // Each process on its own machine: its own DATA_DIR, the uploads on a shared volume.
  const uploads = tempDir();
  return {
    env: () => ({ DATABASE_URL: url, DATA_DIR: tempDir(), UPLOADS_DIR: uploads, ADMIN_USERNAME: 'owner' }),
    async rows(sql) {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        return (await client.query(sql)).rows;
      } catch {
        return [];
      } finally {
        await client.end();
      }
    },
  };
}

const migrate = (site: Site) => runCli(['migrate'], site.env());

/** Every process came up; exactly one made the admin and one wrote the demo content. */
async function expectOneOfEach(site: Site, runs: Finished[]) {
  for (const r of runs) expect(r.code, r.err).toBe(0);
  expect(runs.filter((r) => r.out.includes('admin account created')).length).toBe(1);
  expect(runs.filter((r) => r.out.includes('demo content written')).length).toBe(1);
  expect(runs.filter((r) => r.out.includes('migrations applied')).length).toBe(1);
  const admins = await site.rows('select count(*) as n from "user" where role = 1');
  expect(Number(admins[0].n)).toBe(1);
}

const SITES: [string, () => Promise<Site>, { tags?: 'services'[] }][] = [
  ['SQLite (one data dir)', async () => sqliteSite(), {}],
  ['PostgreSQL', pgSite, { tags: ['services'] }],
];
for (const [name, make, options] of SITES)
  describe(`starting several processes at once on ${name}`, options, () => {
    it('five at once all come up, with one admin and one seed; a server after `migrate` has nothing to do', async () => {
      const site = await make();
      const runs = await Promise.all(Array.from({ length: 5 }, () => migrate(site)));
      await expectOneOfEach(site, runs);
      const env = site.env();
      const after = await prepareDatabase(initConfig({ ...env, LOG_LEVEL: 'silent' }));
      await closeDatabase();
      expect(after).toMatchObject({ migrated: [], seeded: false, generatedPassword: undefined });
    }, 180_000);

    it('four more starting while the first is seeding all come up, with one admin and one seed', async () => {
      const site = await make();
      const first = migrate(site);
      // The first process is past its admin (the demo seed comes next): the others start now.
      await until(
        async () => (await site.rows('select id from "user" where role = 1')).length > 0,
        'the admin',
      );
      const rest = Array.from({ length: 4 }, () => migrate(site));
      await expectOneOfEach(site, await Promise.all([first, ...rest]));
    }, 180_000);
  });

it('`npm run blog -- migrate` is the npm script', async () => {
  const dataDir = tempDir();
  const child = spawn('npm', ['run', '-s', 'blog', '--', 'migrate'], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: { ...process.env, DATA_DIR: dataDir, SEED_DEMO: 'false', DATABASE_URL: '', LOG_LEVEL: 'warn' },
  });
  let out = '';
  child.stdout.on('data', (d) => {
    out += d;
  });
  expect(await new Promise((r) => child.once('close', r))).toBe(0);
  expect(out).toContain('database ready');
}, 60_000);
