/**
 * The addresses an imported article had on the old blog (docs/owner-guide.md#导入与导出), in one
 * spelling, so that the importer that records them, the comment importers that look a page up by them
 * and the front that answers them with a 301 agree on what is the same address:
 * `https://blog.example.com/2023/05/14/%E5%B8%B8%E8%A7%81/`, `/2023/05/14/常见/index.html` and
 * `/2023/05/14/常见` are one key, `/2023/05/14/常见`. WordPress's `?p=123` and `?page_id=123` (on `/`
 * or `/index.php`) are `/?p=123`.
 */

/** Percent escapes decoded where they are valid UTF-8; a broken one stays as written. */
function decoded(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path.replace(/(%[0-9a-fA-F]{2})+/g, (run) => {
      try {
        return decodeURIComponent(run);
      } catch {
        return run;
      }
    });
  }
}

/** The key of an old address (a URL, a path, `?p=123`), or null when it names no single page. */
export function oldUrlKey(address: string): string | null {
  const raw = address.trim();
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw, 'http://old.invalid/');
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const wpId = url.searchParams.get('p') ?? url.searchParams.get('page_id');
  let path = decoded(url.pathname)
    .normalize('NFC')
    .toLowerCase()
    .replace(/\/{2,}/g, '/');
  path = path.replace(/\/index\.(html?|php)$/, '/').replace(/\/+$/, '');
  if (wpId && /^\d+$/.test(wpId) && (path === '' || path === '/index.php')) return `/?p=${Number(wpId)}`;
  if (!path) return null;
  return path.startsWith('/') ? path : `/${path}`;
}

/**
 * This site's own page paths (src/pages; tests/unit/old-url.test.ts keeps the list whole): never an old
 * address, so a request for one never costs a lookup.
 */
const SITE_PAGES = new Set([
  '/home',
  '/article',
  '/articleList',
  '/archives',
  '/bangumi',
  '/category',
  '/tag',
  '/talk',
  '/photos',
  '/photoAlbum',
  '/siteList',
  '/userCenter',
  '/link/list',
  '/message/list',
  '/message/chat',
  '/message/detail',
  '/message/publish',
  '/music/confirm',
  '/404',
  '/rss.xml',
  '/sitemap.xml',
  '/robots.txt',
  '/admin',
]);
const SITE_FOLDERS = ['/admin/', '/resources/'];

/** The key to look up for a page request, or null when it is one of this site's own pages. */
export function oldUrlLookup(pathname: string, search: string): string | null {
  if (pathname === '/' || pathname === '/index.php')
    return /[?&](p|page_id)=/.test(search) ? oldUrlKey(`/?${search.replace(/^\?/, '')}`) : null;
  const bare = pathname.replace(/\/$/, '');
  if (SITE_PAGES.has(bare) || SITE_FOLDERS.some((f) => pathname.startsWith(f))) return null;
  return oldUrlKey(pathname);
}

/** Exported for the test that checks the list against src/pages. */
export const SITE_PAGE_PATHS: ReadonlySet<string> = SITE_PAGES;
