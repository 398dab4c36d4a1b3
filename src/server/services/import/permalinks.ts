import { createHash } from 'node:crypto';
import path from 'node:path';
import { parseDate } from '../../../lib/front-matter.ts';
import type { BlogSite, HexoSite, HugoSite, JekyllSite } from './markdown-site.ts';

/**
 * The address a Hexo, Hugo or Jekyll post had (docs/owner-guide.md#导入与导出), computed by the
 * generator's own rules from its configuration (markdown-site.ts) and the post's front matter, so the
 * site answers it with a 301 and the comment importers find the post by it:
 * - Hexo (lib/plugins/filter/post_permalink, hexo-util's Permalink and slugize): `root` + `permalink`
 *   (default `:year/:month/:day/:title/`), `:title` the file's path under source/_posts, any front
 *   matter key a token too (hexo-abbrlink's `:abbrlink`); a front matter `permalink` as it is.
 * - Hugo (resources/page/permalinks.go, paths.Sanitize): `[permalinks]` per section, else the file's
 *   path with `slug` as its last part; `url` replaces it; `aliases` add to it; under `baseURL`'s path.
 * - Jekyll (drops/url_drop.rb, url.rb, utils.rb slugify): `permalink` (a template or the styles
 *   date — the default —, pretty, ordinal, weekdate, none) under `baseurl`; a front matter
 *   `permalink` wins.
 * A draft never had an address. An address ending in `.html` is kept without it too: the hosts these
 * sites live on (GitHub Pages, Netlify, Vercel) answer both.
 */

export type PostFacts = {
  /** The file's path under the blog's root, with `/`. */
  rel: string;
  data: Record<string, unknown>;
  title: string;
  /** Under a drafts folder, or `draft: true` / `published: false`: it was never published. */
  draft: boolean;
  /** When the file was made (Hexo's date of a post without one). */
  born?: Date;
  /** Hugo: whether a content folder (relative to content/) has an _index.md (is a section). */
  isSection?: (dir: string) => boolean;
};

/** The addresses, or why one could not be made (a token the post has no value for). */
export type Addresses = { addresses: string[]; missing?: string };

type Parts = { y: number; mo: number; d: number; h: number; mi: number; s: number };

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const str = (v: unknown) => (v === undefined || v === null || typeof v === 'boolean' ? '' : String(v).trim());

const NUMERIC = Object.fromEntries(
  ['year', 'month', 'day', 'hour', 'minute', 'second'].map((k) => [k, 'numeric']),
) as Intl.DateTimeFormatOptions;

/** A date's fields in `zone`. */
function partsIn(date: Date, zone: string): Parts {
  const f = new Intl.DateTimeFormat('en-US', { ...NUMERIC, timeZone: zone, hourCycle: 'h23' });
  const p = Object.fromEntries(f.formatToParts(date).map((x) => [x.type, Number(x.value)]));
  return { y: p.year, mo: p.month, d: p.day, h: p.hour, mi: p.minute, s: p.second };
}

const WRITTEN =
  /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i;

/**
 * A front matter date's fields as the generator shows them: as written, or — for a date with a zone
 * when `zone` is given (Hexo, a Jekyll site with a `timezone`) — in that zone.
 */
function dateParts(raw: unknown, zone?: string): Parts | undefined {
  const m = WRITTEN.exec(str(raw));
  if (!m) return undefined;
  if (m[7] && zone) return partsIn(new Date(parseDate(str(raw)) ?? ''), zone);
  const n = (i: number) => Number(m[i] ?? 0);
  return { y: n(1), mo: n(2), d: n(3), h: n(4), mi: n(5), s: n(6) };
}

/** The instant of wall time `p` in `zone` (Hexo's `:hash` counts seconds). */
function instant(p: Parts, zone: string): number {
  const wall = Date.UTC(p.y, p.mo - 1, p.d, p.h, p.mi, p.s);
  let t = wall;
  for (let i = 0; i < 2; i++) {
    const q = partsIn(new Date(t), zone);
    t -= Date.UTC(q.y, q.mo - 1, q.d, q.h, q.mi, q.s) - wall;
  }
  return t;
}

