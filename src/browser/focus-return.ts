/**
 * Gives focus back to what opened a pane (WCAG 2.4.3 focus order): call when the pane opens, with
 * focus still on its opener; the function it returns, when it closes. Focus moves back only when it
 * was lost with the pane (on <body>, detached, or inside `pane`), so a click elsewhere keeps its target.
 */
export function focusReturn(): (pane?: Element | null, always?: boolean) => void {
  const active = document.activeElement;
  const opener = active instanceof HTMLElement && active !== document.body ? active : null;
  return (pane, always = false) => {
    if (!opener?.isConnected) return;
    const now = document.activeElement;
    const lost = !now || now === document.body || !now.isConnected || Boolean(pane?.contains(now));
    if (always || lost) opener.focus({ preventScroll: true });
  };
}

/**
 * focusReturn for a pane that opens and closes many times: call with true when it opens and with
 * false when it closes (before it is hidden or removed, or just after); repeated calls change nothing.
 */
export function paneFocusReturn(pane: () => Element | null): (open: boolean) => void {
  let restore: ReturnType<typeof focusReturn> | undefined;
  return (open) => {
    if (open) {
      restore ??= focusReturn();
      return;
    }
    restore?.(pane());
    restore = undefined;
  };
}
