import { parse as parseToml } from 'smol-toml';
import YAML from 'yaml';
import { isSafeUrl, plainText } from './article.ts';
import { ARGON2ID_HASH } from './password-hash.ts';
import { slugify } from './slug.ts';

/**
 * Markdown files with front matter, the format of `npm run blog -- import|export`:
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
 *   aliases: [/2023/05/14/常见算法]        (the old addresses the site answers with a 301, Hugo's key)
 *   ---
 *   正文
 *
 * and what Hexo, Hugo and Jekyll write (docs/owner-guide.md#导入与导出): YAML between `---` lines,
 * TOML between `+++` lines, JSON as an object at the top (Hugo) or between `;;;` lines (Hexo).
 */

/** A front matter that cannot be read; `line` is the file's line (1 = the first). */
export class FrontMatterError extends Error {
  readonly line?: number;
  constructor(detail: string, line?: number) {
    super(`${line ? `第 ${line} 行：` : ''}front matter 格式错误（${detail.split('\n')[0]}）`);
    this.line = line;
  }
}

export type FrontMatterFormat = 'yaml' | 'toml' | 'json' | 'none';

/** TOML's dates as written (`2022-01-02`, `2022-01-02T03:04:05+08:00`): the fields read them as text. */
function tomlPlain(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(tomlPlain);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, tomlPlain(v)]));
  return value;
}

/** Where the JSON object that opens `src` ends (strings and nesting counted), or -1. */
function jsonEnd(src: string): number {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < src.length; i++) {
    const ch = src[i];
    if (inString) {
      if (ch === '\\') i++;
      else if (ch === '"') inString = false;
    } else if (ch === '"') inString = true;
    else if (ch === '{') depth++;
    else if (ch === '}' && --depth === 0) return i + 1;
  }
  return -1;
}

const PARSERS = {
  yaml: (block: string) => YAML.parse(block) as unknown,
  toml: (block: string) => tomlPlain(parseToml(block)),
  json: (block: string) => JSON.parse(block) as unknown,
};

/** A block's keys; an error names the file's line (the block starts at `firstLine`). */
function keysOf(format: keyof typeof PARSERS, block: string, firstLine: number): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = PARSERS[format](block);
  } catch (err) {
    // YAML's errors say their line in linePos, TOML's in line, JSON's none.
    const e = err as { linePos?: { line: number }[]; line?: number; message?: string };
    const at = e.linePos?.[0]?.line ?? e.line;
    const label = format === 'json' ? 'JSON：' : '';
    throw new FrontMatterError(`${label}${e.message ?? String(err)}`, at ? firstLine + at - 1 : firstLine);
  }
  if (parsed !== null && parsed !== undefined && (typeof parsed !== 'object' || Array.isArray(parsed)))
    throw new FrontMatterError('front matter 必须是键值对', firstLine);
  return (parsed ?? {}) as Record<string, unknown>;
}

/**
 * The front matter and the text after it. `hexo`: also Hexo's older form without the opening `---`
 * (`title: x` … `---`), taken only when what is above the line reads as keys with a title or a date.
 */