const MONTHS = 'January February March April May June July August September October November December'.split(
  ' ',
);
const DAYS = 'Sunday Monday Tuesday Wednesday Thursday Friday Saturday'.split(' ');
const weekday = (p: Parts) => new Date(Date.UTC(p.y, p.mo - 1, p.d)).getUTCDay();
const yearDay = (p: Parts) => (Date.UTC(p.y, p.mo - 1, p.d) - Date.UTC(p.y, 0, 1)) / 86_400_000 + 1;

/** The date tokens Hexo and Jekyll share (`:year` four digits, `:month` two, `:i_month` without a zero…). */
const dateTokens = (date: Parts): Record<string, string> => ({
  year: pad(date.y, 4),
  month: pad(date.mo),
  day: pad(date.d),
  hour: pad(date.h),
  minute: pad(date.mi),
  second: pad(date.s),
  i_month: String(date.mo),
  i_day: String(date.d),
});

/** ISO 8601 week and its year (Jekyll's :week and :w_year). */
function isoWeek(p: Parts): { week: number; year: number } {
  const d = new Date(Date.UTC(p.y, p.mo - 1, p.d));
  d.setUTCDate(d.getUTCDate() + 4 - (d.getUTCDay() || 7));
  const start = Date.UTC(d.getUTCFullYear(), 0, 1);
  return { week: Math.ceil(((d.getTime() - start) / 86_400_000 + 1) / 7), year: d.getUTCFullYear() };
}

const withHtmlLess = (list: string[]) =>
  list.flatMap((a) => (/\.html?$/i.test(a) ? [a, a.replace(/\.html?$/i, '')] : [a]));

/** Joins a site's base path and an address. */
const under = (base: string, address: string) =>
  `/${base.replace(/^\/+|\/+$/g, '')}/${address.replace(/^\/+/, '')}`.replace(/\/{2,}/g, '/');

// ---- Hexo ----

