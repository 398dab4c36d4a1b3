import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { config } from '../../src/server/config.ts';
import { db } from '../../src/server/db/connection.ts';
import { planFor } from '../../src/server/services/import/detect.ts';
import type { HugoSite } from '../../src/server/services/import/markdown-site.ts';
import { hugoUrlize, oldAddresses } from '../../src/server/services/import/permalinks.ts';
import { dryRun, runImport } from '../../src/server/services/import/run.ts';
import { oldUrlsOf } from '../../src/server/services/old-urls.ts';
import { setupTestApi } from './helpers.ts';
import { frontAnswers } from './old-url-front.ts';

/**
 * A Chinese Hugo site as Hugo writes it: hugo.toml with `[permalinks]`, TOML front matter
 * (a bare TOML date and a quoted one), `slug = 'Hugo常用配置'`, absolute and relative `aliases`, a
 * page bundle with its pictures beside it (PaperMod's `cover.image`), JSON front matter with `url`,
 * a draft, a page at the content root, and the sections' _index.md.
 */

setupTestApi();
const HUGO = path.resolve(import.meta.dirname, '../fixtures/import/hugo-zh');

const byTitle = async (title: string) =>
  db
    .selectFrom('article')
    .select(['id', 'slug', 'article_content', 'article_cover', 'status', 'createdAt', 'updatedAt'])
    .where('article_title', '=', title)
    .executeTakeFirstOrThrow();

const ADDRESSES: Record<string, string> = {
  '/posts/2023/05/hugo常用配置/': 'Hugo 常用配置',
  '/old/hugo-config/': 'Hugo 常用配置',
  '/2023/hugo-config.html': 'Hugo 常用配置',
  '/posts/2023/06/静态网站-部署到-github-pages/': '静态网站 部署到 GitHub Pages',
  '/posts/old-deploy/': '静态网站 部署到 GitHub Pages',
  '/posts/2023/07/页面包里的文章/': '页面包里的文章',
  '/json/custom-path/': 'JSON 写的文章',
  '/about/': '关于',
};

describe('a Chinese Hugo site', () => {
  it('arrives whole: TOML, JSON, a bundle, section pages listed, every old address answering 301', async () => {
    const plan = await planFor(HUGO);
    const preview = await dryRun(plan);
    expect(preview.failed).toEqual([]);
    expect(preview.created).toEqual({ article: 6 });
    // The sections' pages are listed, not silently left out.
    expect(preview.skipped.map((s) => [s.where, s.reason])).toEqual([
      [path.join('hugo-zh', 'content/_index.md'), '栏目页（_index.md）是 Hugo 栏目的首页，不是文章'],
      [path.join('hugo-zh', 'content/posts/_index.md'), '栏目页（_index.md）是 Hugo 栏目的首页，不是文章'],
    ]);
    const report = await runImport(plan);
    expect(report.created).toEqual(preview.created);
    expect(report.failed).toEqual([]);
    expect(report.skipped).toHaveLength(2);

    // TOML read: the title, the dates, the Chinese slug in pinyin.
    expect(await byTitle('Hugo 常用配置')).toMatchObject({
      slug: 'hugo-chang-yong-pei-zhi',
      createdAt: '2023-05-14T02:20:30.000Z',
      updatedAt: '2023-06-01T00:00:00.000Z',
    });
    expect((await byTitle('还没发布')).status).toBe(3);
    // The bundle: named by its folder, its picture and its cover copied from beside it.
    const bundle = await byTitle('页面包里的文章');
    expect(bundle.slug).toBe('my-bundle');
    const picture = /!\[照片\]\((\/uploads\/[^)]+)\)/.exec(bundle.article_content)?.[1];
    expect(picture).toBeDefined();
    expect(existsSync(path.join(config.uploadsDir, String(picture).replace('/uploads/', '')))).toBe(true);
    expect(bundle.article_cover).toMatch(/^\/uploads\/.+\.png$/);
    expect(bundle.article_cover).not.toBe(picture);
    // static/images/logo.png, named from the site's root.
    expect((await byTitle('Hugo 常用配置')).article_content).toMatch(/!\[logo\]\(\/uploads\/.+\.png\)/);

    const answers = await frontAnswers(Object.keys(ADDRESSES));
    const wanted: Record<string, string> = {};
    for (const [address, title] of Object.entries(ADDRESSES))
      wanted[address] = `/article?id=${(await byTitle(title)).id}`;
    expect(answers).toEqual(wanted);
    expect(await oldUrlsOf((await byTitle('还没发布')).id)).toEqual([]);
  });

  it('a second run creates nothing', async () => {
    expect((await dryRun(await planFor(HUGO))).created).toEqual({});
    const again = await runImport(await planFor(HUGO));
    expect(again).toMatchObject({ created: {}, updated: {}, already: { article: 6 }, failed: [] });
  });

  it("computes addresses by Hugo's rules (gohugo.io/configuration/permalinks, content-management/urls)", () => {
    const site = (permalinks: Record<string, string>, more: Partial<HugoSite> = {}) => ({
      kind: 'hugo' as const,
      config: 'hugo.toml',
      contentDir: 'content',
      basePath: '/',
      permalinks,
      uglyURLs: false,
      ...more,
    });
    const post = (rel: string, data: Record<string, unknown> = {}) => ({
      rel,
      data: { title: 'Bash in Slow Motion', date: '2023-03-05T10:00:00-08:00', ...data },
      title: String(data.title ?? 'Bash in Slow Motion'),
      draft: false,
      isSection: (dir: string) => dir === 'posts/tech',
    });
    const docs = site({ posts: '/articles/:year/:month/:slug/', tutorials: '/training/:slug/' });
    expect(oldAddresses(docs, post('content/posts/bash-in-slow-motion.md')).addresses).toEqual([
      '/articles/2023/03/bash-in-slow-motion/',
    ]);
    expect(
      oldAddresses(docs, post('content/tutorials/git.md', { slug: 'Git for Beginners' })).addresses,
    ).toEqual(['/training/git-for-beginners/']);
    // No rule: the file's path, `slug` its last part; a bundle is its folder; under baseURL's path.
    const plain = site({}, { basePath: '/docs/' });
    expect(oldAddresses(plain, post('content/posts/My Post.md')).addresses).toEqual(['/docs/posts/my-post/']);
    expect(oldAddresses(plain, post('content/posts/x.md', { slug: '你好 世界' })).addresses).toEqual([
      '/docs/posts/你好-世界/',
    ]);
    expect(oldAddresses(plain, post('content/posts/bundle/index.md')).addresses).toEqual([
      '/docs/posts/bundle/',
    ]);
    expect(oldAddresses(site({}, { uglyURLs: true }), post('content/posts/x.md')).addresses).toEqual([
      '/posts/x.html',
      '/posts/x',
    ]);
    // Sections: the top folder, and folders below it with an _index.md.
    const nested = site({ posts: '/:sections/:filename/', '/': '/p/:contentbasename/' });
    expect(oldAddresses(nested, post('content/posts/tech/2023/bundle/index.md')).addresses).toEqual([
      '/posts/tech/bundle/',
    ]);
    expect(
      oldAddresses(
        site({ posts: '/:sections[last]/:monthname/:weekdayname/' }),
        post('content/posts/tech/x.md'),
      ).addresses,
    ).toEqual(['/tech/March/Sunday/']);
    expect(oldAddresses(nested, post('content/about.md')).addresses).toEqual(['/p/about/']);
    expect(hugoUrlize('Hugo常用配置 —— 入门!')).toBe('hugo常用配置-入门');
  });
});
