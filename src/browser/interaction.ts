/**
 * `client:interaction` (registered by src/server/build/client-directives.mjs): the island stays server
 * HTML, and its code (React included) is fetched only when the visitor first presses a pointer, moves
 * focus or presses a key inside it. A click that lands while the code is on its way is held (the server
 * HTML's button does nothing yet, and a form's submit button must not submit the page), then clicked
 * again on the same element once the island is hydrated; a focus that moved in is announced again
 * (focusin), so a handler such as the comment box's "log in first" runs. The result is the one the
 * first interaction had when the island hydrated at once.
 */

/** Listeners run before the island's own (an object: Node's EventTarget reads no boolean on removal). */
const CAPTURE = { capture: true };

/** Dispatched on window when the session store has stored a sign-in or sign-out (stores/session.ts). */
export const SESSION_EVENT = 'blog:session';

/** What starts the download. */
const TRIGGERS = ['pointerdown', 'focusin', 'keydown'] as const;

type Island = Pick<EventTarget, 'addEventListener' | 'removeEventListener'> & {
  contains(node: unknown): boolean;
  ownerDocument: { activeElement: unknown } | null;
};

/** The element a click or focus reached (the same node after hydration); an SVG icon has no click(). */
type Target = { dispatchEvent(e: Event): boolean; isConnected: boolean };

type Tree = { parentNode: unknown; childNodes?: ArrayLike<unknown> };

/** Child indexes from `root` down to `node`, or null when it is not inside. */
function pathIn(root: unknown, node: unknown): number[] | null {
  const path: number[] = [];
  let at = node as Tree | null;
  while (at && at !== root) {
    const parent = at.parentNode as Tree | null;
    if (!parent?.childNodes) return null;
    path.unshift(Array.prototype.indexOf.call(parent.childNodes, at));
    at = parent;
  }
  return at ? path : null;
}

function nodeAt(root: unknown, path: number[]): Target | null {
  let at = root as Tree | undefined;
  for (const i of path) at = at?.childNodes?.[i] as Tree | undefined;
  return (at as unknown as Target) ?? null;
}

/** How long a replay waits for the renderer to claim the element before it goes ahead anyway. */
const CLAIM_WAIT_MS = 5000;

/**
 * Resolves once React has hydrated `node` (it keeps its props on the DOM node under a `__reactProps`
 * key), or it left the document, or after CLAIM_WAIT_MS; at once without a node.
 */
async function claimed(node: object | null): Promise<void> {
  if (!node) return;
  const deadline = Date.now() + CLAIM_WAIT_MS;
  const target = node as { isConnected?: boolean };
  // A node the renderer replaced (a mismatch) will never be claimed: its successor is.
  while (
    target.isConnected !== false &&
    !Object.keys(node).some((k) => k.startsWith('__reactProps')) &&
    Date.now() < deadline
  )
    await new Promise((r) => setTimeout(r, 16));
}

/**
 * Waits for the first interaction inside `el`, then runs `hydrate` once and replays what happened while
 * it ran. Resolves when the island is hydrated (tests wait on it; the directive ignores it).
 */
export function onFirstInteraction(el: Island, hydrate: () => Promise<void>): Promise<void> {
  return new Promise((resolve, reject) => {
    let clicked: Target | null = null;
    const hold = (e: Event) => {
      e.preventDefault();
      e.stopImmediatePropagation();
      // Only the last one: a double click before the code arrives is one intention.
      clicked = e.target as unknown as Target;
    };
    const start = () => {
      for (const t of TRIGGERS) el.removeEventListener(t, start, CAPTURE);
      el.addEventListener('click', hold, CAPTURE);
      hydrate()
        .then(async () => {
          const active = el.ownerDocument?.activeElement as Target | null | undefined;
          const focused = active && el.contains(active) && active.isConnected ? active : null;
          const path = clicked ? pathIn(el, clicked) : null;
          // React hydrates in a transition, after Astro's hydrate() returns: an event before it has
          // claimed the element reaches no handler.
          await claimed(clicked ?? focused);
          el.removeEventListener('click', hold, CAPTURE);
          if (focused?.isConnected) focused.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
          // A renderer that could not hydrate (a mismatch) builds new nodes: the one at the same place.
          const target = clicked?.isConnected ? clicked : path && nodeAt(el, path);
          if (target)
            target.dispatchEvent(
              new MouseEvent('click', { bubbles: true, cancelable: true, composed: true }),
            );
          resolve();
        })
        .catch((err: unknown) => {
          el.removeEventListener('click', hold, CAPTURE);
          reject(err);
        });
    };
    for (const t of TRIGGERS) el.addEventListener(t, start, CAPTURE);
  });
}

