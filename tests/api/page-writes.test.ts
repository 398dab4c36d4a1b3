import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PAGE_WRITES } from '../../src/server/api/page-writes.ts';
import { changing } from '../../src/server/core/page-tags.ts';
import { db } from '../../src/server/db/connection.ts';
import { pageCacheStats } from '../../src/server/page-cache.ts';
import { checkLink } from '../../src/server/services/link-health.ts';
import { setupTestApi } from './helpers.ts';

/**
 * Only writes that change a public page empty the page cache: reads sent by POST (the
 * chat's history, comment and like lists) and private writes leave it alone.
 */
const api = setupTestApi();

/** The non-GET routes that do not change a public page, each with why. */
const NEUTRAL: Record<string, string> = {
  'PUT /api/config/addView': 'a counter',
  'POST /api/user/register': 'no public page lists users',
  'POST /api/user/login': 'session',
  'PUT /api/user/updatePassword': 'private',
  'POST /api/user/logout': 'session',
  'POST /api/user/2fa/setup': 'private',
  'POST /api/user/2fa/enable': 'private',
  'POST /api/user/2fa/disable': 'private',
  'POST /api/upload/img': 'shown only once a later write links it',
  'POST /api/media/delete': 'refused while a page shows the picture',
  'POST /api/upload/import': 'a dry run writes nothing',
  'POST /api/todo/add': 'private',
  'PUT /api/todo/update/:id': 'private',
  'DELETE /api/todo/delete/:id': 'private',
  'POST /api/talk/blogGetTalkList': 'read',
  'POST /api/talk/getTalkList': 'read',
  'POST /api/photoAlbum': 'read',
  'POST /api/photo/getPhotoListByAlbumId': 'read',
  'POST /api/links/getLinksList': 'read',
  'POST /api/links/add': 'awaits approval, not shown',
  'POST /api/message/getMessageList': 'read',
  'POST /api/comment/frontGetParentComment': 'read',
  'POST /api/comment/frontGetChildrenComment': 'read',
  'POST /api/comment/getCommentTotal': 'read',
  'POST /api/like/getIsLikeByIdOrIpAndType': 'read',
  'POST /api/like/getLikeInfo': 'read',
  'POST /api/music/qr/scan': 'music login',
  'POST /api/music/qr/confirm': 'music login',
  'POST /api/article/getArticleListByTagId': 'read',
  'POST /api/article/getArticleListByCategoryId': 'read',
  'PUT /api/article/addView/:id': 'a counter',
  'PUT /api/article/addReadingDuration/:id/:duration': 'a counter',
  'POST /api/article/unlock': 'read: a password check',
  'POST /api/article/adminGetArticleList': 'read',
  'POST /api/article/getArticleList': 'read',
  'POST /api/article/titleExist': 'read',
  'PUT /api/article/autosave': 'private: the article is untouched until it is saved',
  'POST /api/article/preview': 'read',
  'POST /api/category/getCategoryList': 'read',
  'POST /api/tag/getTagList': 'read',
  'POST /api/chat/getChatList': 'read',
  'POST /api/chat/delete': 'the chat is not on any page',
  'DELETE /api/chat/deleteOne/:id': 'the chat is not on any page',
  'POST /api/notify/getNotifyList': 'read',
  'PUT /api/notify/update/:id': 'private',
  'PUT /api/notify/delete/:id': 'private',
  'POST /api/bangumi/getBangumiList': 'read',
  'POST /api/resources/getResourceList': 'read',
  'POST /api/site/getSiteList': 'read',
  'POST /api/user/getUserList': 'read',
  'PUT /api/user/updateRole/:id/:role': 'no public page shows roles',
  'POST /api/comment/backGetCommentList': 'read',
  // An account's state and the chat are on no public page (a disabled user's content stays).
  'PUT /api/user/disable/:id': 'no public page shows it; the content stays',
  'PUT /api/user/enable/:id': 'no public page shows it',
  'PUT /api/user/resetPassword/:id': 'private',
  'POST /api/chat/backGetChatList': 'read',
  'PUT /api/chat/forceOffline/:id': 'the chat is not on any page',
  // The console's moderation list and the friend-link review and health.
  'POST /api/comment/getModerationList': 'read',
  'PUT /api/links/reject': 'a waiting link is on no public page',
  // The audit log, the music library (the player reads it through /wapi, no cached page).
  'POST /api/audit/getAuditList': 'read',
  'POST /api/music/rescan': 'the player reads the library through /wapi, not a cached page',
  'POST /api/upload/music': 'the player reads the library through /wapi, not a cached page',
  // Mail (services/mail): the outbox and the address's switches are on no page.
  'POST /api/mail/unsubscribe': 'private',
  'PUT /api/mail/preferences': 'private',
  'POST /api/mail/confirm': 'private',
  'POST /api/mail/confirm/resend': 'private',
  'PUT /api/mail/address': 'private',
  'POST /api/mail/test': 'sends a mail, shows nothing',
  'PUT /api/mail/retry': 'the outbox is on no page',
};

