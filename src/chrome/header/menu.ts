import { $ } from '../../browser/dom.ts';

/** A popup menu: its button toggles it; a press outside or Escape closes it. */
export function menu(root: HTMLElement, onEscape = true) {
  const button = $(root, 'button');
  const list = $(root, '[role="menu"]');
  const set = (open: boolean) => {
    list.hidden = !open;
    button.setAttribute('aria-expanded', String(open));
  };
  button.addEventListener('click', () => set(list.hidden !== false));
  list.addEventListener('click', (e) => (e.target as Element).closest('a, button') && set(false));
  document.addEventListener('pointerdown', (e) => !root.contains(e.target as Node) && set(false));
  if (onEscape) document.addEventListener('keydown', (e) => e.key === 'Escape' && set(false));
  return set;
}