/**
 * When to hydrate without waiting for an interaction, by what the visitor's browser stores: a storage
 * key (encoded, as src/lib/storage.ts writes them), found in local or session storage, and optionally
 * only when its decoded value contains `has`. `now` hydrates at once (as client:load), otherwise when
 * the island scrolls into view (as client:visible). A bare string is `{ key }`.
 */
export type EagerRule = string | { key: string; has?: string; now?: boolean };

type Storages = { local?: Pick<Storage, 'getItem'>; session?: Pick<Storage, 'getItem'> };

/** What the first rule the visitor's storage matches asks for: 'now', 'visible', or null (wait). */
export function eagerness(value: unknown, storages: Storages): 'now' | 'visible' | null {
  const rules = (Array.isArray(value) ? value : value ? [value] : []) as EagerRule[];
  for (const rule of rules) {
    const { key, has, now } = typeof rule === 'string' ? { key: rule, has: '', now: false } : rule;
    const raw = storages.local?.getItem(key) || storages.session?.getItem(key);
    if (!raw) continue;
    if (has) {
      let text = '';
      try {
        text = decodeURIComponent(atob(raw));
      } catch {
        continue;
      }
      if (!text.includes(has)) continue;
    }
    return now ? 'now' : 'visible';
  }
  return null;
}

/** Local and session storage, either of which a browser may refuse (private mode, sandboxed frame). */
function storages(): Storages {
  const get = (name: 'localStorage' | 'sessionStorage') => {
    try {
      return globalThis[name];
    } catch {
      return undefined;
    }
  };
  return { local: get('localStorage'), session: get('sessionStorage') };
}

/**
 * The directive Astro calls for each `client:interaction` island. With a value
 * (`client:interaction={rules}`, see EagerRule), a visitor whose storage says the island has their own
 * state to show (a signed-in one: their likes and delete rights) gets it hydrated as soon as it scrolls
 * into view, as client:visible does, or at once (a kept list to restore).
 */
export default function interactionDirective(
  load: () => Promise<() => Promise<void>>,
  options: { value?: unknown },
  el: HTMLElement,
): void {
  let started: Promise<void> | null = null;
  // Once, whichever asks first; the other waits for the same hydration.
  const hydrate = () => {
    started ??= load().then((run) => run());
    return started;
  };
  onFirstInteraction(el, hydrate).catch(() => {
    // The code failed to load (offline): the server HTML stays, as with Astro's own directives.
  });
  const decide = () => {
    const eager = eagerness(options.value, storages());
    if (eager === 'now') void hydrate().catch(() => {});
    if (eager !== 'visible') return eager;
    const io = new IntersectionObserver((entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      io.disconnect();
      void hydrate().catch(() => {});
    });
    for (const child of el.children) io.observe(child);
    return eager;
  };
  if (decide() || !options.value) return;
  // The stored keys change without a reload (a sign-in on the page): decide again then, or a signed-in
  // visitor's island (the admin's review list) would wait for a press. A sign-out needs nothing here: a
  // hydrated island follows the session store itself, and server HTML shows no one's own state.
  const again = () => {
    if (!el.isConnected || decide()) removeEventListener(SESSION_EVENT, again);
  };
  addEventListener(SESSION_EVENT, again);
}
