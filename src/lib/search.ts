import { excerptAround, plainText } from './article.ts';

/** Site search rules shared by the server (query handling, excerpts) and the search dialog. */

/**
 * Local-storage key of the search history (docs/product.md#browser-storage), stored encoded by
 * src/lib/storage.ts.
 */
export const SEARCH_HISTORY_KEY = 'blog-search-history';
/** Up to 10 history entries (docs/product.md#constants-and-limits). */
export const HISTORY_LIMIT = 10;
/** Longest query the server looks for; longer input is cut (nobody types a paragraph into search). */
export const MAX_QUERY = 50;
/** Up to 8 results (docs/api/public.md#articles-and-taxonomy). */
export const MAX_RESULTS = 8;
/** The trigram index only helps for queries of at least this many characters. */
export const MIN_INDEXED = 3;

/** The query as searched: trimmed, inner runs of white space as one space, at most MAX_QUERY characters. */
export function normalizeQuery(text: string): string {
  return [...text.trim().replace(/\s+/g, ' ')].slice(0, MAX_QUERY).join('').trim();
}

/** Length in characters (code points), as the trigram tokenizer counts them. */
export const charLength = (text: string): number => [...text].length;

/**
 * An FTS5 query that matches `text` literally: one quoted phrase (quotes doubled), so operators,
 * parentheses, `*`, `:` or NEAR in the input are plain characters.
 */
export const ftsPhrase = (text: string): string => `"${text.replace(/"/g, '""')}"`;

/** `text` for a LIKE … ESCAPE '\' pattern: `%`, `_` and the escape character itself match literally. */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Bounded work per result, so no article makes a search slow: an article longer than this (they may hold
 * 200,000 characters) is excerpted from a window of the source around its first hit, or from its opening
 * without one.
 */
export const EXCERPT_SOURCE_MAX = 20_000;
const WINDOW_RADIUS = EXCERPT_SOURCE_MAX / 4;

/** The part of `markdown` an excerpt is made from: all of it, or a window cut at line breaks. */
export function excerptSource(
  markdown: string,
  query: string,
): { text: string; cutStart: boolean; cutEnd: boolean } {
  if (markdown.length <= EXCERPT_SOURCE_MAX) return { text: markdown, cutStart: false, cutEnd: false };
  const at = query ? markdown.toLowerCase().indexOf(query.toLowerCase()) : -1;
  let start = at < 0 ? 0 : Math.max(0, at - WINDOW_RADIUS);
  let end = at < 0 ? EXCERPT_SOURCE_MAX : Math.min(markdown.length, at + query.length + WINDOW_RADIUS);
  // Whole lines, so that a heading, list item or fence is read from its start.
  const lineStart = start > 0 ? markdown.indexOf('\n', start) : -1;
  if (lineStart >= 0 && (at < 0 || lineStart < at)) start = lineStart + 1;
  const lineEnd = end < markdown.length ? markdown.lastIndexOf('\n', end) : -1;
  if (lineEnd > Math.max(start, at + query.length)) end = lineEnd;
  return { text: markdown.slice(start, end), cutStart: start > 0, cutEnd: end < markdown.length };
}

/**
 * The excerpt shown under a result: readable text around the first match. Code blocks are left out
 * of plain text, so when the match is only in code, the code's text is used instead, and when it is
 * only in what plain text drops (snake_case, a link address), the source. Linear in the article, and
 * reading at most EXCERPT_SOURCE_MAX characters of it.
 */
export function searchExcerpt(markdown: string, query: string): string {
  const { text, cutStart, cutEnd } = excerptSource(markdown, query);
  let excerpt = excerptFrom(text, query);
  if (cutStart && excerpt && !excerpt.startsWith('…')) excerpt = `…${excerpt}`;
  if (cutEnd && excerpt && !excerpt.endsWith('…')) excerpt = `${excerpt}…`;
  return excerpt;
}

function excerptFrom(markdown: string, query: string): string {
  const plain = plainText(markdown);
  const q = query.toLowerCase();
  if (!q || plain.toLowerCase().includes(q)) return excerptAround(plain, query);
  // Fence lines out; `[ \t]*`, not `\s*`, which spanned line breaks (O(n²) over blank lines).
  const withCode = plainText(markdown.replace(/^[ \t]*(```|~~~).*$/gm, ' '));
  if (withCode.toLowerCase().includes(q)) return excerptAround(withCode, query);
  // The hit is in the markup itself (snake_case, a link address…): show the source around it.
  const source = markdown.replace(/\s+/g, ' ').trim();
  return excerptAround(source.toLowerCase().includes(q) ? source : plain, query);
}

/** History with `query` moved (or added) to the front, without duplicates, at most HISTORY_LIMIT. */
export function addToHistory(list: readonly string[], query: string): string[] {
  const q = normalizeQuery(query);
  if (!q) return [...list];
  return [q, ...list.filter((item) => item !== q)].slice(0, HISTORY_LIMIT);
}

export const removeFromHistory = (list: readonly string[], query: string): string[] =>
  list.filter((item) => item !== query);

/** A stored history value made safe to use: strings only, trimmed, no duplicates, at most the limit. */
export function cleanHistory(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  const out: string[] = [];
  for (const item of value) {
    if (typeof item !== 'string') continue;
    const q = normalizeQuery(item);
    if (q && !out.includes(q)) out.push(q);
    if (out.length === HISTORY_LIMIT) break;
  }
  return out;
}

export type Segment = { text: string; hit: boolean };

/**
 * `text` cut into plain and matching parts (every case-insensitive occurrence of `query`), for
 * rendering the hits as <mark> elements with the text escaped by the renderer: never as HTML.
 */
export function highlight(text: string, query: string): Segment[] {
  const q = query.trim().toLowerCase();
  if (!q || !text) return text ? [{ text, hit: false }] : [];
  const lower = text.toLowerCase();
  // Lower-casing may change the length of some characters; then only mark nothing rather than wrong parts.
  if (lower.length !== text.length) return [{ text, hit: false }];
  const out: Segment[] = [];
  let from = 0;
  for (let at = lower.indexOf(q); at >= 0; at = lower.indexOf(q, at + q.length)) {
    if (at > from) out.push({ text: text.slice(from, at), hit: false });
    out.push({ text: text.slice(at, at + q.length), hit: true });
    from = at + q.length;
  }
  if (from < text.length) out.push({ text: text.slice(from), hit: false });
  return out;
}

/** The index after `current` when moving by `step` through `count` options, wrapping around; -1 for none. */
export function moveActive(current: number, step: 1 | -1, count: number): number {
  if (count <= 0) return -1;
  if (current < 0) return step === 1 ? 0 : count - 1;
  return (current + step + count) % count;
}
