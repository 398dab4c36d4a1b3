import { hashSeed, mulberry32 } from '../../src/lib/random.ts';
import type { Access } from './access.ts';

/**
 * Hostile-input cases for the API fuzz (tests/api/fuzz.test.ts): what each route takes, and a
 * deterministic generator of broken variants of it. Every route of the /api and /wapi apps must have
 * an entry here (the fuzz test fails for a route without one, and for an entry without a route).
 */

/** A numeric field and the smallest value it accepts (1 for ids and pages, 0 for offsets and flags). */
export type Numeric = Record<string, number>;

export type RouteSpec = {
  /** A JSON body that passes validation ('$name' strings are the test's fixtures: ids of its data). */
  body?: Record<string, unknown>;
  /** Query parameters that pass validation. */
  query?: Record<string, string>;
  /** Samples for path parameters that are not the usual ones (see PATH_SAMPLES). */
  path?: Record<string, string>;
  /** Fields (body, query or path) that hold numbers: bad numbers there must never succeed. */
  numeric?: Numeric;
  /** The multipart upload: fuzzed with broken forms and files instead of JSON ('music': audio files). */
  multipart?: boolean | 'music';
  /**
   * Every case that passes validation costs a password hash (argon2, ~70 ms) and the caller's role
   * does not change the validation: field cases run as this one role, and the clock stands still so
   * the route's own failure limiter (5 tries) answers 429 instead of hashing hundreds of times.
   */
  hashes?: 'visitor' | 'user';
  /**
   * The answer is the thing itself, not the envelope: the API reference (JSON) and its page (HTML).
   * Only a success may be so; a refusal is still the envelope.
   */
  raw?: 'application/json' | 'text/html';
  /**
   * Fields where 0 and "" mean absent (the original admin app's list bodies send an unset filter or a
   * new row's id so; `status: 0` is its tab 所有文章).
   */
  blank?: string[];
};

const PAGE = { current: 1, size: 10 };
const PAGE_NUM: Numeric = { current: 1, size: 1 };

/** Path parameter samples; destructive routes point at ids that do not exist (999) so fixtures stay. */
export const PATH_SAMPLES: Record<string, string> = {
  id: '1',
  current: '1',
  size: '10',
  duration: '5',
  is_top: '1',
  parent_id: '0',
  text: '春天',
};
const PATH_NUMERIC: Numeric = { id: 1, current: 1, size: 1, duration: 0, is_top: 1, parent_id: 0 };
const SAFE_DELETE = { path: { id: '999' }, numeric: { id: 1 } };

const look = {
  message: '你好，留言板',
  tag: '日常',
  color: '#336699',
  font_size: 16,
  font_weight: 400,
  bg_color: '',
  bg_url: '',
};
const LOOK_NUM: Numeric = { font_size: 12, font_weight: 400 };
const article = {
  article_title: '模糊测试文章',
  article_content: '# 标题\n\n正文',
  article_cover: '',
  article_description: '简介',
  category_id: 1,
  tagIdList: [1],
  is_top: 2,
  order: 0,
  status: 1,
  type: 1,
  origin_url: '',
  category_name: '模糊分类',
  tagNameList: ['模糊'],
  slug: 'fuzz-post',
  publish_at: '2020-01-01T08:00:00+08:00',
  meta_description: 'SEO 描述',
  meta_keywords: '关键词,模糊',
};
const ARTICLE_NUM: Numeric = { category_id: 1, is_top: 1, order: 0, status: 1, type: 1 };
const bangumi = {
  title: '模糊番剧',
  title_cn: '模糊',
  cover: '',
  status: 2,
  progress: 3,
  total_episodes: 12,
  score: 8.5,
  summary: '简介',
  url: 'https://fuzz.example/anime',
};
const BANGUMI_NUM: Numeric = { status: 1, progress: 0, total_episodes: 0 };
const catalogRow = {
  category: '模糊分类',
  name: '模糊资源',
  desc: '描述',
  url: 'https://fuzz.example/tool',
  icon: '',
  order: 1,
};
const QR_KEY = '0123456789abcdef0123456789abcdef';

