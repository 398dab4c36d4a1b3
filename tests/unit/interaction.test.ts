import { afterEach, describe, expect, it, vi } from 'vitest';
import interactionDirective, {
  eagerness,
  onFirstInteraction,
  SESSION_EVENT,
} from '../../src/browser/interaction.ts';
import { encode } from '../../src/lib/storage.ts';

/**
 * The rules of `client:interaction` (docs/decisions/0010-islands-on-interaction.md): which events wake an
 * island, that the first click is held while the code arrives and then replayed on the same element, that a
 * focus inside is announced again, and when an island hydrates without being touched (the visitor's storage
 * says it has their own state to show). Node has EventTarget but no DOM: a small tree of EventTargets
 * stands in.
 */

class FakeNode extends EventTarget {
  parentNode: FakeNode | null = null;
  childNodes: FakeNode[] = [];
  ownerDocument: { activeElement: unknown } = doc;
  append(...nodes: FakeNode[]): this {
    for (const n of nodes) {
      n.parentNode = this;
      this.childNodes.push(n);
    }
    return this;
  }
  get children(): FakeNode[] {
    return this.childNodes;
  }
  get isConnected(): boolean {
    let at: FakeNode | null = this;
    while (at?.parentNode) at = at.parentNode;
    return at === root;
  }
  contains(node: unknown): boolean {
    for (let at = node as FakeNode | null; at; at = at.parentNode) if (at === this) return true;
    return false;
  }
}
const doc: { activeElement: unknown } = { activeElement: null };
const root = new FakeNode();

/** What React does when it claims an element: it keeps the props on it. */
const claim = (node: FakeNode) => Object.assign(node, { __reactProps$test: {} });

/** An event that happened on `target` inside `island`, as the island's capture listeners see it. */
function fire(island: FakeNode, target: FakeNode, type: string): Event {
  const event = new Event(type, { bubbles: true, cancelable: true });
  Object.defineProperty(event, 'target', { value: target });
  island.dispatchEvent(event);
  return event;
}

class FakeMouseEvent extends Event {}
class FakeFocusEvent extends Event {}
vi.stubGlobal('MouseEvent', FakeMouseEvent);
vi.stubGlobal('FocusEvent', FakeFocusEvent);

/** An island with a button inside a wrapper, attached to the document. */
function island() {
  const el = new FakeNode();
  const wrapper = new FakeNode();
  const button = new FakeNode();
  el.append(wrapper.append(button));
  root.append(el);
  return { el, wrapper, button };
}

/** A hydration under the test's control: resolves when `done()` is called. */
function pending() {
  let done = () => {};
  const calls = { count: 0 };
  const hydrate = () => {
    calls.count++;
    return new Promise<void>((resolve) => {
      done = resolve;
    });
  };
  return { hydrate, calls, finish: () => done() };
}

afterEach(() => {
  doc.activeElement = null;
});

describe('client:interaction: what wakes an island', () => {
  it.each(['pointerdown', 'focusin', 'keydown'])(
    '%s inside the island starts hydration, once',
    async (type) => {
      const { el, button } = island();
      const h = pending();
      const woke = onFirstInteraction(el as never, h.hydrate);
      expect(h.calls.count).toBe(0);
      fire(el, button, type);
      fire(el, button, 'pointerdown');
      expect(h.calls.count).toBe(1);
      h.finish();
      await woke;
    },
  );

  it('a move of the pointer, a scroll or a click alone does not', () => {
    const { el, button } = island();
    const h = pending();
    void onFirstInteraction(el as never, h.hydrate);
    for (const type of ['pointermove', 'mouseover', 'scroll', 'wheel']) fire(el, button, type);
    expect(h.calls.count).toBe(0);
  });
});

