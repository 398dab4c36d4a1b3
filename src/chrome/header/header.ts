import { navigate } from 'astro:transitions/client';
import { $ } from '../../browser/dom.ts';
import { paneFocusReturn } from '../../browser/focus-return.ts';
import { lazyRoot } from '../../browser/lazy-root.ts';
import { headerState } from '../../lib/header-scroll.ts';
import { isActive } from '../../lib/nav.ts';
import { throttle } from '../../lib/throttle.ts';
import { onModal } from '../../stores/modal.ts';
import { closeSearch, openSearch } from '../../stores/search.ts';
import { $userInfo } from '../../stores/session.ts';
import { openLogin, setTheme } from '../../stores/ui.ts';
import { menu } from './menu.ts';

/**
 * The behaviour of SiteHeader.astro (beside it) (docs/product.md#header-and-footer), in plain DOM code so
 * the header costs no React on first load. The header is persisted across client-router navigation, so this
 * runs once per document and follows the route through astro:page-load. The signed-in parts are
 * header-user.ts, loaded when someone is signed in.
 */

const here = () => location.pathname.replace(/\/$/, '') || '/';

function init(root: HTMLElement) {
  const header = $(root, '#site-header');
  const drawer = $(root, '[data-drawer]');
  const backdrop = $(root, '[data-drawer-backdrop]');
  const drawerButton = $<HTMLButtonElement>(root, '[data-drawer-open]');
  const back = $<HTMLButtonElement>(root, '[data-back]');
  const themeButton = $<HTMLButtonElement>(root, '[data-theme-toggle]');
  const loginEntry = $<HTMLButtonElement>(root, '[data-login-entry]');

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

  // The user area: the login entry, or the avatar (the drawer's opens 个人中心 or the login).
  loginEntry.addEventListener('click', openLogin);
  const drawerAvatar = $<HTMLButtonElement>(drawer, '[data-avatar]');
  drawerAvatar.addEventListener('click', () => {
    setDrawer(false);
    if ($userInfo.get()) void navigate('/userCenter');
    else openLogin();
  });
  // The server HTML is a guest's header: the signed-in parts (avatar menu, 我的消息, to-do pane,
  // logout) and their code load when someone is signed in (at once, or at a login), not for a reader.
  let signedIn: Promise<void> | undefined;
  $userInfo.subscribe((user) => {
    signedIn ??= user ? import('./header-user.ts').then(({ initUser }) => initUser(root)) : undefined;
  });
  void (signedIn ?? Promise.resolve()).then(() => {
    header.dataset.hydrated = '';
  });
}

const root = document.getElementById('site-header')?.parentElement;
if (root) init(root);
