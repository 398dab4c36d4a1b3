import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../setup/database.ts';
import { runCli } from './processes.ts';
import { type Instance, startInstance } from './scale-instance.ts';

/**
 * The whole-site archive moves a site between databases: the demo site on SQLite, exported with
 * `npm run blog -- export --archive`, imported with `import` into an empty site on PostgreSQL, answers
 * every public API read the same. A throw-away PostgreSQL database of the run, so:
 * @module-tag services
 */

const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(path.join(tmpdir(), 'blog-archive-'));
  dirs.push(d);
  return d;
};
let open: Instance | undefined;
afterAll(async () => {
  await open?.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const BASE = { SEED_DEMO: 'false', ADMIN_PASSWORD: 'Admin12345', LOG_LEVEL: 'silent', DATABASE_URL: '' };

/** The public reads of a site: lists, every article, talk, album and thread. */
async function answers(site: Instance): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  const read = async (method: 'GET' | 'POST', url: string, body?: unknown) => {
    const res = await site.call(method, url, body);
    out[`${method} ${url} ${body ? JSON.stringify(body) : ''}`] = res.json;
    return res.json.result;
  };
  for (const url of [
    '/api/config',
    '/api/pageHeader/getAll',
    '/api/category/getCategoryDictionary',
    '/api/tag/getTagDictionary',
    '/api/photoAlbum/getAllAlbumList',
    '/api/message/getAllMessage',
    '/api/resources/list',
    '/api/site/list',
    '/api/article/getHotArticle',
  ])
    await read('GET', url);
  const home = await read('GET', '/api/article/blogHomeGetArticleList/1/100');
  for (const a of home.list) {
    await read('GET', `/api/article/getArticleById/${a.id}`);
    await read('POST', '/api/comment/frontGetParentComment', { type: 1, for_id: a.id, current: 1, size: 50 });
  }
  const talks = await read('POST', '/api/talk/blogGetTalkList', { current: 1, size: 100 });
  for (const t of talks.list) await read('GET', `/api/talk/getTalkById/${t.id}`);
  await read('POST', '/api/message/getMessageList', { current: 1, size: 100 });
  await read('POST', '/api/links/getLinksList', { current: 1, size: 100, status: 2 });
  return out;
}

describe('the whole-site archive', () => {
  it('moves the demo site from SQLite to PostgreSQL: the same answers', async () => {
    const from = { ...BASE, DATA_DIR: tempDir(), SEED_DEMO: 'true' };
    // The demo site, written by `migrate`, then archived; its answers are read after (a read counts a
    // view, which the archive must not hold for one side only).
    const seeded = await runCli(['migrate'], from);
    expect(seeded.code, seeded.err).toBe(0);
    const file = path.join(tempDir(), 'site.tar.gz');
    const t0 = performance.now();
    const exported = await runCli(['export', '--archive', file], from);
    const exportMs = performance.now() - t0;
    expect(exported.code, exported.err).toBe(0);
    open = await startInstance(from);
    const before = await answers(open);
    await open.close();
    open = undefined;
    expect(Object.keys(before).length).toBeGreaterThan(15);

    const to = { ...BASE, DATA_DIR: tempDir(), DATABASE_URL: await createTestDatabase() };
    const t1 = performance.now();
    const imported = await runCli(['import', file], to);
    const importMs = performance.now() - t1;
    expect(imported.code, imported.err + imported.out).toBe(0);
    // A figure for docs/performance.md, never asserted.
    console.log(
      `archive round trip of the demo site: export ${Math.round(exportMs)} ms, import ${Math.round(importMs)} ms (CLI processes; bench/import.ts measures it quietly)`,
    );
    expect(imported.out).toContain('校验和无误');

    open = await startInstance(to);
    expect(await answers(open)).toEqual(before);
    // The site goes on: a new account gets a new id (the sequences moved past the imported ones).
    expect((await open.user()).id).toBeGreaterThan(0);
    // Importing it again changes nothing: the archive was imported already.
    const again = await runCli(['import', file], to);
    expect(again.out).toContain('已导入过、跳过');
  }, 180_000);
});