/** Every /api route ("METHOD /api/path" exactly as Hono lists it). */
export const API_ROUTES: Record<string, RouteSpec> = {
  'GET /api/config': {},
  'PUT /api/config/addView': {},
  'POST /api/config/update': {
    body: {
      blog_name: '模糊博客',
      blog_avatar: '/uploads/a.png',
      personal_say: '你好',
      blog_notice: '公告',
      // The moderation settings at their defaults, so the fuzz leaves comments as they were.
      comment_review: 'off',
      blocked_words_action: 'pending',
      max_links_per_comment: 0,
      guest_captcha: true,
      seo_keywords: '模糊,博客',
    },
    numeric: { max_links_per_comment: 0 },
  },
  'GET /api/config/review': {},
  'GET /api/statistic': {},
  'GET /api/pageHeader/getAll': {},
  'POST /api/pageHeader/addOrUpdate': {
    body: { id: 1, route_name: 'Home', bg_url: '/uploads/home.jpg' },
    numeric: { id: 1 },
    blank: ['id'],
  },
  'POST /api/pageHeader/delete': { body: { id: 999 }, numeric: { id: 1 } },
  'POST /api/user/register': {
    body: { username: 'admin', password: 'Passw0rd1', nick_name: '新人', email: 'a@example.com' },
    hashes: 'visitor',
  },
  'POST /api/user/login': { body: { username: 'nobody-here', password: 'Wrong1234' }, hashes: 'visitor' },
  'GET /api/user/getUserInfoById/:id': {},
  'PUT /api/user/updateOwnUserInfo': { body: { nick_name: '模糊', avatar: '/uploads/me.png', qq: '123456' } },
  'PUT /api/user/updatePassword': { body: { password: 'Wrong1234', password1: 'Passw0rd2' }, hashes: 'user' },
  'POST /api/user/logout': {},
  'GET /api/user/getOwnStatistic': {},
  'POST /api/user/2fa/setup': { body: { password: 'Wrong1234' }, hashes: 'user' },
  'POST /api/user/2fa/enable': { body: { password: 'Wrong1234', code: '123456' }, hashes: 'user' },
  'POST /api/user/2fa/disable': { body: { password: 'Wrong1234', code: '123456' }, hashes: 'user' },
  'POST /api/upload/img': { multipart: true },
  'GET /api/media/list': {
    query: { current: '1', size: '40', keyword: 'png', unused: '1' },
    numeric: { current: 1, size: 1, unused: 0 },
  },
  'POST /api/media/delete': { body: { ids: [999] } },
  'GET /api/todo/list': {},
  'POST /api/todo/add': { body: { content: '买菜' } },
  'PUT /api/todo/update/:id': { body: { content: '买水果', done: true } },
  'DELETE /api/todo/delete/:id': SAFE_DELETE,
  'POST /api/talk/blogGetTalkList': { body: PAGE, numeric: PAGE_NUM },
  'GET /api/talk/getTalkById/:id': {},
  'POST /api/talk/publishTalk': {
    body: { content: '说说', talkImgList: ['/uploads/a.png'], is_top: 2, status: 1 },
    numeric: { is_top: 1, status: 1 },
  },
  'PUT /api/talk/updateTalk': {
    body: { id: 1, content: '改过的说说', talkImgList: [], is_top: 2, status: 1 },
    numeric: { id: 1, is_top: 1, status: 1 },
  },
  'DELETE /api/talk/deleteTalkById/:id': SAFE_DELETE,
  'GET /api/photoAlbum/getAllAlbumList': {},
  'GET /api/photo/getAllPhotosByAlbumId/:id': {},
  'POST /api/talk/getTalkList': {
    body: { ...PAGE, status: 3 },
    numeric: { ...PAGE_NUM, status: 1 },
    blank: ['status'],
  },
  'DELETE /api/talk/deleteTalkById/:id/:status': {
    path: { id: '999', status: '3' },
    numeric: { id: 1, status: 1 },
  },
  'PUT /api/talk/togglePublic/:id/:status': {
    path: { id: '999', status: '2' },
    numeric: { id: 1, status: 1 },
  },
  'PUT /api/talk/toggleTop/:id/:is_top': { path: { id: '999' } },
  'PUT /api/talk/revertTalk/:id': SAFE_DELETE,
  'POST /api/photoAlbum': { body: { ...PAGE, album_name: '' }, numeric: PAGE_NUM },
  'POST /api/photoAlbum/add': {
    body: { album_name: '模糊相册', album_cover: '/uploads/a.png', description: '一个相册' },
  },
  'PUT /api/photoAlbum/update': {
    body: { id: 999, album_name: '改名相册', album_cover: '/uploads/b.png', description: '改过' },
    numeric: { id: 1 },
  },
  'DELETE /api/photoAlbum/delete/:id': SAFE_DELETE,
  'PUT /api/photoAlbum/setCover/:id/:photoId': {
    path: { id: '999', photoId: '1' },
    numeric: { id: 1, photoId: 1 },
  },
  'POST /api/photo/getPhotoListByAlbumId': {
    body: { id: 1, ...PAGE, status: 1 },
    numeric: { id: 1, ...PAGE_NUM, status: 1 },
  },
  'POST /api/photo/add': { body: { photoList: [{ album_id: 1, url: '/uploads/fuzz.png' }] } },
  'PUT /api/photo/delete': {
    body: { imgList: [{ id: 999, url: '/uploads/a.png' }], type: 2 },
    numeric: { type: 1 },
  },
  'PUT /api/photo/revert': { body: { idList: [999] } },
  'PUT /api/photo/caption': { body: { id: 999, caption: '说明' } },
  'PUT /api/photo/order': { body: { album_id: 999, idList: [999] } },
  'POST /api/links/getLinksList': {
    body: { ...PAGE, status: 2, site_name: '', time: ['2026-01-01', '2026-12-31'] },
    numeric: { ...PAGE_NUM, status: 1 },
    blank: ['status'],
  },
  'POST /api/links/add': {
    body: {
      site_name: '模糊站',
      site_desc: '一个站点',
      site_avatar: 'https://fuzz.example/a.png',
      url: 'https://fuzz.example',
    },
  },
  'POST /api/links/frontUpdate': {
    body: {
      id: '$link',
      site_name: '模糊站改',
      site_desc: '改过的描述',
      site_avatar: '',
      url: 'https://fuzz-edit.example',
    },
    numeric: { id: 1 },
  },
  'PUT /api/links/approve': { body: { idList: [999] } },
  'GET /api/mail/unsubscribe': { query: { token: 'not-a-token.x' } },
  'POST /api/mail/unsubscribe': { query: { token: 'not-a-token.x' } },
  'GET /api/mail/preferences': {},
  'PUT /api/mail/preferences': { body: { reply: true, review: false, link: true } },
  'GET /api/mail/status': {},
  'POST /api/mail/test': {},
  'GET /api/mail/failed': { query: { current: '1', size: '10' }, numeric: { current: 1, size: 1 } },
  'PUT /api/mail/retry': { body: { idList: [999] } },
  'GET /api/mail/outbox': {
    query: { current: '1', size: '10', status: 'held', to: 'a@example.com' },
    numeric: { current: 1, size: 1 },
  },
  'GET /api/mail/confirm': { query: { token: 'not-a-token.x' } },
  'POST /api/mail/confirm': { query: { token: 'not-a-token.x' } },
  'POST /api/mail/confirm/resend': {},
  'PUT /api/mail/address': { body: { email: 'new@example.com', password: 'Wrong1234' }, hashes: 'user' },
  'PUT /api/links/delete': { body: { idList: [999] } },
  'POST /api/message/getMessageList': {
    body: { ...PAGE, tag: '', message: '', time: ['2026-01-01', '2026-12-31'] },
    numeric: PAGE_NUM,
  },
  'GET /api/message/getHotTagList': {},
  'GET /api/message/getAllMessage': {},
  'GET /api/altcha/challenge': {},
  'POST /api/message/add': { body: { ...look, nick_name: '路过的人', altcha: '' }, numeric: LOOK_NUM },
  'POST /api/message/update': { body: { id: '$message', ...look }, numeric: { id: 1, ...LOOK_NUM } },
  'PUT /api/message/delete': { body: { idList: [999] } },
  'POST /api/comment/frontGetParentComment': {
    body: { type: 1, for_id: 1, ...PAGE, order: 'new' },
    numeric: { type: 1, for_id: 1, ...PAGE_NUM },
  },
  'POST /api/comment/frontGetChildrenComment': {
    body: { parent_id: 1, ...PAGE },
    numeric: { parent_id: 1, ...PAGE_NUM },
  },
  'POST /api/comment/getCommentTotal': { body: { type: 1, for_id: 1 }, numeric: { type: 1, for_id: 1 } },
  'POST /api/comment/add': {
    body: { type: 1, for_id: 1, content: '评论一下' },
    numeric: { type: 1, for_id: 1 },
  },
  'POST /api/comment/apply': {
    body: { type: 1, for_id: 1, content: '回复一下', parent_id: 1, to_id: 1 },
    numeric: { type: 1, for_id: 1, parent_id: 1, to_id: 1 },
  },
  'DELETE /api/comment/delete/:id/:parent_id': SAFE_DELETE,
  'POST /api/like/addLike': { body: { type: 1, for_id: 1 }, numeric: { type: 1, for_id: 1 } },
  'POST /api/like/cancelLike': { body: { type: 1, for_id: 1 }, numeric: { type: 1, for_id: 1 } },
  'POST /api/like/getIsLikeByIdOrIpAndType': {
    body: { type: 1, for_id: 1 },
    numeric: { type: 1, for_id: 1 },
  },
  'POST /api/like/getLikeInfo': { body: { type: 1, for_id: 1 }, numeric: { type: 1, for_id: 1 } },
  'GET /api/bangumi/list': {
    query: { status: '2', current: '1', size: '10' },
    numeric: { status: 1, ...PAGE_NUM },
  },
  'GET /api/resources/list': { query: { kind: 'front' } },
  'GET /api/site/list': {},
  'POST /api/music/qr/scan': { body: { key: QR_KEY } },
  'POST /api/music/qr/confirm': { body: { key: QR_KEY } },
  'GET /api/article/blogHomeGetArticleList/:current/:size': {},
  'GET /api/article/blogTimelineGetArticleList/:current/:size': {},
  'POST /api/article/getArticleListByTagId': { body: { id: 1, ...PAGE }, numeric: { id: 1, ...PAGE_NUM } },
  'POST /api/article/getArticleListByCategoryId': {
    body: { id: 1, ...PAGE },
    numeric: { id: 1, ...PAGE_NUM },
  },
  'GET /api/article/getArticleById/:id': {},
  'GET /api/article/getRecommendArticleById/:id': {},
  'GET /api/article/getHotArticle': {},
  'GET /api/article/getArticleListByContent/:text': {},
  'PUT /api/article/addView/:id': {},
  'PUT /api/article/addReadingDuration/:id/:duration': {},
  'POST /api/article/unlock': {
    body: { id: 1, password: '文章密码' },
    numeric: { id: 1 },
    hashes: 'visitor',
  },
  'POST /api/article/adminGetArticleList': {
    body: { ...PAGE, status: 1 },
    numeric: { ...PAGE_NUM, status: 1 },
    blank: ['status'],
  },
  'GET /api/article/adminPreview/:id': {},
  'POST /api/article/add': { body: article, numeric: ARTICLE_NUM },
  'PUT /api/article/update': { body: { id: 2, ...article }, numeric: { id: 1, ...ARTICLE_NUM } },
  'DELETE /api/article/delete/:id': SAFE_DELETE,
  'PUT /api/article/updateTop/:id/:is_top': { path: { id: '999' } },
  'GET /api/category/getCategoryDictionary': {},
  'POST /api/category/add': { body: { category_name: '模糊分类' } },
  'PUT /api/category/update': { body: { id: 999, category_name: '改名' }, numeric: { id: 1 } },
  'DELETE /api/category/delete/:id': SAFE_DELETE,
  'GET /api/tag/getTagDictionary': {},
  'POST /api/tag/add': { body: { tag_name: '模糊标签' } },
  'PUT /api/tag/update': { body: { id: 999, tag_name: '改名' }, numeric: { id: 1 } },
  'DELETE /api/tag/delete/:id': SAFE_DELETE,
  // The owner's console: filters where "" and null mean "no filter" are not listed as numeric.
  'POST /api/article/getArticleList': {
    body: {
      ...PAGE,
      article_title: '春',
      is_top: 1,
      status: 1,
      tag_id: 1,
      category_id: 1,
      create_time: ['2020-01-01', '2030-12-31'],
    },
    numeric: PAGE_NUM,
  },
  'POST /api/article/titleExist': { body: { article_title: '春天', id: 1 } },
  'DELETE /api/article/delete/:id/:status': {
    path: { id: '999', status: '1' },
    numeric: { id: 1, status: 1 },
  },
  'PUT /api/article/revert/:id': SAFE_DELETE,
  'PUT /api/article/isPublic/:id/:status': {
    path: { id: '999', status: '1' },
    numeric: { id: 1, status: 1 },
  },
  'PUT /api/article/bulk': {
    body: { idList: [999], action: 'category', category_id: 1 },
    numeric: { category_id: 1 },
  },
  'PUT /api/article/autosave': {
    body: { article_title: '模糊草稿', article_content: '正文', is_top: 2, order: 0, status: 3, type: 1 },
    numeric: { is_top: 1, order: 0, status: 1, type: 1 },
  },
  'GET /api/article/getAutosave/:id': { numeric: { id: 0 } },
  'POST /api/article/preview': { body: { article_content: '# 标题\n\n正文' } },
  'GET /api/article/revisions/:id': {},
  'GET /api/article/revision/:revisionId': { path: { revisionId: '1' }, numeric: { revisionId: 1 } },
  'PUT /api/article/revision/restore/:revisionId': {
    path: { revisionId: '999' },
    numeric: { revisionId: 1 },
  },
  'POST /api/category/getCategoryList': { body: { ...PAGE, category_name: '分类' }, numeric: PAGE_NUM },
  'POST /api/category/delete': { body: { categoryIdList: [999] } },
  'PUT /api/category/merge': { body: { from: 998, to: 999 }, numeric: { from: 1, to: 1 } },
  'POST /api/tag/getTagList': { body: { ...PAGE, tag_name: '标签' }, numeric: PAGE_NUM },
  'POST /api/tag/delete': { body: { tagIdList: [999] } },
  'PUT /api/tag/merge': { body: { from: 998, to: 999 }, numeric: { from: 1, to: 1 } },
  'POST /api/chat/getChatList': { body: { size: 10, last_id: 0 }, numeric: { size: 1, last_id: 0 } },
  'POST /api/chat/delete': {},
  'DELETE /api/chat/deleteOne/:id': SAFE_DELETE,
  'POST /api/notify/getNotifyList': { body: PAGE, numeric: PAGE_NUM },
  'PUT /api/notify/update/:id': SAFE_DELETE,
  'PUT /api/notify/delete/:id': SAFE_DELETE,
  // The owner's routes; writes aim at ids that do not exist where they can.
  'POST /api/bangumi/getBangumiList': {
    body: { ...PAGE, status: 2, title: '番' },
    numeric: { ...PAGE_NUM, status: 1 },
    blank: ['status'],
  },
  'POST /api/bangumi/add': { body: bangumi, numeric: BANGUMI_NUM },
  'PUT /api/bangumi/update': { body: { id: 999, ...bangumi }, numeric: { id: 1, ...BANGUMI_NUM } },
  'PUT /api/bangumi/updateStatus/:id/:status': {
    path: { id: '999', status: '2' },
    numeric: { id: 1, status: 1 },
  },
  'PUT /api/bangumi/updateProgress/:id/:progress': {
    path: { id: '999', progress: '3' },
    numeric: { id: 1, progress: 0 },
  },
  'PUT /api/bangumi/delete': { body: { idList: [999] } },
  'POST /api/resources/getResourceList': {
    body: { ...PAGE, kind: 'front', category: '', name: '' },
    numeric: PAGE_NUM,
  },
  'GET /api/resources/getCategoryDictionary': { query: { kind: 'front' } },
  'POST /api/resources/addOrUpdate': {
    body: { id: 999, kind: 'front', ...catalogRow },
    numeric: { id: 1, order: 0 },
    blank: ['id'],
  },
  'PUT /api/resources/updateOrder': { body: { list: [{ id: 999, order: 1 }] } },
  'PUT /api/resources/delete': { body: { idList: [999] } },
  'POST /api/site/getSiteList': { body: { ...PAGE, category: '', name: '' }, numeric: PAGE_NUM },
  'GET /api/site/getCategoryDictionary': {},
  'POST /api/site/addOrUpdate': {
    body: { id: 999, ...catalogRow },
    numeric: { id: 1, order: 0 },
    blank: ['id'],
  },
  'PUT /api/site/updateOrder': { body: { list: [{ id: 999, order: 1 }] } },
  'PUT /api/site/delete': { body: { idList: [999] } },
  'POST /api/links/backUpdate': {
    body: {
      id: '$link',
      site_name: '后台改的站',
      site_desc: '后台改过的描述',
      site_avatar: '',
      url: 'https://fuzz-back.example',
      status: 2,
      category: '模糊组',
    },
    numeric: { id: 1, status: 1 },
    blank: ['id', 'status'],
  },
  'PUT /api/message/backDelete': { body: { idList: [999] } },
  'POST /api/user/getUserList': { body: { ...PAGE, nick_name: '', role: 2 }, numeric: PAGE_NUM },
  'PUT /api/user/updateRole/:id/:role': { path: { id: '999', role: '2' }, numeric: { id: 1, role: 1 } },
  'PUT /api/user/adminUpdateUserInfo': {
    body: { id: 999, nick_name: '模糊', avatar: '/uploads/me.png' },
    numeric: { id: 1 },
  },
  'POST /api/comment/backGetCommentList': {
    body: { ...PAGE, content: '', from_name: '', to_name: '', time: ['2026-01-01', '2026-12-31'] },
    numeric: PAGE_NUM,
  },
  'DELETE /api/comment/backDelete/:id/:parent_id': SAFE_DELETE,
  'GET /api/dashboard/getOverview': {},
  'GET /api/dashboard/getTrend': { query: { days: '30' }, numeric: { days: 7 } },
  // Users and chat in the console (ids that do not exist, so the fixtures stay).
  'PUT /api/user/disable/:id': SAFE_DELETE,
  'PUT /api/user/enable/:id': SAFE_DELETE,
  'PUT /api/user/resetPassword/:id': SAFE_DELETE,
  'POST /api/chat/backGetChatList': {
    body: { ...PAGE, content: '', nick_name: '', user_id: '' },
    numeric: { ...PAGE_NUM, user_id: 1 },
    blank: ['user_id'],
  },
  'GET /api/chat/getOnlineList': {},
  'PUT /api/chat/forceOffline/:id': SAFE_DELETE,
  // The console's 评论与留言 list and the friend-link review and health. The check
  // points at no link (999): a real one would send a request to its site.
  'POST /api/comment/getModerationList': {
    body: {
      ...PAGE,
      type: 4,
      content: '',
      from_id: 1,
      from_name: '',
      time: ['2026-01-01', '2026-12-31'],
      review_status: 'pending',
    },
    numeric: { ...PAGE_NUM, type: 1, from_id: 1 },
    blank: ['type', 'from_id', 'review_status'],
  },
  // The moderation queue: verdicts on items that do not exist, so the fixtures stay.
  'GET /api/comment/reviewCounts': {},
  'PUT /api/comment/review': { body: { idList: [999], status: 'spam' } },
  'PUT /api/message/review': { body: { idList: [999], status: 'spam' } },
  'PUT /api/links/reject': { body: { id: 999, reason: '网站打不开' }, numeric: { id: 1 } },
  'GET /api/links/getLinkHealth': {},
  'PUT /api/links/check/:id': SAFE_DELETE,
  // The audit log, backups and the music library.
  'POST /api/audit/getAuditList': {
    body: {
      ...PAGE,
      user_id: 1,
      action: '删除标签',
      thing_type: '标签',
      text: '春',
      time: ['2026-01-01', '2026-12-31'],
    },
    numeric: { ...PAGE_NUM, user_id: 1 },
    blank: ['user_id', 'action', 'thing_type', 'text', 'time'],
  },
  'GET /api/audit/getAuditDictionary': {},
  'GET /api/backup/getDataSize': {},
  'GET /api/backup/download': {},
  'GET /api/music/getLibrary': {},
  'POST /api/music/rescan': {},
  'POST /api/upload/music': { multipart: 'music' },
  'POST /api/upload/import': { multipart: true },
  'POST /api/import/run': { body: { token: '0123456789abcdef0123456789abcdef' } },
  'GET /api/import/archive': {},
  // The API reference and its page.
  'GET /api/openapi.json': { raw: 'application/json' },
  'GET /api/docs': { raw: 'text/html' },
};

