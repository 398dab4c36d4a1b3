import type { ComponentType } from 'react';

type Module<P> = { default: ComponentType<P> };

/** Shows the component with these props, or nothing (null). */
export type Render<P> = (props: P | null) => void;

/**
 * A React root for a pane the always-loaded chrome (plain scripts, no React) opens on demand: React
 * itself and the pane's code load on the first call with props, so a page that never opens the pane
 * never loads them (the first-load JavaScript budget). Later calls re-render the same root; the last
 * call wins when several arrive while the code is still loading.
 */
export function lazyRoot<P extends object>(el: Element, load: () => Promise<Module<P>>): Render<P> {
  let ready: Promise<Render<P>> | undefined;
  let latest: P | null = null;
  const start = () =>
    Promise.all([import('./react-root.ts'), load()]).then(([{ createElement, createRoot }, mod]) => {
      const root = createRoot(el);
      return (props: P | null) => root.render(props ? createElement(mod.default, props) : null);
    });
  return (props) => {
    latest = props;
    if (!ready) {
      if (!props) return; // nothing to show and nothing loaded: stay unloaded
      ready = start().catch((err: unknown) => {
        ready = undefined; // offline for a moment: the next open tries again
        throw err;
      });
    }
    ready.then(
      (render) => render(latest),
      () => {},
    );
  };
}
