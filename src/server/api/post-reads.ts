/**
 * The /api reads the contract sends as POST (their filters and pages travel in a body),
 * as "POST /api/route": they change nothing, so the per-address write limit (api/app.ts) does not count
 * them, as it counts no GET (the console paging through its lists must not use up the writes
 * of its address). All are static paths, matched against the routed path before routing.
 * tests/api/write-limit.test.ts checks that each is a route of the app, in neither PAGE_WRITES nor
 * AUDIT_ACTIONS, and that it leaves the limit untouched.
 */

/** The console's lists and its editor's read-only helpers (admin; the audit log skips them too). */
export const ADMIN_POST_READS: readonly string[] = [
  'POST /api/talk/getTalkList',
  'POST /api/article/adminGetArticleList',
  'POST /api/article/getArticleList',
  'POST /api/article/titleExist',
  'POST /api/article/preview',
  'POST /api/category/getCategoryList',
  'POST /api/tag/getTagList',
  'POST /api/bangumi/getBangumiList',
  'POST /api/resources/getResourceList',
  'POST /api/site/getSiteList',
  'POST /api/user/getUserList',
  'POST /api/comment/backGetCommentList',
  'POST /api/audit/getAuditList',
  'POST /api/comment/getModerationList',
  'POST /api/chat/backGetChatList',
];

/** The lists visitors and members read by POST (the console reads some of them too). */
const PUBLIC_POST_READS: readonly string[] = [
  'POST /api/talk/blogGetTalkList',
  'POST /api/photoAlbum',
  'POST /api/photo/getPhotoListByAlbumId',
  'POST /api/links/getLinksList',
  'POST /api/message/getMessageList',
  'POST /api/comment/frontGetParentComment',
  'POST /api/comment/frontGetChildrenComment',
  'POST /api/comment/getCommentTotal',
  'POST /api/like/getIsLikeByIdOrIpAndType',
  'POST /api/like/getLikeInfo',
  'POST /api/article/getArticleListByTagId',
  'POST /api/article/getArticleListByCategoryId',
  'POST /api/chat/getChatList',
  'POST /api/notify/getNotifyList',
];

export const POST_READS: ReadonlySet<string> = new Set([...ADMIN_POST_READS, ...PUBLIC_POST_READS]);
