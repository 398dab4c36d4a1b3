import { isOk } from '../../lib/body-code.ts';
import { GREETING_KEY, GREETING_TITLE, welcomeFor } from '../../lib/greeting.ts';
import { $userInfo } from '../../stores/session.ts';
import { toast } from '../../stores/toast.ts';
import { type PageHeader, setPageHeaderList } from '../../stores/ui.ts';

/** What window.name holds once this tab has been greeted (it survives reloads, not new tabs). */
export const WINDOW_NAME = 'blog';

/**
 * The page-header list into the static data; a failure shows the server's message (SPEC §8).
 * Plain fetch rather than the HTTP client: this runs on every first page load, so it stays small.
 */
async function loadPageHeaders(): Promise<void> {
  let message = '服务端错误';
  try {
    const res = await fetch('/api/pageHeader/getAll', { headers: { Accept: 'application/json' } });
    const body = (await res.json()) as { message?: string; result?: PageHeader[] };
    if (res.ok && isOk(body) && Array.isArray(body.result)) {
      setPageHeaderList(body.result);
      return;
    }
    message = body.message || message;
  } catch {
    /* network failure: the generic message */
  }
  toast(message, 'error', '错误提示');
}

/**
 * SPEC §2 first load: unless the window already has a name, fetch the page-header list and greet
 * the visitor (the special line for user id 3, the nick name's greeting, or the generic welcome),
 * then name the window so reloads and client-router navigations do not greet again.
 */
export function firstLoad(): void {
  if (window.name) return;
  window.name = WINDOW_NAME;
  void loadPageHeaders();
  toast(welcomeFor($userInfo.get(), new Date().getHours()), 'info', GREETING_TITLE, undefined, GREETING_KEY);
}