/** hexo-util's slugize: special characters become `-`; 1 lower case, 2 upper case. */
function hexoSlugize(text: string, transform = 0): string {
  const plain = text
    .replace(/[^\p{ASCII}]/gu, (ch) => {
      const bare = ch.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
      return /^\p{ASCII}+$/u.test(bare) ? bare : ch;
    })
    .replace(/\p{Cc}/gu, '')
    .replace(/[\s~`!@#$%^&*()\-_+=[\]{}|\\;:"'<>,.?/]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '');
  return transform === 1 ? plain.toLowerCase() : transform === 2 ? plain.toUpperCase() : plain;
}

/** hexo-util's Permalink.parse: a file name read by `new_post_name` (`:year-:month-:day-:title.md`). */
function parseFileName(rule: string, name: string): Record<string, string> {
  const rulePart = rule.slice(0, rule.length - path.extname(rule).length);
  const segments: Record<string, string> = {
    year: '(\\d{4})',
    month: '(\\d{2})',
    day: '(\\d{2})',
    i_month: '(\\d{1,2})',
    i_day: '(\\d{1,2})',
    hash: '([0-9a-f]{12})',
  };
  const params: string[] = [];
  const source = rulePart
    .replace(/[-/\\^$*+?.()|[\]{}]/g, '\\$&')
    .replace(/:(\w*[^_\W])/g, (_, p: string) => {
      params.push(p);
      return segments[p] ?? '(.+?)';
    });
  const m = new RegExp(`^${source}$`).exec(name);
  if (!m) return { title: hexoSlugize(name) };
  const info = Object.fromEntries(params.map((p, i) => [p, m[i + 1]]));
  return info.title === undefined ? { ...info, title: hexoSlugize(name) } : info;
}

/** Hexo's category paths: a list holding lists is several paths; a flat list is one. */
function hexoCategories(value: unknown): string[][] {
  if (value === undefined || value === null || value === '') return [];
  if (!Array.isArray(value)) return [[str(value)]];
  const paths = value.some(Array.isArray) ? value.map((c) => (Array.isArray(c) ? c : [c])) : [value];
  return paths.map((p) => p.map(str).filter(Boolean)).filter((p) => p.length);
}

function hexoAddresses(site: HexoSite, post: PostFacts): Addresses {
  const front = str(post.data.permalink);
  if (front) return { addresses: withHtmlLess([under(site.root, front)]) };
  const inPosts = post.rel.replace(/^source\/_posts\//, '');
  const info = parseFileName(
    site.newPostName,
    inPosts.slice(0, inPosts.length - path.extname(inPosts).length),
  );
  const slug = info.title;
  const year = Number(info.year);
  const fromName = year
    ? {
        y: year,
        mo: Number(info.month ?? info.i_month),
        d: Number(info.day ?? info.i_day),
        h: 0,
        mi: 0,
        s: 0,
      }
    : undefined;
  const date =
    dateParts(post.data.date, site.timezone) ??
    (fromName?.mo && fromName.d ? fromName : undefined) ??
    partsIn(post.born ?? new Date(), site.timezone);
  const cats = hexoCategories(post.data.categories ?? post.data.category);
  const last = cats.at(-1);
  const category = last
    ? last.map((c) => hexoSlugize(site.categoryMap[c] ?? c, site.filenameCase)).join('/')
    : site.defaultCategory;
  const seconds = Math.floor(instant(date, site.timezone) / 1000);
  const meta: Record<string, unknown> = {
    ...site.permalinkDefaults,
    ...post.data,
    ...info,
    id: post.data.id ?? post.data._id,
    title: slug,
    name: path.posix.basename(slug),
    post_title: hexoSlugize(post.title, 1),
    ...dateTokens(date),
    hash: createHash('sha1')
      .update(slug + seconds)
      .digest('hex')
      .slice(0, 12),
    category,
  };
  let missing: string | undefined;
  const link = site.permalink.replace(/:(\w*[^_\W])/g, (_, name: string) => {
    const v = str(meta[name]);
    if (!v) missing ??= name;
    return v;
  });
  if (missing) return { addresses: [], missing };
  return { addresses: withHtmlLess([under(site.root, link)]) };
}

// ---- Hugo ----

/** Hugo's urlize: paths.Sanitize (letters, digits, marks and `._~#+/\` kept, spaces and `-` one `-`), lower case. */
export function hugoUrlize(text: string): string {
  let out = '';
  let hyphen = false;
  const chars = [...text];
  chars.forEach((ch, i) => {
    const allowed =
      /[\p{L}\p{Nd}\p{M}._~#+/\\]/u.test(ch) ||
      (ch === '%' && /^[0-9a-f]{2}$/i.test(chars.slice(i + 1, i + 3).join('')));
    if (allowed) {
      if (hyphen) out += '-';
      hyphen = false;
      out += ch;
    } else if (out && (ch === '-' || /\s/.test(ch))) hyphen = true;
  });
  return out.toLowerCase();
}

function hugoAddresses(site: HugoSite, post: PostFacts): Addresses {
  const inContent = post.rel.slice(site.contentDir.replace(/\/+$/, '').length + 1);
  const dirs = path.posix
    .dirname(inContent)
    .split('/')
    .filter((d) => d && d !== '.');
  const base = path.posix.basename(inContent).replace(/\.[^.]+$/, '');
  const bundle = base === 'index';
  const name = bundle ? (dirs.pop() ?? '') : base;
  const slug = str(post.data.slug);
  const pageDir = `/${dirs.map(hugoUrlize).join('/')}/`.replace(/\/{2,}/g, '/');
  const relative = (a: string) => (a.startsWith('/') ? a : `${pageDir}${a}`);
  const aliases = (Array.isArray(post.data.aliases) ? post.data.aliases : [post.data.aliases])
    .map(str)
    .filter(Boolean)
    .map((a) => under(site.basePath, relative(a)));
  const url = str(post.data.url);
  if (url) return { addresses: withHtmlLess([under(site.basePath, url), ...aliases]) };
  const pagePath = `${pageDir}${hugoUrlize(name)}`;
  const rule = Object.keys(site.permalinks)
    .sort((a, b) => b.length - a.length)
    .find((k) => (k === '/' ? dirs.length === 0 : `${pagePath}/`.startsWith(`/${k.toLowerCase()}/`)));
  if (rule === undefined) {
    const last = slug ? hugoUrlize(slug) : hugoUrlize(name);
    const own = site.uglyURLs ? `${pageDir}${last}.html` : `${pageDir}${last}/`;
    return { addresses: withHtmlLess([under(site.basePath, own), ...aliases]) };
  }
  const dateRaw = ['date', 'publishDate', 'publishdate', 'pubdate', 'published', 'lastmod', 'modified']
    .map((k) => post.data[k])
    .find((v) => str(v));
  const date = dateParts(dateRaw) ?? { y: 1, mo: 1, d: 1, h: 0, mi: 0, s: 0 };
  // The sections: the top folder always, then each folder below it that has an _index.md.
  const sections: string[] = [];
  for (let i = 0; i < dirs.length; i++) {
    if (i > 0 && !post.isSection?.(dirs.slice(0, i + 1).join('/'))) break;
    sections.push(hugoUrlize(dirs[i]));
  }
  const title = hugoUrlize(str(post.data.title) || post.title);
  const tokens: Record<string, string> = {
    year: String(date.y),
    month: pad(date.mo),
    monthname: MONTHS[date.mo - 1] ?? '',
    day: pad(date.d),
    weekday: String(weekday(date)),
    weekdayname: DAYS[weekday(date)],
    yearday: String(yearDay(date)),
    section: sections[0] ?? '',
    sectionslug: sections[0] ?? '',
    sections: sections.join('/'),
    sectionslugs: sections.join('/'),
    title,
    slug: slug ? hugoUrlize(slug) : title,
    filename: hugoUrlize(name),
    contentbasename: hugoUrlize(name),
    slugorfilename: slug ? hugoUrlize(slug) : hugoUrlize(name),
    slugorcontentbasename: slug ? hugoUrlize(slug) : hugoUrlize(name),
  };
  let missing: string | undefined;
  const link = site.permalinks[rule]
    .replace(/\\:/g, '\ue000')
    .replace(/:(\w+)(\[.+?\])?/g, (all, attr: string, cutSpec?: string) => {
      if (cutSpec && attr === 'sections') return sliceOf(sections, cutSpec).join('/');
      if (Object.hasOwn(tokens, attr) && !cutSpec) return tokens[attr];
      missing ??= all;
      return '';
    })
    .replace(/\ue000/g, ':');
  if (missing) return { addresses: aliases, missing };
  return { addresses: withHtmlLess([under(site.basePath, link), ...aliases]) };
}

/** Hugo's `:sections[1:]`, `[last]`, `[0]`: lenient, as toSliceFunc. */
function sliceOf(list: string[], spec: string): string[] {
  const inner = spec.slice(1, -1).trim().toLowerCase();
  const at = (s: string, low: boolean) =>
    s === '' ? (low ? 0 : list.length) : s === 'last' ? list.length - 1 : Math.max(0, Number(s) || 0);
  if (!inner.includes(':')) {
    const n = at(inner, true);
    return n < list.length && list[n] ? [list[n]] : [];
  }
  const [a, b] = inner.split(':');
  return list.slice(Math.min(at(a, true), list.length), Math.min(at(b, false), list.length));
}

// ---- Jekyll ----

const JEKYLL_STYLES: Record<string, string> = {
  date: '/:categories/:year/:month/:day/:title:output_ext',
  pretty: '/:categories/:year/:month/:day/:title/',
  ordinal: '/:categories/:year/:y_day/:title:output_ext',
  weekdate: '/:categories/:year/W:week/:short_day/:title:output_ext',
  none: '/:categories/:title:output_ext',
};

/** Jekyll's Utils.slugify: `default` keeps letters and digits, `pretty` also `._~!$&'()+,;=@`. */
function jekyllSlugify(text: string, mode: 'default' | 'pretty', cased = false): string {
  const re = mode === 'pretty' ? /[^\p{M}\p{L}\p{Nd}._~!$&'()+,;=@]+/gu : /[^\p{M}\p{L}\p{Nd}]+/gu;
  const slug = text.replace(re, '-').replace(/^-+|-+$/g, '');
  return cased ? slug : slug.toLowerCase();
}

function jekyllAddresses(site: JekyllSite, post: PostFacts): Addresses {
  const stem = path.posix.basename(post.rel).replace(/\.[^.]+$/, '');
  const dated = /^(\d{2,4}-\d{1,2}-\d{1,2})-(.*)$/.exec(stem);
  const source = str(post.data.slug) || (dated ? dated[2] : stem);
  const date = dateParts(post.data.date, site.timezone) ?? (dated ? dateParts(dated[1]) : undefined);
  if (!date) return { addresses: [], missing: 'date' };
  const folders = post.rel.split('/').slice(0, -1);
  const inPath = folders.slice(0, Math.max(0, folders.lastIndexOf('_posts')));
  const given =
    post.data.category !== undefined
      ? [post.data.category].flat()
      : typeof post.data.categories === 'string'
        ? post.data.categories.split(/\s+/)
        : [post.data.categories ?? []].flat();
  // The folders' first (Document#initialize reads them before the front matter).
  const categories = [...new Set([...inPath, ...given].map((c) => str(c).toLowerCase()).filter(Boolean))];
  const week = isoWeek(date);
  const d = weekday(date);
  const tokens: Record<string, string> = {
    title: jekyllSlugify(source, 'pretty', true),
    slug: jekyllSlugify(source, 'default'),
    name: jekyllSlugify(stem, 'default'),
    categories: categories.join('/'),
    ...dateTokens(date),
    short_month: MONTHS[date.mo - 1].slice(0, 3).toUpperCase(),
    long_month: MONTHS[date.mo - 1],
    short_year: pad(date.y % 100),
    y_day: pad(yearDay(date), 3),
    week: pad(week.week),
    w_year: String(week.year),
    w_day: String(d || 7),
    short_day: DAYS[d].slice(0, 3).toUpperCase(),
    long_day: DAYS[d],
    output_ext: '.html',
    path: post.rel.replace(/\.[^.]+$/, ''),
    basename: stem,
    collection: 'posts',
  };
  const template = str(post.data.permalink) || JEKYLL_STYLES[site.permalink] || site.permalink;
  let missing: string | undefined;
  const link = template.replace(/:([a-z_]+)/g, (all, name: string) => {
    const winner = Object.hasOwn(tokens, name) ? name : name.endsWith('_') ? name.slice(0, -1) : '';
    if (!Object.hasOwn(tokens, winner)) {
      missing ??= all;
      return '';
    }
    return tokens[winner] + name.slice(winner.length);
  });
  if (missing) return { addresses: [], missing };
  return { addresses: withHtmlLess([under(site.baseurl, link.replace(/\.\./g, '/'))]) };
}

/** The post's old addresses on `site` (none for a draft; Hugo's aliases whatever the site). */
export function oldAddresses(site: BlogSite | undefined, post: PostFacts): Addresses {
  if (!site || post.draft) return { addresses: [] };
  if (site.kind === 'hexo') return hexoAddresses(site, post);
  if (site.kind === 'hugo') return hugoAddresses(site, post);
  return jekyllAddresses(site, post);
}