/** The files under src/ whose text matches `re`, relative to the repository. */
function grep(re: RegExp): string[] {
  const root = path.resolve(import.meta.dirname, '../..');
  return readdirSync(path.join(root, 'src'), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.(ts|tsx|astro)$/.test(f))
    .map((f) => path.join('src', f))
    .filter((f) => re.test(readFileSync(path.join(root, f), 'utf8')))
    .sort();
}

/** "METHOD /api/path" of every route of the app that is not a GET. */
const nonGetRoutes = () =>
  [
    ...new Set(
      api.app.routes
        .filter((r) => r.method !== 'ALL' && r.method !== 'GET')
        .map((r) => `${r.method} ${r.path}`),
    ),
  ].sort();

describe('which /api calls clear the page cache', () => {
  it('POST /api/chat/getChatList (sent whenever the chat opens) leaves the page cache alone', async () => {
    const before = pageCacheStats.invalidations;
    const res = await api.call('POST', '/api/chat/getChatList', { current: 1, size: 20 }, api.adminToken);
    expect(res.json.code).toBe(0);
    expect(pageCacheStats.invalidations).toBe(before);
  });

  it('every non-GET route is declared a page write or is neutral, and no declaration is stale', () => {
    const routes = nonGetRoutes();
    const unclassified = routes.filter((r) => !PAGE_WRITES.has(r) && !(r in NEUTRAL));
    expect(unclassified).toEqual([]);
    for (const r of [...PAGE_WRITES, ...Object.keys(NEUTRAL)]) expect(routes, r).toContain(r);
    for (const r of PAGE_WRITES) expect(NEUTRAL[r], r).toBeUndefined();
  });

  it('reads never invalidate: no GET is a page write, and only a page write or the page sync drops pages', () => {
    expect([...PAGE_WRITES].filter((r) => r.startsWith('GET '))).toEqual([]);
    // Outside the page cache itself, pages are dropped only by pagesChanged, which the /api app calls
    // for a page write (api/app.ts) and the Redis sync repeats, and the server's background link check
    // when a listed link went down or came back (root/create-site.ts): no service or read can call it.
    const callers = grep(/\b(pagesChanged|invalidatePages)\(/);
    expect(callers).toEqual([
      'src/server/api/app.ts',
      'src/server/page-cache.ts',
      'src/server/page-sync.ts',
      'src/server/root/create-site.ts',
    ]);
  });

  it('no neutral route clears the cache, whatever it answers; a real content write does', async () => {
    const other = await api.user();
    for (const route of Object.keys(NEUTRAL)) {
      const [method, pattern] = route.split(' ');
      const url = pattern.replace(/:\w+/g, '1');
      // Logging out or changing the password would end the admin's session for the next calls.
      const token = /logout|updatePassword/.test(route) ? other.token : api.adminToken;
      const before = pageCacheStats.invalidations;
      await api.call(method, url, { current: 1, size: 10, id: 1 }, token);
      expect(pageCacheStats.invalidations, route).toBe(before);
    }
    const before = pageCacheStats.invalidations;
    const update = await api.call(
      'POST',
      '/api/config/update',
      { blog_name: '只有写入清空缓存' },
      api.adminToken,
    );
    expect(update.json.code).toBe(0);
    expect(pageCacheStats.invalidations).toBe(before + 1);
  });

  it('an edit of a friend link (POST /api/links/frontUpdate) clears it: /link/list shows approved ones', async () => {
    const u = await api.user();
    const link = { site_name: '缓存小站', site_desc: '', site_avatar: '', url: 'https://cache.example' };
    const id = (await api.call('POST', '/api/links/add', link, u.token)).json.result.id;
    await api.call('PUT', '/api/links/approve', { idList: [id] }, api.adminToken);
    const before = pageCacheStats.invalidations;
    const res = await api.call('POST', '/api/links/frontUpdate', { id, ...link, site_name: '改名' }, u.token);
    expect(res.json.code).toBe(0);
    expect(pageCacheStats.invalidations).toBe(before + 1);
  });

  it('a check now (PUT /api/links/check/:id) names /link/list only when a listed link goes down or back', async () => {
    const link = { site_name: '检测小站', site_desc: '', site_avatar: '', url: 'http://127.0.0.1:9/check' };
    await api.call('POST', '/api/links/backUpdate', link, api.adminToken);
    const row = await db
      .selectFrom('link')
      .select('id')
      .where('url', '=', link.url)
      .executeTakeFirstOrThrow();
    const check = async () => {
      const tags = new Set<string>();
      // A loopback address is never asked: the link is down.
      await changing(tags, () => checkLink(row.id));
      return [...tags];
    };
    // Pending: on no page, whatever its health.
    expect(await check()).toEqual(['nothing-shown']);
    await db.updateTable('link').set({ downAt: null }).where('id', '=', row.id).execute();
    await api.call('PUT', '/api/links/approve', { idList: [row.id] }, api.adminToken);
    // Approved and found down: /link/list marks it. Still down: nothing new to show.
    expect(await check()).toEqual(['links']);
    expect(await check()).toEqual(['nothing-shown']);
  });
});
