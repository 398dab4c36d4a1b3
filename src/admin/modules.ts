import account from './features/account/index.ts';
import albums from './features/albums/index.ts';
import articles from './features/articles/index.ts';
import audit from './features/audit/index.ts';
import backups from './features/backups/index.ts';
import bangumi from './features/bangumi/index.ts';
import banners from './features/banners/index.ts';
import chat from './features/chat/index.ts';
import comments from './features/comments/index.ts';
import dashboard from './features/dashboard/index.ts';
import importExport from './features/import/index.ts';
import links from './features/links/index.ts';
import mail from './features/mail/index.ts';
import media from './features/media/index.ts';
import music from './features/music/index.ts';
import profile from './features/profile/index.ts';
import resources from './features/resources/index.ts';
import talks from './features/talks/index.ts';
import terms from './features/terms/index.ts';
import users from './features/users/index.ts';
import type { ConsoleModule } from './module.ts';

/** Every console feature, in menu order (within its group): adding one here is all its menu and route need. */
export const MODULES: readonly ConsoleModule[] = [
  dashboard,
  articles,
  terms,
  talks,
  albums,
  media,
  bangumi,
  resources,
  banners,
  profile,
  comments,
  links,
  users,
  chat,
  music,
  audit,
  mail,
  backups,
  importExport,
  account,
];

/** What a console address shows: a feature and, below its path, one of its pages. */
type ConsolePage = { module: ConsoleModule; sub?: string; title: string };

/** The page of an /admin address (trailing slashes ignored, as the site does), or null: a 404. */
export function resolveConsolePage(pathname: string): ConsolePage | null {
  const path = pathname.replace(/\/+$/, '') || '/';
  for (const module of MODULES) {
    if (path === module.path) return { module, title: module.menu.label };
    const rest = path.startsWith(`${module.path}/`) ? path.slice(module.path.length + 1) : null;
    const sub = rest === null ? undefined : module.pages?.[rest];
    if (rest !== null && sub) return { module, sub: rest, title: sub.title };
  }
  return null;
}
