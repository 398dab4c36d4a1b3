import type { LucideIcon } from 'lucide-react';
import type { ReadableAtom } from 'nanostores';
import type { ComponentType } from 'react';

export type MenuGroup = '总览' | '内容' | '站点' | '互动' | '系统';

/** A figure beside a menu entry (a count waiting for the owner), read from the console's stores. */
export type MenuBadge = { store: ReadableAtom<number>; label: (n: number) => string };

/** A screen's code, imported only when its page opens: each screen stays a chunk of its own. */
type LazyScreen = () => Promise<{ default: ComponentType }>;

/** A page of a feature below its own path (/admin/articles/edit), with no menu entry of its own. */
type SubPage = {
  /** The document's title (`{title} - 管理后台`). */
  title: string;
  /** The top bar's heading when it is not the title; the screen may change it later (setHeading). */
  heading?: () => string;
  screen: LazyScreen;
};

/**
 * One console feature, declared once in its folder (src/admin/features/<name>/index.ts): the menu,
 * the route (src/pages/admin/[...path].astro resolves it) and the screen all come from here.
 */
export type ConsoleModule = {
  /** The menu entry marked as current while one of its pages is open. */
  key: string;
  /** Its page: /admin itself or /admin/<name>. */
  path: string;
  /** Its menu entry; the label is also the page's title and heading. */
  menu: { label: string; icon: LucideIcon; group: MenuGroup; badge?: MenuBadge };
  screen: LazyScreen;
  /** Pages below `path`, by the rest of their path ('edit' is `${path}/edit`). */
  pages?: Record<string, SubPage>;
};

/** Checks a feature's declaration against the type; the value is the module as written. */
export function defineConsoleModule(module: ConsoleModule): ConsoleModule {
  return module;
}
