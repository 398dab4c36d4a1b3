import { atom } from 'nanostores';
import { isOk } from '../lib/body-code.ts';
import { $token } from './session.ts';

/** Unread notifications of the signed-in user (the header badge) and whether the drawer is open. */
export const $unread = atom(0);
export const $notifyOpen = atom(false);

export const openNotify = (): void => $notifyOpen.set(true);

let seq = 0;

/**
 * Asks the server for the unread count. A plain fetch on purpose: this runs in the background on
 * every page, so it stays tiny (no HTTP client in the header's first load) and silent on failure.
 */
export async function refreshUnread(): Promise<void> {
  const token = $token.get();
  const mine = ++seq;
  if (!token) {
    $unread.set(0);
    return;
  }
  try {
    const res = await fetch('/api/notify/getNotifyList', {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: '{"current":1,"size":1}',
    });
    const data = (await res.json()) as { result?: { unread: number } };
    if (mine === seq && isOk(data) && data.result) $unread.set(data.result.unread);
  } catch {
    /* offline or server gone: the badge keeps its last value */
  }
}

/** The count after the drawer changed something itself (marked read, deleted). */
export const setUnread = (n: number): void => {
  seq++; // a refresh already under way would bring an older count
  $unread.set(Math.max(0, n));
};
