import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseImportArgs } from '../../src/server/cli/import.ts';
import { config } from '../../src/server/config.ts';
import { db, sqlite } from '../../src/server/db/connection.ts';
import { planFor } from '../../src/server/services/import/detect.ts';
import { fetchPicture } from '../../src/server/services/import/markdown-fetch.ts';
import { dryRun, runImport } from '../../src/server/services/import/run.ts';
import { dataPicture } from '../../src/server/services/import/uploads.ts';
import { setupTestApi } from './helpers.ts';

/**
 * A post's pictures: a large one Typora embedded as a data: URI is uploaded; with
 * --fetch-images those on other sites are fetched — public addresses only, so the fetch itself is
 * shown against a server on 127.0.0.1 the way link-health's tests reach theirs (`allowPrivate`, which
 * only tests set), and the same address is refused without it. No traffic leaves 127.0.0.1.
 */

setupTestApi();
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGM4IScHRAwQCgAfJgQRoo8irwAAAABJRU5ErkJggg==',
  'base64',
);
let server: http.Server;
let base = '';
/** For each picture asked for: whether the site's SQLite connection was inside a transaction then. */
const inTransaction: boolean[] = [];
const temp: string[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (sqlite) inTransaction.push(sqlite.isTransaction);
    if (req.url === '/a.png') res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
    else if (req.url === '/moved.png') res.writeHead(301, { location: '/a.png' }).end();
    else if (req.url === '/page.png')
      res.writeHead(200, { 'content-type': 'text/html' }).end('<p>not a picture</p>');
    else if (req.url === '/big.png') res.writeHead(200).end(Buffer.concat([PNG, Buffer.alloc(4096)]));
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  for (const d of temp) rmSync(d, { recursive: true, force: true });
});

/** A folder with one post, `<name>.md` (each test its own: a post is known by its slug). */
function blog(name: string, text: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'blog-pictures-'));
  temp.push(dir);
  mkdirSync(path.join(dir, 'posts'));
  writeFileSync(path.join(dir, 'posts', `${name}.md`), text);
  return dir;
}

const content = (title: string) =>
  db
    .selectFrom('article')
    .select(['article_content', 'article_cover'])
    .where('article_title', '=', title)
    .executeTakeFirstOrThrow();
const uploadedUrls = (text: string) =>
  [...text.matchAll(/\/uploads\/[\w-]+\/[0-9a-f]+\.png/g)].map((m) => m[0]);
const onDisk = (url: string) => existsSync(path.join(config.uploadsDir, url.replace('/uploads/', '')));

describe('pictures of a Markdown post', () => {
  it('a 2.5 MB picture embedded as a data: URI is uploaded; a too large one is kept', async () => {
    const big = Buffer.concat([PNG, randomBytes(2_500_000)]).toString('base64');
    const dir = blog('big', `---\ntitle: 大图\n---\n\n![截图](data:image/png;base64,${big})\n`);
    const report = await runImport(await planFor(dir));
    expect(report).toMatchObject({ created: { article: 1 }, failed: [] });
    const [url] = uploadedUrls((await content('大图')).article_content);
    expect(url && onDisk(url)).toBe(true);
    // Past 20 MB it is not even decoded.
    expect(dataPicture(`data:image/png;base64,${'A'.repeat(28_000_000)}`)).toEqual({ reason: '超过 20 MB' });
    expect(dataPicture('data:text/html,<b>x</b>')).toEqual({ reason: '不是 base64 编码的图片（text/html）' });
  });

  it('without --fetch-images remote pictures stay and are listed; with it they are fetched', async () => {
    const text = [
      '---',
      'title: 外链图片',
      `cover: ${base}/a.png`,
      '---',
      '',
      `![a](${base}/a.png)`,
      `![moved](${base}/moved.png)`,
      `<img src="${base}/page.png">`,
      `![big](${base}/big.png)`,
      `![gone](${base}/gone.png)`,
      '[一个链接，不是图片](https://example.com/page)',
    ].join('\n');
    const dir = blog('remote', text);
    const kept = await planFor(dir);
    expect(kept.notes).toContain(
      `5 张外链图片保留原地址（导入时加 --fetch-images 可下载到本站）：${base}/a.png、${base}/moved.png、${base}/page.png 等 5 个`,
    );

    const plan = await planFor(dir, {
      fetchImages: { allowPrivate: true, timeoutMs: 5_000, maxBytes: 1_024 },
    });
    expect((await dryRun(plan)).created).toEqual({ article: 1 });
    const report = await runImport(plan);
    expect(report).toMatchObject({ created: { article: 1 }, failed: [] });
    const stored = await content('外链图片');
    const urls = uploadedUrls(stored.article_content);
    // a.png and the address that redirects to it: one picture, uploaded once.
    expect(urls).toHaveLength(2);
    expect(new Set(urls).size).toBe(1);
    expect(onDisk(urls[0])).toBe(true);
    expect(stored.article_cover).toBe(urls[0]);
    expect(stored.article_content).toContain(`<img src="${base}/page.png">`);
    expect(stored.article_content).toContain('(https://example.com/page)');
    const where = path.join(path.basename(dir), 'posts/remote.md');
    expect(report.notes).toEqual(
      expect.arrayContaining([
        `${where}：外链图片下载失败，保留原地址：${base}/page.png（不是本站能用的图片（支持 JPEG、PNG、GIF、WebP））`,
        `${where}：外链图片下载失败，保留原地址：${base}/big.png（超过 1 KB）`,
        `${where}：外链图片下载失败，保留原地址：${base}/gone.png（对方回答 HTTP 404）`,
      ]),
    );

    // Fetched before the item's transaction: a slow site never holds the database's write lock.
    if (sqlite) expect(inTransaction.length > 0 && inTransaction.every((t) => !t)).toBe(true);

    // A run without --fetch-images keeps the copies: nothing goes back to the remote addresses.
    const again = await runImport(await planFor(dir));
    expect(again).toMatchObject({ created: {}, updated: {}, already: { article: 1 } });
  });

  it('never fetches from a loopback, private or metadata address', async () => {
    expect(await fetchPicture(`${base}/a.png`)).toEqual({ reason: '127.0.0.1 找不到或不是公网地址，不下载' });
    expect(await fetchPicture('http://169.254.169.254/latest/meta-data')).toEqual({
      reason: '169.254.169.254 找不到或不是公网地址，不下载',
    });
    expect(await fetchPicture('http://[::1]/x.png')).toEqual({
      reason: '[::1] 找不到或不是公网地址，不下载',
    });
    expect(await fetchPicture('ftp://example.com/x.png')).toEqual({ reason: '不是 http(s) 地址' });
    // An import with --fetch-images as the CLI gives it: the picture stays, and the report says why.
    const dir = blog('loopback', `---\ntitle: 本机图片\n---\n\n![x](${base}/never-asked.png)\n`);
    const report = await runImport(await planFor(dir, { fetchImages: true }));
    expect(report).toMatchObject({ created: { article: 1 }, failed: [] });
    expect((await content('本机图片')).article_content).toBe(`![x](${base}/never-asked.png)`);
    expect(report.notes).toContain(
      `${path.join(path.basename(dir), 'posts/loopback.md')}：外链图片下载失败，保留原地址：${base}/never-asked.png（127.0.0.1 找不到或不是公网地址，不下载）`,
    );
  });

  it('the CLI takes --fetch-images', () => {
    expect(parseImportArgs(['blog', '--fetch-images'])).toMatchObject({ source: 'blog', fetchImages: true });
    expect(parseImportArgs(['blog'])).toMatchObject({ fetchImages: false });
  });
});
