import { navigate } from 'astro:transitions/client';
import { useStore } from '@nanostores/react';
import { LogOut, User, UserRound } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { $userInfo, clearSession, endServerSession } from '../../stores/session.ts';
import { toast } from '../../stores/toast.ts';
import { openLogin } from '../../stores/ui.ts';
import styles from './header.module.css';

type Props = { path: string; variant: 'header' | 'drawer'; onNavigate?: () => void };

/**
 * SPEC §2/§4: logout clears the user, leaves /userCenter for /home and says 退出成功. The server
 * ends the token as well, so a copy of it is worthless afterwards.
 */
export function logout(path: string): void {
  endServerSession();
  clearSession();
  toast('退出成功', 'success', '提示');
  if (path === '/userCenter') void navigate('/home');
}

/** The login entry, or the avatar with its menu (personal center, logout). */
export function UserArea({ path, variant, onNavigate }: Props) {
  const user = useStore($userInfo);
  const [hydrated, setHydrated] = useState(false);
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    if (!open) return;
    const close = (e: Event) => !ref.current?.contains(e.target as Node) && setOpen(false);
    document.addEventListener('pointerdown', close);
    return () => document.removeEventListener('pointerdown', close);
  }, [open]);

  // The server never knows who is signed in (pages are the same for everyone): render the
  // logged-out state until the browser has read its session.
  const signedIn = hydrated && user;
  const avatar =
    signedIn && user.avatar ? (
      <img src={user.avatar} alt="" width={32} height={32} className={styles.avatar} />
    ) : (
      <UserRound size={variant === 'drawer' ? 40 : 22} />
    );

  if (variant === 'drawer') {
    return (
      <div className={styles.drawerUser}>
        <button
          type="button"
          className={styles.drawerAvatar}
          aria-label={signedIn ? '个人中心' : '登录'}
          onClick={() => {
            onNavigate?.();
            if (signedIn) void navigate('/userCenter');
            else openLogin();
          }}
        >
          {avatar}
          <span>{signedIn ? user.nick_name : '未登录'}</span>
        </button>
        {signedIn && (
          <button
            type="button"
            className="btn"
            onClick={() => {
              onNavigate?.();
              logout(path);
            }}
          >
            <LogOut size={16} /> 退出登录
          </button>
        )}
      </div>
    );
  }

  if (!signedIn) {
    return (
      <button type="button" className={`btn ${styles.login}`} onClick={openLogin} data-login-entry>
        <User size={16} /> 登录
      </button>
    );
  }
  return (
    <div className={styles.more} ref={ref} data-user-menu>
      <button
        type="button"
        className={styles.avatarBtn}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={`${user.nick_name} 的菜单`}
        onClick={() => setOpen((v) => !v)}
      >
        {avatar}
      </button>
      {open && (
        <div className={`${styles.submenu} ${styles.right}`} role="menu">
          <a href="/userCenter" role="menuitem" onClick={() => setOpen(false)}>
            个人中心
          </a>
          <button
            type="button"
            role="menuitem"
            onClick={() => {
              setOpen(false);
              logout(path);
            }}
          >
            退出登录
          </button>
        </div>
      )}
    </div>
  );
}
