import { HttpError } from '../../lib/api/client.ts';
import { pageHeaders } from '../../lib/api/site.ts';
import { GREETING_KEY, GREETING_TITLE, welcomeFor } from '../../lib/greeting.ts';
import { $userInfo } from '../../stores/session.ts';
import { toast } from '../../stores/toast.ts';
import { setPageHeaderList } from '../../stores/ui.ts';

/** What window.name holds once this tab has been greeted (it survives reloads, not new tabs). */
export const WINDOW_NAME = 'blog';

/**
 * The page-header list into the static data; any failure shows the server's message titled 错误提示
 * (docs/product.md#toasts).
 */
async function loadPageHeaders(): Promise<void> {
  let message = '';
  try {
    const list = await pageHeaders({ quiet: true });
    if (Array.isArray(list)) return setPageHeaderList(list);
  } catch (err) {
    if (err instanceof HttpError) message = err.message;
  }
  toast(message || '服务端错误', 'error', '错误提示');
}

/**
 * The first load (docs/product.md#first-load-and-greetings): unless the window already has a name, fetch
 * the page-header list and greet the visitor (the special line for user id 3, the nick name's greeting, or
 * the generic welcome), then name the window so reloads and client-router navigations do not greet again.
 */
export function firstLoad(): void {
  if (window.name) return;
  window.name = WINDOW_NAME;
  void loadPageHeaders();
  toast(welcomeFor($userInfo.get(), new Date().getHours()), 'info', GREETING_TITLE, undefined, GREETING_KEY);
}
