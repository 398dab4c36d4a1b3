import { type RefObject, useLayoutEffect, useState } from 'react';
import { paneFocusReturn } from '../../browser/focus-return.ts';

/**
 * For a pane that stays mounted and hides (`open` false): focus goes back to its opener when it
 * closes with focus inside. A layout effect, so the opener is read before anything moves focus in.
 */
export function useFocusReturn(open: boolean, pane: RefObject<Element | null>): void {
  const [toggle] = useState(() => paneFocusReturn(() => pane.current));
  useLayoutEffect(() => toggle(open), [open, toggle]);
}
