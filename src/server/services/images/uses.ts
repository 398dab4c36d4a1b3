import { sql } from 'kysely';
import type { MediaUse } from '../../../lib/contract/media.ts';
import { uploadStem, uploadStemsIn } from '../../../lib/media-library.ts';
import { db } from '../../db/connection.ts';

/**
 * Where uploads are used (docs/architecture.md#media-library): the columns that hold an upload's URL as
 * their whole value, the site profile's pictures, and the texts (an article's Markdown, a chat message)
 * that name one anywhere, original or variant. Two ways in: the uses of a few URLs (a page of the
 * library, a delete), one query per kind; and every upload something uses (the 未使用 filter), one
 * read of each kind.
 */

const clip = (text: string, n = 20) => {
  const one = text.replace(/\s+/g, ' ').trim();
  return one.length > n ? `${one.slice(0, n)}…` : one;
};

/** A column holding an upload's URL: its rows' uses, named from the row (joined where the name is elsewhere). */
type ColumnSource = {
  table: string;
  column: string;
  rows: (urls: string[]) => Promise<{ url: string; use: MediaUse }[]>;
};

const COLUMN_SOURCES: ColumnSource[] = [
  {
    table: 'article',
    column: 'article_cover',
    rows: async (urls) =>
      (
        await db
          .selectFrom('article')
          .select(['id', 'article_title', 'article_cover as url'])
          .where('article_cover', 'in', urls)
          .execute()
      ).map((r) => ({
        url: r.url,
        use: { kind: '文章封面', label: `《${r.article_title}》`, href: `/admin/articles/edit?id=${r.id}` },
      })),
  },
  {
    table: 'talk_photo',
    column: 'url',
    rows: async (urls) =>
      (
        await db
          .selectFrom('talk_photo')
          .innerJoin('talk', 'talk.id', 'talk_photo.talk_id')
          .select(['talk.id', 'talk.content', 'talk_photo.url'])
          .where('talk_photo.url', 'in', urls)
          .execute()
      ).map((r) => ({
        url: r.url,
        use: { kind: '说说图片', label: `「${clip(r.content) || `#${r.id}`}」`, href: '/admin/talks' },
      })),
  },
  {
    table: 'photo_album',
    column: 'album_cover',
    rows: async (urls) =>
      (
        await db
          .selectFrom('photo_album')
          .select(['id', 'album_name', 'album_cover as url'])
          .where('album_cover', 'in', urls)
          .execute()
      ).map((r) => ({
        url: r.url,
        use: { kind: '相册封面', label: `「${r.album_name}」`, href: `/admin/albums?id=${r.id}` },
      })),
  },
  {
    table: 'photo',
    column: 'url',
    rows: async (urls) =>
      (
        await db
          .selectFrom('photo')
          .innerJoin('photo_album', 'photo_album.id', 'photo.album_id')
          .select(['photo_album.id', 'photo_album.album_name', 'photo.url', 'photo.status'])
          .where('photo.url', 'in', urls)
          .execute()
      ).map((r) => ({
        url: r.url,
        use: {
          kind: r.status === 2 ? '相册照片（回收站）' : '相册照片',
          label: `「${r.album_name}」`,
          href: `/admin/albums?id=${r.id}`,
        },
      })),
  },
  simple('page_header', 'bg_url', 'route_name', '页面横幅', '/admin/banners'),
  simple('user', 'avatar', 'nick_name', '头像', '/admin/users'),
  simple('link', 'site_avatar', 'site_name', '友链头像', '/admin/links'),
  simple('message', 'bg_url', 'message', '留言背景', '/admin/comments'),
  simple('bangumi', 'cover', 'title', '番剧封面', '/admin/bangumi'),
  simple('resource', 'icon', 'name', '资源图标', '/admin/resources'),
  simple('site', 'icon', 'name', '网站图标', '/admin/resources'),
];

type SimpleTable = 'page_header' | 'user' | 'link' | 'message' | 'bangumi' | 'resource' | 'site';

/** A column whose own row names the use. */
function simple(table: SimpleTable, column: string, name: string, kind: string, href: string): ColumnSource {
  return {
    table,
    column,
    rows: async (urls) =>
      (
        await db
          .selectFrom(table)
          .select([sql<string>`${sql.ref(column)}`.as('url'), sql<string>`${sql.ref(name)}`.as('name')])
          .where(sql.ref(column), 'in', urls)
          .execute()
      ).map((r) => ({ url: r.url, use: { kind, label: `「${clip(r.name)}」`, href } })),
  };
}

/** The site profile's pictures (`config`), with what the profile screen calls them. */
const CONFIG_IMAGES = {
  blog_avatar: '博主头像',
  avatar_bg: '头像背景',
  qq_link: 'QQ 二维码',
  we_chat_link: '微信二维码',
  we_chat_group: '微信群',
  qq_group: 'QQ 群',
  we_chat_pay: '微信收款码',
  ali_pay: '支付宝收款码',
} as const;
const CONFIG_KEYS = Object.keys(CONFIG_IMAGES) as (keyof typeof CONFIG_IMAGES)[];

async function configRows() {
  return db.selectFrom('config').select(CONFIG_KEYS).execute();
}

/**
 * The texts that name any upload. Attributing them in memory reads each once per call; OR-ing a `LIKE` per
 * URL of a page instead scanned every text once per URL (about 5× slower with 300 long articles).
 */
const NAMES_AN_UPLOAD = '%/uploads/%';

/** The uses of each of these upload URLs (an empty list: unused), in a fixed order of kinds. */
export async function usesOf(urls: string[]): Promise<Map<string, MediaUse[]>> {
  const out = new Map<string, MediaUse[]>(urls.map((u) => [u, []]));
  if (!urls.length) return out;
  const add = (url: string, use: MediaUse) => out.get(url)?.push(use);
  for (let i = 0; i < urls.length; i += 200) {
    const part = urls.slice(i, i + 200);
    for (const source of COLUMN_SOURCES) for (const r of await source.rows(part)) add(r.url, r.use);
    const byStem = new Map(part.map((u) => [uploadStem(u), u]));
    const articles = await db
      .selectFrom('article')
      .select(['id', 'article_title', 'article_content'])
      .where('article_content', 'like', '%/uploads/%')
      .execute();
    for (const a of articles)
      for (const stem of uploadStemsIn(a.article_content)) {
        const url = byStem.get(stem);
        if (url)
          add(url, {
            kind: '文章正文',
            label: `《${a.article_title}》`,
            href: `/admin/articles/edit?id=${a.id}`,
          });
      }
    const chats = await db
      .selectFrom('chat')
      .select(['id', 'content'])
      .where('content', 'like', '%/uploads/%')
      .execute();
    for (const m of chats)
      for (const stem of uploadStemsIn(m.content)) {
        const url = byStem.get(stem);
        if (url) add(url, { kind: '聊天消息', label: `#${m.id}`, href: '/admin/chat' });
      }
  }
  for (const row of await configRows())
    for (const key of CONFIG_KEYS)
      if (out.has(row[key]))
        add(row[key], { kind: '站点资料', label: CONFIG_IMAGES[key], href: '/admin/profile' });
  return out;
}

/**
 * The stems of every upload something uses: each column read once (only its `/uploads/` values), the
 * texts that name an upload read once. Costs about one pass over the blog's Markdown and chat, paid
 * only by the 未使用 filter.
 */
export async function usedStems(): Promise<Set<string>> {
  const used = new Set<string>();
  for (const { table, column } of COLUMN_SOURCES) {
    const rows = await db
      .selectFrom(table as SimpleTable)
      .select(sql<string>`${sql.ref(column)}`.as('url'))
      .where(sql.ref(column), 'like', '/uploads/%')
      .distinct()
      .execute();
    for (const r of rows) used.add(uploadStem(r.url));
  }
  for (const row of await configRows())
    for (const key of CONFIG_KEYS) if (row[key]?.startsWith('/uploads/')) used.add(uploadStem(row[key]));
  const texts = [
    db
      .selectFrom('article')
      .select('article_content as text')
      .where('article_content', 'like', NAMES_AN_UPLOAD),
    db.selectFrom('chat').select('content as text').where('content', 'like', NAMES_AN_UPLOAD),
  ];
  for (const q of texts)
    for (const r of await q.execute()) for (const s of uploadStemsIn(r.text)) used.add(s);
  return used;
}
