/**
 * The header menu (docs/product.md#header-and-footer): desktop order, the More submenu, and the drawer's
 * extra entry.
 */
export type NavItem = { href: string; label: string };

export const MAIN_NAV: NavItem[] = [
  { href: '/home', label: '首页' },
  { href: '/category', label: '分类' },
  { href: '/photoAlbum', label: '回忆' },
  { href: '/talk', label: '说说' },
  { href: '/bangumi', label: '追番' },
  { href: '/link/list', label: '友链' },
  { href: '/message/list', label: '留言' },
];

export const MORE_NAV: NavItem[] = [{ href: '/archives', label: '归档' }];

/** The mobile drawer adds tags. */
export const DRAWER_NAV: NavItem[] = [
  ...MAIN_NAV.slice(0, 2),
  { href: '/tag', label: '标签' },
  ...MAIN_NAV.slice(2),
  ...MORE_NAV,
];

/** Whether a menu entry is the current page (its own path or a sub-route of it). */
export const isActive = (href: string, path: string) =>
  path === href || (href !== '/home' && path.startsWith(`${href.replace(/\/list$/, '')}/`));

/** How long a kept-alive page (/message/list) keeps its place and list: later, fresh data matters more. */
export const KEEP_ALIVE_MS = 30 * 60_000;

/**
 * How long Back and Forward show a page from memory (browser/back-forward-cache.ts) before asking the
 * server again: as long as Chrome's own back/forward cache keeps one.
 */
export const BACK_FORWARD_MS = 10 * 60_000;
