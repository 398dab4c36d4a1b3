import { atom } from 'nanostores';
import { notifyList } from '../lib/api/notify.ts';
import { closeModal, openModal } from './modal.ts';
import { $token } from './session.ts';

/** Unread notifications of the signed-in user (the header badge). */
export const $unread = atom(0);

/** 我的消息, the drawer: one modal of $activeModal. */
export const openNotify = (): void => openModal('notify');
export const closeNotify = (): void => closeModal('notify');

let seq = 0;

/** Asks the server for the unread count: in the background on every page, so silent on failure. */
export async function refreshUnread(): Promise<void> {
  const token = $token.get();
  const mine = ++seq;
  if (!token) {
    $unread.set(0);
    return;
  }
  try {
    const { unread } = await notifyList(1, 1, { quiet: true, token });
    if (mine === seq) $unread.set(unread);
  } catch {
    /* offline or server gone: the badge keeps its last value */
  }
}

/** The count after the drawer changed something itself (marked read, deleted). */
export const setUnread = (n: number): void => {
  seq++; // a refresh already under way would bring an older count
  $unread.set(Math.max(0, n));
};
