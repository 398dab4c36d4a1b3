import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { config } from '../../src/server/config.ts';
import { db } from '../../src/server/db/connection.ts';
import { exportArticles } from '../../src/server/services/article-files.ts';
import { planFor } from '../../src/server/services/import/detect.ts';
import { dryRun, runImport } from '../../src/server/services/import/run.ts';
import { setupTestApi } from './helpers.ts';

const api = setupTestApi();
const FIXTURES = path.resolve(import.meta.dirname, '../fixtures/import');
const temp: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'blog-import-md-'));
  temp.push(dir);
  return dir;
};
afterAll(() => {
  for (const d of temp) rmSync(d, { recursive: true, force: true });
});

const articleBy = (title: string) =>
  db.selectFrom('article').selectAll().where('article_title', '=', title).executeTakeFirstOrThrow();
const uploaded = (url: string) => existsSync(path.join(config.uploadsDir, url.replace('/uploads/', '')));

describe('import Hexo, Hugo and Jekyll folders', () => {
  it('Hexo: categories (first level), tags, dates, thumbnail, sticky, <!-- more -->, drafts, images', async () => {
    const plan = await planFor(path.join(FIXTURES, 'hexo'));
    expect(plan.format).toBe('markdown');
    const preview = await dryRun(plan);
    expect(preview.created).toEqual({ article: 2 });
    // A front matter error names the file and its line.
    expect(preview.failed).toEqual([
      expect.objectContaining({ where: path.join('hexo', 'source/_posts/bad-yaml.md') }),
    ]);
    expect(preview.failed[0].reason).toMatch(/^第 \d+ 行：front matter 格式错误/);

    const report = await runImport(plan);
    expect(report.created).toEqual({ article: 2 });
    expect(report.failed).toHaveLength(1);
    const hello = await articleBy('你好，Hexo');
    expect(hello).toMatchObject({
      slug: 'hello-hexo',
      is_top: 1,
      status: 1,
      createdAt: '2021-03-04T02:20:30.000Z',
      updatedAt: '2021-05-06T00:00:00.000Z',
      article_description: '这是摘要，在 more 之前。',
    });
    expect(hello.article_content).not.toContain('<!-- more -->');
    // The image in the post's asset folder and the one under source/ are copied; the web one stays.
    const local = [...hello.article_content.matchAll(/!\[[^\]]*\]\((\/uploads\/[^)]+)\)/g)].map((m) => m[1]);
    expect(local).toHaveLength(2);
    for (const url of local) expect(uploaded(url)).toBe(true);
    expect(hello.article_content).toContain('![外链](https://example.com/x.png)');
    // The cover is the same picture as the banner in the text: copied once, one address.
    expect(local).toContain(hello.article_cover);
    const detail = (await api.call('GET', `/api/article/getArticleById/${hello.id}`)).json.result;
    expect(detail.categoryName).toBe('前端');
    expect([...detail.tagNameList].sort()).toEqual(['Vue', '笔记']);
    expect(await articleBy('还没写完')).toMatchObject({ status: 3, article_description: '一篇草稿' });
  });

  it('Hexo again: nothing new; an edited file updates its article', async () => {
    const again = await runImport(await planFor(path.join(FIXTURES, 'hexo')));
    expect(again.created).toEqual({});
    expect(again.already).toEqual({ article: 2 });
    const dir = tempDir();
    cpSync(path.join(FIXTURES, 'hexo'), dir, { recursive: true });
    rmSync(path.join(dir, 'source/_posts/bad-yaml.md'));
    writeFileSync(path.join(dir, 'source/_drafts/unfinished.md'), '---\ntitle: 还没写完\n---\n\n写完了。\n');
    const edited = await runImport(await planFor(dir));
    expect(edited).toMatchObject({
      created: {},
      updated: { article: 1 },
      already: { article: 1 },
      failed: [],
    });
    expect((await articleBy('还没写完')).article_content).toBe('写完了。');
  });

  it('Hugo: content/, draft, top_img; section pages and themes are left out', async () => {
    const report = await runImport(await planFor(path.join(FIXTURES, 'hugo')));
    expect(report.created).toEqual({ article: 1 });
    // The section page is listed with why (it was left out without a word before).
    expect(report.skipped).toEqual([
      expect.objectContaining({
        where: path.join('hugo', 'content/_index.md'),
        reason: expect.stringContaining('_index.md'),
      }),
    ]);
    expect(await articleBy('Hugo 的文章')).toMatchObject({
      status: 3,
      article_cover: 'https://example.com/top.jpg',
      createdAt: '2022-01-01T19:04:05.000Z',
    });
  });

  it('Jekyll: the date and slug from the file name', async () => {
    const report = await runImport(await planFor(path.join(FIXTURES, 'jekyll')));
    expect(report.created).toEqual({ article: 1 });
    expect(await articleBy('Jekyll 的文章')).toMatchObject({
      slug: 'jekyll-post',
      createdAt: '2019-07-07T16:00:00.000Z',
      article_description: '从 Jekyll 来',
    });
  });

  it('the Markdown export writes Hexo front matter and copies the images it uses', async () => {
    const dir = tempDir();
    await exportArticles(dir);
    const text = readFileSync(path.join(dir, 'hello-hexo.md'), 'utf8');
    expect(text).toMatch(/^title: 你好，Hexo$/m);
    expect(text).toMatch(/^categories:\n {2}- 前端$/m);
    expect(text).toMatch(/^tags:\n {2}- Vue\n {2}- 笔记$/m);
    expect(text).toMatch(/^updated: 2021-05-06T00:00:00.000Z$/m);
    const used = [...text.matchAll(/\/uploads\/[^)\s]+\.png/g)].map((m) => m[0]);
    expect(used.length).toBeGreaterThan(0);
    for (const url of used) expect(existsSync(path.join(dir, url))).toBe(true);
  });

  it('a zip of a folder imports the same way', async () => {
    const dir = tempDir();
    const zip = path.join(dir, 'posts.zip');
    writeFileSync(
      path.join(dir, 'zipped-post.md'),
      '---\ntitle: 压缩包里的文章\ntags: 压缩\n---\n\n来自 zip。\n',
    );
    execFileSync('python3', [
      '-c',
      `import zipfile;z=zipfile.ZipFile('${zip}','w');z.write('${path.join(dir, 'zipped-post.md')}','posts/zipped-post.md');z.close()`,
    ]);
    const plan = await planFor(zip);
    const report = await runImport(plan);
    await plan.close?.();
    expect(report.created).toEqual({ article: 1 });
    expect(await articleBy('压缩包里的文章')).toMatchObject({ slug: 'zipped-post' });
  });
});
