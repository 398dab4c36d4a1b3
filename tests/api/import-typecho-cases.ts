import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { config } from '../../src/server/config.ts';
import { db } from '../../src/server/db/connection.ts';
import { verifyPassword } from '../../src/server/services/auth.ts';
import { planFor } from '../../src/server/services/import/detect.ts';
import { termName } from '../../src/server/services/import/rows.ts';
import { dryRun, runImport } from '../../src/server/services/import/run.ts';
import type { setupTestApi } from './helpers.ts';
import { commentsOf } from './import-helpers.ts';
import { frontAnswers } from './old-url-front.ts';

/**
 * What importing a Typecho database must do, the same on MariaDB and on an SQLite file
 * (tests/api/import-typecho.test.ts, tests/api/import-typecho-sqlite.test.ts): Typecho's real schema
 * (tests/fixtures/import/typecho/Mysql.sql, SQLite.sql, with the installer's prefix) and rows as
 * Typecho writes them (data.sql).
 */

/** The fixtures, and the folder given with --uploads: Typecho's root (its usr/uploads is found inside). */
export const DIR = path.resolve(import.meta.dirname, '../fixtures/import/typecho');

/** Typecho's install SQL as install.php runs it: its prefix and its charset put in. */
export function installerSql(file: 'Mysql.sql' | 'SQLite.sql', prefix: string): string {
  const schema = readFileSync(path.join(DIR, file), 'utf8')
    .replaceAll('typecho_', prefix)
    .replaceAll('%charset%', 'utf8mb4')
    .replaceAll('%engine%', 'InnoDB');
  const data = readFileSync(path.join(DIR, 'data.sql'), 'utf8').replaceAll('`typecho_', `\`${prefix}`);
  return `${schema}\n${data}`;
}

/** The test's MariaDB listens on 127.0.0.1: reached as the CLI's `--allow-private` reaches it. */
export const LOCAL = { allowPrivate: true };

const CREATED = { category: 4, tag: 3, attachment: 2, article: 12, comment: 8 };

const articleBy = (title: string) =>
  db.selectFrom('article').selectAll().where('article_title', '=', title).executeTakeFirstOrThrow();

