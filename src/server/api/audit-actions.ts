/**
 * What the audit log (api/audit.ts) records, by route: "METHOD /api/route-pattern" → the Chinese action
 * name, the kind of thing, and where its name lives. Every admin write of the app is either here or in
 * AUDIT_SKIPPED (tests/api/audit.test.ts walks the access table, so a new route cannot be missed).
 *
 * - `label`: the table and column that name the thing, read before the handler runs (one small query)
 *   and, unless the write is a delete (`before`: the row is gone), again afterwards off the request path:
 *   a delete keeps what was removed, a rename is logged as 旧名 → 新名.
 * - `keys`: the body fields holding the things' ids (default `id` and `idList`; path parameters named
 *   `id` always count); a number, a list of numbers or a list of `{id}`. A create's id comes from its
 *   answer (`result.id`, or the ids of a list it returns).
 */

import type { LabelSource, LabelTable } from '../services/audit.ts';
import { ADMIN_POST_READS } from './post-reads.ts';

/** `resultLabel`: the answer's result field that names the thing (when no table does: a file). */
export type AuditAction = {
  action: string;
  thing: string;
  label?: LabelSource;
  keys?: string[];
  resultLabel?: string;
};

const L = (table: LabelTable, column: string, before?: true): LabelSource =>
  before ? { table, column, before } : { table, column };

const article = L('article', 'article_title');
const category = L('category', 'category_name');
const tag = L('tag', 'tag_name');
const talk = L('talk', 'content');
const album = L('photo_album', 'album_name');
const link = L('link', 'site_name');
const bangumi = L('bangumi', 'title');
const resource = L('resource', 'name');
const site = L('site', 'name');
const user = L('user', 'nick_name');

/**
 * The kinds of rows (the console's 类型 filter; `audit_log.kind`, migration 0022). Every row of
 * AUDIT_ACTIONS is 管理操作; the others are events that happen outside an admin's successful write.
 * A new kind of event adds its kind here and its event to AUDIT_EVENTS: the dictionary offers both,
 * and the list filters by any kind the log holds.
 */
export const AUDIT_KINDS = [
  '管理操作',
  '登录失败',
  '两步验证',
  '越权访问',
  '签名密钥',
  '拒绝导入',
  '账号邮箱',
] as const;

export type AuditEvent = { action: string; kind: string; thing: string };

/** The security events, recorded by api/audit-events.ts `auditEvent`. */
export const AUDIT_EVENTS = {
  loginFailed: { action: '登录失败', kind: '登录失败', thing: '账号' },
  otpEnabled: { action: '开启两步验证', kind: '两步验证', thing: '账号' },
  otpDisabled: { action: '关闭两步验证', kind: '两步验证', thing: '账号' },
  /** `npm run blog -- disable-2fa <username>`: the way back for a lost phone. */
  otpDisabledByCli: { action: '命令行关闭两步验证', kind: '两步验证', thing: '账号' },
  recoveryUsed: { action: '使用恢复码登录', kind: '两步验证', thing: '账号' },
  /** Too many wrong second-step codes: the account's 6-digit code step is refused for a while. */
  otpLocked: { action: '两步验证码错误过多，暂停验证码登录', kind: '两步验证', thing: '账号' },
  /** 401 on an admin route: nobody (or an ended token) signed in. */
  deniedGuest: { action: '未登录访问管理接口', kind: '越权访问', thing: '接口' },
  /** 403 on an admin route: a signed-in account that is not an admin. */
  deniedUser: { action: '无权访问管理接口', kind: '越权访问', thing: '接口' },
  /** The personal center's address change (the old address is told; the new one gets its link). */
  emailChanged: { action: '修改邮箱', kind: '账号邮箱', thing: '账号' },
  /** An address confirmed by its link: mail may go to it from now on. */
  emailConfirmed: { action: '验证邮箱', kind: '账号邮箱', thing: '账号' },
  /** `npm run blog -- rotate-secret`: every token signed before is refused from now on. */
  secretRotated: { action: '更换签名密钥', kind: '签名密钥', thing: '签名密钥' },
  /** An import's archive that would unpack past the limits (services/import/unpack.ts): refused whole. */
  importRefused: { action: '拒绝导入压缩包', kind: '拒绝导入', thing: '导入' },
} satisfies Record<string, AuditEvent>;

