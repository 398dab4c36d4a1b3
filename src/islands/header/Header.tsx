import { useStore } from '@nanostores/react';
import { ArrowLeft, ChevronDown, Menu, Moon, Sun, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { headerState } from '../../lib/header-scroll.ts';
import { DRAWER_NAV, isActive, MAIN_NAV, MORE_NAV } from '../../lib/nav.ts';
import { throttle } from '../../lib/throttle.ts';
import { $staticData, setTheme } from '../../stores/ui.ts';
import { NotifyBell, NotifyHost } from '../notify/NotifyBell.tsx';
import { SearchButton, SearchHost } from '../search/SearchButton.tsx';
import { TodoButton } from '../todo/TodoButton.tsx';
import styles from './header.module.css';
import { UserArea } from './UserArea.tsx';

type Props = { blogName: string; path: string };

/** The site header (SPEC §2): menu, More submenu, user area, the 60% drawer on mobile, hide on scroll. */
export default function Header({ blogName, path: initialPath }: Props) {
  const [path, setPath] = useState(initialPath);
  const [atTop, setAtTop] = useState(true);
  const [hidden, setHidden] = useState(false);
  const [moreOpen, setMoreOpen] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const staticData = useStore($staticData);
  const prevY = useRef(0);
  const moreRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const onPage = () => {
      setPath(location.pathname);
      setDrawerOpen(false);
      setMoreOpen(false);
    };
    document.addEventListener('astro:page-load', onPage);
    const onScroll = throttle(() => {
      const y = window.scrollY;
      const next = headerState(prevY.current, y);
      prevY.current = y;
      setAtTop(next.atTop);
      setHidden(next.hidden);
    }, 5);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      document.removeEventListener('astro:page-load', onPage);
      window.removeEventListener('scroll', onScroll);
    };
  }, []);

  useEffect(() => {
    if (!moreOpen) return;
    const close = (e: Event) => {
      if (!moreRef.current?.contains(e.target as Node)) setMoreOpen(false);
    };
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setMoreOpen(false);
    document.addEventListener('pointerdown', close);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', close);
      document.removeEventListener('keydown', onKey);
    };
  }, [moreOpen]);

  useEffect(() => {
    if (!drawerOpen) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setDrawerOpen(false);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [drawerOpen]);

  // With no saved choice the bootstrap picked the theme by the hour: read what the page shows.
  const [applied, setApplied] = useState<string | undefined>(undefined);
  useEffect(() => setApplied(document.documentElement.dataset.theme ?? 'light'), []);
  // Until mounted, render what the server rendered (no theme known) so hydration matches.
  const dark = applied !== undefined && (staticData.theme ?? applied) === 'dark';
  const className = [styles.header, atTop ? styles.atTop : '', hidden ? styles.hidden : ''].join(' ');

  return (
    <>
      <header
        className={className}
        data-at-top={atTop}
        data-hidden={hidden}
        data-hydrated={applied !== undefined || undefined}
        id="site-header"
      >
        <div className={styles.inner}>
          <button
            type="button"
            className={`icon-btn ${styles.mobileOnly}`}
            aria-label="打开菜单"
            aria-expanded={drawerOpen}
            onClick={() => setDrawerOpen(true)}
          >
            <Menu size={22} />
          </button>
          {path === '/home' && (
            <button
              type="button"
              className="icon-btn only-mobile"
              aria-label="返回"
              onClick={() => history.back()}
            >
              <ArrowLeft size={20} />
            </button>
          )}
          <a className={styles.brand} href="/home">
            {blogName}
          </a>
          <nav className={styles.menu} aria-label="主菜单">
            {MAIN_NAV.map((item) => (
              <a
                key={item.href}
                href={item.href}
                className={isActive(item.href, path) ? styles.active : undefined}
                aria-current={isActive(item.href, path) ? 'page' : undefined}
              >
                {item.label}
              </a>
            ))}
            <div className={styles.more} ref={moreRef}>
              <button
                type="button"
                aria-haspopup="menu"
                aria-expanded={moreOpen}
                onClick={() => setMoreOpen((v) => !v)}
              >
                更多 <ChevronDown size={14} />
              </button>
              {moreOpen && (
                <div className={styles.submenu} role="menu">
                  {MORE_NAV.map((item) => (
                    <a key={item.href} href={item.href} role="menuitem" onClick={() => setMoreOpen(false)}>
                      {item.label}
                    </a>
                  ))}
                </div>
              )}
            </div>
          </nav>
          <div className={styles.actions}>
            <SearchButton />
            <button
              type="button"
              className="icon-btn"
              aria-label={dark ? '切换到浅色模式' : '切换到深色模式'}
              data-theme-toggle
              onClick={() => setTheme(dark ? 'light' : 'dark')}
            >
              {dark ? <Sun size={20} /> : <Moon size={20} />}
            </button>
            <TodoButton />
            <NotifyBell />
            <UserArea path={path} variant="header" />
          </div>
        </div>
      </header>
      <div
        className={`${styles.backdrop} ${drawerOpen ? styles.open : ''}`}
        onClick={() => setDrawerOpen(false)}
        aria-hidden="true"
      />
      <aside
        className={`${styles.drawer} ${drawerOpen ? styles.open : ''}`}
        aria-label="菜单"
        aria-hidden={!drawerOpen}
        inert={!drawerOpen}
        data-drawer
      >
        <div className={styles.drawerHead}>
          <UserArea path={path} variant="drawer" onNavigate={() => setDrawerOpen(false)} />
          <button
            type="button"
            className="icon-btn"
            aria-label="关闭菜单"
            onClick={() => setDrawerOpen(false)}
          >
            <X size={20} />
          </button>
        </div>
        <nav aria-label="移动端菜单">
          {DRAWER_NAV.map((item) => (
            <a
              key={item.href}
              href={item.href}
              className={isActive(item.href, path) ? styles.active : undefined}
              onClick={() => setDrawerOpen(false)}
            >
              {item.label}
            </a>
          ))}
        </nav>
      </aside>
      <SearchHost />
      <NotifyHost />
    </>
  );
}