/** The local music service (/wapi without MUSIC_API_URL); `$song`, `$list`, `$uid`, `$key` are filled in. */
export const WAPI_LOCAL_ROUTES: Record<string, RouteSpec> = {
  'GET /wapi/toplist/detail': {},
  'GET /wapi/playlist/track/all': { query: { id: '$list', limit: '30', offset: '0' } },
  'GET /wapi/song/detail': { query: { ids: '$song' } },
  'GET /wapi/song/url/v1': { query: { id: '$song', level: 'exhigh' } },
  'GET /wapi/search': { query: { keywords: '风', offset: '0', limit: '20', type: '1' } },
  'GET /wapi/lyric': { query: { id: '$song' } },
  'GET /wapi/stream/:id': { path: { id: '$song' } },
  'HEAD /wapi/stream/:id': { path: { id: '$song' } },
  'GET /wapi/cover/song/:id': { path: { id: '$song' } },
  'GET /wapi/cover/playlist/:id': { path: { id: '$list' } },
  'GET /wapi/login/qr/key': {},
  'GET /wapi/login/qr/create': { query: { key: '$key', qrimg: 'true' } },
  'GET /wapi/login/qr/check': { query: { key: '$key', timestamp: '1700000000000' } },
  'GET /wapi/login/status': {},
  'GET /wapi/user/playlist': { query: { uid: '$uid' } },
  'POST /wapi/like': { query: { id: '$song', like: 'true' } },
  'GET /wapi/likelist': { query: { uid: '$uid' } },
  'GET /wapi/logout': {},
};