export const AUDIT_ACTIONS: Record<string, AuditAction> = {
  'POST /api/config/update': { action: '修改站点资料', thing: '站点' },
  'POST /api/pageHeader/addOrUpdate': {
    action: '保存页面横幅',
    thing: '页面横幅',
    keys: ['id', 'route_name'],
  },
  'POST /api/pageHeader/delete': {
    action: '删除页面横幅',
    thing: '页面横幅',
    label: L('page_header', 'route_name', true),
  },
  'PUT /api/user/updateOwnUserInfo': { action: '修改自己的资料', thing: '用户' },
  'PUT /api/user/updatePassword': { action: '修改自己的密码', thing: '用户' },
  'POST /api/talk/publishTalk': { action: '发表说说', thing: '说说', label: talk },
  'PUT /api/talk/updateTalk': { action: '编辑说说', thing: '说说', label: talk },
  'DELETE /api/talk/deleteTalkById/:id': {
    action: '删除说说',
    thing: '说说',
    label: L('talk', 'content', true),
  },
  'DELETE /api/talk/deleteTalkById/:id/:status': {
    action: '删除说说',
    thing: '说说',
    label: L('talk', 'content', true),
  },
  'PUT /api/talk/togglePublic/:id/:status': { action: '切换说说公开', thing: '说说', label: talk },
  'PUT /api/talk/toggleTop/:id/:is_top': { action: '切换说说置顶', thing: '说说', label: talk },
  'PUT /api/talk/revertTalk/:id': { action: '恢复说说', thing: '说说', label: talk },
  'POST /api/photoAlbum/add': { action: '新建相册', thing: '相册', label: album },
  'PUT /api/photoAlbum/update': { action: '编辑相册', thing: '相册', label: album },
  'DELETE /api/photoAlbum/delete/:id': {
    action: '删除相册',
    thing: '相册',
    label: L('photo_album', 'album_name', true),
  },
  'PUT /api/photoAlbum/setCover/:id/:photoId': { action: '设置相册封面', thing: '相册', label: album },
  'POST /api/photo/add': { action: '上传照片', thing: '照片', label: L('photo', 'url') },
  'PUT /api/photo/delete': {
    action: '删除照片',
    thing: '照片',
    label: L('photo', 'url', true),
    keys: ['imgList'],
  },
  'PUT /api/photo/revert': { action: '恢复照片', thing: '照片', label: L('photo', 'url') },
  'POST /api/media/delete': {
    action: '删除图片',
    thing: '媒体库',
    label: L('upload', 'original_name', true),
    keys: ['ids'],
  },
  'PUT /api/photo/caption': { action: '修改照片说明', thing: '照片', label: L('photo', 'url') },
  'PUT /api/photo/order': { action: '照片排序', thing: '照片', label: L('photo', 'url') },
  'PUT /api/links/approve': { action: '通过友链', thing: '友链', label: link },
  'PUT /api/links/delete': { action: '删除友链', thing: '友链', label: L('link', 'site_name', true) },
  'POST /api/links/backUpdate': { action: '保存友链', thing: '友链', label: link },
  'PUT /api/message/delete': { action: '删除留言', thing: '留言', label: L('message', 'message', true) },
  'PUT /api/message/backDelete': { action: '删除留言', thing: '留言', label: L('message', 'message', true) },
  'PUT /api/message/review': { action: '审核留言', thing: '留言', label: L('message', 'message') },
  'PUT /api/comment/review': { action: '审核评论', thing: '评论', label: L('comment', 'content') },
  'DELETE /api/comment/delete/:id/:parent_id': {
    action: '删除评论',
    thing: '评论',
    label: L('comment', 'content', true),
  },
  'DELETE /api/comment/backDelete/:id/:parent_id': {
    action: '删除评论',
    thing: '评论',
    label: L('comment', 'content', true),
  },
  'POST /api/article/add': { action: '新建文章', thing: '文章', label: article },
  'PUT /api/article/update': { action: '保存文章', thing: '文章', label: article },
  'DELETE /api/article/delete/:id': {
    action: '删除文章',
    thing: '文章',
    label: L('article', 'article_title', true),
  },
  'DELETE /api/article/delete/:id/:status': {
    action: '删除文章',
    thing: '文章',
    label: L('article', 'article_title', true),
  },
  'PUT /api/article/updateTop/:id/:is_top': { action: '切换文章置顶', thing: '文章', label: article },
  'PUT /api/article/revert/:id': { action: '恢复文章', thing: '文章', label: article },
  'PUT /api/article/isPublic/:id/:status': { action: '切换文章公开', thing: '文章', label: article },
  'PUT /api/article/bulk': { action: '批量修改文章', thing: '文章', label: article },
  // The answer's id is the article's (no path `id`): the row names the article restored.
  'PUT /api/article/revision/restore/:revisionId': { action: '恢复历史版本', thing: '文章', label: article },
  'POST /api/category/add': { action: '新建分类', thing: '分类', label: category },
  'PUT /api/category/update': { action: '修改分类', thing: '分类', label: category },
  'DELETE /api/category/delete/:id': {
    action: '删除分类',
    thing: '分类',
    label: L('category', 'category_name', true),
  },
  'POST /api/category/delete': {
    action: '删除分类',
    thing: '分类',
    label: L('category', 'category_name', true),
    keys: ['categoryIdList'],
  },
  'PUT /api/category/merge': {
    action: '合并分类',
    thing: '分类',
    label: L('category', 'category_name', true),
    keys: ['from', 'to'],
  },
  'POST /api/tag/add': { action: '新建标签', thing: '标签', label: tag },
  'PUT /api/tag/update': { action: '修改标签', thing: '标签', label: tag },
  'DELETE /api/tag/delete/:id': { action: '删除标签', thing: '标签', label: L('tag', 'tag_name', true) },
  'POST /api/tag/delete': {
    action: '删除标签',
    thing: '标签',
    label: L('tag', 'tag_name', true),
    keys: ['tagIdList'],
  },
  'PUT /api/tag/merge': {
    action: '合并标签',
    thing: '标签',
    label: L('tag', 'tag_name', true),
    keys: ['from', 'to'],
  },
  'POST /api/chat/delete': { action: '清空聊天记录', thing: '聊天' },
  'DELETE /api/chat/deleteOne/:id': {
    action: '删除聊天消息',
    thing: '聊天',
    label: L('chat', 'content', true),
  },
  'POST /api/bangumi/add': { action: '新增番剧', thing: '番剧', label: bangumi },
  'PUT /api/bangumi/update': { action: '编辑番剧', thing: '番剧', label: bangumi },
  'PUT /api/bangumi/updateStatus/:id/:status': { action: '修改番剧状态', thing: '番剧', label: bangumi },
  'PUT /api/bangumi/updateProgress/:id/:progress': { action: '修改番剧进度', thing: '番剧', label: bangumi },
  'PUT /api/bangumi/delete': { action: '删除番剧', thing: '番剧', label: L('bangumi', 'title', true) },
  'POST /api/resources/addOrUpdate': { action: '保存资源', thing: '资源', label: resource },
  'PUT /api/resources/updateOrder': { action: '调整资源顺序', thing: '资源', keys: ['list'] },
  'PUT /api/resources/delete': { action: '删除资源', thing: '资源', label: L('resource', 'name', true) },
  'POST /api/site/addOrUpdate': { action: '保存网站', thing: '网站', label: site },
  'PUT /api/site/updateOrder': { action: '调整网站顺序', thing: '网站', keys: ['list'] },
  'PUT /api/site/delete': { action: '删除网站', thing: '网站', label: L('site', 'name', true) },
  'PUT /api/user/updateRole/:id/:role': { action: '修改用户角色', thing: '用户', label: user },
  'PUT /api/user/adminUpdateUserInfo': { action: '修改用户资料', thing: '用户', label: user },
  'PUT /api/user/disable/:id': { action: '停用账号', thing: '用户', label: user },
  'PUT /api/user/enable/:id': { action: '启用账号', thing: '用户', label: user },
  'PUT /api/user/resetPassword/:id': { action: '重置密码', thing: '用户', label: user },
  'PUT /api/chat/forceOffline/:id': { action: '强制下线', thing: '用户', label: user },
  'PUT /api/links/reject': { action: '拒绝友链', thing: '友链', label: L('link', 'site_name', true) },
  'PUT /api/links/check/:id': { action: '检测友链', thing: '友链', label: link },
  'GET /api/backup/download': { action: '下载数据库备份', thing: '备份' },
  'POST /api/upload/music': { action: '上传音乐', thing: '音乐', resultLabel: 'rel' },
  'POST /api/music/rescan': { action: '重新扫描音乐库', thing: '音乐' },
  'POST /api/mail/test': { action: '发送测试邮件', thing: '邮件' },
  'POST /api/upload/import': { action: '导入试运行', thing: '导入' },
  'POST /api/import/run': { action: '导入', thing: '导入' },
  'GET /api/import/archive': { action: '下载全站归档', thing: '归档' },
  'PUT /api/mail/retry': { action: '重试邮件', thing: '邮件', label: L('mail_outbox', 'to_addr') },
};

/**
 * Admin routes that write nothing worth a log row: reads sent as POST (the admin app's list bodies,
 * api/post-reads.ts) and the editor's autosave (private draft state, sent every few seconds while typing).
 */
export const AUDIT_SKIPPED: ReadonlySet<string> = new Set([...ADMIN_POST_READS, 'PUT /api/article/autosave']);