export function splitFrontMatter(
  text: string,
  opts: { hexo?: boolean } = {},
): { data: Record<string, unknown>; body: string; format: FrontMatterFormat } {
  const src = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const fenced = [
    ['yaml', /^(-{3,})[ \t]*\n([\s\S]*?)\n?\1[ \t]*(?:\n|$)/],
    ['toml', /^(\+{3})[ \t]*\n([\s\S]*?)\n?\1[ \t]*(?:\n|$)/],
    ['json', /^(;{3,})[ \t]*\n([\s\S]*?)\n?\1[ \t]*(?:\n|$)/],
  ] as const;
  for (const [format, fence] of fenced) {
    const m = fence.exec(src);
    if (m) return { data: keysOf(format, m[2], 2), body: src.slice(m[0].length), format };
  }
  if (src.startsWith('{')) {
    const end = jsonEnd(src);
    if (end < 0) throw new FrontMatterError('JSON 缺少结尾的 }', 1);
    return { data: keysOf('json', src.slice(0, end), 1), body: src.slice(end), format: 'json' };
  }
  const old = opts.hexo ? /^([\s\S]+?)\n-{3,}[ \t]*(?:\n|$)/.exec(src) : null;
  if (old) {
    try {
      const data = YAML.parse(old[1]) as unknown;
      if (data && typeof data === 'object' && !Array.isArray(data) && ('title' in data || 'date' in data))
        return { data: data as Record<string, unknown>, body: src.slice(old[0].length), format: 'yaml' };
    } catch {}
  }
  return { data: {}, body: src, format: 'none' };
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

/** Which generator wrote the file, when the folder is a blog's root: its keys mean what it says. */
export type Flavor = 'hexo' | 'hugo' | 'jekyll';

/** A file read: the article, what it said (for its old addresses), and what was changed to fit. */
export type ReadFile = {
  article: ArticleFile;
  data: Record<string, unknown>;
  format: FrontMatterFormat;
  /** Addresses the file names itself (Hugo's `aliases`, hexo-generator-alias's `alias`, our export's). */
  aliases: string[];
  /** A cover given as a path beside the file (`cover.jpg` in a Hugo bundle): found and copied, or dropped. */
  coverRef?: string;
  /** What was shortened or left out so that the post still comes (a 21-character tag…), in Chinese. */
  warnings: string[];
};

const STATUS: Record<string, number> = { public: 1, private: 2, draft: 3, scheduled: 4 };
// Numbers, and WordPress's words as its migrators to Hexo write them.
Object.assign(STATUS, { 1: 1, 2: 2, 3: 3, 4: 4, publish: 1, pending: 3 });
const TYPE: Record<string, number> = { original: 1, reprint: 2, translation: 3, 1: 1, 2: 2, 3: 3 };
const STATUS_NAME = ['', 'public', 'private', 'draft', 'scheduled'];
const TYPE_NAME = ['', 'original', 'reprint', 'translation'];

const lookup = (map: Record<string, number>, key: string) => (Object.hasOwn(map, key) ? map[key] : 0);
const str = (v: unknown): string =>
  v === undefined || v === null || typeof v === 'boolean' ? '' : String(v).trim();
const cut = (text: string, n: number) => [...text].slice(0, n).join('');
/** The first of `keys` that `data` has a value for. */
const first = (data: Record<string, unknown>, keys: string[]) =>
  keys.map((k) => data[k]).find((v) => str(v) !== '');

const LOOSE_DATE = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?=$|[ T])/;

/** A front-matter date as an ISO time; dates without a zone are China time. */
export function parseDate(value: unknown): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  if (value instanceof Date) return value.toISOString();
  // `2021/3/4 10:20` and `2021-3-4` as Hexo (moment) reads them.
  const text = String(value)
    .trim()
    .replace(LOOSE_DATE, (_, y, m, d) => `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`);
  let iso = text;
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) iso = `${text}T00:00:00+08:00`;
  else if (/^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(text))
    iso = `${text.replace(' ', 'T')}+08:00`;
  else {
    // Jekyll's `2020-01-02 10:00:00 +0800`.
    const zoned = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2})?)\s*([+-]\d{2}):?(\d{2})$/.exec(text);
    if (zoned) iso = `${zoned[1]}T${zoned[2]}${zoned[3]}:${zoned[4]}`;
  }
  const time = Date.parse(iso);
  if (Number.isNaN(time)) throw new Error(`日期格式不正确：${text}`);
  return new Date(time).toISOString();
}

/** A file's categories as a path: Hexo's name, path or first of paths; Hugo's list; Jekyll's names. */
export function categoryPath(data: Record<string, unknown>, flavor?: Flavor): string[] {
  const value = data.category ?? data.categories;
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value))
    return flavor === 'jekyll' && data.category === undefined
      ? str(value).split(/\s+/).filter(Boolean)
      : [str(value)].filter(Boolean);
  // A list holding lists is a list of paths; a flat one is one path in Hexo, several names elsewhere.
  const path = value.some(Array.isArray) ? [value[0]].flat() : flavor === 'hexo' ? value : value.slice(0, 1);
  return path.map(str).filter(Boolean);
}

