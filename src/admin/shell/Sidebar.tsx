import { useStore } from '@nanostores/react';
import { ChevronDown, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useEffect, useRef, useState } from 'react';
import { menuGroups } from '../menu.ts';
import type { MenuBadge } from '../module.ts';
import { $drawerOpen } from '../stores.ts';
import styles from './console.module.css';

/** Where the folded groups are remembered, across visits (this browser only). */
const FOLDED_KEY = 'console.menu.folded';

function readFolded(): Set<string> {
  try {
    const saved: unknown = JSON.parse(localStorage.getItem(FOLDED_KEY) ?? '[]');
    return new Set(Array.isArray(saved) ? saved.filter((g) => typeof g === 'string') : []);
  } catch {
    return new Set();
  }
}

/**
 * The menu: one link per screen, grouped; the current one is marked for screen readers too. A group
 * folds under its title (remembered in localStorage); the current entry's group stays open, and the
 * entry is scrolled into the menu's view, so a screen low in a long menu is never off screen.
 */
export function Sidebar({ active }: { active: string }) {
  const [folded, setFolded] = useState(readFolded);
  const current = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    // Centred, so the entries around it show too; the window itself has nothing to scroll for it.
    current.current?.scrollIntoView({ block: 'center' });
  }, []);
  const fold = (group: string) =>
    setFolded((f) => {
      const next = new Set(f);
      if (!next.delete(group)) next.add(group);
      try {
        localStorage.setItem(FOLDED_KEY, JSON.stringify([...next]));
      } catch {
        /* private mode: folding still works for this page */
      }
      return next;
    });
  return (
    <nav className={styles.nav} aria-label="管理菜单">
      <a className={styles.brand} href="/admin">
        管理后台
      </a>
      {menuGroups().map(({ group, entries }) => {
        const here = entries.some((e) => e.key === active);
        const open = here || !folded.has(group);
        const id = `menu-group-${group}`;
        return (
          <div key={group} className={styles.group}>
            <button
              type="button"
              className={styles.groupTitle}
              aria-expanded={open}
              aria-controls={id}
              disabled={here}
              title={here ? '当前页面所在的分组' : undefined}
              onClick={() => fold(group)}
            >
              {group}
              <ChevronDown size={14} aria-hidden className={open ? '' : styles.foldedIcon} />
            </button>
            <ul id={id} hidden={!open}>
              {entries.map(({ key, label, href, icon: Icon, badge }) => (
                <li key={key}>
                  <a
                    ref={key === active ? current : undefined}
                    href={href}
                    className={`${styles.entry} ${key === active ? styles.current : ''}`}
                    aria-current={key === active ? 'page' : undefined}
                  >
                    <Icon size={18} aria-hidden />
                    {label}
                    {badge && <Badge badge={badge} />}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        );
      })}
    </nav>
  );
}

/** A menu entry's figure, hidden at 0; its label says what it counts (the number alone would not). */
function Badge({ badge }: { badge: MenuBadge }) {
  const n = useStore(badge.store);
  if (!n) return null;
  return (
    <span className={styles.badge} title={badge.label(n)}>
      <span aria-hidden>{n > 99 ? '99+' : n}</span>
      <span className={styles.hidden}>（{badge.label(n)}）</span>
    </span>
  );
}

/** The same menu as a drawer from the left, on narrow screens (the top bar's menu button opens it). */
export function Drawer({ active }: { active: string }) {
  const open = useStore($drawerOpen);
  return (
    <Dialog.Root open={open} onOpenChange={(o) => $drawerOpen.set(o)}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.drawer} aria-describedby={undefined}>
          <Dialog.Title className={styles.hidden}>管理菜单</Dialog.Title>
          <Dialog.Close className={`${styles.icon} ${styles.drawerClose}`} aria-label="关闭菜单">
            <X size={20} aria-hidden />
          </Dialog.Close>
          <Sidebar active={active} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
