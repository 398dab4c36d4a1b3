import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { db } from '../../src/server/db/connection.ts';
import { pageFinder } from '../../src/server/services/import/comments/pages.ts';
import { planFor } from '../../src/server/services/import/detect.ts';
import { dryRun, runImport } from '../../src/server/services/import/run.ts';
import { commentsTest, messages, noMarkupLeft } from './import-comments-site.ts';
import { commentsOf } from './import-helpers.ts';

/** Waline's export (its admin → 导出) onto a site that already has the posts. */

const { api, site, file: FILE } = commentsTest('waline.json');

describe('import a Waline export', () => {
  it('is recognised by its shape; the dry run lists what it would do and writes nothing', async () => {
    const plan = await planFor(FILE);
    expect(plan.format).toBe('waline');
    expect(plan.source).toBe('waline:6471f0a1e1b2c3d4e5f60001');
    const report = await dryRun(plan);
    expect(report.created).toEqual({ comment: 8, message: 2 });
    // Every comment is accounted for: 12 in the file.
    expect(report.failed.length + report.skipped.length + 10).toBe(12);
    const gone = report.failed.find((f) => f.where.includes('6471f0a1e1b2c3d4e5f60010'));
    expect(gone?.reason).toBe('找不到页面 /2019/12/31/gone 对应的文章');
    expect(gone?.where).toMatch(/^waline\.json 第 \d+ 行（评论 6471f0a1e1b2c3d4e5f60010）$/);
    // Its reply fails with it, saying why.
    const reply = report.failed.find((f) => f.where.includes('6471f0a1e1b2c3d4e5f60011'));
    expect(reply?.reason).toContain('找不到页面 /2019/12/31/gone 对应的文章');
    expect(report.notes.join('\n')).toContain('网址不导入');
    expect(report.notes.join('\n')).toContain('1 条评论在原站置顶');
    expect(await db.selectFrom('comment').selectAll().execute()).toEqual([]);
    expect(await db.selectFrom('import_source').selectAll().execute()).toEqual([]);
  });

  it('imports the threads under their posts, in order, with parent, to_id, state, likes and place', async () => {
    const dry = await dryRun(await planFor(FILE));
    const report = await runImport(await planFor(FILE));
    expect(report.created).toEqual(dry.created);
    expect(report.failed).toEqual(dry.failed);

    const { nick_name: ownerNick } = await db
      .selectFrom('user')
      .select('nick_name')
      .where('id', '=', api.adminId)
      .executeTakeFirstOrThrow();
    const hello = await commentsOf(1, site.hello);
    expect(hello.map((c) => [c.nick_name, c.content, c.review_status, c.thumbs_up])).toEqual([
      ['小明', '写得好！**太棒了** [tieba_huaji]', 'published', 3],
      [ownerNick, '谢谢支持～', 'published', 1],
      // Written a second "before" the reply it answers: still after it; the `[@博主](#…)` lead dropped.
      ['小红', '同意楼上，my_name 也是。', 'published', 0],
      ['发广告的', '低价代购，点击 https://spam.example.com', 'spam', 0],
    ]);
    const [first, owner, deeper] = hello;
    expect(first).toMatchObject({
      parent_id: null,
      to_id: null,
      ip: '203.0.113.5',
      createdAt: '2023-05-20T08:00:00.000Z',
    });
    expect(first.user_agent).toContain('Chrome');
    // The Waline administrator's comment is the owner's; a reply to a reply stays in the thread.
    expect(owner).toMatchObject({ from_id: api.adminId, parent_id: first.id, to_id: first.from_id });
    expect(deeper).toMatchObject({ parent_id: first.id, to_id: api.adminId });

    // A percent-escaped Chinese path finds its post; the waiting comment waits.
    const [algo] = await commentsOf(1, site.algo);
    expect(algo).toMatchObject({ review_status: 'pending', nick_name: '小明' });
    expect(algo.content).toBe('试了一下 `a_b` 可以：\n\n```js\nconst a_b = 1;\n```');
    expect((await commentsOf(1, site.about)).map((c) => c.content)).toEqual(['你好呀']);

    // The guestbook page's first comments are guestbook messages (the whole 说说 page's too)…
    const book = await messages();
    expect(book.map((m) => [m.nick_name, m.message, m.like_times, m.user_id])).toEqual([
      ['路人甲', '博主好！来踩踩 [tieba_huaji]', 2, null],
      ['路人乙', '说说写得真有意思', 0, null],
    ]);
    // …and their replies comments on them, two levels deep as everywhere here.
    const onMessage = await commentsOf(3, book[0].id);
    expect(onMessage.map((c) => [c.content, c.parent_id, c.to_id, c.from_id])).toEqual([
      ['欢迎常来', null, null, api.adminId],
      ['好的 [bb_doge]', onMessage[0].id, api.adminId, onMessage[1].from_id],
    ]);
    await noMarkupLeft();
  });

  it('is idempotent: a second run creates nothing', async () => {
    const before = (await db.selectFrom('comment').select('id').execute()).length;
    const again = await runImport(await planFor(FILE));
    expect(again.created).toEqual({});
    expect(again.already).toEqual({ comment: 8, message: 2 });
    expect(again.failed).toHaveLength(2);
    expect((await db.selectFrom('comment').select('id').execute()).length).toBe(before);
    const dry = await dryRun(await planFor(FILE));
    expect(dry.created).toEqual({});
    expect(dry.already).toEqual(again.already);
  });

  it("finds our own addresses, the guestbook and the about page; another tool's JSON is not taken", async () => {
    const find = pageFinder();
    const at = (...addresses: string[]) => find({ addresses });
    expect(await at(`/article?id=${site.hello}`)).toEqual({ target: { type: 1, id: site.hello } });
    expect(await at(`https://old.example.com/article/${site.algo}/`)).toEqual({
      target: { type: 1, id: site.algo },
    });
    expect(await at('/article?id=999')).toEqual({ error: '找不到文章 999（页面 /article?id=999）' });
    expect(await at('/talk/?id=99')).toEqual({ error: '找不到说说 99（页面 /talk/?id=99）' });
    expect(await at('/links/')).toEqual({ target: { type: 3 } });
    // The about page is a page, not the guestbook: the article that had its address.
    expect(await at('https://blog.example.com/about/index.html')).toEqual({
      target: { type: 1, id: site.about },
    });
    // Not found by its address, a page is found by its post's title — only a title one post has.
    expect(await find({ addresses: ['/nowhere/'], title: '你好，世界' })).toEqual({
      target: { type: 1, id: site.hello },
    });
    const twin = await api.call(
      'POST',
      '/api/article/add',
      {
        article_title: '你好，世界',
        article_content: '又一篇',
        category_id: null,
        tagIdList: [],
        status: 1,
        type: 1,
      },
      api.adminToken,
    );
    expect(twin.json.code, twin.json.message).toBe(0);
    expect(await pageFinder()({ addresses: ['/nowhere/'], title: '你好，世界' })).toEqual({
      error: '找不到页面 /nowhere（《你好，世界》） 对应的文章',
    });

    const dir = mkdtempSync(path.join(tmpdir(), 'comments-json-'));
    writeFileSync(path.join(dir, 'other.json'), JSON.stringify([{ objectId: 'x', title: 'not comments' }]));
    await expect(planFor(path.join(dir, 'other.json'))).rejects.toThrow(/无法识别的导入来源.*Waline/);
    writeFileSync(path.join(dir, 'broken.json'), '{"type": "waline", ');
    await expect(planFor(path.join(dir, 'broken.json'))).rejects.toThrow(/^broken\.json：JSON 格式错误/);
  });
});
