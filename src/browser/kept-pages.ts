/**
 * The pages kept for Back and Forward (back-forward-cache.ts says why): loaded with the first
 * navigation, so a reader who only reads never downloads it.
 */

import { BACK_FORWARD_MS } from '../lib/nav.ts';

type Kept = { doc: Document; at: number };

const MAX_PAGES = 8;
const kept = new Map<string, Kept>();

/** The key of a page: its address without the fragment (the same page at another heading). */
const keyOf = (url: URL) => url.href.replace(/#.*$/, '');

function keep(url: URL, doc: Document): void {
  // Only one of the site's own pages, as the router swaps in: not the page still shown (a load cut
  // short leaves the event's document as it was), not one the router hands to the browser.
  if (doc === document || !doc.querySelector('[name="astro-view-transitions-enabled"]')) return;
  const key = keyOf(url);
  kept.delete(key);
  kept.set(key, { doc, at: Date.now() });
  // The oldest first out (a Map iterates in insertion order).
  while (kept.size > MAX_PAGES) kept.delete(kept.keys().next().value as string);
}

/**
 * The page kept for a history step to `to`, if fresh; none for any other navigation (it asks the
 * server).
 * @public
 */
export function fresh({ navigationType, to }: { navigationType: string; to: URL }): Document | null {
  return navigationType === 'traverse' ? keptFor(to) : null;
}

function keptFor(url: URL): Document | null {
  const hit = kept.get(keyOf(url));
  if (!hit) return null;
  if (Date.now() - hit.at > BACK_FORWARD_MS) {
    kept.delete(keyOf(url));
    return null;
  }
  return hit.doc;
}

let parser: DOMParser | undefined;

/** The page the reader opened first, fetched again (the router never had its text), in the background. */
async function fetchKept(url: URL): Promise<void> {
  try {
    const res = await fetch(url.href, { headers: { accept: 'text/html' }, credentials: 'same-origin' });
    if (!res.ok || !res.headers.get('content-type')?.includes('text/html')) return;
    parser ??= new DOMParser();
    const doc = parser.parseFromString(await res.text(), 'text/html');
    // As the router prepares a page it fetched: without <noscript>.
    for (const el of doc.querySelectorAll('noscript')) el.remove();
    keep(url, doc);
  } catch {
    // Offline or refused: Back asks the server, as without this module.
  }
}

/**
 * The router prepared `doc` for `to`, leaving `from`: a copy is kept as it came (before the swap moves
 * its nodes and its scripts run); the page left, when not kept yet (the first one opened), is fetched
 * again meanwhile. (Called through the dynamic import's namespace, which knip does not follow.)
 * @public
 */
export function arrived(from: URL, to: URL, doc: Document): void {
  if (doc !== document) keep(to, doc.cloneNode(true) as Document);
  if (!keptFor(from)) void fetchKept(new URL(from.href));
}
