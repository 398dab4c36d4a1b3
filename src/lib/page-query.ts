/**
 * The query parameters each page reads on the server (src/pages/*.astro), and the canonical form of a
 * page URL built from them. The page cache keys by that form and the renderer is handed it instead of
 * the request's URL, so an unread parameter (`/article?id=3&x=1`) neither renders nor stores anything
 * new, and `id=03` is the page of `id=3`. Parameters that only islands read (`key` on /music/confirm,
 * `tag` presence on the guestbook, `showSpecial`) stay in the browser's address bar, where they read them.
 *
 * A page that starts reading a new parameter must be added here (tests/unit/page-query.test.ts
 * checks every page that reads `Astro.url.searchParams` has a row).
 */

/** `int`: a positive whole number (as `Number()` reads it) or `0` for any other value; `text`: trimmed, cut. */
type Param = { name: string; kind: 'int' } | { name: string; kind: 'text'; max: number };

const int = (name: string): Param => ({ name, kind: 'int' });
const text = (name: string, max: number): Param => ({ name, kind: 'text', max });

export const PAGE_QUERY: Readonly<Record<string, readonly Param[]>> = {
  '/home': [int('page')],
  '/archives': [int('page')],
  '/article': [int('id')],
  '/articleList': [int('id'), text('type', 10), int('page'), text('name', 40)],
  '/bangumi': [int('status'), int('page')],
  '/talk': [int('id')],
  '/photos': [int('id')],
  '/link/list': [int('page')],
  '/message/list': [text('tag', 10)],
  '/message/detail': [int('id')],
  '/message/publish': [int('id')],
};

/**
 * One value in the form the page would read it the same way: a number by its value (`03`, ` 3`,
 * `3.0` → `3`; anything not a positive safe integer → `0`, which every page treats like a missing or
 * bad value while `has()` still sees it), a text trimmed and cut to what the page keeps.
 */
function canonicalValue(p: Param, raw: string): string {
  if (p.kind === 'text') return raw.trim().slice(0, p.max);
  const n = Number(raw);
  return Number.isSafeInteger(n) && n > 0 ? String(n) : '0';
}

/**
 * One spelling per path (RFC 3986 §6.2.2): escapes of unreserved characters decoded (`/%68ome` is
 * `/home`), the others upper-cased (`%e5` is `%E5`). The router decodes them anyway, so without this
 * every spelling of a page would be a render and an entry of its own.
 */
export function normalisePathname(pathname: string): string {
  if (!pathname.includes('%')) return pathname;
  return pathname.replace(/%[0-9a-fA-F]{2}/g, (esc) => {
    const ch = String.fromCharCode(Number.parseInt(esc.slice(1), 16));
    return /[A-Za-z0-9\-._~]/.test(ch) ? ch : esc.toUpperCase();
  });
}

/**
 * `pathname` plus only the parameters its page reads, each once, in a fixed order. `search` is the
 * raw query (`?a=1` or empty): most page requests have none and cost nothing here.
 */
export function canonicalPageUrl(pathname: string, search: string): string {
  const params = search && PAGE_QUERY[pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname];
  if (!params) return pathname;
  const query = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const p of params) {
    const raw = query.get(p.name);
    if (raw !== null) kept.set(p.name, canonicalValue(p, raw));
  }
  const canonical = kept.toString();
  return canonical ? `${pathname}?${canonical}` : pathname;
}
