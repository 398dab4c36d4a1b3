import { type RefObject, useEffect, useRef } from 'react';
import { focusReturn } from '../../browser/focus-return.ts';

/**
 * A pane drawn as a native modal <dialog>, open for as long as the component is mounted: it opens on
 * mount, closes on unmount, and however the browser closes it (Esc), `onClose` follows. Only while
 * this opening lasts: the close() of the unmount queues a `close` event, which must not shut the
 * next opening (Ctrl+K pressed right after Esc reopens the search before that event arrives).
 * Focus goes back to the opener when it closes (the dialog is gone from the DOM by then, so the
 * browser's own return does not happen).
 */
export function useModalDialog(onClose: () => void): RefObject<HTMLDialogElement | null> {
  const ref = useRef<HTMLDialogElement>(null);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const restore = focusReturn();
    if (!dialog.open) dialog.showModal();
    const onNativeClose = () => closeRef.current();
    dialog.addEventListener('close', onNativeClose);
    return () => {
      dialog.removeEventListener('close', onNativeClose);
      dialog.close();
      restore(dialog);
    };
  }, []);
  return ref;
}
