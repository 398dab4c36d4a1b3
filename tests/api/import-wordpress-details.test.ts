import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { db } from '../../src/server/db/connection.ts';
import { planFor } from '../../src/server/services/import/detect.ts';
import { dryRun, runImport } from '../../src/server/services/import/run.ts';
import { oldUrlsOf } from '../../src/server/services/old-urls.ts';
import { setupTestApi } from './helpers.ts';
import { frontAnswers } from './old-url-front.ts';

/**
 * A Chinese blog's WordPress export (tests/fixtures/import/wordpress/blog.xml, as WordPress 6's
 * export.php writes it): three authors, a scheduled post, shortcodes, nested categories sharing a
 * name, a title-only post with comments, a thread three deep, pending and spam comments.
 */

const api = setupTestApi();
const WXR = path.resolve(import.meta.dirname, '../fixtures/import/wordpress/blog.xml');

const CREATED = { category: 5, tag: 2, article: 6, comment: 7 };
/** The empty comment fails, and the reply to it with it: in the dry run as in the run. */
const FAILED = [
  ['comment', '空白 的评论', '评论内容为空'],
  ['comment', '小明 的评论', '回复的评论 17 没有导入'],
];
const failed = (r: { failed: { kind: string; label: string; reason: string }[] }) =>
  r.failed.map((f) => [f.kind, f.label, f.reason]);

const articleBy = (title: string) =>
  db
    .selectFrom('article')
    .leftJoin('category', 'category.id', 'article.category_id')
    .selectAll('article')
    .select('category.category_name')
    .where('article_title', '=', title)
    .executeTakeFirstOrThrow();
const tagsOf = async (id: number) =>
  (
    await db
      .selectFrom('article_tag')
      .innerJoin('tag', 'tag.id', 'article_tag.tag_id')
      .select('tag_name')
      .where('article_id', '=', id)
      .orderBy('tag_name')
      .execute()
  ).map((t) => t.tag_name);

