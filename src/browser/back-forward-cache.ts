/**
 * Back and Forward show the page the reader left at once, from memory, as a browser's own
 * back/forward cache does for a site without a client router (docs/decisions/0009-reading-place-hold.md).
 * Astro's router asks the server again for every history step: until the answer comes (a second and
 * more on a busy server or a phone's network) the page being left stays on screen under the new
 * address, still moving (its scroll to the top), and the place is restored only after that.
 *
 * Kept: each page the router fetched, as it came (before anything ran in it), and the page the reader
 * first opened, fetched again in the background when they leave it (the server's page cache answers
 * it). At most 8, each for `BACK_FORWARD_MS`; a new navigation (a link, the menu) still asks the
 * server, so only history steps show a kept page. The pages are kept by kept-pages.ts, loaded with
 * the first navigation: a reader who only reads downloads only this.
 */

type Pages = typeof import('./kept-pages.ts');
let pages: Pages | undefined;
let loading: Promise<Pages | undefined> | undefined;

/** Wires it up once, from the layout's script. */
export function installBackForwardCache(): void {
  document.addEventListener('astro:before-preparation', (e) => {
    const kept = pages?.fresh(e);
    const routerLoad = e.loader;
    e.loader = kept
      ? // A copy each time: the swap moves the copy's nodes into the page, the kept one stays whole.
        async () => {
          e.newDocument = kept.cloneNode(true) as Document;
        }
      : async () => {
          // Offline, the chunk may not come: history steps then ask the server, as without this module.
          loading ??= import('./kept-pages.ts').then(
            (m) => (pages = m),
            () => undefined,
          );
          await routerLoad();
          (await loading)?.arrived(e.from, e.to, e.newDocument);
        };
  });
}
