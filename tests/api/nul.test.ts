import { describe, expect, it } from 'vitest';
import { db } from '../../src/server/db/connection.ts';
import { createMusicApp } from '../../src/server/music/app.ts';
import { listMessages } from '../../src/server/services/messages.ts';
import { setupTestApi } from './helpers.ts';

/**
 * A NUL character in any text input. FTS5 read one in a search query as the end of the
 * string (a 500) and PostgreSQL refuses NUL in every text column, so each input holding one is
 * refused up front with 内容包含非法字符: query strings and path params (/api and /wapi), JSON bodies.
 * (Chat frames: tests/api/chat-hub.test.ts.) /api answers it as every refusal a person should read,
 * HTTP 200 with code 100; /wapi keeps NeteaseCloudMusicApi's 400.
 */
const api = setupTestApi({ seed: true });
const REFUSED = { code: 100, message: '内容包含非法字符' };

describe('NUL characters in input', () => {
  it('refuses a search query holding a NUL (it answered 500)', async () => {
    for (const text of ['ab%00cd', '%00', '%E6%96%87%00%E7%AB%A0']) {
      const res = await api.call('GET', `/api/article/getArticleListByContent/${text}`);
      expect(res.status, text).toBe(200);
      expect(res.json).toEqual(REFUSED);
    }
    // Other characters still search.
    const ok = await api.call('GET', `/api/article/getArticleListByContent/${encodeURIComponent('\\u0000')}`);
    expect(ok.json.code).toBe(0);
  });

  it('refuses writes holding a NUL in any field, and stores nothing', async () => {
    const user = await api.user();
    const article = await db
      .selectFrom('article')
      .select('id')
      .where('status', '=', 1)
      .executeTakeFirstOrThrow();
    const before = await db.selectFrom('comment').select(db.fn.countAll().as('n')).executeTakeFirstOrThrow();
    const comment = await api.call(
      'POST',
      '/api/comment/add',
      { type: 1, for_id: article.id, content: '评论\u0000内容' },
      user.token,
    );
    expect(comment.status).toBe(200);
    expect(comment.json).toEqual(REFUSED);
    const after = await db.selectFrom('comment').select(db.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);

    const guest = await api.call('POST', '/api/message/add', { message: '留言\u0000', nick_name: '访客' });
    expect(guest.json).toEqual(REFUSED);
    // In a key, nested, too. (A form body never gets this far: the write guard refuses it with 415.)
    const nested = await api.call(
      'POST',
      '/api/message/add',
      { message: '留言', extra: { 'k\u0000': 1 } },
      user.token,
    );
    expect(nested.json).toEqual(REFUSED);

    const register = await api.call('POST', '/api/user/register', {
      username: 'nul\u0000user',
      password: 'Passw0rd!',
      nick_name: '',
      email: '',
    });
    expect(register.json).toEqual(REFUSED);
    expect(await db.selectFrom('user').select('id').where('username', 'like', 'nul%').execute()).toEqual([]);

    // A NUL in a query string of a read.
    const page = await api.call('GET', '/api/article/getHotArticle?x=%00');
    expect(page.json).toEqual(REFUSED);
  });

  it('a page text parameter holding a NUL (the guestbook ?tag=) finds nothing, on both databases', async () => {
    const page = await listMessages({ current: 1, size: 12, tag: '标签\u0000' }, null);
    expect(page).toMatchObject({ list: [], total: 0 });
  });

  it('refuses a NUL in /wapi query strings (music search)', async () => {
    const music = createMusicApp({ apiUrl: undefined });
    const res = await music.request('/wapi/search?keywords=%E6%99%9A%00', {}, { ip: '127.0.0.1' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 400, message: REFUSED.message });
    const fine = await music.request('/wapi/search?keywords=%E6%99%9A', {}, { ip: '127.0.0.1' });
    expect(fine.status).toBe(200);
  });
});
