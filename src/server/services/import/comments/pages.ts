import { oldUrlKey } from '../../../../lib/old-url.ts';
import { db } from '../../../db/connection.ts';
import { articleAtOldUrl } from '../../old-urls.ts';

/**
 * Which of our pages a comment tool's page is (docs/owner-guide.md#导入与导出): an article by the old
 * address the post import recorded (old-urls.ts) or by our own `/article?id=N`, a talk (说说) by its
 * number, the guestbook, or — where the export has the page's title — the one article of that title.
 */

export type Target = { type: 1 | 2; id: number } | { type: 3 };

/** What the export says of a page: its address(es) as the tool kept them, its title if it has one. */
export type PageRef = { addresses: string[]; title?: string };

/**
 * The guestbook's pages on the blogs these tools run on (Hexo/Hugo themes, the original project):
 * 留言板, and the 友链 page, whose comments are visitors asking for a link — words to the blogger,
 * not about a post. The about page is a page like any other: an article if one has its address.
 */
const GUESTBOOK = new Set([
  '/message',
  '/messages',
  '/message/list',
  '/guestbook',
  '/comment',
  '/comments',
  '/liuyan',
  '/links',
  '/link',
  '/friends',
]);

/** The 说说 pages of the common themes (Butterfly, Volantis, Hugo's…), ours among them. */
const TALKS = ['/talk', '/talks', '/shuoshuo', '/essay', '/bb', '/moments'];

export type Place =
  | { kind: 'guestbook' }
  | { kind: 'talk'; id?: number }
  | { kind: 'article'; id: number }
  | { kind: 'path'; key: string };

const number = (s: string | null | undefined) => (s && /^\d+$/.test(s) ? Number(s) : undefined);

/**
 * What an address names, without the database: ours (`/article?id=3`, `/article/3`, `/talk?id=2`,
 * `/talk/2`, the guestbook) or an old address's key. Null when it names no page.
 */
export function placeOf(address: string): Place | null {
  const key = oldUrlKey(address);
  if (!key) return null;
  let query: URLSearchParams;
  try {
    query = new URL(address.trim(), 'http://old.invalid/').searchParams;
  } catch {
    return null;
  }
  if (GUESTBOOK.has(key)) return { kind: 'guestbook' };
  const [, first, second, extra] = key.split('/');
  const base = `/${first}`;
  if (base === '/article' && extra === undefined) {
    const id = number(second?.replace(/\.html?$/, '')) ?? (second ? undefined : number(query.get('id')));
    if (id !== undefined) return { kind: 'article', id };
  }
  if (TALKS.includes(base) && extra === undefined) {
    const id = number(second?.replace(/\.html?$/, '')) ?? (second ? undefined : number(query.get('id')));
    if (id !== undefined || second === undefined) return { kind: 'talk', id };
  }
  return { kind: 'path', key };
}

/** `A | 站点名`, `A - 站点名`: the page title a tool kept is often the post's title and the site's. */
const titleAlone = (title: string) => title.replace(/\s+[|\-–—_·]\s+[^|\-–—_·]+$/, '').trim();

export type Found = { target: Target; error?: undefined } | { target?: undefined; error: string };

/** Finds pages; one lookup per page however many comments it has. */
export function pageFinder(): (ref: PageRef) => Promise<Found> {
  const known = new Map<string, Promise<Found>>();
  return (ref) => {
    const k = JSON.stringify(ref);
    let found = known.get(k);
    if (!found) {
      found = find(ref);
      known.set(k, found);
    }
    return found;
  };
}

async function byTitle(title: string): Promise<number | undefined> {
  for (const wanted of new Set([title.trim(), titleAlone(title)])) {
    if (!wanted) continue;
    const rows = await db
      .selectFrom('article')
      .select('id')
      .where('article_title', '=', wanted)
      .limit(2)
      .execute();
    // Only a title one article has: two posts of one title cannot tell which the comments were on.
    if (rows.length === 1) return rows[0].id;
  }
  return undefined;
}

const exists = async (table: 'article' | 'talk', id: number) =>
  (await db.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst()) !== undefined;

async function find(ref: PageRef): Promise<Found> {
  const places = ref.addresses.map((a) => [a, placeOf(a)] as const).filter((p) => p[1] !== null);
  for (const [address, place] of places) {
    if (!place) continue;
    if (place.kind === 'guestbook') return { target: { type: 3 } };
    if (place.kind === 'talk') {
      // The 说说 page as a whole (no talk named): words to the blogger, like the guestbook's.
      if (place.id === undefined) return { target: { type: 3 } };
      if (await exists('talk', place.id)) return { target: { type: 2, id: place.id } };
      return { error: `找不到说说 ${place.id}（页面 ${address}）` };
    }
    if (place.kind === 'article') {
      if (await exists('article', place.id)) return { target: { type: 1, id: place.id } };
      return { error: `找不到文章 ${place.id}（页面 ${address}）` };
    }
    const id = await articleAtOldUrl(place.key);
    if (id !== undefined) return { target: { type: 1, id } };
  }
  const id = ref.title ? await byTitle(ref.title) : undefined;
  if (id !== undefined) return { target: { type: 1, id } };
  const shown = places.find((p) => p[1]?.kind === 'path')?.[1];
  const page = shown?.kind === 'path' ? shown.key : ref.addresses.find(Boolean) || '（没有地址）';
  return { error: `找不到页面 ${page}${ref.title ? `（《${ref.title}》）` : ''} 对应的文章` };
}
