import { navigate } from 'astro:transitions/client';
import { $, fromTemplate } from '../../browser/dom.ts';
import { paneFocusReturn } from '../../browser/focus-return.ts';
import { lazyRoot } from '../../browser/lazy-root.ts';
import { badgeText } from '../../lib/badge.ts';
import { onModal } from '../../stores/modal.ts';
import { $unread, closeNotify, openNotify, refreshUnread } from '../../stores/notify.ts';
import { $token, $userInfo, clearSession, endServerSession, type UserInfo } from '../../stores/session.ts';
import { toast } from '../../stores/toast.ts';
import { menu } from './menu.ts';

/**
 * The signed-in parts of the header (SiteHeader.astro, header.ts): the avatar and its menu, 我的消息 (the bell,
 * its badge, the unread count kept in step), the to-do pane and logout, in both the bar and the drawer.
 * header.ts loads this the first time someone is signed in (at once for a signed-in visitor, or at a
 * login): a reader's server HTML is already the guest's header
 * (docs/decisions/0010-islands-on-interaction.md). From then on it follows the session both ways (a logout
 * shows the guest's parts again).
 */

const MINUTE = 60_000;

/** Logout clears the user, leaves /userCenter for /home and says 退出成功. */
function logout(): void {
  endServerSession();
  clearSession();
  toast('退出成功', 'success', '提示');
  if ((location.pathname.replace(/\/$/, '') || '/') === '/userCenter') void navigate('/home');
}

/** The unread badge (up to 9+) inside `host`, from the markup's template; none when all is read. */
function badge(host: Element, template: HTMLTemplateElement, unread: number) {
  const text = badgeText(unread);
  let el = host.querySelector<HTMLElement>('[data-unread-badge]');
  if (!text) return el?.remove();
  if (!el) {
    el = fromTemplate(template, false);
    host.append(el);
  }
  el.textContent = text;
}

export function initUser(root: HTMLElement): void {
  const drawer = $(root, '[data-drawer]');
  const todo = $(root, '[data-todo]');
  const todoButton = $(todo, 'button');
  const bell = $<HTMLButtonElement>(root, '[data-notify-bell]');
  const loginEntry = $<HTMLButtonElement>(root, '[data-login-entry]');
  const userMenu = $(root, '[data-user-menu]');
  const badgeTemplate = $<HTMLTemplateElement>(root, '[data-badge-template]');
  const setUserMenu = menu(userMenu, false);

  // 我的消息: the bell, the menu entries, the drawer (loaded when first opened).
  bell.addEventListener('click', openNotify);
  for (const b of root.querySelectorAll('[data-open-notify]')) b.addEventListener('click', openNotify);
  const notify = lazyRoot(
    $(root, '[data-notify-host]'),
    () => import('../../islands/notify/NotifyDrawer.tsx'),
  );
  onModal('notify', (open) => notify(open ? { onClose: closeNotify } : null));
  $unread.subscribe((unread) => {
    bell.setAttribute('aria-label', unread ? `我的消息（${unread} 条未读）` : '我的消息');
    badge(bell, badgeTemplate, unread);
    badge($(drawer, '[data-open-notify]'), badgeTemplate, unread);
  });
  // The unread count stays in step: sign-in, every page, coming back to the tab, once a minute.
  let stopPolling = () => {};
  $token.subscribe((token) => {
    stopPolling();
    stopPolling = () => {};
    void refreshUnread();
    if (!token) {
      closeNotify();
      return;
    }
    const onVisible = () => document.visibilityState === 'visible' && void refreshUnread();
    const onNav = () => void refreshUnread();
    const timer = setInterval(onVisible, MINUTE);
    document.addEventListener('astro:page-load', onNav);
    document.addEventListener('visibilitychange', onVisible);
    stopPolling = () => {
      clearInterval(timer);
      document.removeEventListener('astro:page-load', onNav);
      document.removeEventListener('visibilitychange', onVisible);
    };
  });

  // The to-do pane (signed-in users), loaded the first time it opens; a fresh pane on every open.
  const todoPane = lazyRoot($(todo, '[data-todo-pane]'), () => import('../../islands/todo/TodoPane.tsx'));
  const todoOpen = () => todoButton.getAttribute('aria-expanded') === 'true';
  const todoFocus = paneFocusReturn(() => todo);
  const setTodo = (open: boolean) => {
    todoFocus(open);
    todoButton.setAttribute('aria-expanded', String(open));
    todoPane(open ? { onClose: () => setTodo(false) } : null);
  };
  todoButton.addEventListener('click', () => setTodo(!todoOpen()));
  document.addEventListener(
    'pointerdown',
    (e) => todoOpen() && !todo.contains(e.target as Node) && setTodo(false),
  );
  document.addEventListener('keydown', (e) => todoOpen() && e.key === 'Escape' && setTodo(false));

  // The user area: the login entry, or the avatar with its menu; the same in the drawer.
  for (const b of root.querySelectorAll('[data-logout]')) b.addEventListener('click', logout);
  const drawerAvatar = $<HTMLButtonElement>(drawer, '[data-avatar]');
  let shownUser: number | undefined;
  const showUser = (user: UserInfo | null) => {
    loginEntry.hidden = Boolean(user);
    userMenu.hidden = !user;
    todo.hidden = !user;
    bell.hidden = !user;
    for (const el of drawer.querySelectorAll<HTMLElement>('[data-open-notify], [data-logout]'))
      el.hidden = !user;
    for (const button of root.querySelectorAll<HTMLElement>('[data-avatar]')) {
      const img = $(button, 'img');
      const icon = $(button, 'svg');
      const src = user?.avatar ?? '';
      if (src && img.getAttribute('src') !== src) img.src = src;
      img.hidden = !src;
      icon.style.display = src ? 'none' : '';
    }
    userMenu.querySelector('[data-avatar]')?.setAttribute('aria-label', `${user?.nick_name ?? ''} 的菜单`);
    drawerAvatar.setAttribute('aria-label', user ? '个人中心' : '登录');
    $(drawerAvatar, '[data-nick]').textContent = user ? user.nick_name : '未登录';
    // Signing out closes the menus; another user starts from a fresh to-do pane.
    if (user?.id !== shownUser) {
      setUserMenu(false);
      setTodo(false);
    }
    shownUser = user?.id;
  };
  $userInfo.subscribe(showUser);
}