describe('a WordPress export with its details', () => {
  it('the dry run predicts every creation and failure, and says what was renamed, kept and whose', async () => {
    const report = await dryRun(await planFor(WXR));
    expect(report.created).toEqual(CREATED);
    expect(failed(report)).toEqual(FAILED);
    expect(report.skipped.map((s) => [s.label, s.reason])).toEqual([
      ['另一个博客 的评论', '引用通告（pingback）不导入'],
    ]);
    const notes = report.notes.join('\n');
    expect(notes).toContain(
      '原博客有 3 位作者：林小满（lin）3 篇，王二（wang）2 篇，zhao 1 篇；导入的文章都归站长',
    );
    expect(notes).toContain('分类「笔记」（notes）与别的分类同名，改为「生活/笔记」');
    expect(notes).toContain('分类「笔记」（notes-tech）与别的分类同名，改为「技术/笔记」');
    expect(notes).toContain(
      '分类「那些年我们一起读过的计算机经典书籍与论文集」超过 20 个字，改为「那些年我们一起读过的计算机经典书籍与论…」',
    );
    expect(notes).toContain('标签「一个超过二十个字的标签名字用来看看会不会被截断」超过 20 个字');
    expect(notes).toContain('不认识的简码 [contact-form-7]：原样保留为文字，见《图文与代码》');
    expect(notes).toContain('1 篇文章正文为空（只有标题），照样导入');
    expect(await db.selectFrom('article').select('id').execute()).toEqual([]);
  });

  it('imports what the dry run said, every post answering on its old addresses', async () => {
    const report = await runImport(await planFor(WXR));
    expect(report.created).toEqual(CREATED);
    expect(failed(report)).toEqual(FAILED);

    // A scheduled post is scheduled for its time; a pending one is a draft.
    expect(await articleBy('明年的计划')).toMatchObject({
      status: 4,
      publish_at: '2099-01-01T00:00:00.000Z',
      category_name: '生活/笔记',
    });
    expect(await articleBy('等待审核的投稿')).toMatchObject({ status: 3, category_name: '技术' });
    // A post's category is its nicename's: two 笔记 stay two.
    const rich = await articleBy('图文与代码');
    expect(rich).toMatchObject({ status: 1, category_name: '技术/笔记', slug: 'tu-wen-yu-dai-ma' });
    expect(await tagsOf(rich.id)).toEqual(['一个超过二十个字的标签名字用来看看会不…', '猫'].sort());
    // A title-only post, its second category kept as a tag.
    const bare = await articleBy('只有标题');
    expect(bare).toMatchObject({ article_content: '', status: 1, category_name: '生活' });
    expect((await api.call('GET', `/api/article/getArticleById/${bare.id}`)).json.code).toBe(0);
    expect(await tagsOf(bare.id)).toEqual(['那些年我们一起读过的计算机经典书籍与论…']);
    // A post behind a password keeps it (its hash).
    expect((await articleBy('加密的日记')).password).not.toBe('');

    const ids = Object.fromEntries(
      (await db.selectFrom('article').select(['id', 'article_title']).execute()).map((a) => [
        a.article_title,
        a.id,
      ]),
    );
    const to = (title: string) => `/article?id=${ids[title]}`;
    expect(
      await frontAnswers([
        '/?p=101',
        '/archives/101',
        '/?p=102',
        '/2099/01/01/plan/',
        '/?p=103',
        '/2023/05/14/only-title/',
        '/?page_id=104',
        '/notice/',
        '/?p=105',
        '/archives/106',
      ]),
    ).toEqual({
      '/?p=101': to('图文与代码'),
      '/archives/101': to('图文与代码'),
      '/?p=102': to('明年的计划'),
      '/2099/01/01/plan/': to('明年的计划'),
      '/?p=103': to('只有标题'),
      '/2023/05/14/only-title/': to('只有标题'),
      '/?page_id=104': to('留言须知'),
      '/notice/': to('留言须知'),
      '/?p=105': to('等待审核的投稿'),
      '/archives/106': to('加密的日记'),
    });
  });

  it('turns the shortcodes into Markdown and keeps an unknown one as text', async () => {
    const md = (await articleBy('图文与代码')).article_content;
    const up = 'https://blog.example.cn/wp-content/uploads/2023/05';
    expect(md).toContain(`![一只猫](${up}/cat-300x200.jpg)\n\n*我家的猫在晒太阳*`);
    // The gallery: its attachments' pictures, in order, with the attachment's caption.
    expect(md).toContain(`![团子](${up}/cat.jpg)\n\n*晒太阳的团子*\n\n![dog](${up}/dog.jpg)`);
    expect(md).toContain(
      '[https://www.bilibili.com/video/BV1xx411c7mD](https://www.bilibili.com/video/BV1xx411c7mD)',
    );
    expect(md).toContain(
      '[https://www.youtube.com/watch?v=dQw4w9WgXcQ](https://www.youtube.com/watch?v=dQw4w9WgXcQ)',
    );
    expect(md).toContain('```php\n<?php\n$list = [1, 2, 3];\necho $list[0] && "[gallery]";\n```');
    expect(md).toContain('```js\nconst ok = 1 < 2;\n```');
    expect(md).toContain(`[音频：song.mp3](${up}/song.mp3)`);
    expect(md).toContain(`[视频：trip.mp4](${up}/trip.mp4)`);
    expect(md).toContain('\\[contact-form-7 id="12" title="联系我"\\]');
    expect(md).toContain('行内代码 `[gallery ids="9"]` 不是相册。');
    expect(md).not.toMatch(/\[\/?(caption|gallery ids="201|embed|sourcecode|code|audio|video)\b/);
  });

  it('keeps the comments: a thread three deep in order, pending and spam as they were', async () => {
    const rich = await articleBy('图文与代码');
    const rows = await db
      .selectFrom('comment')
      .innerJoin('user', 'user.id', 'comment.from_id')
      .select(['comment.id', 'parent_id', 'to_id', 'from_id', 'content', 'review_status', 'nick_name'])
      .where('for_id', '=', rich.id)
      .orderBy('comment.createdAt')
      .execute();
    expect(rows.map((c) => [c.nick_name, c.content, c.review_status])).toEqual([
      ['小明', '猫好可爱！', 'published'],
      ['林小满', '谢谢，它叫**团子**。', 'published'],
      ['小红', '团子这个名字真好。', 'published'],
      ['路人甲', '还在审核中的评论', 'pending'],
      ['便宜机票', '特价机票 [点这里](https://spam.example.net)', 'spam'],
    ]);
    const [first, reply, third] = rows;
    expect(first.parent_id).toBeNull();
    expect(reply).toMatchObject({ parent_id: first.id, to_id: first.from_id });
    expect(third).toMatchObject({ parent_id: first.id, to_id: reply.from_id });
    // The title-only post's comments came with it.
    const bare = await articleBy('只有标题');
    const under = await db
      .selectFrom('comment')
      .select(['id', 'parent_id', 'content'])
      .where('for_id', '=', bare.id)
      .orderBy('createdAt')
      .execute();
    expect(under.map((c) => c.content)).toEqual(['正文呢？', '标题就是全部。']);
    expect(under[1].parent_id).toBe(under[0].id);
  });

  it('a second run creates nothing', async () => {
    const again = await runImport(await planFor(WXR));
    expect(again.created).toEqual({});
    expect(again.updated).toEqual({});
    expect(again.already).toEqual(CREATED);
    expect(failed(again)).toEqual(FAILED);
  });

  it('an article imported before old addresses were kept gets them on the next run', async () => {
    await db.deleteFrom('old_url').execute();
    const again = await runImport(await planFor(WXR));
    expect(again.updated).toEqual({ article: CREATED.article });
    expect(await oldUrlsOf((await articleBy('图文与代码')).id)).toEqual(['/?p=101', '/archives/101']);
  });
});
