import {
  DatabaseBackup,
  FileText,
  Flag,
  History,
  IdCard,
  Images,
  Library,
  type LucideIcon,
  MessageSquareText,
  Music,
  Tags,
  Tv,
} from 'lucide-react';

/**
 * The console's menu, one row per screen that exists. The next screens (评论, 友链, 用户 …) add
 * their row here together with their page under
 * src/pages/admin/: an entry without a screen would be a dead link, so none is listed before.
 */
export type ScreenKey =
  | 'articles'
  | 'terms'
  | 'talks'
  | 'albums'
  | 'bangumi'
  | 'resources'
  | 'banners'
  | 'profile'
  // Issue 20: the music library, the audit log, backups.
  | 'music'
  | 'audit'
  | 'backups';

type MenuGroup = '内容' | '站点' | '互动' | '系统';

type MenuEntry = { key: ScreenKey; label: string; href: string; icon: LucideIcon; group: MenuGroup };

export const MENU: readonly MenuEntry[] = [
  { key: 'articles', label: '文章', href: '/admin/articles', icon: FileText, group: '内容' },
  { key: 'terms', label: '分类与标签', href: '/admin/terms', icon: Tags, group: '内容' },
  { key: 'talks', label: '说说', href: '/admin/talks', icon: MessageSquareText, group: '内容' },
  { key: 'albums', label: '相册', href: '/admin/albums', icon: Images, group: '内容' },
  { key: 'bangumi', label: '追番', href: '/admin/bangumi', icon: Tv, group: '内容' },
  { key: 'resources', label: '资源与网站', href: '/admin/resources', icon: Library, group: '内容' },
  { key: 'banners', label: '页面横幅', href: '/admin/banners', icon: Flag, group: '站点' },
  { key: 'profile', label: '站点资料', href: '/admin/profile', icon: IdCard, group: '站点' },
  // Issue 20: the music library, the audit log, backups.
  { key: 'music', label: '音乐库', href: '/admin/music', icon: Music, group: '系统' },
  { key: 'audit', label: '审计日志', href: '/admin/audit', icon: History, group: '系统' },
  { key: 'backups', label: '备份', href: '/admin/backups', icon: DatabaseBackup, group: '系统' },
];

/** The menu by group, groups in this order, empty groups left out. */
export function menuGroups(): { group: MenuGroup; entries: MenuEntry[] }[] {
  const order: MenuGroup[] = ['内容', '站点', '互动', '系统'];
  return order
    .map((group) => ({ group, entries: MENU.filter((e) => e.group === group) }))
    .filter((g) => g.entries.length > 0);
}
