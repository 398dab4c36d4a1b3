import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../src/server/db/connection.ts';
import { categoryDictionary, tagDictionary } from '../../src/server/services/articles.ts';
import { getStatistic } from '../../src/server/services/site.ts';
import { setupTestApi } from './helpers.ts';

/**
 * What belongs to a private (status 2) or draft (3) article or to a private talk — its
 * comments, their count and likes, and the categories and tags only such articles use — is hidden
 * from everyone but the admin. A visitor or user gets the answer of a thing that does not exist: an
 * empty page, 0, false, 点赞的内容不存在, 评论的内容不存在, 分类不存在 / 标签不存在, no entry in a list.
 */
const api = setupTestApi();
let user: { id: number; token: string };
let other: { id: number; token: string };

type Who = 'visitor' | 'user' | 'admin';
const tokenOf = (who: Who) => (who === 'admin' ? api.adminToken : who === 'user' ? other.token : undefined);
const post = (url: string, body: unknown, who: Who) => api.call('POST', url, body, tokenOf(who));
/** A POST as `user`, the author of each thread's comment (the Who 'user' is `other`, its liker). */
const byAuthor = (url: string, body: unknown) => api.call('POST', url, body, user.token);

/** A thing with one comment (by `user`, liked by `other`) and one admin reply, made while public. */
async function withThread(type: 1 | 2, make: () => Promise<number>) {
  const forId = await make();
  const parent = await post('/api/comment/add', { type, for_id: forId, content: '公开时的评论' }, 'visitor');
  expect(parent.status).toBe(401);
  const made = await byAuthor('/api/comment/add', { type, for_id: forId, content: '公开时的评论' });
  expect(made.json.code).toBe(0);
  const commentId = made.json.result.id;
  const reply = await post(
    '/api/comment/apply',
    { type, for_id: forId, content: '博主的回复', parent_id: commentId, to_id: user.id },
    'admin',
  );
  expect(reply.json.code).toBe(0);
  expect((await post('/api/like/addLike', { type: 4, for_id: commentId }, 'user')).json.code).toBe(0);
  return { forId, commentId };
}

async function newArticle(title: string, extra: Record<string, unknown> = {}) {
  const { json } = await post(
    '/api/article/add',
    { article_title: title, article_content: '正文', ...extra },
    'admin',
  );
  expect(json.code).toBe(0);
  return json.result.id as number;
}

async function newTalk() {
  const { json } = await post(
    '/api/talk/publishTalk',
    { content: '一条说说', talkImgList: [], status: 1 },
    'admin',
  );
  expect(json.code).toBe(0);
  return json.result.id as number;
}

beforeAll(async () => {
  user = await api.user();
  other = await api.user();
});

/** Every comment and like read of one thread, as `who`. */
async function reads(type: 1 | 2, forId: number, commentId: number, who: Who) {
  const parents = await post('/api/comment/frontGetParentComment', { type, for_id: forId }, who);
  const children = await post('/api/comment/frontGetChildrenComment', { parent_id: commentId }, who);
  const total = await post('/api/comment/getCommentTotal', { type, for_id: forId }, who);
  const info = await post('/api/like/getLikeInfo', { type: 4, for_id: commentId }, who);
  return {
    parents: parents.json.result.total as number,
    parentList: parents.json.result.list.length as number,
    children: children.json.result.total as number,
    childList: children.json.result.list.length as number,
    total: total.json.result as number,
    likeInfo: info.json.code === 0 ? info.json.result.count : info.json.message,
  };
}

const SHOWN = { parents: 1, parentList: 1, children: 1, childList: 1, total: 2, likeInfo: 1 };
const HIDDEN = {
  parents: 0,
  parentList: 0,
  children: 0,
  childList: 0,
  total: 0,
  likeInfo: '点赞的内容不存在',
};

