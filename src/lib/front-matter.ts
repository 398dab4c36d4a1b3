import YAML from 'yaml';
import { isSafeUrl, plainText, SLUG_PATTERN } from './article.ts';
import { slugify } from './slug.ts';
import { ARGON2ID_HASH } from './password-hash.ts';

/**
 * Markdown files with YAML front matter, the format of `npm run blog -- import|export`:
 *
 *   ---
 *   title: 标题
 *   date: 2026-01-02T03:04:05.000Z      (or 2026-01-02, or "2026-01-02 11:04", China time)
 *   category: 前端开发
 *   tags: [TypeScript, Node.js]          (or "TypeScript, Node.js")
 *   cover: /uploads/x.png
 *   description: 一句话简介
 *   top: false                           (true / 1 pinned)
 *   status: public                       (private, draft, scheduled, or 1 / 2 / 3 / 4)
 *   publish_at: 2026-05-01T08:00:00.000Z (a scheduled article's time; also kept once it went public)
 *   type: original                       (reprint, translation, or 1 / 2 / 3)
 *   origin_url: https://…
 *   meta_description: 搜索结果里的简介      (SEO; absent: left as it is)
 *   keywords: 博客, SEO                   (SEO keywords, comma separated or a list; absent: left as it is)
 *   password_hash: $argon2id$…           (written by the export; `password: 明文`, as hexo-blog-encrypt
 *                                         writes it, is hashed on import; absent: left as it is)
 *   ---
 *   正文
 */

export function splitFrontMatter(text: string): { data: Record<string, unknown>; body: string } {
  const src = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const match = /^---\n([\s\S]*?)\n?---[ \t]*(?:\n|$)/.exec(src);
  if (!match) return { data: {}, body: src };
  const parsed = YAML.parse(match[1]) as unknown;
  if (parsed !== null && (typeof parsed !== 'object' || Array.isArray(parsed)))
    throw new Error('front matter 必须是键值对');
  return { data: (parsed ?? {}) as Record<string, unknown>, body: src.slice(match[0].length) };
}

export function joinFrontMatter(data: Record<string, unknown>, body: string): string {
  return `---\n${YAML.stringify(data, { lineWidth: 0 })}---\n\n${body}\n`;
}

export type ArticleFile = {
  slug: string;
  article_title: string;
  article_content: string;
  createdAt?: string;
  updatedAt?: string;
  category_name?: string;
  tagNameList: string[];
  article_cover: string;
  article_description: string;
  is_top: number;
  status: number;
  type: number;
  origin_url: string;
  /** A scheduled article's time (status 4), or when a scheduled one went public. */
  publish_at?: string;
  meta_description?: string;
  meta_keywords?: string;
  /** The article's password as written in the file (imported hashed), "" for none. */
  password?: string;
  /** The stored form of its password, as the export writes it. */
  password_hash?: string;
};

const STATUS: Record<string, number> = {
  public: 1,
  private: 2,
  draft: 3,
  scheduled: 4,
  '1': 1,
  '2': 2,
  '3': 3,
  '4': 4,
};
const TYPE: Record<string, number> = { original: 1, reprint: 2, translation: 3, '1': 1, '2': 2, '3': 3 };
const STATUS_NAME = ['', 'public', 'private', 'draft', 'scheduled'];

const TYPE_NAME = ['', 'original', 'reprint', 'translation'];

const lookup = (map: Record<string, number>, key: string) => (Object.hasOwn(map, key) ? map[key] : 0);
const str = (v: unknown): string => (v === undefined || v === null ? '' : String(v).trim());

/** A front-matter date as an ISO time; dates without a zone are China time. */
export function parseDate(value: unknown): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (value instanceof Date) return value.toISOString();
  const text = String(value).trim();
  let iso = text;
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) iso = `${text}T00:00:00+08:00`;
  else if (/^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2})?$/.test(text)) iso = `${text.replace(' ', 'T')}+08:00`;
  else {
    // Jekyll's `2020-01-02 10:00:00 +0800`.
    const zoned = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2})?)\s*([+-]\d{2}):?(\d{2})$/.exec(text);
    if (zoned) iso = `${zoned[1]}T${zoned[2]}${zoned[3]}:${zoned[4]}`;
  }
  const time = Date.parse(iso);
  if (Number.isNaN(time)) throw new Error(`日期格式不正确：${text}`);
  return new Date(time).toISOString();
}

/** Hexo's `categories`: a name, a list, or a list of lists (a path); the first level is kept. */
function firstCategory(value: unknown): string {
  const first = Array.isArray(value) ? value[0] : value;
  return str(Array.isArray(first) ? first[0] : first);
}

const yes = (v: unknown) =>
  v === true || (typeof v === 'number' && v > 0) || /^(true|[1-9]\d*)$/i.test(str(v));

const MORE = /^[ \t]*<!--\s*more\s*-->[ \t]*$/m;

/**
 * The article a file describes; throws with a Chinese message when a field is wrong. Besides its own
 * fields it reads what Hexo, Hugo and Jekyll write (docs/owner-guide.md#导入与导出): `categories`
 * (first level), `thumbnail`/`top_img` as the cover, `sticky` as top, `draft`/`published: false`,
 * Hexo's `<!-- more -->` (the text before it is the description unless one is given), and Jekyll's
 * `2020-01-02-name.md` (the date and the slug).
 */
