/**
 * Back and Forward show the page the reader left at once, from memory, as a browser's own
 * back/forward cache does for a site without a client router (docs/decisions/0009-reading-place-hold.md).
 * Astro's router asks the server again for every history step: until the answer comes (a second and
 * more on a busy server or a phone's network) the page being left stays on screen under the new
 * address, still moving (its scroll to the top), and the place is restored only after that.
 *
 * Kept: each page the router fetched, as it came (before anything ran in it), and the page the reader
 * first opened, fetched again in the background when they leave it (the server's page cache answers
 * it). At most `MAX_PAGES`, each for `BACK_FORWARD_MS`; a new navigation (a link, the menu) still
 * asks the server, so only history steps show a kept page.
 */

import { BACK_FORWARD_MS } from '../lib/nav.ts';

type Kept = { doc: Document; at: number };

const MAX_PAGES = 8;
const kept = new Map<string, Kept>();

/** The key of a page: its address without the fragment (the same page at another heading). */
const keyOf = (url: URL) => url.href.replace(/#.*$/, '');

function keep(url: URL, doc: Document): void {
  const key = keyOf(url);
  kept.delete(key);
  kept.set(key, { doc, at: Date.now() });
  // The oldest first out (a Map iterates in insertion order).
  while (kept.size > MAX_PAGES) kept.delete(kept.keys().next().value as string);
}

function fresh(url: URL): Document | null {
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
    // As the router prepares a page it fetched: without <noscript>, and only one of its own pages.
    for (const el of doc.querySelectorAll('noscript')) el.remove();
    if (doc.querySelector('[name="astro-view-transitions-enabled"]')) keep(url, doc);
  } catch {
    // Offline or refused: Back asks the server, as without this module.
  }
}

/** Wires it up once, from the layout's script. */
export function installBackForwardCache(): void {
  document.addEventListener('astro:before-preparation', (e) => {
    if (e.formData) return;
    if (e.navigationType === 'traverse') {
      const doc = fresh(e.to);
      // A copy each time: the swap moves the copy's nodes into the page, the kept one stays whole.
      if (doc)
        e.loader = async () => {
          e.newDocument = doc.cloneNode(true) as Document;
        };
      return;
    }
    // Leaving a page not kept yet (the first one opened): fetched again meanwhile.
    if (!fresh(e.from)) void fetchKept(new URL(e.from.href));
    const load = e.loader;
    e.loader = async () => {
      await load();
      // The page as the router prepared it, before the swap moves its nodes and its scripts run.
      if (!e.defaultPrevented && !e.signal.aborted) keep(e.to, e.newDocument.cloneNode(true) as Document);
    };
  });
}