describe('client:interaction: the first interaction is replayed', () => {
  it('a click while the code is on its way is held, then clicked again on the same element once claimed', async () => {
    const { el, button } = island();
    const h = pending();
    const clicks: Event[] = [];
    button.addEventListener('click', (e) => clicks.push(e));
    const woke = onFirstInteraction(el as never, h.hydrate);
    fire(el, button, 'pointerdown');
    const held = fire(el, button, 'click');
    // Held: the server HTML's button must not act (a form's submit button would submit the page).
    expect(held.defaultPrevented).toBe(true);
    h.finish();
    // Replayed only once the renderer has claimed the element.
    await new Promise((r) => setTimeout(r, 50));
    expect(clicks).toHaveLength(0);
    claim(button);
    await woke;
    expect(clicks).toHaveLength(1);
    expect(clicks[0]).toBeInstanceOf(FakeMouseEvent);
  });

  it('a renderer that built new nodes gets the click on the node at the same place', async () => {
    const { el, wrapper, button } = island();
    const h = pending();
    const woke = onFirstInteraction(el as never, h.hydrate);
    fire(el, button, 'pointerdown');
    fire(el, button, 'click');
    h.finish();
    // The mismatch path: after Astro's hydrate, the renderer drops the old button for a new one.
    await new Promise((r) => setTimeout(r, 5));
    const fresh = claim(new FakeNode());
    wrapper.childNodes = [];
    button.parentNode = null;
    wrapper.append(fresh);
    const clicks: Event[] = [];
    fresh.addEventListener('click', (e) => clicks.push(e));
    await woke;
    expect(clicks).toHaveLength(1);
  });

  it('a focus that moved into the island is announced again (focusin), and no click is made up', async () => {
    const { el, button } = island();
    const h = pending();
    const focusins: Event[] = [];
    const clicks: Event[] = [];
    button.addEventListener('focusin', (e) => focusins.push(e));
    button.addEventListener('click', (e) => clicks.push(e));
    const woke = onFirstInteraction(el as never, h.hydrate);
    doc.activeElement = button;
    fire(el, button, 'focusin');
    claim(button);
    h.finish();
    await woke;
    expect(focusins).toHaveLength(1);
    expect(focusins[0]).toBeInstanceOf(FakeFocusEvent);
    expect(clicks).toHaveLength(0);
  });

  it('after hydration, clicks are no longer held', async () => {
    const { el, button } = island();
    const h = pending();
    const woke = onFirstInteraction(el as never, h.hydrate);
    fire(el, button, 'keydown');
    claim(button);
    h.finish();
    await woke;
    expect(fire(el, button, 'click').defaultPrevented).toBe(false);
  });
});

