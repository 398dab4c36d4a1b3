/**
 * Back and forward put the reader where they were on that page, as a browser does without the client
 * router; new navigations scroll smoothly to the top (docs/product.md#layout), except on /message/list
 * (kept alive).
 *
 * Astro's router keeps one scrollY per history entry, but it records it on `scrollend` into whatever entry is
 * current: a smooth scroll to the top interrupted by Back was written into the page being returned to, and
 * the first instant step of that scroll into the new page. It also restores once, right after the swap, when
 * content that renders later (a kept-alive list) may not be there yet. So this module keeps the reader's own
 * place per history index and holds a restored place until the page is tall enough for it.
 */

import { KEEP_ALIVE_MS } from '../lib/nav.ts';

type RouterState = { index?: number; scrollY?: number } | null;

const places = new Map<number, number>();
/**
 * The page kept alive and where the reader left it, for a return by a link (the menu) rather
 * than Back: recorded here, in the always-loaded chrome, because a reader who only scrolls never hydrates
 * its board (client:interaction), and only a hydrated board keeps its own copy (stores/message.ts).
 */
const KEPT_PATH = '/message/list';
let kept: { y: number; at: number } | null = null;
const indexOf = (state: RouterState) => state?.index ?? 0;
let index = 0;
/** The target of our own smooth scroll to the top while it runs: the reader's place is already 0. */
let autoTarget: number | null = null;
let hold: { y: number; stop: () => void } | null = null;

/** Where the reader is: a place still being restored or scrolled to counts as reached. */
export function readerScrollY(): number {
  return hold?.y ?? autoTarget ?? Math.round(window.scrollY);
}

function stopHold() {
  hold?.stop();
  hold = null;
}

/** How long the page's height must stay unchanged, after the place was reached, before the hold ends. */
const SETTLE_MS = 500;
/** The longest a reached place is held while the page still changes (images, fonts, islands). */
const HOLD_MAX_MS = 4000;

/**
 * Scrolls to `y` now and again whenever the page changes height (islands render, kept pages come back,
 * images and fonts arrive) or scrolls without the reader (the browser's scroll anchoring, a re-render that
 * briefly shortens the page), until the place is reached and the page has kept its height for a moment
 * (at most a few seconds once reached), the reader scrolls themselves, or the next navigation starts.
 * Reaching the place once is not enough: content above it that settles later would move the reader.
 */
export function holdScrollAt(y: number): void {
  stopHold();
  const root = document.documentElement;
  const until = performance.now() + HOLD_MAX_MS;
  let settled = 0;
  const reached = () => Math.abs(window.scrollY - y) <= 1;
  const apply = () => {
    if (!reached()) window.scrollTo({ top: y, behavior: 'instant' });
  };
  // Ends the hold once the page has been still for SETTLE_MS at the place; not yet reached, it waits
  // for the page to grow (the next resize starts the count again), as long as it takes.
  const settle = () => {
    clearTimeout(settled);
    settled = window.setTimeout(
      () => reached() && stopHold(),
      Math.max(0, Math.min(SETTLE_MS, until - performance.now())),
    );
  };
  const keep = () => {
    apply();
    settle();
  };
  const observer = new ResizeObserver(keep);
  // The browser's own anchoring would follow content that grows above the place: the place is a number.
  // (Also what marks a hold for a browser test waiting for its end: a state, not a time.)
  root.style.overflowAnchor = 'none';
  addEventListener('scroll', keep, { passive: true });
  hold = {
    y,
    stop: () => {
      observer.disconnect();
      clearTimeout(settled);
      removeEventListener('scroll', keep);
      root.style.removeProperty('overflow-anchor');
    },
  };
  observer.observe(document.body);
  keep();
}

/** Wires the rules up once, from the layout's script (the module itself is also imported by islands, on the server too). */
export function installScrollRestore(): void {
  index = indexOf(history.state);
  let traverseTo: number | null = null;
  let lastY = 0;
  let leaving = false;
  // The reader takes over: their own scrolling wins over a place being restored or a scroll to the top.
  for (const type of ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const) {
    addEventListener(
      type,
      () => {
        stopHold();
        autoTarget = null;
      },
      { passive: true },
    );
  }

  addEventListener(
    'scrollend',
    () => {
      // Between leaving and the swap, scrolling is ours (stopping a smooth scroll), not the reader's.
      if (leaving) return;
      if (autoTarget != null && Math.abs(window.scrollY - autoTarget) <= 1) autoTarget = null;
      // Our smooth scroll to the top stopped short (another scroll cut in): carry on to the top.
      else if (autoTarget != null) window.scrollTo({ top: autoTarget, behavior: 'smooth' });
      places.set(index, readerScrollY());
    },
    { passive: true },
  );

  document.addEventListener('astro:before-preparation', (e) => {
    // The page being left: remember the reader's place under its own index (on Back the browser's current
    // entry has already changed). Not when an earlier navigation from this page was cut short before its
    // swap (Back, then Forward at once): the place was kept when that one began, and the scroll now is
    // ours (a smooth scroll to the top stopped half-way), not the reader's.
    if (!leaving) {
      const y = readerScrollY();
      places.set(index, y);
      if (e.from.pathname === KEPT_PATH) kept = { y, at: Date.now() };
    }
    leaving = true;
    stopHold();
    autoTarget = null;
    // Stop a smooth scroll still running, or it would carry on into the next page.
    window.scrollTo({ top: window.scrollY, behavior: 'instant' });
    const state = history.state as RouterState;
    traverseTo = e.navigationType === 'traverse' ? (places.get(indexOf(state)) ?? state?.scrollY ?? 0) : null;
  });

  document.addEventListener('astro:before-swap', () => {
    lastY = window.scrollY;
  });

  document.addEventListener('astro:after-swap', () => {
    index = indexOf(history.state);
    leaving = false;
    if (traverseTo != null) {
      holdScrollAt(traverseTo);
      return;
    }
    places.set(index, 0);
    if (location.pathname === KEPT_PATH && !location.hash) {
      // Back where it was left, held until the board (and a kept longer list) has rendered.
      if (kept && Date.now() - kept.at < KEEP_ALIVE_MS) holdScrollAt(kept.y);
      return;
    }
    if (location.hash || lastY <= 0) return;
    // Smoothly from where the last page was to the top of this one (the router has already jumped there).
    autoTarget = 0;
    window.scrollTo({ top: lastY, behavior: 'instant' });
    requestAnimationFrame(() => {
      if (autoTarget === 0) window.scrollTo({ top: 0, behavior: 'smooth' });
    });
  });
}
