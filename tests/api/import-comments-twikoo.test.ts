import { describe, expect, it } from 'vitest';
import { db } from '../../src/server/db/connection.ts';
import { planFor } from '../../src/server/services/import/detect.ts';
import { dryRun, runImport } from '../../src/server/services/import/run.ts';
import { commentsTest, messages, noMarkupLeft } from './import-comments-site.ts';
import { commentsOf } from './import-helpers.ts';

/**
 * Twikoo's export (管理面板 → 导入导出 → 导出评论: comment.json) onto a site that already has the
 * posts. Twikoo has one hidden state, `isSpam` (spam, or held for manual review): it becomes spam.
 */

const { api, site, file: FILE } = commentsTest('twikoo.json');
const ID = (n: number) => `7f3a9c1e0b2d4e6f8a1b3c5d7e9f0a${String(n).padStart(2, '0')}`;

describe('import a Twikoo export', () => {
  it('is recognised by its shape; the dry run predicts the run', async () => {
    const plan = await planFor(FILE);
    expect(plan.format).toBe('twikoo');
    const dry = await dryRun(plan);
    expect(dry.created).toEqual({ comment: 8, message: 1 });
    expect(dry.failed.map((f) => [f.where, f.reason.replace(/（.*）$/, '')])).toEqual([
      [`twikoo.json 第 1 行（评论 ${ID(8)}）`, '找不到页面 /posts/missing 对应的文章'],
      [`twikoo.json 第 1 行（评论 ${ID(9)}）`, '找不到页面 /posts/missing 对应的文章'],
    ]);
    expect(await db.selectFrom('comment').selectAll().execute()).toEqual([]);

    const report = await runImport(await planFor(FILE));
    expect(report.created).toEqual(dry.created);
    expect(report.failed).toEqual(dry.failed);
    // 11 documents: 9 created, 2 failed.
    expect(report.failed.length + report.skipped.length + 9).toBe(11);
  });

  it('keeps threads, the blogger, likes, spam, the talk and the guestbook', async () => {
    const hello = await commentsOf(1, site.hello);
    expect(hello.map((c) => [c.content, c.review_status, c.thumbs_up])).toEqual([
      ['好文！[滑稽]', 'published', 2],
      ['感谢支持', 'published', 0],
      ['+1，**很有用** my_name', 'published', 0],
      ['低价代购 [点这里](https://spam.example.com)', 'spam', 0],
    ]);
    const [first, owner, deeper] = hello;
    // `master`: the blogger's own comment is the owner's.
    expect(owner).toMatchObject({ from_id: api.adminId, parent_id: first.id, to_id: first.from_id });
    expect(deeper).toMatchObject({ parent_id: first.id, to_id: api.adminId, nick_name: '小红' });
    expect(first).toMatchObject({ createdAt: '2023-05-20T08:00:00.000Z', ip: '203.0.113.5' });

    expect((await commentsOf(1, site.algo)).map((c) => c.content)).toEqual([
      '代码：\n\n```js\nconst a_b = 1;\n```',
    ]);
    expect((await commentsOf(1, site.about)).map((c) => c.review_status)).toEqual(['spam']);
    // /talk/1/ is talk 1.
    expect((await commentsOf(2, site.talk)).map((c) => [c.nick_name, c.content])).toEqual([
      ['路人乙', '这条说说好可爱'],
    ]);
    const [book] = await messages();
    expect(book).toMatchObject({ nick_name: '路人甲', message: '来踩踩 [哈哈]', review_status: 'published' });
    expect((await commentsOf(3, book.id)).map((c) => [c.content, c.from_id, c.parent_id])).toEqual([
      ['欢迎', api.adminId, null],
    ]);
    await noMarkupLeft();
  });

  it('is idempotent: a second run creates nothing', async () => {
    const again = await runImport(await planFor(FILE));
    expect(again.created).toEqual({});
    expect(again.already).toEqual({ comment: 8, message: 1 });
    expect((await dryRun(await planFor(FILE))).created).toEqual({});
  });
});