/** /wapi in front of a NeteaseCloudMusicApi server (MUSIC_API_URL). */
export const WAPI_PROXY_ROUTES: Record<string, RouteSpec> = {
  'GET /wapi/logout': {},
  'GET /wapi/login/qr/key': {},
  'GET /wapi/login/qr/create': { query: { key: QR_KEY, qrimg: 'true' } },
  'GET /wapi/login/qr/check': { query: { key: QR_KEY, timestamp: '1700000000000' } },
  'GET /wapi/login/status': {},
  'GET /wapi/user/playlist': { query: { uid: '1', limit: '30', offset: '0' } },
  'GET /wapi/toplist/detail': {},
  'GET /wapi/playlist/track/all': { query: { id: '19723756', limit: '30', offset: '0' } },
  'GET /wapi/song/url/v1': { query: { id: '347230', level: 'exhigh' } },
  'GET /wapi/song/detail': { query: { ids: '347230' } },
  'GET /wapi/search': { query: { keywords: '海阔天空', offset: '0', limit: '20', type: '1' } },
  'GET /wapi/lyric': { query: { id: '347230' } },
  // The catch-all that answers every other path with the 404 envelope.
  'ALL /wapi/*': { path: { '*': 'stream/1' } },
};

// ---------------------------------------------------------------------------------------------------
// Values

