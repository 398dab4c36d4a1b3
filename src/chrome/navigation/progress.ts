/**
 * docs/product.md#layout: nprogress without spinner on every client-router navigation (styled in
 * global.css). The library is fetched on the first navigation, not with the first load, which has a JS
 * budget.
 */
import type NProgressType from 'nprogress';

let lib: Promise<typeof NProgressType> | undefined;
/** Whether a navigation is under way. */
let navigating = false;

function load(): Promise<typeof NProgressType> {
  lib ??= import('./nprogress.ts').then(({ default: NProgress }) => NProgress);
  return lib;
}

export function startProgress(): void {
  navigating = true;
  void load().then((NProgress) => {
    NProgress.start();
    // The navigation ended while the code was loading (the first one, on a fast page): the bar
    // still runs, straight to its end.
    if (!navigating) NProgress.done();
  });
}

export function doneProgress(): void {
  navigating = false;
  void lib?.then((NProgress) => NProgress.done());
}
