import type { Generated } from 'kysely';
import type { ImportTables } from './schema-import.ts';
import type { MailConfig, MailTables } from './schema-mail.ts';
import type { PhotoCaption } from './schema-photo.ts';
import type { GuardConfig, GuardTables, ReviewConfig } from './schema-review.ts';
import type { ArticleSeo, SeoConfig } from './schema-seo.ts';
import type { TwoFactorTables } from './schema-two-factor.ts';
import type { UploadTables } from './schema-upload.ts';
import type { ArticleWriting, WritingTables } from './schema-writing.ts';

/** Every table of the blog. Column names are the wire names of docs/api/ (snake_case, createdAt/updatedAt). */

type Stamps = { createdAt: string; updatedAt: string };
type Place = { ip_address: Generated<string>; user_agent: Generated<string> }; // IP 属地, browser (0030)

export interface UserTable extends Stamps {
  id: Generated<number>;
  username: string;
  /** foldUsername(username), unique; null only on an old row that folds like an older one. */
  username_key: string | null;
  password: string; // argon2id hash, never the plain text
  nick_name: string;
  email: string;
  /** The address (lower-cased) its owner confirmed (0046): mailed only while it equals lower(email). */
  email_confirmed: Generated<string>;
  /** The one confirmation link that may still be used ('' none), services/mail/confirm.ts. */
  email_nonce: Generated<string>;
  avatar: string;
  qq: string;
  role: number; // 1 admin, 2 user
  token_version: Generated<number>;
  ip: string;
  /** When the owner disabled the account (no login, no tokens, no chat), else null. */
  disabled_at: string | null;
}

export interface ConfigTable extends ReviewConfig, GuardConfig, MailConfig, SeoConfig {
  id: number; // always 1
  blog_name: string;
  blog_avatar: string;
  avatar_bg: string;
  personal_say: string;
  blog_notice: string;
  qq_link: string;
  we_chat_link: string;
  github_link: string;
  git_ee_link: string;
  bilibili_link: string;
  view_time: number;
  we_chat_group: string;
  qq_group: string;
  we_chat_pay: string;
  ali_pay: string;
  admin_url: string; // where type-4 notifications lead (friend-link approval)
  /** The ICP filing number the footer shows (migration 0023); empty hides it. */
  icp_number: string;
  /** When the site started (the client's 运行时间): the first start, or the demo's oldest content. */
  createdAt: string;
  updatedAt: string;
}

export interface PageHeaderTable {
  id: Generated<number>;
  route_name: string;
  bg_url: string;
}

export interface CategoryTable extends Stamps {
  id: Generated<number>;
  category_name: string;
}

export interface TagTable extends Stamps {
  id: Generated<number>;
  tag_name: string;
}

export interface ArticleTable extends Stamps, ArticleWriting, ArticleSeo {
  id: Generated<number>;
  slug: string;
  article_title: string;
  author_id: number;
  category_id: number | null;
  article_content: string;
  article_cover: string;
  article_description: string;
  is_top: number; // 1 pinned, 2 not
  order: number;
  status: number; // 1 public, 2 private, 3 draft
  type: number; // 1 original, 2 reprint, 3 translation
  origin_url: string;
  view_times: number;
  thumbs_up_times: number;
  reading_duration: number;
  /** When a delete moved it to the recycle bin (status 3); null for every other article, drafts too. */
  deleted_at: Generated<string | null>;
  /** One more with every write: the editor's optimistic concurrency. */
  version: Generated<number>;
}

/** The editor's unsaved state per author and article (article_id 0: an article not created yet). */
export interface ArticleAutosaveTable {
  id: Generated<number>;
  author_id: number;
  article_id: number;
  /** The draft fields as JSON. */
  draft: string;
  /** The article's version the editor loaded (null for a new article). */
  base_version: number | null;
  updatedAt: string;
}

export interface ArticleTagTable {
  article_id: number;
  tag_id: number;
}

