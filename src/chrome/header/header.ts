import { navigate } from 'astro:transitions/client';
import { paneFocusReturn } from '../../islands/shared/focus-return.ts';
import { lazyRoot } from '../../islands/shared/lazy-root.ts';
import { badgeText } from '../../lib/badge.ts';
import { $, fromTemplate } from '../../lib/dom.ts';
import { headerState } from '../../lib/header-scroll.ts';
import { isActive } from '../../lib/nav.ts';
import { throttle } from '../../lib/throttle.ts';
import { onModal } from '../../stores/modal.ts';
import { $unread, closeNotify, openNotify, refreshUnread } from '../../stores/notify.ts';
import { closeSearch, openSearch } from '../../stores/search.ts';
import { $token, $userInfo, clearSession, endServerSession, type UserInfo } from '../../stores/session.ts';
import { toast } from '../../stores/toast.ts';
import { openLogin, setTheme } from '../../stores/ui.ts';

/**
 * The behaviour of SiteHeader.astro (beside it) (SPEC §2), in plain DOM code so the header costs
 * no React on first load. The header is persisted across client-router navigation, so this runs
 * once per document and follows the route through astro:page-load.
 */

const MINUTE = 60_000;
const here = () => location.pathname.replace(/\/$/, '') || '/';

/** SPEC §2/§4: logout clears the user, leaves /userCenter for /home and says 退出成功. */
export function logout(): void {
  endServerSession();
  clearSession();
  toast('退出成功', 'success', '提示');
  if (here() === '/userCenter') void navigate('/home');
}

/** A popup menu: its button toggles it; a press outside or Escape closes it. */
function menu(root: HTMLElement, onEscape = true) {
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

/** The unread badge (SPEC §9: up to 9+) inside `host`, from the markup's template; none when all is read. */
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

function init(root: HTMLElement) {
  const header = $(root, '#site-header');
  const drawer = $(root, '[data-drawer]');
  const backdrop = $(root, '[data-drawer-backdrop]');
  const drawerButton = $<HTMLButtonElement>(root, '[data-drawer-open]');
  const back = $<HTMLButtonElement>(root, '[data-back]');
  const themeButton = $<HTMLButtonElement>(root, '[data-theme-toggle]');
  const todo = $(root, '[data-todo]');
  const todoButton = $(todo, 'button');
  const bell = $<HTMLButtonElement>(root, '[data-notify-bell]');
  const loginEntry = $<HTMLButtonElement>(root, '[data-login-entry]');
  const userMenu = $(root, '[data-user-menu]');
  const badgeTemplate = $<HTMLTemplateElement>(root, '[data-badge-template]');

  // Hide on scroll down past 50 px, show on scroll up, transparent at the top.
  let prevY = 0;
  const onScroll = throttle(() => {
    const y = window.scrollY;
    const next = headerState(prevY, y);
    prevY = y;
    header.dataset.atTop = String(next.atTop);
    header.dataset.hidden = String(next.hidden);
  }, 5);
  onScroll();
  window.addEventListener('scroll', onScroll, { passive: true });

  // The mobile drawer. Closing it gives focus back to what opened it (focus inside goes with it).
  const drawerFocus = paneFocusReturn(() => drawer);
  const setDrawer = (open: boolean) => {
    if (open) drawerFocus(true);
    else queueMicrotask(() => drawerFocus(false));
    backdrop.toggleAttribute('data-open', open);
    drawer.setAttribute('aria-hidden', String(!open));
    drawer.inert = !open;
    drawerButton.setAttribute('aria-expanded', String(open));
  };
  drawerButton.addEventListener('click', () => setDrawer(true));
  backdrop.addEventListener('click', () => setDrawer(false));
  root.querySelector('[data-drawer-close]')?.addEventListener('click', () => setDrawer(false));
  drawer.addEventListener(
    'click',
    (e) => (e.target as Element).closest('a, [data-open-notify], [data-logout]') && setDrawer(false),
  );
  document.addEventListener('keydown', (e) => e.key === 'Escape' && setDrawer(false));
  back.addEventListener('click', () => history.back());

  const setMore = menu($(root, '[data-more]'));
  const setUserMenu = menu(userMenu, false);

  // The active entry follows the route.
  const onPage = () => {
    const path = here();
    for (const a of root.querySelectorAll<HTMLAnchorElement>('a[data-nav]')) {
      if (isActive(a.getAttribute('href') ?? '', path)) a.setAttribute('aria-current', 'page');
      else a.removeAttribute('aria-current');
    }
    back.hidden = path !== '/home';
    setDrawer(false);
    setMore(false);
  };
  document.addEventListener('astro:page-load', onPage);
  onPage();

  // Theme: the bootstrap applied the saved choice (or the hour's); the button switches it.
  const showTheme = () => {
    const dark = document.documentElement.dataset.theme === 'dark';
    themeButton.setAttribute('aria-label', dark ? '切换到浅色模式' : '切换到深色模式');
  };
  themeButton.addEventListener('click', () => {
    setTheme(document.documentElement.dataset.theme === 'dark' ? 'light' : 'dark');
    showTheme();
  });
  document.addEventListener('astro:after-swap', showTheme);
  showTheme();

  // Search: the button and Ctrl/⌘+K; the dialog's code loads the first time it opens.
  root.querySelector('[data-search-open]')?.addEventListener('click', openSearch);
  document.addEventListener('keydown', (e) => {
    if ((e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === 'k') {
      e.preventDefault();
      openSearch();
    }
  });
  const search = lazyRoot(
    $(root, '[data-search-host]'),
    () => import('../../islands/search/SearchDialog.tsx'),
  );
  onModal('search', (open) => search(open ? { onClose: closeSearch } : null));

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
  loginEntry.addEventListener('click', openLogin);
  for (const b of root.querySelectorAll('[data-logout]')) b.addEventListener('click', logout);
  const drawerAvatar = $<HTMLButtonElement>(drawer, '[data-avatar]');
  drawerAvatar.addEventListener('click', () => {
    setDrawer(false);
    if ($userInfo.get()) void navigate('/userCenter');
    else openLogin();
  });
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

  header.dataset.hydrated = '';
}

const root = document.getElementById('site-header')?.parentElement;
if (root) init(root);
