import { describe, expect, it } from 'vitest';
import { db } from '../../src/server/db/connection.ts';
import { planFor } from '../../src/server/services/import/detect.ts';
import { dryRun, runImport } from '../../src/server/services/import/run.ts';
import { commentsTest, messages, noMarkupLeft } from './import-comments-site.ts';
import { commentsOf } from './import-helpers.ts';

/**
 * Disqus's export (Admin → Export, the XML it mails) onto a site that already has the posts. Disqus
 * keeps no likes; its emoji are characters of the text.
 */

const { api, site, file: FILE } = commentsTest('disqus.xml');

describe('import a Disqus export', () => {
  it('is recognised by its <disqus> root; deleted posts are listed as skipped, the dry run predicts the run', async () => {
    const plan = await planFor(FILE);
    expect(plan.format).toBe('disqus');
    expect(plan.source).toBe('disqus:xiaozhan-blog');
    const dry = await dryRun(plan);
    expect(dry.created).toEqual({ comment: 8, message: 1 });
    expect(dry.skipped.map((s) => [s.where.replace(/ 第 \d+ 行/, ''), s.reason])).toEqual([
      ['disqus.xml（评论 5001004）', '已删除的评论（Disqus isDeleted）不导入，它的回复接到它回复的评论下'],
    ]);
    expect(dry.failed.map((f) => f.where)).toEqual([
      expect.stringMatching(/^disqus\.xml 第 \d+ 行（评论 5001010）$/),
      expect.stringMatching(/^disqus\.xml 第 \d+ 行（评论 5001011）$/),
    ]);
    expect(dry.failed[0].reason).toBe('找不到页面 /2017/06/01/lost（《消失的文章 | 小站》） 对应的文章');
    // 12 posts: 9 created, 1 skipped, 2 failed.
    expect(dry.failed.length + dry.skipped.length + 9).toBe(12);

    const report = await runImport(await planFor(FILE));
    expect(report.created).toEqual(dry.created);
    expect(report.skipped).toEqual(dry.skipped);
    expect(report.failed).toEqual(dry.failed);
  });

  it('keeps threads (parent), spam, the talk and the guestbook; finds a post by its thread title', async () => {
    const hello = await commentsOf(1, site.hello);
    expect(hello.map((c) => [c.content, c.review_status])).toEqual([
      ['写得好！😄', 'published'],
      ['谢谢！', 'published'],
      ['同意，**很有用** my_name', 'published'],
      ['回复一条已删除的评论', 'published'],
      ['低价代购 [https://spam.example.com](https://spam.example.com "https://spam.example.com")', 'spam'],
    ]);
    const [first, owner, deeper, orphaned] = hello;
    expect(first).toMatchObject({
      nick_name: '小明',
      ip: '203.0.113.5',
      createdAt: '2020-02-01T08:00:00.000Z',
    });
    expect(owner).toMatchObject({ from_id: api.adminId, parent_id: first.id, to_id: first.from_id });
    expect(deeper).toMatchObject({ parent_id: first.id, to_id: api.adminId });
    // It answered a deleted post: it answers what that one answered.
    expect(orphaned).toMatchObject({ parent_id: first.id, to_id: first.from_id });
    // "没有旧地址的文章 | 小站": the post's title with the site's name after it.
    expect((await commentsOf(1, site.titled)).map((c) => c.content)).toEqual(['按标题找到的文章']);
    expect((await commentsOf(2, site.talk)).map((c) => c.nick_name)).toEqual(['路人乙']);
    const [book] = await messages();
    expect(book).toMatchObject({ message: '来踩踩', nick_name: '路人甲' });
    expect((await commentsOf(3, book.id)).map((c) => [c.content, c.from_id])).toEqual([
      ['欢迎', api.adminId],
    ]);
    await noMarkupLeft();
  });

  it('is idempotent: a second run creates nothing', async () => {
    const again = await runImport(await planFor(FILE));
    expect(again.created).toEqual({});
    expect(again.already).toEqual({ comment: 8, message: 1 });
    expect(await db.selectFrom('message').select('id').execute()).toHaveLength(1);
  });
});
