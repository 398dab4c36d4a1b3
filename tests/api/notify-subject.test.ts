import { describe, expect, it } from 'vitest';
import { db } from '../../src/server/db/connection.ts';
import { PLAIN_LOOK, setupTestApi } from './helpers.ts';

/**
 * Each notification names what it is about (`subject`, an addition to the original getNotifyList): an
 * article's title, the start of a talk or a guestbook message, a friend link's site name; never a private
 * thing's to someone who may not see it.
 */
const api = setupTestApi();

type Item = { type: number; to_id: number; subject: string | null; message: string };
async function items(token: string): Promise<Item[]> {
  const { json } = await api.call('POST', '/api/notify/getNotifyList', { current: 1, size: 50 }, token);
  expect(json.code).toBe(0);
  return json.result.list;
}
const subjectOf = async (token: string, type: number, toId: number) =>
  (await items(token)).find((n) => n.type === type && n.to_id === toId)?.subject;

async function ok(method: string, url: string, body: unknown, token: string) {
  const { json } = await api.call(method, url, body, token);
  expect(json.code, `${url}: ${json.message}`).toBe(0);
  return json.result;
}

describe('notification subjects', () => {
  it('names an article by its title, to the replied user only while it is public; the admin always', async () => {
    const title = `主题文章${Math.random().toString(36).slice(2, 6)}`;
    const articleId = (
      await ok('POST', '/api/article/add', { article_title: title, article_content: '正文' }, api.adminToken)
    ).id;
    const a = await api.user();
    const top = await ok(
      'POST',
      '/api/comment/add',
      { type: 1, for_id: articleId, content: '写得好' },
      a.token,
    );
    await ok(
      'POST',
      '/api/comment/apply',
      { type: 1, for_id: articleId, content: '谢谢', parent_id: top.id, to_id: a.id },
      api.adminToken,
    );
    expect(await subjectOf(api.adminToken, 1, articleId)).toBe(title);
    expect(await subjectOf(a.token, 1, articleId)).toBe(title);

    await ok('PUT', '/api/article/update', { id: articleId, status: 2 }, api.adminToken);
    const hidden = (await items(a.token)).find((n) => n.to_id === articleId && n.type === 1);
    expect(hidden?.subject).toBeNull();
    expect(JSON.stringify(hidden)).not.toContain(title);
    expect(await subjectOf(api.adminToken, 1, articleId)).toBe(title);
  });

  it('names a talk and a guestbook message by their first words, a friend link by its site name', async () => {
    const talk = await ok(
      'POST',
      '/api/talk/publishTalk',
      {
        content: '今天  天气\n很好，适合写代码，也适合出门走走，看看外面的风景和行人',
        talkImgList: [],
        status: 1,
      },
      api.adminToken,
    );
    const a = await api.user();
    const top = await ok('POST', '/api/comment/add', { type: 2, for_id: talk.id, content: '同感' }, a.token);
    await ok(
      'POST',
      '/api/comment/apply',
      { type: 2, for_id: talk.id, content: '哈哈', parent_id: top.id, to_id: a.id },
      api.adminToken,
    );
    expect(await subjectOf(a.token, 2, talk.id)).toBe(
      '今天 天气 很好，适合写代码，也适合出门走走，看看外面的风景…',
    );
    await ok('PUT', '/api/talk/updateTalk', { id: talk.id, status: 2 }, api.adminToken);
    expect(await subjectOf(a.token, 2, talk.id)).toBeNull();

    await ok('POST', '/api/message/add', { ...PLAIN_LOOK, message: '来踩踩你的博客' }, a.token);
    const message = await db
      .selectFrom('message')
      .select('id')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(await subjectOf(api.adminToken, 3, message.id)).toBe('来踩踩你的博客');

    const site = `小站${Math.random().toString(36).slice(2, 6)}`;
    await ok(
      'POST',
      '/api/links/add',
      { site_name: site, site_desc: '一个博客', url: 'https://example.com/' },
      a.token,
    );
    const link = await db
      .selectFrom('link')
      .select('id')
      .where('site_name', '=', site)
      .executeTakeFirstOrThrow();
    expect(await subjectOf(api.adminToken, 4, link.id)).toBe(site);
    // A pending link is not named to someone who is neither an admin nor its applicant.
    const b = await api.user();
    for (const who of [a, b])
      await db
        .insertInto('notify')
        .values({
          user_id: who.id,
          type: 4,
          to_id: link.id,
          message: '友链',
          isView: 1,
          createdAt: new Date().toISOString(),
        })
        .execute();
    expect(await subjectOf(a.token, 4, link.id)).toBe(site);
    expect(await subjectOf(b.token, 4, link.id)).toBeNull();
  });

  it('is null for a thing that is gone', async () => {
    const u = await api.user();
    await db
      .insertInto('notify')
      .values({
        user_id: u.id,
        type: 1,
        to_id: 987654,
        message: '旧消息',
        isView: 1,
        createdAt: new Date().toISOString(),
      })
      .execute();
    expect(await subjectOf(u.token, 1, 987654)).toBeNull();
  });
});
