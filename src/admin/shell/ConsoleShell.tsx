// For its side effect: it wires the API client to the session (401) and the toasts
// (docs/product.md#failed-calls).
import '../../stores/api.ts';
import { useStore } from '@nanostores/react';
import { ExternalLink, Menu, Moon, Sun } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { type ReactNode, useEffect } from 'react';
import LoginDialog from '../../islands/login/LoginDialog.tsx';
import { $userInfo, clearSession, endServerSession } from '../../stores/session.ts';
import { $staticData, openLogin, setTheme } from '../../stores/ui.ts';
import ConsoleToaster from '../kit/ConsoleToaster.tsx';
import menu from '../kit/row-menu.module.css';
import { $drawerOpen, refreshReviewCounts } from '../stores.ts';
import styles from './console.module.css';
import { Drawer, Sidebar } from './Sidebar.tsx';
import { useAdminGate } from './use-admin-gate.ts';

/** `active`: the key of the module whose menu entry is marked as current. */
type Props = { active: string; title: string; children: ReactNode };

/** The console around one screen: the gate, then the sidebar (a drawer on phones) and the top bar. */
export default function ConsoleShell({ active, title, children }: Props) {
  // Nothing of the screen mounts before the gate says admin: its reads would only be refused.
  const gate = useAdminGate();
  // The menu's badge: once the admin is in, and again whenever the tab comes back into view.
  useEffect(() => {
    if (gate !== 'admin') return;
    void refreshReviewCounts();
    const again = () => document.visibilityState === 'visible' && void refreshReviewCounts();
    document.addEventListener('visibilitychange', again);
    return () => document.removeEventListener('visibilitychange', again);
  }, [gate]);
  return (
    <>
      {gate === 'admin' ? (
        <div className={styles.console}>
          <div className={styles.side}>
            <Sidebar active={active} />
          </div>
          <Drawer active={active} />
          <div className={styles.body}>
            <TopBar title={title} />
            <main id="main" className={styles.main}>
              {children}
            </main>
          </div>
        </div>
      ) : (
        <Barrier gate={gate} />
      )}
      <LoginDialog />
      <ConsoleToaster />
    </>
  );
}

/** What anyone but the signed-in admin sees. */
function Barrier({ gate }: { gate: 'checking' | 'guest' | 'forbidden' }) {
  // Ends the session on the server as well as here; the gate then sees a guest and opens the login dialog.
  const switchAccount = () => {
    endServerSession();
    clearSession();
  };
  return (
    <main id="main" className={styles.barrier} data-gate={gate}>
      {gate === 'checking' && <p className={styles.muted}>正在验证身份…</p>}
      {gate === 'guest' && (
        <>
          <h1>管理后台</h1>
          <p className={styles.muted}>请先以博主账号登录。</p>
          <button type="button" className={styles.primary} onClick={openLogin}>
            登录
          </button>
        </>
      )}
      {gate === 'forbidden' && (
        <>
          <p className={styles.code}>403</p>
          <h1>权限不足</h1>
          <p className={styles.muted}>只有博主可以进入管理后台。</p>
          <div className={styles.row}>
            <a className={styles.primary} href="/home">
              返回首页
            </a>
            <button type="button" className={styles.ghost} onClick={switchAccount}>
              切换账号
            </button>
          </div>
        </>
      )}
    </main>
  );
}

// Until the store knows a theme, the page's own (data-theme on <html>, set before the first paint).
function TopBar({ title }: { title: string }) {
  const user = useStore($userInfo);
  const theme = useStore($staticData).theme ?? document.documentElement.dataset.theme;
  const dark = theme === 'dark';
  const logout = () => {
    endServerSession();
    clearSession();
  };
  return (
    <header className={styles.top}>
      <button
        type="button"
        className={`${styles.icon} ${styles.menuButton}`}
        aria-label="打开菜单"
        onClick={() => $drawerOpen.set(true)}
      >
        <Menu size={20} aria-hidden />
      </button>
      <h1 className={styles.title}>{title}</h1>
      <a className={styles.link} href="/home" target="_blank" rel="noopener" aria-label="查看网站">
        <ExternalLink size={16} aria-hidden />
        <span>查看网站</span>
      </a>
      <button
        type="button"
        className={styles.icon}
        aria-label={dark ? '切换到浅色模式' : '切换到深色模式'}
        onClick={() => setTheme(dark ? 'light' : 'dark')}
      >
        {dark ? <Sun size={18} aria-hidden /> : <Moon size={18} aria-hidden />}
      </button>
      <DropdownMenu.Root>
        <DropdownMenu.Trigger className={styles.user} aria-label={`账号：${user?.nick_name ?? ''}`}>
          {user?.avatar && <img src={user.avatar} alt="" width={28} height={28} />}
          <span>{user?.nick_name}</span>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content className={menu.menu} align="end" sideOffset={6}>
            <DropdownMenu.Item className={menu.item} asChild>
              <a href="/userCenter">个人中心</a>
            </DropdownMenu.Item>
            <DropdownMenu.Item className={menu.item} onSelect={logout}>
              退出登录
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
    </header>
  );
}
