import { describe, expect, it } from 'vitest';
import { db } from '../../src/server/db/connection.ts';
import { listPublicArticles } from '../../src/server/services/articles.ts';
import { setupTestApi } from './helpers.ts';

/**
 * Password-protected articles (docs/api/public.md#password-protected-articles): listed with is_locked,
 * their text in no visitor answer, search hit or feed; unlock opens them with the right password, a
 * wrong one is 密码错误 and limited per address; the admin always gets them whole.
 */
const api = setupTestApi();
const SECRET = '锁住的独有正文';

async function call(method: string, url: string, body?: unknown, token?: string, ip = '127.0.0.1') {
  return (await api.callFrom(ip, method, url, body, token)).json;
}

async function addLocked(title: string, password = 'open-sesame') {
  const added = await call(
    'POST',
    '/api/article/add',
    {
      article_title: title,
      article_content: `## 小标题\n\n${SECRET}`,
      article_description: '公开的简介',
      password,
    },
    api.adminToken,
  );
  expect(added.code, added.message).toBe(0);
  return added.result.id as number;
}

describe('password-protected articles', () => {
  it('stores the password hashed and shows visitors no text, search hit, feed text or comments', async () => {
    const id = await addLocked('加密文章');
    const row = await db
      .selectFrom('article')
      .select('password')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.password).toMatch(/^\$argon2id\$/);

    const byId = await call('GET', `/api/article/getArticleById/${id}`);
    expect(byId.result).toMatchObject({
      is_locked: true,
      article_content: '',
      article_description: '公开的简介',
    });
    expect(JSON.stringify(byId)).not.toContain(SECRET);
    const home = await call('GET', '/api/article/blogHomeGetArticleList/1/10');
    expect(home.result.list.find((a: { id: number }) => a.id === id)).toMatchObject({ is_locked: true });
    expect(JSON.stringify(home)).not.toContain(row.password);
    const hits = await call('GET', `/api/article/getArticleListByContent/${encodeURIComponent(SECRET)}`);
    expect(hits.result).toEqual([]);
    const feed = await listPublicArticles();
    expect(feed.find((a) => a.id === id)?.article_content).toBe('');
    // Its comments answer as a missing article's do.
    const posted = await call(
      'POST',
      '/api/comment/add',
      { type: 1, for_id: id, content: '博主的评论' },
      api.adminToken,
    );
    expect(posted.code, posted.message).toBe(0);
    const total = async (forId: number, token?: string) =>
      JSON.stringify(await call('POST', '/api/comment/getCommentTotal', { type: 1, for_id: forId }, token));
    expect(await total(id)).toBe(await total(999_999));
    expect(await total(id, api.adminToken)).not.toBe(await total(999_999, api.adminToken));

    // The admin gets it whole.
    const mine = await call('GET', `/api/article/getArticleById/${id}`, undefined, api.adminToken);
    expect(mine.result.article_content).toContain(SECRET);
  });

  it('unlocks with the right password, refuses a wrong one, and limits wrong ones per address', async () => {
    const id = await addLocked('解锁');
    const wrong = await call(
      'POST',
      '/api/article/unlock',
      { id, password: 'nope' },
      undefined,
      '198.51.100.7',
    );
    expect(wrong).toMatchObject({ code: 100, message: '密码错误' });
    const right = await call(
      'POST',
      '/api/article/unlock',
      { id, password: 'open-sesame' },
      undefined,
      '198.51.100.7',
    );
    expect(right.code, right.message).toBe(0);
    expect(right.result.article_content).toContain(SECRET);
    expect(right.result.html).toContain(SECRET);
    expect(right.result.toc[0]).toMatchObject({ text: '小标题' });
    for (let n = 0; n < 5; n++)
      await call('POST', '/api/article/unlock', { id, password: `bad${n}` }, undefined, '198.51.100.8');
    const { status } = await api.callFrom('198.51.100.8', 'POST', '/api/article/unlock', {
      id,
      password: 'open-sesame',
    });
    expect(status).toBe(429);
    // Another address is not held back.
    expect(
      (await call('POST', '/api/article/unlock', { id, password: 'open-sesame' }, undefined, '198.51.100.9'))
        .code,
    ).toBe(0);
  });

  it('"" removes the password; an article without one answers as before', async () => {
    const id = await addLocked('取消加密');
    const saved = await call('PUT', '/api/article/update', { id, password: '' }, api.adminToken);
    expect(saved.code, saved.message).toBe(0);
    const byId = await call('GET', `/api/article/getArticleById/${id}`);
    expect(byId.result).toMatchObject({ is_locked: false });
    expect(byId.result.article_content).toContain(SECRET);
    expect((await call('POST', '/api/article/unlock', { id: 999_999, password: 'x' })).message).toBe(
      '文章不存在',
    );
  });
});
