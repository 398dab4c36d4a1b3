import { atom } from 'nanostores';
import { readJson, writeJson } from '../browser/storage.ts';

/** The chrome's modal panes. */
export type ModalId = 'login' | 'search' | 'notify';

/**
 * The one modal open, or null: opening one closes the other (as astro-koharu's $activeModal), so
 * the login dialog, the search and 我的消息 never stack. The login's openness is the shared
 * show-login flag (docs/product.md#login-dialog), kept in session storage under `showLogin` as before.
 */
export const $activeModal = atom<ModalId | null>(readJson<boolean>('showLogin', 'session') ? 'login' : null);
$activeModal.listen((id) => writeJson('showLogin', id === 'login', 'session'));

export const openModal = (id: ModalId): void => $activeModal.set(id);

/** Closes `id` if it is the one open (a late close of a pane another one replaced changes nothing). */
export const closeModal = (id: ModalId): void => {
  if ($activeModal.get() === id) $activeModal.set(null);
};

/** Calls `show(open)` now and whenever `id` opens or closes. Returns the unsubscribe. */
export function onModal(id: ModalId, show: (open: boolean) => void): () => void {
  let last: boolean | undefined;
  return $activeModal.subscribe((active) => {
    const open = active === id;
    if (open !== last) show(open);
    last = open;
  });
}