export function typechoCases(api: ReturnType<typeof setupTestApi>, source: () => string, key: () => string) {
  it('is read as Typecho; the dry run lists what would be created and what is left out and why', async () => {
    const plan = await planFor(source(), { uploads: DIR, mysql: LOCAL });
    expect(plan.format).toBe('typecho');
    expect(plan.source).toBe(key());
    const report = await dryRun(plan);
    expect(report.failed).toEqual([]);
    expect(report.created).toEqual(CREATED);
    const reasons = Object.fromEntries(report.skipped.map((l) => [`${l.kind}${l.label}`, l.reason]));
    expect(reasons['article《欢迎使用 Typecho》']).toContain('未发布的修改');
    expect(reasons['attachment unused.png']).toContain('没有被任何导入的文章使用');
    // A file that is no picture stays where it was, and says so with its address.
    expect(reasons['attachment 说明书.pdf']).toContain(
      '保留原地址 https://old.example.com/usr/uploads/2021/03/5555555555.pdf',
    );
    expect(reasons['comment Some Blog：[...] 引用了这篇文章 [...]']).toContain('pingback');
    expect(reasons['comment 小明：图片不错']).toContain('attachment');
    expect(report.skipped).toHaveLength(5);
    // Each line says where it is: the table and the row's id.
    expect(report.skipped.find((l) => l.label === ' unused.png')?.where).toMatch(/contents cid=14$/);
    const notes = report.notes.join('\n');
    expect(notes).toContain(
      `「一个名字特别特别长的分类用来测试缩短功能是否正常」→「${termName('一个名字特别特别长的分类用来测试缩短功能')}」`,
    );
    expect(notes).toContain('这是一个超过二十个字符长度的标签名称用于测试缩短');
    expect(notes).toContain('/[directory:split:0]/[slug].html');
    expect(notes).toContain('music（1 篇）');
    expect(notes).toContain('1 篇在 Typecho 里关闭了评论');
    expect(await db.selectFrom('import_source').selectAll().execute()).toEqual([]);
  });

  it('imports posts and pages with their status, terms, dates, cover, excerpt and password', async () => {
    const report = await runImport(await planFor(source(), { uploads: DIR, mysql: LOCAL }));
    expect(report.failed).toEqual([]);
    // The dry run said exactly this.
    expect(report.created).toEqual(CREATED);

    const start = await articleBy('欢迎使用 Typecho');
    expect(start).toMatchObject({
      slug: 'start',
      status: 1,
      createdAt: '2020-01-01T01:00:00.000Z',
      updatedAt: '2020-01-02T01:00:00.000Z',
      article_description: '如果您看到这篇文章，表示您的 blog 已经安装成功。',
    });
    expect(start.article_content).toBe(
      '如果您看到这篇文章，表示您的 blog 已经安装成功。\n\n## 接下来\n\n正文的**第二部分**。',
    );
    const detail = async (id: number) =>
      (await api.call('GET', `/api/article/getArticleById/${id}`)).json.result;
    expect((await detail(start.id)).categoryName).toBe('默认分类');
    expect((await detail(start.id)).tagNameList).toEqual(['Typecho']);

    // A Chinese slug in pinyin; the first category by Typecho's order, the other one a tag; the long
    // tag shortened; the pictures of usr/uploads copied and relinked (the cover from the thumb field).
    const hello = await articleBy('你好，世界');
    expect(hello.slug).toBe('ni-hao-shi-jie');
    const helloDetail = await detail(hello.id);
    expect(helloDetail.categoryName).toBe('前端开发');
    expect([...helloDetail.tagNameList].sort()).toEqual(
      ['技术', '随笔', termName('这是一个超过二十个字符长度的标签名称用于测试缩短')].sort(),
    );
    expect(hello.article_content).not.toContain('old.example.com');
    expect(hello.article_content).toContain('```js\nconst a = 1;\n```');
    const pic = /\[1\]: (\/uploads\/\S+\.png)/.exec(hello.article_content)?.[1];
    expect(pic).toBeDefined();
    expect(existsSync(path.join(config.uploadsDir, (pic as string).replace('/uploads/', '')))).toBe(true);
    expect(hello.article_cover).toMatch(/^\/uploads\/.+\.png$/);
    expect(hello.article_cover).not.toBe(pic);

    // A post of the old editor (HTML, no <!--markdown-->) becomes Markdown; its PDF keeps its address.
    const html = await articleBy('HTML 写的旧文章');
    expect(html.article_content).toContain('这是一篇用旧编辑器写的文章。');
    expect(html.article_content).toContain(
      '[说明书.pdf](https://old.example.com/usr/uploads/2021/03/5555555555.pdf)',
    );
    expect(html.article_content).toContain('**请下载**');
    expect(html.article_content).not.toMatch(/<p>|<!--/);
    expect(html.article_description).toBe('这是一篇用旧编辑器写的文章。');
    expect((await detail(html.id)).categoryName).toBe(
      termName('一个名字特别特别长的分类用来测试缩短功能是否正常'),
    );

    expect((await articleBy('私密日记')).status).toBe(2);
    expect((await articleBy('隐藏的文章')).status).toBe(2);
    const locked = await articleBy('带密码的文章');
    expect(locked.status).toBe(1);
    expect(locked.password).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword('pass123', locked.password)).toBe(true);
    expect(await articleBy('还没写完的草稿')).toMatchObject({
      status: 3,
      slug: 'hai-mei-xie-wan-de-cao-gao',
    });
    expect(await articleBy('关于')).toMatchObject({ status: 1, slug: 'guan-yu' });
    expect((await articleBy('页面草稿')).status).toBe(3);
    expect((await articleBy('待审核的投稿')).status).toBe(3);
    expect(await articleBy('未来的文章')).toMatchObject({
      status: 4,
      publish_at: '2100-01-01T00:00:00.000Z',
    });
    expect((await articleBy('只有标题')).article_content).toBe('');
  });

  it('brings the comments under their posts with threads, states, names, addresses and browsers', async () => {
    const start = await articleBy('欢迎使用 Typecho');
    const rows = await commentsOf(1, start.id, 'createdAt');
    expect(rows.map((c) => [c.nick_name, c.content, c.review_status])).toEqual([
      ['Typecho', '欢迎加入 Typecho 大家族', 'published'],
      ['小明', '写得真好！', 'published'],
      [
        (
          await db
            .selectFrom('user')
            .select('nick_name')
            .where('id', '=', api.adminId)
            .executeTakeFirstOrThrow()
        ).nick_name,
        '谢谢支持～',
        'published',
      ],
      ['小明', '不客气 😀', 'published'],
      ['路人甲', '`npm install` 之后报错了怎么办？', 'pending'],
      ['发财网', '便宜的广告', 'spam'],
    ]);
    const [, first, owner, deeper] = rows;
    expect(first).toMatchObject({
      parent_id: null,
      ip: '203.0.113.5',
      email: 'xiaoming@example.com',
      createdAt: '2020-01-01T17:33:20.000Z',
    });
    expect(first.user_agent).toContain('Chrome');
    // The blog's author answering is the owner here; the reply to that reply stays in the thread.
    expect(owner).toMatchObject({ from_id: api.adminId, parent_id: first.id, to_id: first.from_id });
    expect(deeper).toMatchObject({ parent_id: first.id, to_id: api.adminId, from_id: first.from_id });
    const page = await articleBy('关于');
    expect(await db.selectFrom('comment').select('content').where('for_id', '=', page.id).execute()).toEqual([
      { content: '你好，博主！' },
    ]);
  });

  it("every old address answers 301 to its post: Typecho's defaults and the blog's own routes", async () => {
    const id = async (title: string) => `/article?id=${(await articleBy(title)).id}`;
    const answers = await frontAnswers([
      '/archives/1/',
      '/index.php/archives/1/',
      '/default/start.html',
      '/tech/frontend/%E4%BD%A0%E5%A5%BD%E4%B8%96%E7%95%8C.html',
      '/index.php/tech/frontend/你好世界.html',
      '/archives/2',
      '/关于.html',
      '/archives/4/',
      // A draft never had an address.
      '/archives/7/',
    ]);
    expect(answers).toEqual({
      '/archives/1/': await id('欢迎使用 Typecho'),
      '/index.php/archives/1/': await id('欢迎使用 Typecho'),
      '/default/start.html': await id('欢迎使用 Typecho'),
      '/tech/frontend/%E4%BD%A0%E5%A5%BD%E4%B8%96%E7%95%8C.html': await id('你好，世界'),
      '/index.php/tech/frontend/你好世界.html': await id('你好，世界'),
      '/archives/2': await id('你好，世界'),
      '/关于.html': await id('关于'),
      '/archives/4/': await id('私密日记'),
      '/archives/7/': '404',
    });
  });

  it('is idempotent: a second run creates nothing', async () => {
    const count = async () => (await db.selectFrom('article').select('id').execute()).length;
    const before = await count();
    const again = await runImport(await planFor(source(), { uploads: DIR, mysql: LOCAL }));
    expect(again.created).toEqual({});
    expect(again.failed).toEqual([]);
    expect(again.already).toEqual(CREATED);
    expect(await count()).toBe(before);
    expect((await dryRun(await planFor(source(), { mysql: LOCAL }))).created).toEqual({});
  });
}
