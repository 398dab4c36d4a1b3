import { Flag, IdCard, type LucideIcon } from 'lucide-react';

/**
 * The console's menu, one row per screen that exists. The next screens (文章, 分类与标签, 说说, 相册,
 * 追番, 资源与网站; then 评论, 友链, 用户) add their row here together with their page under
 * src/pages/admin/: an entry without a screen would be a dead link, so none is listed before.
 */
export type ScreenKey = 'banners' | 'profile';

type MenuGroup = '内容' | '站点' | '互动';

type MenuEntry = { key: ScreenKey; label: string; href: string; icon: LucideIcon; group: MenuGroup };

export const MENU: readonly MenuEntry[] = [
  { key: 'banners', label: '页面横幅', href: '/admin/banners', icon: Flag, group: '站点' },
  { key: 'profile', label: '站点资料', href: '/admin/profile', icon: IdCard, group: '站点' },
];

/** The menu by group, groups in this order, empty groups left out. */
export function menuGroups(): { group: MenuGroup; entries: MenuEntry[] }[] {
  const order: MenuGroup[] = ['内容', '站点', '互动'];
  return order
    .map((group) => ({ group, entries: MENU.filter((e) => e.group === group) }))
    .filter((g) => g.entries.length > 0);
}