export interface TalkTable extends Stamps {
  id: Generated<number>;
  user_id: number;
  content: string;
  status: number; // 1 public, 2 private, 3 recycle bin
  is_top: number; // 1 pinned, 2 not
  like_times: number;
}

export interface TalkPhotoTable {
  id: Generated<number>;
  talk_id: number;
  url: string;
}

export interface PhotoAlbumTable extends Stamps {
  id: Generated<number>;
  album_name: string;
  description: string;
  album_cover: string;
}

export interface PhotoTable extends Stamps, PhotoCaption {
  id: Generated<number>;
  album_id: number;
  url: string;
  status: Generated<number>; // 1 normal, 2 recycle bin (migration 0012)
}

export interface LinkTable extends Stamps {
  id: Generated<number>;
  site_name: string;
  site_desc: string;
  site_avatar: string;
  url: string;
  status: number; // 1 pending, 2 approved
  user_id: number | null;
  category: Generated<string>; // its group on /link/list ('' none; migration 0024)
  /** The health check (migration 0016): its last run, the site's last answer, since when it has none. */
  checkedAt: string | null;
  okAt: string | null;
  downAt: string | null;
  demo: Generated<number>; // 1: the demo seed's, a real third-party site: never checked (0031)
}

export interface MessageTable extends Stamps, Place {
  id: Generated<number>;
  message: string;
  tag: string;
  color: string;
  font_size: number;
  font_weight: number;
  bg_color: string;
  bg_url: string;
  like_times: number;
  nick_name: string;
  user_id: number | null;
  review_status: Generated<string>; // published | pending | spam (migration 0027)
  review_reason: Generated<string>; // why a rule or the mode held it, '' for none (migration 0048)
  ip: Generated<string>; // the writer's ('' before 0027): a guest's identity in `first` review mode
}

export interface CommentTable extends Stamps {
  id: Generated<number>;
  type: number; // 1 article, 2 talk, 3 message
  for_id: number;
  parent_id: number | null;
  from_id: number;
  to_id: number | null;
  content: string;
  thumbs_up: number;
  ip: string;
  ip_address: string;
  review_status: Generated<string>; // published | pending | spam (migration 0027)
  review_reason: Generated<string>; // why a rule or the mode held it, '' for none (migration 0048)
  user_agent: Generated<string>; // browser · system (migration 0030)
}

export interface LikeTable {
  id: Generated<number>;
  type: number; // 1 article, 2 talk, 3 message, 4 comment
  for_id: number;
  user_id: number | null;
  ip: string;
  createdAt: string;
}

export interface NotifyTable {
  id: Generated<number>;
  user_id: number;
  type: number; // 1 article, 2 talk, 3 guestbook, 4 friend link
  to_id: number;
  message: string;
  isView: number; // 1 unread, 2 read
  createdAt: string;
}

export interface ChatTable {
  id: Generated<number>;
  user_id: number;
  content: string;
  content_type: string; // text | image
  createdAt: string;
}

export interface BangumiTable extends Stamps {
  id: Generated<number>;
  title: string;
  title_cn: string;
  cover: string;
  status: number; // 1 want, 2 watching, 3 watched
  progress: number;
  total_episodes: number;
  score: number;
  summary: string;
  url: string;
}

export interface ResourceTable {
  id: Generated<number>;
  kind: string; // front | back
  category: string;
  name: string;
  desc: string;
  url: string;
  icon: string;
  order: number;
}

export interface SiteTable {
  id: Generated<number>;
  category: string;
  name: string;
  desc: string;
  url: string;
  icon: string;
  order: number;
}

export interface TodoTable extends Stamps {
  id: Generated<number>;
  user_id: number;
  content: string;
  done: number; // 0 open, 1 done
}

export interface MetaTable {
  key: string;
  value: string;
}

