/** Small rules about articles shared by the server, the pages and the CLI. */

/** 4: scheduled, public from its publish_at on (docs/api/admin.md#scheduled-and-password-protected-articles). */
export const ARTICLE_STATUS = { public: 1, private: 2, draft: 3, scheduled: 4 } as const;
export const ARTICLE_TYPE = { original: 1, reprint: 2, translation: 3 } as const;

/** The label of an article type (1 original, 2 reprint, 3 translation). */
export const typeLabel = (type: number): string => (type === 2 ? '转载' : type === 3 ? '翻译' : '原创');

/** Characters a reader gets through in a minute of Chinese prose mixed with code. */
const CHARS_PER_MINUTE = 400;

/** Estimated reading time in whole minutes (at least 1) for a text of `chars` characters. */
export function readingMinutes(chars: number): number {
  if (!Number.isFinite(chars) || chars <= 0) return 1;
  return Math.max(1, Math.round(chars / CHARS_PER_MINUTE));
}

/** A duration in seconds as 1分30秒 / 2小时5分 (reading time actually spent). */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  if (s < 60) return `${s}秒`;
  if (s < 3600) return `${Math.floor(s / 60)}分${s % 60 ? `${s % 60}秒` : ''}`;
  const m = Math.floor((s % 3600) / 60);
  return `${Math.floor(s / 3600)}小时${m ? `${m}分` : ''}`;
}

/**
 * Markdown reduced to readable plain text: no code fences, images, link targets or markup.
 *
 * Linear in the text, so no input makes it slow: no pattern may scan past the next place another attempt can
 * start. A tag stops at the next `<`, a link's label and target at the next `[` or `]`; the old `<[^>]+>` and
 * `\[[^\]]*\]` ran to the end of the text from every unmatched `<` or `[` (O(n²), seconds per hundred
 * kilobytes). Tags with a `<` inside or links with brackets inside their target stay as text.
 */
export function plainText(markdown: string): string {
  return markdown
    .replace(/```[\s\S]*?(```|$)/g, ' ')
    .replace(/<[^<>]+>/g, ' ')
    .replace(/!\[([^[\]]*)\]\([^)[\]]*\)/g, '$1')
    .replace(/\[([^[\]]*)\]\([^)[\]]*\)/g, '$1')
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+\.)\s+/gm, '')
    .replace(/[`*_~|]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * An excerpt of `text` around the first (case-insensitive) match of `query`, `radius` characters
 * either side, with … where it was cut. Without a match, the opening of the text.
 */
export function excerptAround(text: string, query: string, radius = 40): string {
  const at = query ? text.toLowerCase().indexOf(query.toLowerCase()) : -1;
  if (at < 0) return text.length > radius * 2 ? `${text.slice(0, radius * 2)}…` : text;
  const start = Math.max(0, at - radius);
  const end = Math.min(text.length, at + query.length + radius);
  return `${start > 0 ? '…' : ''}${text.slice(start, end)}${end < text.length ? '…' : ''}`;
}

export const SLUG_PATTERN = /^[a-z0-9][a-z0-9-]{0,79}$/;

/**
 * A path of this site: `/`, but not `//host` nor `/\host` (a browser reads both as another host), and
 * without a tab or line break (a browser drops them, so `/<tab>/host` would be `//host`).
 */
const isSitePath = (url: string): boolean => /^\/(?![/\\])[^\t\n\r]*$/.test(url);

/** True for a link an article may carry: http(s), or a path on this site. */
export function isSafeUrl(url: string): boolean {
  if (!url) return true;
  if (isSitePath(url)) return true;
  return /^https?:\/\/[^\s]+$/i.test(url);
}

/** The /articleList link of a category or tag. */
export function listHref(type: 'category' | 'tag', id: number, name: string): string {
  return `/articleList?${new URLSearchParams({ id: String(id), type, name })}`;
}

/** The ?page= of a list page: a whole number from 1, anything else is page 1. */
export function pageParam(value: string | null | undefined): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= 100_000 ? n : 1;
}

/** A positive id from a query string, or null. */
export function idParam(value: string | null | undefined): number | null {
  if (!value || !/^\d{1,15}$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 && Number.isSafeInteger(n) ? n : null;
}