/** Hexo's and Jekyll's tags: a list, or one string (names between commas; between spaces for Jekyll). */
function tagNames(data: Record<string, unknown>, flavor?: Flavor): string[] {
  const value = data.tags ?? data.tag;
  const split = flavor === 'jekyll' ? /\s+/ : /[,，]/;
  const raw = Array.isArray(value) ? value.flat() : str(value).split(split);
  return [...new Set(raw.map(str).filter(Boolean))];
}

const yes = (v: unknown) =>
  v === true || (typeof v === 'number' && v > 0) || /^(true|[1-9]\d*)$/i.test(str(v));

const MORE = /^[ \t]*<!--\s*more\s*-->[ \t]*$/m;

/** The picture a theme shows above the post (Butterfly, Fluid, NexT, PaperMod's `cover.image`, LoveIt…). */
const COVER_KEYS =
  'cover thumbnail banner top_img index_img banner_img featured_image featuredImage image'.split(' ');

function coverOf(data: Record<string, unknown>): string {
  for (const key of COVER_KEYS) {
    const v = data[key];
    const url =
      v && typeof v === 'object' && !Array.isArray(v) ? str((v as { image?: unknown }).image) : str(v);
    // A CDN's `//cdn.example.com/x.png` as the page had it, over https.
    if (url && url !== 'false') return url.startsWith('//') ? `https:${url}` : url;
  }
  return '';
}

/** A short, stable name from a path (FNV-1a): the slug of a file whose name spells nothing. */
function shortHash(text: string): string {
  let h = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(text)) h = Math.imul(h ^ byte, 0x01000193) >>> 0;
  return h.toString(16).padStart(8, '0');
}

/** A list of strings from a key that may hold one string or a list. */
const list = (v: unknown): string[] =>
  (Array.isArray(v) ? v : v === undefined ? [] : [v]).map(str).filter(Boolean);

/**
 * Reads a file; throws with a Chinese message when a field is wrong. Besides its own fields it reads
 * what Hexo, Hugo and Jekyll write (docs/owner-guide.md#导入与导出): `categories`, `tags`/`tag`, the
 * themes' covers, `sticky`, `draft`/`published: false`, `updated`/`lastmod`, `excerpt`/`summary`,
 * `<!-- more -->` (the text before it is the description unless one is given), `aliases`, and
 * Jekyll's `2020-01-02-name.md` (the date and the slug). A name longer than the site allows is
 * shortened and said in `warnings`, never the reason a post is refused; so is an empty body.
 * `where` (the file's path in its folder) names a post whose title and name spell nothing in ASCII.
 */
