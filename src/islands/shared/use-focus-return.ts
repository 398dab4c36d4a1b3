import { type RefObject, useLayoutEffect, useRef } from 'react';
import { focusReturn } from './focus-return.ts';

/**
 * For a pane that stays mounted and hides (`open` false): focus goes back to its opener when it
 * closes with focus inside. A layout effect, so the opener is read before anything moves focus in.
 */
export function useFocusReturn(open: boolean, pane: RefObject<Element | null>): void {
  const restore = useRef<ReturnType<typeof focusReturn>>(undefined);
  useLayoutEffect(() => {
    if (open) {
      restore.current = focusReturn();
      return;
    }
    restore.current?.(pane.current);
    restore.current = undefined;
  }, [open, pane]);
}