/** 1 MB of UTF-8 (3 bytes a character). */
const MB = '中'.repeat(349_526);

/** Strings a careless parser, database driver or renderer may choke on. */
export const ODD_STRINGS: [string, string][] = [
  ['lone high surrogate', 'a\uD800b'],
  ['lone low surrogate', '\uDFFF'],
  ['NUL inside', 'a\u0000b'],
  ['C0 and C1 controls', '\u0001\u001b[31m\u007f\u0085'],
  ['RTL override', '\u202Egnp.exe\u202C'],
  ['zero-width characters', '\u200B\u200C\u200D\u2060\uFEFF'],
  ['stacked combining marks', `e${'\u0301\u0336'.repeat(200)}`],
  ['emoji ZWJ sequence', '👨‍👩‍👧‍👦🏳️‍🌈🇨🇳'],
  ['line separators', 'a\r\n\u2028\u2029b'],
  ['CJK and fullwidth digits', '１２３中文'],
  ['markup and SQL', `<script>alert(1)</script>' OR 1=1; --`],
];

const NUMBERISH: [string, unknown][] = [
  ['-1', -1],
  ['0', 0],
  ['1.5', 1.5],
  ['1e20', 1e20],
  ['2^53+2', 2 ** 53 + 2],
  ['2^63', 2 ** 63],
  ['"-1"', '-1'],
  ['"1.5"', '1.5'],
  ['"1e3"', '1e3'],
  ['"2^63"', '9223372036854775808'],
  ['"NaN"', 'NaN'],
  ['"Infinity"', 'Infinity'],
  ['"abc"', 'abc'],
  ['"0x10"', '0x10'],
];

/** Values that are not numbers at all (in JSON). */
const NOT_NUMBERS: [string, unknown][] = [
  ['null', null],
  ['true', true],
  ['false', false],
  ['empty array', []],
  ['array [1]', [1]],
  ['object', {}],
  ['object {id: 1}', { id: 1 }],
  ['empty string', ''],
  ['blank string', '   '],
];

const SHAPES: [string, unknown][] = [
  ['1 MB string', MB],
  ['10 000-item array', Array.from({ length: 10_000 }, (_, i) => i)],
  ['nested arrays', [[[[[[[[1]]]]]]]]],
];

/** Every JSON value a numeric field is replaced with, one at a time (three kinds of odd text are enough). */
export const FIELD_VALUES: [string, unknown][] = [
  ...NOT_NUMBERS,
  ...NUMBERISH,
  ...SHAPES,
  ...ODD_STRINGS.slice(0, 3),
];

/** For text fields a fraction and a huge number are enough numbers (to a string field all are "not a string"). */
export const STRING_FIELD_VALUES: [string, unknown][] = [
  ...NOT_NUMBERS,
  ...NUMBERISH.filter(([label]) => label === '1.5' || label === '1e20'),
  ...SHAPES,
  ...ODD_STRINGS,
];

/** Number literals JSON.stringify cannot write: they go into the body text as is. */
export const RAW_NUMBERS: [string, string][] = [
  ['literal 1e400 (Infinity)', '1e400'],
  ['literal -1e400', '-1e400'],
  ['literal 1e-400', '1e-400'],
  ['30-digit literal', '123456789012345678901234567890'],
  ['literal -0.0', '-0.0'],
];

/**
 * Values that a numeric field (smallest allowed `min`) must refuse: never a success with them. A
 * decimal string ("12") is a fair spelling of a number; fractions, exponents, hex, out-of-range values,
 * booleans, arrays and objects are not.
 */
export function isBadNumber(value: unknown, min: number): boolean {
  if (typeof value === 'number') return !Number.isSafeInteger(value) || value < min;
  if (typeof value === 'string') {
    if (!/^\s*\d+\s*$/.test(value)) return true;
    const n = Number(value);
    return !Number.isSafeInteger(n) || n < min;
  }
  // null is "no value" for optional fields (last_id); every other non-number is a wrong type.
  return value !== null && value !== undefined;
}

/**
 * Page sizes are clamped into 1…50 (docs/api/README.md#paging), so any whole number, negative too, is a
 * size.
 */
const CLAMPED = new Set(['size']);
/** Fields where "" means absent: the chat's last_id (the original client's first page sends it). */
const BLANK_IS_ABSENT = new Set(['last_id']);

/** isBadNumber for one field, with the fields that take more than "a whole number from min". */
export function isBadFieldNumber(field: string, value: unknown, min: number): boolean {
  if (value === '' && BLANK_IS_ABSENT.has(field)) return false;
  if (!CLAMPED.has(field)) return isBadNumber(value, min);
  if (typeof value === 'number') return !Number.isSafeInteger(value);
  return typeof value !== 'string' || !/^\s*-?\d+\s*$/.test(value) || !Number.isSafeInteger(Number(value));
}

/** Whether a path or query segment (raw, percent-escaped) is a bad number for this field. */
function isBadSegment(field: string, raw: string, bad: boolean, min: number): boolean {
  if (!CLAMPED.has(field)) return bad || Number(raw) < min;
  try {
    return isBadFieldNumber(field, decodeURIComponent(raw), min);
  } catch {
    return true; // not even text (%ZZ, a cut escape)
  }
}

/** Path and query segments, as raw text already fit for a URL (percent-escapes kept as they are). */
export const SEGMENTS: [string, string, boolean][] = [
  // [name, raw segment, is a bad number]
  ['-1', '-1', true],
  ['0', '0', false],
  ['1.5', '1.5', true],
  ['1e20', '1e20', true],
  ['1e3', '1e3', true],
  ['2^63', '9223372036854775808', true],
  ['2^53+2', '9007199254740994', true],
  ['NaN', 'NaN', true],
  ['Infinity', 'Infinity', true],
  ['-Infinity', '-Infinity', true],
  ['abc', 'abc', true],
  ['0x10', '0x10', true],
  ['space-padded', '%201%20', false],
  ['plus sign', '%2B1', true],
  ['encoded NUL', '%00', true],
  ['bad escape %ZZ', '%ZZ', true],
  ['cut escape %E4%B8', '%E4%B8', true],
  ['UTF-8 of a lone surrogate', '%ED%A0%80', true],
  ['overlong slash', '%C0%AF', true],
  ['RTL override', '%E2%80%AE1', true],
  ['zero-width space', '1%E2%80%8B', true],
  ['combining mark', '1%CC%81', true],
  ['emoji', '%F0%9F%98%80', true],
  ['encoded slash', '1%2F2', true],
  ['dot-dot', '..', true],
  ['encoded dot-dot', '%2e%2e%2f%2e%2e', true],
  ['10 000 characters', '9'.repeat(10_000), true],
];

