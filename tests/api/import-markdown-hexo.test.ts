import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { db } from '../../src/server/db/connection.ts';
import { planFor } from '../../src/server/services/import/detect.ts';
import type { HexoSite } from '../../src/server/services/import/markdown-site.ts';
import { oldAddresses } from '../../src/server/services/import/permalinks.ts';
import { dryRun, runImport } from '../../src/server/services/import/run.ts';
import { oldUrlsOf } from '../../src/server/services/old-urls.ts';
import { setupTestApi } from './helpers.ts';
import { frontAnswers } from './old-url-front.ts';

/**
 * A Chinese Hexo blog as Hexo and its plugins write it: _config.yml with the default
 * permalink, posts with Chinese names (two of them once collapsed to `html`), one in a subfolder with
 * the same name as another, the older front matter without an opening `---`, a 21-character tag, a
 * title-only post, pictures pasted by Typora as data: URIs, hexo-blog-encrypt's password, a front
 * matter permalink, hexo-abbrlink's `abbrlink`, and a draft.
 */

setupTestApi();
const HEXO = path.resolve(import.meta.dirname, '../fixtures/import/hexo-zh');
const temp: string[] = [];
afterAll(() => {
  for (const d of temp) rmSync(d, { recursive: true, force: true });
});

const articles = () =>
  db
    .selectFrom('article')
    .select(['id', 'slug', 'article_title', 'article_content', 'status'])
    .orderBy('id')
    .execute();
const byTitle = async (title: string) => {
  const found = (await articles()).find((a) => a.article_title === title);
  if (!found) throw new Error(`no article ${title}`);
  return found;
};

/** Each address → the title of the post it must lead to. */
const ADDRESSES: Record<string, string> = {
  '/2023/05/14/常见算法/': '常见算法',
  '/2019/01/02/2019/常见算法/': '常见算法（旧版）',
  '/2023/06/01/HTML视频播放增强脚本使用指南/': 'HTML视频播放增强脚本使用指南',
  '/2023/06/02/HTML%E6%A0%87%E7%AD%BE%E9%87%8D%E7%82%B9%E5%88%92%E6%B3%A8/': 'HTML标签重点划注',
  '/2023/07/01/只有标题/index.html': '只有标题',
  '/2023/07/02/ひらがな/': 'ひらがなだけ',
  '/secret-post/': '加密文章',
};

async function expectAnswers(addresses: Record<string, string>) {
  const answers = await frontAnswers(Object.keys(addresses));
  const wanted: Record<string, string> = {};
  for (const [address, title] of Object.entries(addresses))
    wanted[address] = `/article?id=${(await byTitle(title)).id}`;
  expect(answers).toEqual(wanted);
}

