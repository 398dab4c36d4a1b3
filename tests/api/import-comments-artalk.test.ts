import { describe, expect, it } from 'vitest';
import { db } from '../../src/server/db/connection.ts';
import { planFor } from '../../src/server/services/import/detect.ts';
import { dryRun, runImport } from '../../src/server/services/import/run.ts';
import { commentsTest, messages, noMarkupLeft } from './import-comments-site.ts';
import { commentsOf } from './import-helpers.ts';

/**
 * Artalk's Artrans (控制中心 → 迁移 → 导出) onto a site that already has the posts. Artalk keeps
 * no spam state (its anti-spam holds comments as pending): pending is what it has.
 */

const { api, site, file: FILE } = commentsTest('artalk.json');

describe('import an Artalk export (Artrans)', () => {
  it('is recognised by its shape; the dry run predicts the run; a second run creates nothing', async () => {
    const plan = await planFor(FILE);
    expect(plan.format).toBe('artalk');
    expect(plan.source).toBe('artalk:小站');
    const dry = await dryRun(plan);
    expect(dry.created).toEqual({ comment: 8, message: 1 });
    expect(dry.failed.map((f) => f.where)).toEqual([
      'artalk.json 第 1 行（评论 10）',
      'artalk.json 第 1 行（评论 11）',
    ]);
    expect(dry.failed[0].reason).toBe('找不到页面 /2018/01/01/lost（《早就删除的文章》） 对应的文章');
    const report = await runImport(await planFor(FILE));
    expect(report.created).toEqual(dry.created);
    expect(report.failed).toEqual(dry.failed);
    expect(report.notes.join('\n')).toContain('1 条评论在原站置顶');
    const again = await runImport(await planFor(FILE));
    expect(again.created).toEqual({});
    expect(again.already).toEqual({ comment: 8, message: 1 });
  });

  it('keeps threads (rid), stickers, votes, pending; finds a post by its page title', async () => {
    const hello = await commentsOf(1, site.hello);
    expect(hello.map((c) => [c.nick_name, c.content, c.review_status, c.thumbs_up])).toEqual([
      ['小明', '沙发 [滑稽]', 'published', 5],
      [hello[1].nick_name, '感谢～', 'published', 0],
      ['小红', '**同意**，a_b 也行', 'published', 1],
      ['路人丙', '等审核的一条', 'pending', 0],
    ]);
    const [first, owner, deeper] = hello;
    // Signed with the site owner's address: the owner's comment.
    expect(owner).toMatchObject({ from_id: api.adminId, parent_id: first.id, to_id: first.from_id });
    expect(deeper).toMatchObject({ parent_id: first.id, to_id: api.adminId });
    // Go's `2023-05-20 16:00:00 +0800`.
    expect(first.createdAt).toBe('2023-05-20T08:00:00.000Z');
    expect((await commentsOf(1, site.titled)).map((c) => c.content)).toEqual(['按标题找到的文章']);
    expect((await commentsOf(2, site.talk)).map((c) => c.content)).toEqual(['说说好评']);
    const [book] = await messages();
    expect(book.message).toBe('留言一条 [哈哈]');
    const replies = await commentsOf(3, book.id);
    expect(replies.map((c) => [c.content, c.parent_id, c.to_id])).toEqual([
      ['欢迎欢迎', null, null],
      ['谢谢博主', replies[0].id, api.adminId],
    ]);
    await noMarkupLeft();
    expect(await db.selectFrom('comment').select('id').execute()).toHaveLength(8);
  });
});
