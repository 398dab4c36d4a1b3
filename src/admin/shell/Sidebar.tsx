import { useStore } from '@nanostores/react';
import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { menuGroups } from '../menu.ts';
import type { MenuBadge } from '../module.ts';
import { $drawerOpen } from '../stores.ts';
import styles from './console.module.css';

/** The menu: one link per screen, grouped; the current one is marked for screen readers too. */
export function Sidebar({ active }: { active: string }) {
  return (
    <nav className={styles.nav} aria-label="管理菜单">
      <a className={styles.brand} href="/admin">
        管理后台
      </a>
      {menuGroups().map(({ group, entries }) => (
        <div key={group} className={styles.group}>
          <p className={styles.groupTitle}>{group}</p>
          <ul>
            {entries.map(({ key, label, href, icon: Icon, badge }) => (
              <li key={key}>
                <a
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
      ))}
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