describe('a Chinese Hexo blog', () => {
  it('arrives whole: every post, its old address answering 301, the dry run foretelling the run', async () => {
    const plan = await planFor(HEXO);
    const preview = await dryRun(plan);
    expect(preview.failed).toEqual([]);
    expect(preview.skipped).toEqual([]);
    // 7 posts and 1 draft: nothing refused for its name, merged for its slug or lost for a long tag.
    expect(preview.created).toEqual({ article: 8 });
    const report = await runImport(plan);
    expect(report.created).toEqual(preview.created);
    expect(report.failed).toEqual([]);
    expect(report.skipped).toEqual([]);
    expect(report.notes).toEqual(preview.notes);

    const slugs = Object.fromEntries((await articles()).map((a) => [a.article_title, a.slug]));
    expect(slugs.HTML视频播放增强脚本使用指南).toBe(
      'html-shi-pin-bo-fang-zeng-qiang-jiao-ben-shi-yong-zhi-nan',
    );
    expect(slugs.HTML标签重点划注).toBe('html-biao-qian-zhong-dian-hua-zhu');
    // Two files named 常见算法.md: the first by name (2019/) is the slug, the other a free one.
    expect(slugs['常见算法（旧版）']).toBe('chang-jian-suan-fa');
    expect(slugs.常见算法).toBe('chang-jian-suan-fa-2');
    expect(slugs.ひらがなだけ).toMatch(/^post-[0-9a-f]{8}$/);
    await expectAnswers(ADDRESSES);
    // A draft never had an address.
    expect(await oldUrlsOf((await byTitle('还没写完的草稿')).id)).toEqual([]);
    expect((await byTitle('还没写完的草稿')).status).toBe(3);

    // The title-only post came with an empty body.
    expect((await byTitle('只有标题')).article_content).toBe('');
    // The 21-character tag is shortened, and the report says where and what it was.
    const tags = (await db.selectFrom('tag').select('tag_name').execute()).map((t) => t.tag_name);
    expect(tags).toContain('Tampermonkey油猴脚本开发入门');
    expect(report.notes).toContain(
      `${path.join('hexo-zh', 'source/_posts/HTML视频播放增强脚本使用指南.md')}：标签「Tampermonkey油猴脚本开发入门篇」超过 20 个字符，已截短为「Tampermonkey油猴脚本开发入门」`,
    );
    // hexo-blog-encrypt's password is the article's, hashed.
    const secret = await db
      .selectFrom('article')
      .select('password')
      .where('article_title', '=', '加密文章')
      .executeTakeFirstOrThrow();
    expect(secret.password).toMatch(/^\$argon2id\$/);
  });

  it('uploads the data: URI pictures once, keeps and lists what is not one, lists remote pictures', async () => {
    const { article_content: text } = await byTitle('HTML标签重点划注');
    const uploaded = [...text.matchAll(/\/uploads\/[\w-]+\/[0-9a-f]+\.png/g)].map((m) => m[0]);
    // The same picture twice (Markdown and <img>): one upload, named twice.
    expect(uploaded).toHaveLength(2);
    expect(new Set(uploaded).size).toBe(1);
    expect(text).not.toContain('data:image/png');
    expect(text).toContain('![icon](data:image/svg+xml;base64,');
    const plan = await planFor(HEXO);
    expect(plan.notes).toContain(
      `${path.join('hexo-zh', 'source/_posts/HTML标签重点划注.md')}：一张内嵌图片（data: URI，约 1 KB）保留原样：不是本站能用的图片（image/svg+xml；支持 JPEG、PNG、GIF、WebP）`,
    );
    expect(plan.notes).toContain(
      '1 张外链图片保留原地址（导入时加 --fetch-images 可下载到本站）：https://example.com/screenshot.png',
    );
    await plan.close?.();
    const cover = await db
      .selectFrom('article')
      .select('article_cover')
      .where('article_title', '=', 'HTML视频播放增强脚本使用指南')
      .executeTakeFirstOrThrow();
    expect(cover.article_cover).toMatch(/^\/uploads\/[\w-]+\/[0-9a-f]+\.png$/);
  });

  it("a post_asset_folder blog: {% asset_img %} pictures are copied from the post's folder", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'blog-hexo-assets-'));
    temp.push(dir);
    const posts = path.join(dir, 'source', '_posts');
    cpSync(path.join(HEXO, 'source/img/video.png'), path.join(posts, '二叉树的遍历', 'tree.png'));
    writeFileSync(
      path.join(dir, '_config.yml'),
      'title: 资源文件夹\npermalink: :year/:month/:day/:title/\npost_asset_folder: true\n',
    );
    writeFileSync(
      path.join(posts, '二叉树的遍历.md'),
      '---\ntitle: 二叉树的遍历\ndate: 2022-03-04 10:00:00\n---\n\n前序遍历：\n\n{% asset_img tree.png 一棵二叉树 %}\n\n{% codeblock lang:js %}\nvisit(root);\n{% endcodeblock %}\n',
    );
    const report = await runImport(await planFor(dir));
    expect(report.created).toEqual({ article: 1 });
    const { article_content: text } = await byTitle('二叉树的遍历');
    expect(text).toMatch(/!\[一棵二叉树\]\(\/uploads\/[\w-]+\/[0-9a-f]+\.png "一棵二叉树"\)/);
    expect(text).toContain('```js\nvisit(root);\n```');
    expect(text).not.toContain('{%');
  });

  it('a second run creates nothing, and its dry run says so', async () => {
    const preview = await dryRun(await planFor(HEXO));
    expect(preview.created).toEqual({});
    expect(preview.already).toEqual({ article: 8 });
    const again = await runImport(await planFor(HEXO));
    expect(again).toMatchObject({ created: {}, updated: {}, already: { article: 8 }, failed: [] });
  });

  it('an imported post gains the addresses of a permalink changed since (hexo-abbrlink)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'blog-hexo-'));
    temp.push(dir);
    cpSync(HEXO, dir, { recursive: true });
    const config = path.join(dir, '_config.yml');
    writeFileSync(
      config,
      readFileSync(config, 'utf8').replace(
        'permalink: :year/:month/:day/:title/',
        'permalink: posts/:abbrlink.html',
      ),
    );
    const report = await runImport(await planFor(dir));
    // Every published post, bar the one whose own permalink wins, gains /posts/<abbrlink>.html.
    expect(report).toMatchObject({
      created: {},
      updated: { article: 6 },
      already: { article: 2 },
      failed: [],
    });
    await expectAnswers({
      '/posts/3c5e9a1b.html': '常见算法',
      '/posts/3c5e9a1b': '常见算法',
      '/posts/9f1d27c0.html': '常见算法（旧版）',
      '/posts/5b2e7f10.html': 'HTML视频播放增强脚本使用指南',
      '/posts/0a7c4e3d.html': 'HTML标签重点划注',
      '/posts/6d0b93aa.html': '只有标题',
      '/posts/1e5f0c77.html': 'ひらがなだけ',
      // The addresses it had before still answer.
      '/2023/05/14/常见算法/': '常见算法',
    });
  });

  it("computes addresses by Hexo's rules: the examples of hexo.io/docs/permalinks", () => {
    const site = (permalink: string, more: Partial<HexoSite> = {}): HexoSite & { config: string } => ({
      kind: 'hexo',
      config: '_config.yml',
      permalink,
      root: '/',
      newPostName: ':title.md',
      defaultCategory: 'uncategorized',
      categoryMap: {},
      filenameCase: 0,
      permalinkDefaults: {},
      timezone: 'UTC',
      ...more,
    });
    const post = (rel: string) => ({
      rel,
      data: { title: 'Hello World', date: '2013-07-14 17:01:34', categories: ['foo', 'bar'] },
      title: 'Hello World',
      draft: false,
    });
    const at = (permalink: string, rel = 'source/_posts/hello-world.md', more: Partial<HexoSite> = {}) =>
      oldAddresses(site(permalink, more), post(rel)).addresses;
    expect(at(':year/:month/:day/:title/')).toEqual(['/2013/07/14/hello-world/']);
    expect(at(':year-:month-:day-:title.html')).toEqual([
      '/2013-07-14-hello-world.html',
      '/2013-07-14-hello-world',
    ]);
    expect(at(':category/:title/')).toEqual(['/foo/bar/hello-world/']);
    expect(at(':title-:hash/')).toEqual(['/hello-world-a2c8ac003b43/']);
    expect(at(':year/:month/:day/:title/', 'source/_posts/lorem/hello-world.md')).toEqual([
      '/2013/07/14/lorem/hello-world/',
    ]);
    expect(at(':year/:month/:day/:name/', 'source/_posts/lorem/hello-world.md')).toEqual([
      '/2013/07/14/hello-world/',
    ]);
    // The rest of the tokens, a site under a folder (root), a new_post_name with the date in it.
    expect(
      at(':i_month/:i_day/:hour:minute:second/:post_title/', 'source/_posts/2013-07-14-x.md', {
        root: '/blog/',
        newPostName: ':year-:month-:day-:title.md',
      }),
    ).toEqual(['/blog/7/14/170134/hello-world/']);
    // No date: the file name's (new_post_name), else the file's birth.
    expect(
      oldAddresses(site(':year/:month/:day/:title/', { newPostName: ':year-:month-:day-:title.md' }), {
        rel: 'source/_posts/2020-02-03-x.md',
        data: {},
        title: 'x',
        draft: false,
      }).addresses,
    ).toEqual(['/2020/02/03/x/']);
    // A token the post has no value for (no abbrlink yet) makes no address, and says which.
    expect(oldAddresses(site('posts/:abbrlink/'), { ...post('source/_posts/a.md'), data: {} })).toEqual({
      addresses: [],
      missing: 'abbrlink',
    });
  });
});