export function articleFromFile(text: string, stem: string): ArticleFile {
  const { data, body } = splitFrontMatter(text);
  const jekyll = /^(\d{4}-\d{2}-\d{2})-(.+)$/.exec(stem);
  const fileStem = jekyll ? jekyll[2] : stem;
  if (jekyll && data.date === undefined) data.date = jekyll[1];
  let content = body.replace(/^(\s*\n)+/, '').trimEnd();
  const more = MORE.exec(content);
  if (more) {
    if (!str(data.description))
      data.description = [...plainText(content.slice(0, more.index))].slice(0, 200).join('');
    content =
      `${content.slice(0, more.index).trimEnd()}\n\n${content.slice(more.index + more[0].length).trimStart()}`.trim();
  }
  if (data.category === undefined && data.categories !== undefined)
    data.category = firstCategory(data.categories);
  if (!str(data.cover)) data.cover = str(data.thumbnail) || str(data.top_img) || undefined;
  if (data.top === undefined && data.sticky !== undefined) data.top = yes(data.sticky);
  if (data.status === undefined && (yes(data.draft) || data.published === false)) data.status = 'draft';
  const title = str(data.title) || /^#\s+(.+)$/m.exec(content)?.[1]?.trim() || fileStem;
  if (title.length > 100) throw new Error('标题最多 100 个字符');
  if (!content) throw new Error('正文为空');
  const slug = str(data.slug) || slugify(fileStem) || fileStem.toLowerCase();
  if (!SLUG_PATTERN.test(slug))
    throw new Error(`文件名不能作为链接别名：${slug}（只能包含小写字母、数字和连字符）`);
  const status = data.status === undefined ? 1 : lookup(STATUS, str(data.status).toLowerCase());
  if (!status) throw new Error(`未知的 status：${str(data.status)}`);
  const type = data.type === undefined ? 1 : lookup(TYPE, str(data.type).toLowerCase());
  if (!type) throw new Error(`未知的 type：${str(data.type)}`);
  const top = yes(data.top);
  const cover = str(data.cover);
  const origin = str(data.origin_url);
  if (!isSafeUrl(cover)) throw new Error('cover 必须是 http(s) 地址或站内路径');
  if (!isSafeUrl(origin)) throw new Error('origin_url 必须是 http(s) 地址或站内路径');
  if (type !== 1 && !origin) throw new Error('转载或翻译的文章请填写 origin_url');
  const publishAt = parseDate(data.publish_at);
  if (status === 4 && !publishAt) throw new Error('定时发布的文章请填写 publish_at');
  const optional = (v: unknown) => (v === undefined || v === null ? undefined : str(v));
  const keywords = Array.isArray(data.keywords) ? data.keywords.map(str).join(', ') : optional(data.keywords);
  const hash = optional(data.password_hash);
  if (hash && !ARGON2ID_HASH.test(hash)) throw new Error('password_hash 不是本站导出的密码');
  const rawTags = Array.isArray(data.tags) ? data.tags : str(data.tags) ? str(data.tags).split(/[,，]/) : [];
  const tags = [...new Set(rawTags.map(str).filter(Boolean))];
  if (tags.some((t) => t.length > 20) || str(data.category).length > 20)
    throw new Error('分类和标签最多 20 个字符');
  return {
    slug,
    article_title: title,
    article_content: content,
    createdAt: parseDate(data.date),
    updatedAt: parseDate(data.updated),
    category_name: str(data.category) || undefined,
    tagNameList: tags,
    article_cover: cover,
    article_description: str(data.description),
    is_top: top ? 1 : 2,
    status,
    type,
    origin_url: origin,
    ...defined({
      publish_at: publishAt,
      meta_description: optional(data.meta_description),
      meta_keywords: keywords,
      password: optional(data.password),
      password_hash: hash,
    }),
  };
}

/** `fields` without those that are undefined (an absent key leaves the stored value as it is). */
const defined = (fields: Record<string, string | undefined>) =>
  Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));

/** The file text of an article (the inverse of articleFromFile). */
export function fileFromArticle(
  a: Omit<ArticleFile, 'slug' | 'publish_at'> & {
    createdAt: string;
    updatedAt: string;
    publish_at?: string | null;
  },
): string {
  const data: Record<string, unknown> = {
    title: a.article_title,
    date: a.createdAt,
    updated: a.updatedAt,
    // Hexo's key (a list), so a blogger who leaves can take the files to Hexo as they are.
    categories: a.category_name ? [a.category_name] : [],
    tags: a.tagNameList,
    cover: a.article_cover,
    description: a.article_description,
    top: a.is_top === 1,
    status: STATUS_NAME[a.status] ?? 'public',
    type: TYPE_NAME[a.type] ?? 'original',
    origin_url: a.origin_url,
    // Only what is set: a Hexo or Hugo site reading the files meets no empty keys of ours.
    ...defined({
      publish_at: a.publish_at || undefined,
      meta_description: a.meta_description || undefined,
      keywords: a.meta_keywords || undefined,
      password_hash: a.password_hash || undefined,
    }),
  };
  return joinFrontMatter(data, a.article_content);
}
