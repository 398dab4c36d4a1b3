import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseEnv } from '../setup/database.ts';
import { runCli } from './processes.ts';
import { type Instance, startInstance, until } from './scale-instance.ts';

/**
 * The CLI writes the database from another process, so no request of a server drops the
 * pages it changed; it leaves a mark (services/page-version.ts) that every server reads (here every
 * 50 ms, in a site every 5 s: root/create-site.ts) and then drops its cached pages. A real `npm run blog` process
 * against the instance's database (the SQLite file, or the PostgreSQL project's database).
 */

const dataDir = mkdtempSync(path.join(tmpdir(), 'blog-cli-pages-'));
const folder = mkdtempSync(path.join(tmpdir(), 'blog-cli-md-'));
let a: Instance;
let env: Record<string, string> = {};

const blog = (...args: string[]) => runCli(args, env);

const PAGES = ['/home', '/talks', '/page'];

async function warm() {
  for (const p of PAGES) await a.page(p);
  for (const p of PAGES) expect((await a.page(p)).cache, p).toBe('hit');
}

/** Until a look at `/home` renders it again (each look at a dropped page caches it anew). */
const dropped = () => until(async () => (await a.page('/home')).cache === 'miss', 'the pages to drop');

beforeAll(async () => {
  env = { DATA_DIR: dataDir, SEED_DEMO: 'false', ADMIN_PASSWORD: 'Admin12345', ...(await databaseEnv()) };
  a = await startInstance(env, { outsideWritesMs: 50 });
});

afterAll(async () => {
  await a?.close();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(folder, { recursive: true, force: true });
});

describe('the CLI and a running server', () => {
  it('an import drops the cached pages, and the new article is on the next render', async () => {
    await warm();
    writeFileSync(
      path.join(folder, 'from-cli.md'),
      '---\ntitle: 命令行导入的文章\nstatus: public\n---\n\n正文\n',
    );
    const run = await blog('import', folder);
    expect(run.code, run.err).toBe(0);
    await dropped();
    expect((await a.page('/home')).body).toContain('命令行导入的文章');
    // The talk list showed nothing of it, but the CLI cannot say what it changed: every page goes.
    expect((await a.page('/talks')).cache).toBe('miss');
  });

  it('clear-cache drops them (after SQL typed by hand); export, a read, leaves the mark alone', async () => {
    await warm();
    const before = a.pageCacheStats.invalidations;
    const exported = await blog('export', mkdtempSync(path.join(folder, 'out-')));
    expect(exported.code, exported.err).toBe(0);
    const cleared = await blog('clear-cache');
    expect(cleared.code, cleared.err).toBe(0);
    await dropped();
    // One drop: the clear's (an export taking a second of its own would have been seen as another).
    expect(a.pageCacheStats.invalidations - before).toBe(1);
    for (const p of PAGES.slice(1)) expect((await a.page(p)).cache, p).toBe('miss');
  });
});