const b64 = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url');

/** Authorization and cookie headers a client could forge or garble. */
export const HOSTILE_HEADERS: [string, Record<string, string>][] = [
  ['empty Bearer', { authorization: 'Bearer ' }],
  ['Bearer with three empty parts', { authorization: 'Bearer ..' }],
  [
    'unsigned token (alg none)',
    { authorization: `${b64({ alg: 'none' })}.${b64({ sub: 1, role: 1, tv: 0, exp: 4e9 })}.` },
  ],
  ['token with garbage parts', { authorization: 'Bearer %%%.\u00ff\u00fe.!!!' }],
  ['Basic credentials', { authorization: 'Basic YWRtaW46YWRtaW4=' }],
  ['10 kB token', { authorization: `Bearer ${'a'.repeat(10_000)}` }],
  ['garbled cookies', { cookie: 'blog_music=%E4%B8; =;;; a=%ZZ; blog_music=' }],
  ['overlong music cookie', { cookie: `blog_music=${'x'.repeat(5000)}` }],
  ['odd request id', { 'x-request-id': `\u00ff${'r'.repeat(500)}` }],
];

/** Idempotency-Key values for the writes: malformed ones, then one valid key sent twice. */
const IDEMPOTENCY_KEYS: [string, string][] = [
  ['empty', ''],
  ['of 256 characters', 'k'.repeat(256)],
  ['with a space and Latin-1', 'cl\u00e9 idem'],
  ['valid', 'fuzz-idempotency-key'],
  ['valid, sent again', 'fuzz-idempotency-key'],
];

// ---------------------------------------------------------------------------------------------------
// Deterministic choice

// ---------------------------------------------------------------------------------------------------
// Cases

type Body = string | Uint8Array<ArrayBuffer> | FormData;

export type FuzzCase = {
  name: string;
  /** Path with its parameters filled in, plus the query string. */
  url: string;
  headers: Record<string, string>;
  /** The body, or a function making it when the case runs (so megabyte bodies do not pile up). */
  body?: Body | (() => Body);
  /** A numeric field got a bad number: the call must not succeed. */
  mustFail?: string;
  /** RouteSpec.raw: what a success is when it is not the envelope. */
  raw?: RouteSpec['raw'];
  /**
   * The roles that send it (all three when absent): field cases go only to roles that pass the
   * route's gate, megabyte-sized ones only as the admin (who passes every gate), hashing routes as
   * one role (RouteSpec.hashes), forged credentials as a visitor.
   */
  roles?: Role[];
};

export type Role = 'visitor' | 'user' | 'admin';
export const GATE: Record<Access, Role[]> = {
  public: ['visitor', 'user', 'admin'],
  login: ['user', 'admin'],
  admin: ['admin'],
};

/** Values and bodies of a megabyte or deep nesting: sent once per case (as the admin, who passes every gate). */
const HEAVY = /MB|10 000|100 000|100 kB|deep/;

const JSON_TYPE = { 'content-type': 'application/json' };

/** Fills `:name` parameters (and a trailing `*`) of a Hono path. */
export function fillPath(path: string, values: Record<string, string>): string {
  return path
    .replace(/:(\w+)/g, (_, name: string) => values[name] ?? PATH_SAMPLES[name] ?? '1')
    .replace(/\*$/, values['*'] ?? 'x');
}

const queryString = (q: Record<string, string>) =>
  Object.entries(q)
    .map(([k, v]) => `${encodeURIComponent(k)}=${v}`)
    .join('&');

function encodeQuery(q: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(q).map(([k, v]) => [k, encodeURIComponent(v)]));
}

/**
 * Every case for one route: broken bodies, each field replaced by each hostile value, each path and
 * query parameter replaced by each hostile segment, and a few seeded random mixes.
 */