describe('client:interaction: hydrating without an interaction', () => {
  const store = (entries: Record<string, string>) => ({ getItem: (k: string) => entries[k] ?? null });
  const token = encode('token');

  it('a stored key (a signed-in visitor) hydrates in view; none waits for the visitor', () => {
    expect(eagerness(token, { local: store({ [token]: 'x' }), session: store({}) })).toBe('visible');
    expect(eagerness(token, { local: store({}), session: store({ [token]: 'x' }) })).toBe('visible');
    expect(eagerness(token, { local: store({}), session: store({}) })).toBeNull();
    expect(eagerness(token, { local: store({ [token]: '' }), session: store({}) })).toBeNull();
    expect(eagerness(undefined, { local: store({ [token]: 'x' }) })).toBeNull();
  });

  it('`has` looks inside the decoded value; `now` hydrates at once', () => {
    const key = encode('staticData');
    const rule = { key, has: '"messageTypeIsCard":true', now: true };
    const card = encode(JSON.stringify({ messageTypeIsCard: true }));
    const list = encode(JSON.stringify({ messageTypeIsCard: false }));
    expect(eagerness([token, rule], { local: store({ [key]: card }) })).toBe('now');
    expect(eagerness([token, rule], { local: store({ [key]: list }) })).toBeNull();
    expect(eagerness([rule], { local: store({ [key]: '%%not base64' }) })).toBeNull();
    // The first rule that matches wins.
    expect(eagerness([token, rule], { local: store({ [key]: card, [token]: 'x' }) })).toBe('visible');
  });

  describe('the directive', () => {
    let observers: { observed: unknown[]; fire: (hit: boolean) => void; disconnected: boolean }[] = [];
    class FakeObserver {
      observed: unknown[] = [];
      disconnected = false;
      cb: (entries: { isIntersecting: boolean }[]) => void;
      constructor(cb: (entries: { isIntersecting: boolean }[]) => void) {
        this.cb = cb;
        observers.push(this);
      }
      observe(node: unknown) {
        this.observed.push(node);
      }
      disconnect() {
        this.disconnected = true;
      }
      fire(hit: boolean) {
        this.cb([{ isIntersecting: hit }]);
      }
    }
    const local: Record<string, string> = {};
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    vi.stubGlobal('localStorage', store(local));
    vi.stubGlobal('sessionStorage', store({}));
    // The window, where the session store announces a sign-in (SESSION_EVENT).
    const win = new EventTarget();
    vi.stubGlobal('addEventListener', win.addEventListener.bind(win));
    vi.stubGlobal('removeEventListener', win.removeEventListener.bind(win));
    afterEach(() => {
      observers = [];
      for (const k of Object.keys(local)) delete local[k];
    });

    const loader = () => {
      const runs = { count: 0 };
      const load = async () => async () => {
        runs.count++;
      };
      return { load, runs };
    };

    it('a guest: nothing loads until they touch the island', async () => {
      const { el, button } = island();
      const { load, runs } = loader();
      interactionDirective(load, { value: token }, el as never);
      expect(observers).toHaveLength(0);
      await new Promise((r) => setTimeout(r, 10));
      expect(runs.count).toBe(0);
      claim(button);
      fire(el, button, 'pointerdown');
      await vi.waitFor(() => expect(runs.count).toBe(1));
    });

    it('a sign-in on the page: the island follows its rules at once, without a press', async () => {
      const { el } = island();
      const { load, runs } = loader();
      interactionDirective(load, { value: [{ key: token, now: true }] }, el as never);
      win.dispatchEvent(new Event(SESSION_EVENT));
      await new Promise((r) => setTimeout(r, 10));
      expect(runs.count).toBe(0);
      local[token] = 'secret';
      win.dispatchEvent(new Event(SESSION_EVENT));
      await vi.waitFor(() => expect(runs.count).toBe(1));
      win.dispatchEvent(new Event(SESSION_EVENT));
      await new Promise((r) => setTimeout(r, 10));
      expect(runs.count).toBe(1);
    });

    it('a signed-in visitor: the island hydrates when it comes into view, once', async () => {
      local[token] = 'secret';
      const { el, button } = island();
      const { load, runs } = loader();
      interactionDirective(load, { value: token }, el as never);
      expect(observers).toHaveLength(1);
      expect(observers[0].observed).toEqual(el.childNodes);
      observers[0].fire(false);
      await new Promise((r) => setTimeout(r, 10));
      expect(runs.count).toBe(0);
      observers[0].fire(true);
      await vi.waitFor(() => expect(runs.count).toBe(1));
      expect(observers[0].disconnected).toBe(true);
      // A press afterwards does not hydrate it twice.
      claim(button);
      fire(el, button, 'pointerdown');
      await new Promise((r) => setTimeout(r, 10));
      expect(runs.count).toBe(1);
    });

    it('a `now` rule hydrates at once, without an observer', async () => {
      const key = encode('messageList');
      local[key] = encode('{}');
      const { el } = island();
      const { load, runs } = loader();
      interactionDirective(load, { value: [token, { key, now: true }] }, el as never);
      expect(observers).toHaveLength(0);
      await vi.waitFor(() => expect(runs.count).toBe(1));
    });
  });
});
