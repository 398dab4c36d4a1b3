import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What a cached page showed and what a write changed, as tags (issue 22): the page cache drops only
 * the pages that showed a tag a write changed.
 *
 * The vocabulary, one tag per thing a public page can show:
 * - `config`: the site's settings and page banners (every page's layout);
 * - `articles`: anything about articles, categories and tags (lists, the article pages, dictionaries,
 *   the timeline, the home's figures, RSS and the sitemap);
 * - `talks`, `albums` (albums and photos), `bangumi`, `links`, `resources`, `sites`;
 * - `messages`: the guestbook's list and hot tags; `message:<id>`: one guestbook message;
 * - `comments:<type>:<id>`: the comments of one thing (type 1 article, 2 talk, 3 guestbook message),
 *   their count included.
 *
 * Every service function a page reads through says what it returns with `shows` (a page that read
 * something untagged could miss a write: tests/unit/page-tags.test.ts checks that each one does);
 * every service that writes says what it changed with `changes`. A page write that names nothing
 * drops every page, and so does anything that changes content outside a request (the CLI).
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