/**
 * The site's secrets (migration 0020): the token signing key `jwt_secret` (boot/secret.ts), and any
 * later one (an SMTP password…). Never in a backup (services/backup.ts): keep every secret here.
 */
export interface SecretTable {
  key: string;
  value: string;
}

export interface MusicQrTable {
  unikey: string;
  status: number; // 801 waiting, 802 scanned, 803 confirmed
  user_id: number | null;
  createdAt: string;
  expiresAt: string;
}

export interface MusicSessionTable {
  id: string; // SHA-256 of the cookie value
  user_id: number | null;
  cookie: string; // the upstream NeteaseCloudMusicApi cookie (proxy mode)
  createdAt: string;
  expiresAt: string;
}

export interface MusicLikeTable {
  user_id: number;
  song_id: number;
  position: number;
}

/** Page views and unique visitors of the site per China-time day (migration 0013). */
export interface ViewDayTable {
  day: string;
  views: number;
  uniques: number;
}

/** Views an article's page reported per China-time day (migration 0013). */
export interface ArticleViewDayTable {
  day: string;
  article_id: number;
  views: number;
}

/** One successful admin write (migration 0015, api/audit.ts), or a security event (0022). */
export interface AuditLogTable {
  id: Generated<number>;
  /** Who did it; 0 when nobody was signed in (a failed sign-in, a visitor refused). */
  user_id: number;
  /** Their nick name then (the log outlives a renamed or deleted account); "" for nobody. */
  user_name: string;
  /** 管理操作 (every admin write), 登录失败, 两步验证, 越权访问… (api/audit-actions.ts AUDIT_KINDS). */
  kind: Generated<string>;
  /** The Chinese action name of api/audit-actions.ts (删除标签…). */
  action: string;
  /** What kind of thing it touched (标签, 说说…). */
  thing_type: string;
  /** The ids of the things, comma-separated ("" when none). */
  thing_id: string;
  /** Their names (read before a delete ran), comma-separated, at most 500 characters. */
  label: string;
  method: string;
  path: string;
  ip: string;
  createdAt: string;
}

/** The answer of a write sent with an Idempotency-Key (migration 0019, api/idempotency.ts). */
export interface IdempotencyKeyTable {
  /** SHA-256 (hex) of user id, method, path and key: one row per key and caller. */
  scope: string;
  /** The verified token's user, 0 for a guest. */
  user_id: number;
  method: string;
  path: string;
  idem_key: string;
  /** SHA-256 (hex) of the query string and body: the same key with another request is refused. */
  body_hash: string;
  state: 'pending' | 'done';
  /** The stored answer, once done: HTTP status, the headers that matter (JSON), the body. */
  status: number | null;
  headers: string | null;
  body: string | null;
  createdAt: string;
}

export interface DB
  extends GuardTables,
    MailTables,
    UploadTables,
    ImportTables,
    WritingTables,
    TwoFactorTables {
  meta: MetaTable;
  secret: SecretTable;
  user: UserTable;
  config: ConfigTable;
  page_header: PageHeaderTable;
  category: CategoryTable;
  tag: TagTable;
  article: ArticleTable;
  article_tag: ArticleTagTable;
  article_autosave: ArticleAutosaveTable;
  talk: TalkTable;
  talk_photo: TalkPhotoTable;
  photo_album: PhotoAlbumTable;
  photo: PhotoTable;
  link: LinkTable;
  message: MessageTable;
  comment: CommentTable;
  like: LikeTable;
  notify: NotifyTable;
  chat: ChatTable;
  bangumi: BangumiTable;
  resource: ResourceTable;
  site: SiteTable;
  todo: TodoTable;
  music_qr: MusicQrTable;
  music_session: MusicSessionTable;
  music_like: MusicLikeTable;
  view_day: ViewDayTable;
  article_view_day: ArticleViewDayTable;
  audit_log: AuditLogTable;
  idempotency_key: IdempotencyKeyTable;
}
