import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What a cached page showed and what a write changed, as tags (docs/decisions/0004-page-cache-and-tags.md):
 * the page cache drops only the pages that showed a tag a write changed.
 *
 * The vocabulary, one tag per thing a public page can show:
 * - `config`: the site's settings (every page's layout); `banner:<RouteName>`: one page's banner
 *   (site.ts ROUTE_NAMES);
 * - `articles`: the public article lists and everything derived from the set of public articles and
 *   their summaries (title, cover, description, type, pin and order, dates, reading time, category,
 *   tags): the home, archives, category, tag and article lists, the dictionaries and figures, the
 *   hot list, and every article page's previous/next and related blocks;
 * - `article:<id>`: one article's own page (its body, facts, category and tag names, its author);
 * - `article-feeds`: the text and update times of every public article (RSS, the sitemap), which
 *   any edit of a public article changes, a body edit included;
 * - `talks`: the talk list; `talk:<id>`: one talk; `albums`: the album list (covers, photo counts);
 *   `album:<id>`: one album's page and photos; `bangumi`, `links`, `resources`, `sites`: their pages;
 * - `messages`: the guestbook's list and hot tags; `message:<id>`: one guestbook message;
 * - `comments:<type>:<id>`: the comments of one thing (type 1 article, 2 talk, 3 guestbook message),
 *   their count included;
 * - `likes:<type>:<id>` (likesTag): the like count of one article, talk or guestbook message;
 *   `comment-likes:<type>:<id>` (commentLikesTag): the like counts of the comments of one thing. A
 *   comment's like names its thing, not the comment: a list of comments may be ordered by likes
 *   (hot), so a like on any of them can change which ones a page of them shows;
 * - `user:<id>`: a user's nick name and avatar, recorded by the reads that show them beside what the
 *   user wrote (articles' authors, talks, guestbook messages, comments);
 * - `pictures`: the sizes and variants of uploaded pictures (services/images/library.ts), changed when
 *   the variants queue finishes some.
 *
 * Every service function a page reads through says what it returns with `shows` (a page that read
 * something untagged could miss a write: tests/unit/page-tags.test.ts checks that each one does);
 * every service that writes says what it changed with `changes`, or `changesNothingShown` when the
 * write touched nothing a public page shows (a private draft, an unused category). A page write that
 * names nothing drops every page, and so does the CLI, which writes outside every server (its mark:
 * services/page-version.ts). Likes are page writes too: each names the count it changed, and the
 * pages that show that count are refreshed within PAGE_COUNTS_MAX_AGE (isCountTag) instead of at once.
 */

/** What a write changed: everything, or the pages that showed one of these tags. */
export type PageChange = { all: true } | { tags: string[] };

const shown = new AsyncLocalStorage<Set<string>>();
const changed = new AsyncLocalStorage<Set<string>>();

/** Records that the page being rendered (if any) shows these things. */
export function shows(...tags: string[]): void {
  const set = shown.getStore();
  if (set) for (const tag of tags) set.add(tag);
}

/** Runs a page render, collecting into `into` what it shows. */
export function showing<T>(into: Set<string>, render: () => T): T {
  return shown.run(into, render);
}

/** Records that the write being handled (if any) changed these things. */
export function changes(...tags: string[]): void {
  const set = changed.getStore();
  if (set) for (const tag of tags) set.add(tag);
}

/** Runs a request's handler, collecting into `into` what its writes changed. */
export function changing<T>(into: Set<string>, handle: () => T): T {
  return changed.run(into, handle);
}

/** The tag of the comments of one thing (type 1 article, 2 talk, 3 guestbook message). */
export const commentsTag = (type: number, forId: number): string => `comments:${type}:${forId}`;

/** One article's own page. */
export const articleTag = (id: number): string => `article:${id}`;

/** One talk (its page also shows the list, `talks`). */
export const talkTag = (id: number): string => `talk:${id}`;

/** One album's page: its facts and photos. */
export const albumTag = (id: number): string => `album:${id}`;

/** The banner of one page (site.ts ROUTE_NAMES). */
export const bannerTag = (route: string): string => `banner:${route}`;

/** The like count of one article (1), talk (2) or guestbook message (3). */
export const likesTag = (type: number, forId: number): string => `likes:${type}:${forId}`;

/** The like counts of the comments of one thing (type 1 article, 2 talk, 3 guestbook message). */
export const commentLikesTag = (type: number, forId: number): string => `comment-likes:${type}:${forId}`;

/**
 * Counts (likes): a page that shows one is refreshed once it is PAGE_COUNTS_MAX_AGE old rather than
 * dropped on every like (page-cache.ts), so a popular page is not rendered again for each click.
 */
export const isCountTag = (tag: string): boolean =>
  tag.startsWith('likes:') || tag.startsWith('comment-likes:');

/** A user's nick name and avatar. */
export const userTag = (id: number): string => `user:${id}`;

/** A tag no page records: a write that changed nothing public names it (only pages that cannot say are dropped). */
const NOTHING_SHOWN = 'nothing-shown';

/** Records that the write being handled changed nothing a public page shows. */
export function changesNothingShown(): void {
  changes(NOTHING_SHOWN);
}

/**
 * The fallbacks each page being rendered was built with, by the set its render collects into
 * (`showing`): kept beside the tags rather than among them, so no fallback is ever taken for a thing
 * shown, and gone with the render.
 */
const fallbacks = new WeakMap<Set<string>, string[]>();

/**
 * Records that the page being rendered (if any) was built with a fallback, and why: a body shown as
 * plain text, a part left out, the database away. Such a page is kept nowhere (page-cache.ts: not in
 * the cache, and `Cache-Control: no-store` for browsers and CDNs), so the next view renders again and
 * sees the page whole as soon as what failed is back. `reason` is a short ASCII word for the log and
 * the `X-Page-Fallback` header (`plain-text`, `database`).
 */
export function degradedPage(reason: string): void {
  const set = shown.getStore();
  if (!set) return;
  const reasons = fallbacks.get(set);
  if (!reasons) fallbacks.set(set, [reason]);
  else if (!reasons.includes(reason)) reasons.push(reason);
}

/** The fallbacks a render that collected into `into` recorded, in order (none: a healthy page). */
export const fallbacksOf = (into: Set<string>): readonly string[] => fallbacks.get(into) ?? [];
