import { useStore } from '@nanostores/react';
import { Bell } from 'lucide-react';
import { type ComponentType, useEffect, useState } from 'react';
import { badgeText } from '../../lib/badge.ts';
import { $notifyOpen, $unread, openNotify, refreshUnread } from '../../stores/notify.ts';
import { $token, $userInfo } from '../../stores/session.ts';
import styles from './bell.module.css';

/** The unread badge (SPEC §9: up to 9+); nothing when all is read. */
export function UnreadBadge() {
  const text = badgeText(useStore($unread));
  return text ? (
    <span className={styles.badge} data-unread-badge>
      {text}
    </span>
  ) : null;
}

/** The header's bell for signed-in users: opens 我的消息 and carries the unread badge. */
export function NotifyBell() {
  const unread = useStore($unread);
  const user = useStore($userInfo);
  // Pages are the same for everyone: nothing until the browser has read its session.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  if (!hydrated || !user) return null;
  return (
    <button
      type="button"
      className={`icon-btn ${styles.bell}`}
      aria-label={unread ? `我的消息（${unread} 条未读）` : '我的消息'}
      aria-haspopup="dialog"
      onClick={openNotify}
      data-notify-bell
    >
      <Bell size={20} />
      <UnreadBadge />
    </button>
  );
}

const MINUTE = 60_000;

/**
 * Always mounted in the header: keeps the unread count in step (sign-in, every page, coming back to
 * the tab, once a minute) and renders the drawer, whose code loads the first time it opens.
 */
export function NotifyHost() {
  const token = useStore($token);
  const open = useStore($notifyOpen);
  const [Drawer, setDrawer] = useState<ComponentType<{ onClose: () => void }> | null>(null);

  useEffect(() => {
    void refreshUnread();
    if (!token) {
      $notifyOpen.set(false);
      return;
    }
    const onVisible = () => document.visibilityState === 'visible' && void refreshUnread();
    const onPage = () => void refreshUnread();
    const timer = setInterval(onVisible, MINUTE);
    document.addEventListener('astro:page-load', onPage);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearInterval(timer);
      document.removeEventListener('astro:page-load', onPage);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [token]);

  useEffect(() => {
    if (open && !Drawer) import('./NotifyDrawer.tsx').then((m) => setDrawer(() => m.default));
  }, [open, Drawer]);

  return open && Drawer ? <Drawer onClose={() => $notifyOpen.set(false)} /> : null;
}