export function casesFor(
  key: string,
  spec: RouteSpec,
  fill: (v: unknown) => unknown = (v) => v,
  access: Access = 'public',
): FuzzCase[] {
  const fieldRoles: Role[] = spec.hashes ? [spec.hashes] : GATE[access];
  const [method, path] = key.split(' ');
  const readOnly = method === 'GET' || method === 'HEAD' || method === 'ALL';
  const params = [...path.matchAll(/:(\w+)/g)].map((m) => m[1]);
  if (path.endsWith('*')) params.push('*');
  const pathValues: Record<string, string> = Object.fromEntries(
    Object.entries(spec.path ?? {}).map(([k, v]) => [k, String(fill(v))]),
  );
  const baseQuery = encodeQuery(
    Object.fromEntries(Object.entries(spec.query ?? {}).map(([k, v]) => [k, String(fill(v))])),
  );
  const url = (pv: Record<string, string> = pathValues, q: Record<string, string> = baseQuery) => {
    const qs = queryString(q);
    return fillPath(path, pv) + (qs ? `?${qs}` : '');
  };
  const numeric = spec.numeric ?? {};
  const badNumber = (field: string, value: unknown, min: number) =>
    !((value === '' || value === 0) && spec.blank?.includes(field)) && isBadFieldNumber(field, value, min);
  const pathNumeric: Numeric = { ...PATH_NUMERIC, ...numeric };
  // /wapi follows NeteaseCloudMusicApi, which reads malformed numbers as absent; /api refuses them.
  const strictNumbers = path.startsWith('/api/');
  const base = spec.body
    ? (Object.fromEntries(Object.entries(spec.body).map(([k, v]) => [k, fill(v)])) as Record<string, unknown>)
    : {};
  const baseText = JSON.stringify(base);
  // Path and query cases carry the valid body, so only the part under test is wrong.
  const valid = (): Pick<FuzzCase, 'headers' | 'body'> =>
    readOnly ? { headers: {} } : { headers: JSON_TYPE, body: baseText };
  const cases: FuzzCase[] = [{ name: 'valid call', url: url(), ...valid() }];

  // Credentials that are not: each replaces the visitor's (absent) token or music cookie.
  for (const [name, headers] of HOSTILE_HEADERS)
    cases.push({
      name,
      url: url(),
      ...valid(),
      headers: { ...valid().headers, ...headers },
      roles: ['visitor'],
    });

  // Path parameters.
  for (const p of params) {
    for (const [name, raw, bad] of SEGMENTS) {
      const numericParam = strictNumbers && p in pathNumeric;
      cases.push({
        name: `path ${p} = ${name}`,
        url: url({ ...pathValues, [p]: raw }),
        ...valid(),
        mustFail: numericParam && isBadSegment(p, raw, bad, pathNumeric[p]) ? p : undefined,
      });
    }
    cases.push({ name: `path ${p} empty`, url: url({ ...pathValues, [p]: '' }), ...valid() });
  }

  // Query parameters.
  const q = spec.query ?? {};
  for (const name of Object.keys(q)) {
    const numericQuery = strictNumbers && name in numeric;
    for (const [label, raw, bad] of SEGMENTS) {
      cases.push({
        name: `query ${name} = ${label}`,
        url: url(pathValues, { ...baseQuery, [name]: raw }),
        ...valid(),
        mustFail: numericQuery && isBadSegment(name, raw, bad, numeric[name]) ? name : undefined,
      });
    }
    for (const [label, text] of ODD_STRINGS) {
      if (/[\uD800-\uDFFF]/.test(text)) continue; // the segments above carry the raw surrogate bytes
      cases.push({
        name: `query ${name} = ${label}`,
        url: url(pathValues, { ...baseQuery, [name]: encodeURIComponent(text) }),
        ...valid(),
      });
    }
    const { [name]: _, ...without } = baseQuery;
    cases.push({ name: `query ${name} missing`, url: url(pathValues, without), ...valid() });
    cases.push({
      name: `query ${name} repeated`,
      url: `${url(pathValues, baseQuery)}&${encodeURIComponent(name)}=2&${encodeURIComponent(name)}=abc`,
      ...valid(),
    });
    cases.push({
      name: `query ${name}[] array form`,
      url: url(pathValues, { ...without, [`${name}[]`]: '1' }),
      ...valid(),
    });
  }
  if (Object.keys(q).length) {
    cases.push({
      name: 'query with a 100 kB junk parameter',
      url: `${url()}&junk=${'x'.repeat(100_000)}`,
      ...valid(),
    });
  }

  if (readOnly) return finish(answers(cases, spec), access);

  // Bodies, whatever the route expects.
  const raw = (name: string, body: Body | (() => Body), headers: Record<string, string> = JSON_TYPE) =>
    cases.push({ name, url: url(), headers, body });
  raw('no body, JSON type', '');
  raw('no body, no type', '', {});
  raw('truncated JSON', baseText.slice(0, Math.max(1, Math.floor(baseText.length / 2))));
  raw('lone brace', '{');
  raw('trailing garbage', `${baseText}}x`);
  raw('single quotes', baseText.replaceAll('"', "'"));
  raw('byte-order mark before JSON', `\uFEFF${baseText}`);
  raw('JSON as text/plain', baseText, { 'content-type': 'text/plain' });
  raw('JSON with a charset of utf-16', baseText, { 'content-type': 'application/json; charset=utf-16' });
  raw('form-urlencoded junk', 'a=%ZZ&&=&b=%E4%B8&c', { 'content-type': 'application/x-www-form-urlencoded' });
  raw('multipart without boundary', '--x\r\n\r\njunk', { 'content-type': 'multipart/form-data' });
  raw('multipart with a broken part', '--b\r\nContent-Disposition: form-data\r\n\r\nx\r\n--b', {
    'content-type': 'multipart/form-data; boundary=b',
  });
  for (const [name, text] of [
    ['null', 'null'],
    ['array', '[]'],
    ['number', '42'],
    ['string', '"text"'],
    ['true', 'true'],
    ['array of the body', `[${baseText}]`],
  ])
    raw(`non-object JSON: ${name}`, text);
  raw('100 000 open brackets', () => '['.repeat(100_000));
  raw('5 000-deep nested arrays', () => `${'['.repeat(5000)}${']'.repeat(5000)}`);
  raw(
    'body plus a 3 000-deep nested field',
    () =>
      `{${baseText.slice(1, -1)}${baseText.length > 2 ? ',' : ''}"deep":${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}}`,
  );
  raw('2 MB body', () => JSON.stringify({ ...base, padding: 'x'.repeat(2 << 20) }));
  raw(
    'invalid UTF-8 bytes',
    new Uint8Array([
      0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xed, 0xa0, 0x80, 0xc0, 0xaf, 0x22, 0x7d,
    ]),
  );
  raw('__proto__ key', `{"__proto__":{"role":1,"isAdmin":true,"polluted":1},${baseText.slice(1)}`);
  raw('constructor.prototype key', `{"constructor":{"prototype":{"polluted":1}},${baseText.slice(1)}`);
  raw('identity fields in the body', JSON.stringify({ ...base, user_id: 1, from_id: 1, role: 1, userId: 1 }));

  // The Idempotency-Key of a write (api/idempotency.ts): a malformed one is refused, a valid
  // one sent twice answers the second time as the first (a replay is the envelope too).
  for (const [name, key] of IDEMPOTENCY_KEYS)
    cases.push({
      name: `Idempotency-Key ${name}`,
      url: url(),
      ...valid(),
      headers: { ...JSON_TYPE, 'idempotency-key': key },
    });

  // Each field replaced by each hostile value, and removed.
  const fields = Object.keys(base);
  for (const field of fields) {
    const min = numeric[field];
    for (const [label, value] of min === undefined ? STRING_FIELD_VALUES : FIELD_VALUES) {
      cases.push({
        name: `${field} = ${label}`,
        url: url(),
        headers: JSON_TYPE,
        body: () => JSON.stringify({ ...base, [field]: value }),
        mustFail: min !== undefined && badNumber(field, value, min) ? field : undefined,
        roles: fieldRoles,
      });
    }
    for (const [label, literal] of min === undefined ? RAW_NUMBERS.slice(0, 1) : RAW_NUMBERS) {
      const text = JSON.stringify({ ...base, [field]: '\u0000RAW' }).replace('"\\u0000RAW"', literal);
      const n = Number(literal);
      cases.push({
        name: `${field} = ${label}`,
        url: url(),
        headers: JSON_TYPE,
        body: text,
        mustFail: min !== undefined && badNumber(field, n, min) ? field : undefined,
        roles: fieldRoles,
      });
    }
    const { [field]: _, ...without } = base;
    cases.push({
      name: `${field} missing`,
      url: url(),
      headers: JSON_TYPE,
      body: JSON.stringify(without),
      roles: fieldRoles,
    });
  }

  // Seeded mixes: several fields broken at once.
  if (fields.length > 1) {
    const rand = mulberry32(hashSeed(key));
    for (let i = 0; i < 8; i++) {
      const mixed: Record<string, unknown> = { ...base };
      const broken: string[] = [];
      let mustFail: string | undefined;
      for (const field of fields) {
        if (rand() < 0.5) continue;
        const pool = numeric[field] === undefined ? STRING_FIELD_VALUES : FIELD_VALUES;
        const [label, value] = pool[Math.floor(rand() * pool.length)];
        mixed[field] = value;
        broken.push(`${field}=${label}`);
        const min = numeric[field];
        if (min !== undefined && badNumber(field, value, min)) mustFail = field;
      }
      cases.push({
        name: `mix #${i + 1} (${broken.join(', ') || 'none'})`,
        url: url(),
        headers: JSON_TYPE,
        body: () => JSON.stringify(mixed),
        mustFail,
        roles: fieldRoles,
      });
    }
  }
  return finish(answers(cases, spec), access);
}

