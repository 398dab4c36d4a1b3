/**
 * Runs `fn` when the browser is idle (at the latest after `timeout` ms), so start-up work that is not
 * needed for the first paint (greetings, the chat socket) stays out of the page's critical path.
 */
export function onIdle(fn: () => void, timeout = 2000): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(() => fn(), { timeout });
  else setTimeout(fn, 200);
}