export function readArticleFile(
  text: string,
  stem: string,
  opts: { flavor?: Flavor; where?: string } = {},
): ReadFile {
  const { flavor } = opts;
  const { data, body, format } = splitFrontMatter(text, { hexo: flavor === 'hexo' });
  const warnings: string[] = [];
  const jekyll = /^(\d{4}-\d{2}-\d{2})-(.+)$/.exec(stem);
  const fileStem = jekyll ? jekyll[2] : stem;
  let content = body.replace(/^(\s*\n)+/, '').trimEnd();
  let description = str(first(data, ['description', 'excerpt', 'summary']));
  const more = MORE.exec(content);
  if (more) {
    if (!description) description = [...plainText(content.slice(0, more.index))].slice(0, 200).join('');
    content =
      `${content.slice(0, more.index).trimEnd()}\n\n${content.slice(more.index + more[0].length).trimStart()}`.trim();
  }
  const fitName = (label: string, name: string, max = 20) => {
    if ([...name].length <= max) return name;
    warnings.push(`${label}「${name}」超过 ${max} 个字符，已截短为「${cut(name, max)}」`);
    return cut(name, max);
  };
  const title = fitName('标题', str(data.title) || /^#\s+(.+)$/m.exec(content)?.[1]?.trim() || fileStem, 100);
  const slug = slugify(str(data.slug)) || slugify(fileStem) || `post-${shortHash(opts.where ?? stem)}`;
  const draft = yes(data.draft) || data.published === false;
  const status = data.status === undefined ? (draft ? 3 : 1) : lookup(STATUS, str(data.status).toLowerCase());
  if (!status) throw new Error(`未知的 status：${str(data.status)}`);
  let type = data.type === undefined ? 1 : lookup(TYPE, str(data.type).toLowerCase());
  if (!type) {
    // Hugo's and Hexo's `type` is the page's layout (`post`, `tags`), not ours: a post is never refused for it.
    if (!flavor) warnings.push(`type: ${str(data.type)} 不是本站的文章类型，按原创导入`);
    type = 1;
  }
  const top = yes(data.top ?? data.sticky ?? data.pinned);
  let cover = coverOf(data);
  let coverRef: string | undefined;
  if (cover && !isSafeUrl(cover)) {
    // A path beside the file (a Hugo bundle's `cover.jpg`) is for the import to look for; another
    // scheme (`javascript:`…) is refused, as the console refuses it.
    if (/^[a-z][a-z0-9+.-]*:|^\/\//i.test(cover)) throw new Error('cover 必须是 http(s) 地址或站内路径');
    coverRef = cover;
    cover = '';
  }
  const origin = str(data.origin_url);
  if (!isSafeUrl(origin)) throw new Error('origin_url 必须是 http(s) 地址或站内路径');
  if (type !== 1 && !origin) throw new Error('转载或翻译的文章请填写 origin_url');
  const publishAt = parseDate(data.publish_at);
  if (status === 4 && !publishAt) throw new Error('定时发布的文章请填写 publish_at');
  const optional = (v: unknown) => (v === undefined || v === null ? undefined : str(v));
  const keywords = Array.isArray(data.keywords) ? data.keywords.map(str).join(', ') : optional(data.keywords);
  const hash = optional(data.password_hash);
  if (hash && !ARGON2ID_HASH.test(hash)) throw new Error('password_hash 不是本站导出的密码');
  const category = categoryPath(data, flavor)[0];
  const tags = [...new Set(tagNames(data, flavor).map((t) => fitName('标签', t)))];
  // Hugo's `published` is a date; Hexo's and Jekyll's a yes or no.
  const published = typeof data.published === 'boolean' ? undefined : data.published;
  const created = parseDate(
    first({ ...data, published }, ['date', 'publishDate', 'publishdate', 'pubdate', 'published']) ??
      jekyll?.[1],
  );
  const article: ArticleFile = {
    slug,
    article_title: title,
    article_content: content,
    createdAt: created,
    updatedAt: parseDate(first(data, ['updated', 'lastmod', 'lastMod', 'modified', 'last_modified_at'])),
    category_name: category ? fitName('分类', category) : undefined,
    tagNameList: tags,
    article_cover: cover,
    article_description: description,
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
  return { article, data, format, aliases: list(data.aliases ?? data.alias), coverRef, warnings };
}

/** The article a file describes (readArticleFile without what it says besides). */
export function articleFromFile(text: string, stem: string): ArticleFile {
  return readArticleFile(text, stem).article;
}

/** `fields` without those that are undefined (an absent key leaves the stored value as it is). */
const defined = (fields: Record<string, string | undefined>) =>
  Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));

/** The file text of an article (the inverse of articleFromFile); `aliases`: its old addresses. */
export function fileFromArticle(
  a: Omit<ArticleFile, 'slug' | 'publish_at'> & {
    createdAt: string;
    updatedAt: string;
    publish_at?: string | null;
    aliases?: string[];
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
    // Hugo's key: Hugo answers them with a redirect page, and an import here records them again.
    ...(a.aliases?.length ? { aliases: a.aliases } : {}),
  };
  return joinFrontMatter(data, a.article_content);
}