/** Marks the cases of a route whose success is not the envelope (RouteSpec.raw). */
function answers(cases: FuzzCase[], spec: RouteSpec): FuzzCase[] {
  if (spec.raw) for (const c of cases) c.raw = spec.raw;
  return cases;
}

/**
 * Roles for cases that do not name theirs: the valid call goes out as all three; the rest only as
 * the roles the route's gate lets through (a refused role never gets as far as the input).
 */
export function finish(cases: FuzzCase[], access: Access): FuzzCase[] {
  for (const c of cases) {
    if (HEAVY.test(c.name)) c.roles ??= ['admin'];
    if (c.name !== 'valid call') c.roles ??= GATE[access];
  }
  return cases;
}

/** The image upload: broken forms and files. `png` is a small valid PNG. */
export function uploadCases(url: string, png: Uint8Array<ArrayBuffer>): FuzzCase[] {
  const form = (entries: [string, string | Blob, string?][]) => {
    const f = new FormData();
    for (const [name, value, filename] of entries) {
      if (typeof value === 'string') f.append(name, value);
      else f.append(name, value, filename);
    }
    return f;
  };
  const image = (bytes: Uint8Array<ArrayBuffer>, type = 'image/png') => new Blob([bytes], { type });
  const big = new Uint8Array(6 << 20);
  big.set(png);
  const cases: [string, FormData | string, Record<string, string>?][] = [
    ['valid call', form([['file', image(png), 'a.png']])],
    ['file sent as a text field', form([['file', 'not a file']])],
    ['no file field', form([['other', image(png), 'a.png']])],
    ['empty file', form([['file', image(new Uint8Array()), 'a.png']])],
    ['text claiming to be a PNG', form([['file', image(new TextEncoder().encode('hello')), 'a.png']])],
    [
      'SVG with a script',
      form([['file', new Blob(['<svg onload="alert(1)"/>'], { type: 'image/svg+xml' }), 'a.svg']]),
    ],
    ['PNG named with a path', form([['file', image(png), '../../../etc/passwd']])],
    ['PNG named in odd Unicode', form([['file', image(png), '\u202Egnp.exe\u0000😀']])],
    [
      'two files',
      form([
        ['file', image(png), 'a.png'],
        ['file', image(png), 'b.png'],
      ]),
    ],
    ['6 MB file', form([['file', image(big), 'big.png']])],
    ['multipart type without boundary', 'junk', { 'content-type': 'multipart/form-data' }],
    [
      'multipart with a wrong boundary',
      '--x\r\njunk\r\n--x--',
      { 'content-type': 'multipart/form-data; boundary=y' },
    ],
    ['JSON instead of a form', '{"file":"a.png"}', { 'content-type': 'application/json' }],
    ['no body', '', {}],
  ];
  return finish(
    cases.map(([name, body, headers]) => ({ name, url, headers: headers ?? {}, body })),
    'login',
  );
}

/** A WAV of `ms` milliseconds of silence (8 kHz, 8 bit, mono): the smallest real audio file. */
export function tinyWav(ms = 100): Uint8Array<ArrayBuffer> {
  const samples = Math.round(8 * ms);
  const buf = Buffer.alloc(44 + samples, 0x80);
  buf.write('RIFF', 0, 'ascii');
  buf.writeUInt32LE(36 + samples, 4);
  buf.write('WAVEfmt ', 8, 'ascii');
  buf.writeUInt32LE(16, 16);
  buf.writeUInt16LE(1, 20); // PCM
  buf.writeUInt16LE(1, 22); // mono
  buf.writeUInt32LE(8000, 24);
  buf.writeUInt32LE(8000, 28);
  buf.writeUInt16LE(1, 32);
  buf.writeUInt16LE(8, 34);
  buf.write('data', 36, 'ascii');
  buf.writeUInt32LE(samples, 40);
  return new Uint8Array(buf);
}

/** The music upload (admin): broken forms, files that are not audio, names and folders that climb out. */
export function musicUploadCases(url: string): FuzzCase[] {
  const form = (entries: [string, string | Blob, string?][]) => {
    const f = new FormData();
    for (const [name, value, filename] of entries) {
      if (typeof value === 'string') f.append(name, value);
      else f.append(name, value, filename);
    }
    return f;
  };
  const wav = new Blob([tinyWav()], { type: 'audio/wav' });
  const cases: [string, FormData | string, Record<string, string>?][] = [
    [
      'valid call',
      form([
        ['folder', '模糊'],
        ['file', wav, `fuzz-${Date.now()}.wav`],
      ]),
    ],
    ['file sent as a text field', form([['file', 'not a file']])],
    ['no file field', form([['other', wav, 'a.wav']])],
    ['empty file', form([['file', new Blob([]), 'a.wav']])],
    ['text claiming to be a WAV', form([['file', new Blob(['hello']), 'a.wav']])],
    ['a script', form([['file', new Blob(['#!/bin/sh']), 'a.sh']])],
    ['name with a path', form([['file', wav, '../../../etc/passwd.wav']])],
    [
      'folder climbing out',
      form([
        ['folder', '../../x'],
        ['file', wav, 'b.wav'],
      ]),
    ],
    [
      'absolute folder',
      form([
        ['folder', '/etc'],
        ['file', wav, 'c.wav'],
      ]),
    ],
    [
      'deep folder',
      form([
        ['folder', 'a/b/c/d'],
        ['file', wav, 'd.wav'],
      ]),
    ],
    ['hidden name', form([['file', wav, '.hidden.wav']])],
    ['name in odd Unicode', form([['file', wav, '\u202Egnp.wav\u0000😀']])],
    ['lyrics not UTF-8', form([['file', new Blob([new Uint8Array([0xff, 0xfe, 0x00, 0x41])]), 'e.lrc']])],
    ['multipart type without boundary', 'junk', { 'content-type': 'multipart/form-data' }],
    ['JSON instead of a form', '{"file":"a.wav"}', { 'content-type': 'application/json' }],
    ['no body', '', {}],
  ];
  return finish(
    cases.map(([name, body, headers]) => ({ name, url, headers: headers ?? {}, body })),
    'admin',
  );
}