describe('comments and likes of private things', () => {
  for (const status of [2, 3] as const) {
    it(`hides the comments of a ${status === 2 ? 'private' : 'draft'} article from all but the admin`, async () => {
      const { forId, commentId } = await withThread(1, () => newArticle(`将要隐藏的文章${status}`));
      for (const who of ['visitor', 'user', 'admin'] as const)
        expect(await reads(1, forId, commentId, who), who).toEqual(SHOWN);
      await api.call('PUT', '/api/article/update', { id: forId, status }, api.adminToken);
      expect(await reads(1, forId, commentId, 'visitor')).toEqual(HIDDEN);
      expect(await reads(1, forId, commentId, 'user')).toEqual(HIDDEN);
      expect(await reads(1, forId, commentId, 'admin')).toEqual(SHOWN);

      // The same answers as for a thing that does not exist.
      const missing = await reads(1, 987_654, 987_654, 'user');
      expect(missing).toEqual(HIDDEN);

      // The liker's own state reads as not liked; writes are refused as for a missing thing.
      const liked = await post('/api/like/getIsLikeByIdOrIpAndType', { type: 4, for_id: commentId }, 'user');
      expect(liked.json.result).toBe(false);
      const like = await post('/api/like/addLike', { type: 4, for_id: commentId }, 'visitor');
      expect(like.json).toEqual({ code: 100, message: '点赞的内容不存在' });
      const cancel = await post('/api/like/cancelLike', { type: 4, for_id: commentId }, 'user');
      expect(cancel.json).toEqual({ code: 100, message: '点赞的内容不存在' });
      const add = await byAuthor('/api/comment/add', { type: 1, for_id: forId, content: '偷偷评论' });
      expect(add.json).toEqual({ code: 100, message: '评论的内容不存在' });
      const apply = await byAuthor('/api/comment/apply', {
        type: 1,
        for_id: forId,
        content: '偷偷回复',
        parent_id: commentId,
        to_id: user.id,
      });
      expect(apply.json).toEqual({ code: 100, message: '评论的内容不存在' });
      // The admin still reads, likes and comments.
      expect((await post('/api/like/addLike', { type: 4, for_id: commentId }, 'admin')).json.code).toBe(0);
      expect(
        (await post('/api/comment/add', { type: 1, for_id: forId, content: '博主自己' }, 'admin')).json.code,
      ).toBe(0);

      // Published again, everything is back.
      await api.call('PUT', '/api/article/update', { id: forId, status: 1 }, api.adminToken);
      expect((await reads(1, forId, commentId, 'visitor')).total).toBe(3);
    });
  }

  it('hides the comments of a private talk from all but the admin', async () => {
    const { forId, commentId } = await withThread(2, newTalk);
    expect(await reads(2, forId, commentId, 'visitor')).toEqual(SHOWN);
    await db.updateTable('talk').set({ status: 2 }).where('id', '=', forId).execute();
    expect(await reads(2, forId, commentId, 'visitor')).toEqual(HIDDEN);
    expect(await reads(2, forId, commentId, 'user')).toEqual(HIDDEN);
    expect(await reads(2, forId, commentId, 'admin')).toEqual(SHOWN);
    const add = await byAuthor('/api/comment/add', { type: 2, for_id: forId, content: '偷偷评论' });
    expect(add.json).toEqual({ code: 100, message: '评论的内容不存在' });
  });
});

describe('categories and tags of private articles', () => {
  it('lists, counts and names a term only while a public article uses it (the admin sees all)', async () => {
    const cat = (await post('/api/category/add', { category_name: '私密分类' }, 'admin')).json.result
      .id as number;
    const empty = (await post('/api/category/add', { category_name: '空分类' }, 'admin')).json.result
      .id as number;
    await newArticle('私密文章', { status: 2, category_id: cat, tagNameList: ['私密标签'] });
    await newArticle('草稿文章', { status: 3, tagNameList: ['草稿标签'] });
    await newArticle('公开文章', { status: 1, tagNameList: ['公开标签'] });
    const tagId = (
      await db.selectFrom('tag').select('id').where('tag_name', '=', '私密标签').executeTakeFirstOrThrow()
    ).id;

    const names = (rows: { name: string }[]) => rows.map((r) => r.name);
    for (const who of ['visitor', 'user'] as const) {
      const cats = (await api.call('GET', '/api/category/getCategoryDictionary', undefined, tokenOf(who)))
        .json.result;
      const tags = (await api.call('GET', '/api/tag/getTagDictionary', undefined, tokenOf(who))).json.result;
      expect(names(cats), who).not.toContain('私密分类');
      expect(names(cats), who).not.toContain('空分类');
      expect(names(tags), who).toEqual(['公开标签']);
      // Asking for its articles answers as for a category or tag that does not exist.
      const byCat = await post('/api/article/getArticleListByCategoryId', { id: cat }, who);
      expect(byCat.json).toEqual({ code: 100, message: '分类不存在' });
      const byTag = await post('/api/article/getArticleListByTagId', { id: tagId }, who);
      expect(byTag.json).toEqual({ code: 100, message: '标签不存在' });
    }
    // Our home page counts what the public sees; GET /api/statistic every row, as the original did
    // (so the original admin app's dashboard agrees with its category and tag lists).
    expect(await getStatistic()).toMatchObject({ categoryCount: 0, tagCount: 1 });
    const stat = (await api.call('GET', '/api/statistic')).json.result;
    expect(stat).toMatchObject({ categoryCount: 2, tagCount: 3 });

    // The admin (the editor picks from these) sees every term; counts are of public articles.
    const cats = (await api.call('GET', '/api/category/getCategoryDictionary', undefined, api.adminToken))
      .json.result;
    expect(cats).toEqual(
      expect.arrayContaining([
        { id: cat, name: '私密分类', category_name: '私密分类', articleCount: 0 },
        { id: empty, name: '空分类', category_name: '空分类', articleCount: 0 },
      ]),
    );
    const tags = (await api.call('GET', '/api/tag/getTagDictionary', undefined, api.adminToken)).json.result;
    expect(names(tags).sort()).toEqual(['公开标签', '私密标签', '草稿标签'].sort());
    expect(
      (await post('/api/article/getArticleListByCategoryId', { id: cat }, 'admin')).json.result.total,
    ).toBe(0);

    // What the pages (/category, /tag, the home sidebar, the sitemap, /articleList) read.
    expect(names(await categoryDictionary())).toEqual([]);
    expect(names(await tagDictionary())).toEqual(['公开标签']);
  });
});
