import type { LucideIcon } from 'lucide-react';
import type { MenuBadge, MenuGroup } from './module.ts';
import { MODULES } from './modules.ts';

type MenuEntry = {
  key: string;
  label: string;
  href: string;
  icon: LucideIcon;
  group: MenuGroup;
  badge?: MenuBadge;
};

/** The console's menu, one row per feature module (so never a link to a screen that does not exist). */
export const MENU: readonly MenuEntry[] = MODULES.map(({ key, path, menu }) => ({
  key,
  href: path,
  ...menu,
}));

/** The menu by group, groups in this order, empty groups left out. */
export function menuGroups(): { group: MenuGroup; entries: MenuEntry[] }[] {
  // The groups' order is the menu's, not the modules': a module only names its group.
  const order: MenuGroup[] = ['总览', '内容', '站点', '互动', '系统'];
  return order
    .map((group) => ({ group, entries: MENU.filter((e) => e.group === group) }))
    .filter((g) => g.entries.length > 0);
}
