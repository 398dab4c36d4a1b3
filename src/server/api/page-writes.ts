import type { Context } from 'hono';
import { routePath } from 'hono/route';

/**
 * The /api routes whose success changes what a public page shows, as "METHOD /api/route-pattern":
 * only these clear the page cache. Everything else leaves it alone: reads (the POST lists the
 * islands fetch, such as /api/chat/getChatList, sent whenever the chat opens), counters the islands
 * refresh after hydration (views), and private state (todos, notifications, chat, sessions,
 * uploads, links awaiting approval). A read can therefore never empty the cache by being forgotten
 * here; tests/api/page-writes.test.ts makes every new non-GET route be classified one way or the other.
 * Each one's service names what it changed (core/page-tags.ts), so it drops only the pages that showed it.
 */
export const PAGE_WRITES: ReadonlySet<string> = new Set([
  'POST /api/config/update',
  'POST /api/pageHeader/addOrUpdate',
  'POST /api/pageHeader/delete',
  // Nick names and avatars show beside messages and on the pages of the admin's profile.
  'PUT /api/user/updateOwnUserInfo',
  'PUT /api/user/adminUpdateUserInfo',
  'POST /api/talk/publishTalk',
  'PUT /api/talk/updateTalk',
  'DELETE /api/talk/deleteTalkById/:id',
  'DELETE /api/talk/deleteTalkById/:id/:status',
  'PUT /api/talk/togglePublic/:id/:status',
  'PUT /api/talk/toggleTop/:id/:is_top',
  'PUT /api/talk/revertTalk/:id',
  // /photoAlbum and /photos: albums, their covers and their (normal) photos.
  'POST /api/photoAlbum/add',
  'PUT /api/photoAlbum/update',
  'DELETE /api/photoAlbum/delete/:id',
  'PUT /api/photoAlbum/setCover/:id/:photoId',
  'POST /api/photo/add',
  'PUT /api/photo/delete',
  'PUT /api/photo/revert',
  'PUT /api/photo/caption',
  'PUT /api/photo/order',
  // An approved link edited: by its applicant it leaves /link/list for review, by an admin it changes.
  'POST /api/links/frontUpdate',
  'POST /api/links/backUpdate',
  'PUT /api/links/approve',
  'PUT /api/links/delete',
  // 立即检测 may find an approved link down or back: /link/list marks the ones that are down.
  'PUT /api/links/check/:id',
  'POST /api/message/add',
  'POST /api/message/update',
  'PUT /api/message/delete',
  'PUT /api/message/backDelete',
  // A verdict of the moderation queue puts items on the pages or takes them off.
  'PUT /api/message/review',
  'PUT /api/comment/review',
  // A like changes the count the pages that render it show (likesTag, commentLikesTag).
  'POST /api/like/addLike',
  'POST /api/like/cancelLike',
  'POST /api/comment/add',
  'POST /api/comment/apply',
  'DELETE /api/comment/delete/:id/:parent_id',
  'DELETE /api/comment/backDelete/:id/:parent_id',
  'POST /api/article/add',
  'PUT /api/article/update',
  'DELETE /api/article/delete/:id',
  'PUT /api/article/updateTop/:id/:is_top',
  'PUT /api/article/revision/restore/:revisionId',
  'POST /api/category/add',
  'PUT /api/category/update',
  'DELETE /api/category/delete/:id',
  'POST /api/tag/add',
  'PUT /api/tag/update',
  'DELETE /api/tag/delete/:id',
  // The owner's bangumi, resources and site list (/bangumi, /resources/front|back, /siteList).
  'POST /api/bangumi/add',
  'PUT /api/bangumi/update',
  'PUT /api/bangumi/updateStatus/:id/:status',
  'PUT /api/bangumi/updateProgress/:id/:progress',
  'PUT /api/bangumi/delete',
  'POST /api/resources/addOrUpdate',
  'PUT /api/resources/updateOrder',
  'PUT /api/resources/delete',
  'POST /api/site/addOrUpdate',
  'PUT /api/site/updateOrder',
  'PUT /api/site/delete',
  // The owner's console: the bin and the status toggles take articles off or put them on
  // the pages; term deletes with moveTo and merges move articles between the category and tag pages.
  'DELETE /api/article/delete/:id/:status',
  'PUT /api/article/revert/:id',
  'PUT /api/article/isPublic/:id/:status',
  'PUT /api/article/bulk',
  'POST /api/category/delete',
  'PUT /api/category/merge',
  'POST /api/tag/delete',
  'PUT /api/tag/merge',
  // An import may write anything a page shows.
  'POST /api/import/run',
]);

/** Whether the route that answered this request is a page write (read after the handler ran). */
export const isPageWrite = (c: Context): boolean => PAGE_WRITES.has(`${c.req.method} ${routePath(c, -1)}`);
