import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { config } from '../../src/server/config.ts';
import { db } from '../../src/server/db/connection.ts';
import { planFor } from '../../src/server/services/import/detect.ts';
import { dryRun, runImport } from '../../src/server/services/import/run.ts';
import { setupTestApi } from './helpers.ts';
import { commentsOf } from './import-helpers.ts';

const api = setupTestApi();
const DIR = path.resolve(import.meta.dirname, '../fixtures/import/wordpress');
const WXR = path.join(DIR, 'export.xml');
const UPLOADS = path.join(DIR, 'uploads');

const articleBy = (title: string) =>
  db.selectFrom('article').selectAll().where('article_title', '=', title).executeTakeFirstOrThrow();

describe('import a WordPress export (WXR)', () => {
  it('the dry run lists what would be created and what is skipped and why, writing nothing', async () => {
    const plan = await planFor(WXR, { uploads: UPLOADS });
    expect(plan.format).toBe('wxr');
    const report = await dryRun(plan);
    expect(report.created).toEqual({ category: 1, tag: 1, article: 3, comment: 3 });
    const reasons = Object.fromEntries(report.skipped.map((s) => [s.label, s.reason]));
    expect(reasons['《扔掉的文章》']).toContain('回收站');
    expect(reasons['《菜单》']).toContain('nav_menu_item');
    expect(reasons['某博客 的评论']).toContain('pingback');
    expect(report.notes.join('\n')).toContain('1 个附件没有被任何文章使用');
    // Every line says where in the file it is.
    expect(report.skipped.find((s) => s.label === '《扔掉的文章》')?.where).toMatch(/export\.xml 第 \d+ 行/);
    expect(await db.selectFrom('import_source').selectAll().execute()).toEqual([]);
  });

  it('imports posts and pages with their status, terms, comment threads and copied uploads', async () => {
    const report = await runImport(await planFor(WXR, { uploads: UPLOADS }));
    expect(report.failed).toEqual([]);
    expect(report.created).toEqual({ category: 1, tag: 1, article: 3, comment: 3 });

    const hello = await articleBy('你好，WordPress！');
    expect(hello).toMatchObject({
      slug: 'hello-wordpress',
      status: 1,
      is_top: 1,
      createdAt: '2020-01-02T03:04:05.000Z',
      updatedAt: '2020-02-03T04:00:00.000Z',
    });
    const md = hello.article_content;
    // Chinese punctuation, a fenced code block with its language, a GFM table, an image.
    expect(md).toContain('这是第一段，带有“引号”、《书名》和——破折号。');
    expect(md).toContain('```js\nconst a = 1;\n\nconsole.log(a < 2);\n```');
    expect(md).toMatch(/\| 名称 +\| 数量 +\|/);
    // The upload was copied and relinked; the old address is gone.
    expect(md).not.toContain('old.example.com');
    const pic = /!\[示意图\]\((\/uploads\/[^)]+\.png)\)/.exec(md)?.[1];
    expect(pic).toBeDefined();
    expect(existsSync(path.join(config.uploadsDir, (pic as string).replace('/uploads/', '')))).toBe(true);
    expect(hello.article_cover).toMatch(/^\/uploads\/.+\.png$/);
    // The text before <!--more--> is the description.
    expect(hello.article_description).toContain('这是第一段');
    const detail = (await api.call('GET', `/api/article/getArticleById/${hello.id}`)).json.result;
    expect(detail.categoryName).toBe('技术笔记');
    expect(detail.tagNameList).toEqual(['随笔']);

    expect(await articleBy('私密的日记')).toMatchObject({ status: 2, article_description: '一篇日记' });
    // A page is an article too; a draft's local date is China time.
    expect(await articleBy('关于我')).toMatchObject({ status: 3, createdAt: '2020-04-01T00:00:00.000Z' });

    const comments = await commentsOf(1, hello.id, 'createdAt');
    expect(comments.map((c) => [c.nick_name, c.content, c.review_status])).toEqual([
      ['小明', '写得好！', 'published'],
      ['小红', '同意楼上。', 'published'],
      ['小明', '谢谢你！', 'pending'],
    ]);
    const [first, reply, deeper] = comments;
    expect(first).toMatchObject({ parent_id: null, ip: '203.0.113.5' });
    expect(reply).toMatchObject({ parent_id: first.id, to_id: first.from_id });
    // A reply to a reply stays in the thread, addressed to the one it answered; the same guest is one account.
    expect(deeper).toMatchObject({ parent_id: first.id, to_id: reply.from_id, from_id: first.from_id });
  });

  it('is idempotent: a second run creates nothing', async () => {
    const count = async () => (await db.selectFrom('article').select('id').execute()).length;
    const before = await count();
    const again = await runImport(await planFor(WXR, { uploads: UPLOADS }));
    expect(again.created).toEqual({});
    expect(again.already).toEqual({ category: 1, tag: 1, article: 3, comment: 3 });
    expect(await count()).toBe(before);
  });

  it('without an uploads folder the pictures keep their addresses', async () => {
    const plan = await planFor(WXR);
    // Another source key would import again: the same file is the same site whatever the folder.
    expect(plan.source).toBe('wxr:https://old.example.com');
    expect(plan.notes.join('\n')).toContain('保留原来的地址');
  });

  it('a broken file is refused with its line, and nothing is written', async () => {
    await expect(planFor(path.join(DIR, 'broken.xml'))).rejects.toThrow(
      /broken\.xml 第 \d+ 行：XML 格式错误/,
    );
    await expect(planFor(path.join(DIR, 'nope.xml'))).rejects.toThrow('找不到导入来源');
    await expect(planFor(path.join(UPLOADS, '2020/01/pic.png'))).rejects.toThrow('无法识别的导入来源');
  });
});
