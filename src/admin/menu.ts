import {
  DatabaseBackup,
  FileText,
  Flag,
  Gauge,
  History,
  IdCard,
  Images,
  KeyRound,
  Library,
  Link2,
  type LucideIcon,
  MessageCircleReply,
  MessageSquareText,
  MessagesSquare,
  Music,
  Tags,
  Tv,
  UsersRound,
} from 'lucide-react';

/**
 * The console's menu, one row per screen that exists: a new screen adds its row here together with its
 * page under src/pages/admin/ (an entry without a screen would be a dead link).
 */
export type ScreenKey =
  | 'dashboard'
  | 'articles'
  | 'terms'
  | 'talks'
  | 'albums'
  | 'bangumi'
  | 'resources'
  | 'banners'
  | 'profile'
  | 'comments'
  | 'links'
  | 'users'
  | 'chat'
  | 'music'
  | 'audit'
  | 'backups'
  | 'account';

type MenuGroup = '总览' | '内容' | '站点' | '互动' | '系统';

type MenuEntry = { key: ScreenKey; label: string; href: string; icon: LucideIcon; group: MenuGroup };

export const MENU: readonly MenuEntry[] = [
  { key: 'dashboard', label: '概览', href: '/admin', icon: Gauge, group: '总览' },
  { key: 'articles', label: '文章', href: '/admin/articles', icon: FileText, group: '内容' },
  { key: 'terms', label: '分类与标签', href: '/admin/terms', icon: Tags, group: '内容' },
  { key: 'talks', label: '说说', href: '/admin/talks', icon: MessageSquareText, group: '内容' },
  { key: 'albums', label: '相册', href: '/admin/albums', icon: Images, group: '内容' },
  { key: 'bangumi', label: '追番', href: '/admin/bangumi', icon: Tv, group: '内容' },
  { key: 'resources', label: '资源与网站', href: '/admin/resources', icon: Library, group: '内容' },
  { key: 'banners', label: '页面横幅', href: '/admin/banners', icon: Flag, group: '站点' },
  { key: 'profile', label: '站点资料', href: '/admin/profile', icon: IdCard, group: '站点' },
  { key: 'comments', label: '评论与留言', href: '/admin/comments', icon: MessageCircleReply, group: '互动' },
  { key: 'links', label: '友链', href: '/admin/links', icon: Link2, group: '互动' },
  { key: 'users', label: '用户', href: '/admin/users', icon: UsersRound, group: '互动' },
  { key: 'chat', label: '聊天室', href: '/admin/chat', icon: MessagesSquare, group: '互动' },
  { key: 'music', label: '音乐库', href: '/admin/music', icon: Music, group: '系统' },
  { key: 'audit', label: '审计日志', href: '/admin/audit', icon: History, group: '系统' },
  { key: 'backups', label: '备份', href: '/admin/backups', icon: DatabaseBackup, group: '系统' },
  { key: 'account', label: '账号与安全', href: '/admin/account', icon: KeyRound, group: '系统' },
];

/** The menu by group, groups in this order, empty groups left out. */
export function menuGroups(): { group: MenuGroup; entries: MenuEntry[] }[] {
  const order: MenuGroup[] = ['总览', '内容', '站点', '互动', '系统'];
  return order
    .map((group) => ({ group, entries: MENU.filter((e) => e.group === group) }))
    .filter((g) => g.entries.length > 0);
}
