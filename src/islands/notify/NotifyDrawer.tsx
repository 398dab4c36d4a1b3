import { navigate } from 'astro:transitions/client';
import { useStore } from '@nanostores/react';
import {
  FileText,
  Link2,
  type LucideIcon,
  MessageSquareText,
  NotebookPen,
  ShieldAlert,
  Trash2,
  X,
} from 'lucide-react';
import { useEffect, useState } from 'react';
import { HttpError } from '../../lib/api/client.ts';
import { adminUrl } from '../../lib/api/config.ts';
import { showHttpError } from '../../lib/api/errors.ts';
import { deleteNotify, markNotifyRead, notifyList } from '../../lib/api/notify.ts';
import type { NotifyItem as Item } from '../../lib/contract/notify.ts';
import { isoDate, timeAgo } from '../../lib/format.ts';
import {
  isHtmlContent,
  markupToText,
  NOTIFY_PAGE_SIZE,
  notifyTarget,
  sanitizeMarkup,
} from '../../lib/notify.ts';
import { ROLE } from '../../lib/role.ts';
import { $unread, setUnread } from '../../stores/notify.ts';
import { $userInfo } from '../../stores/session.ts';
import { toast } from '../../stores/toast.ts';
import { useModalDialog } from '../common/use-modal-dialog.ts';
import styles from './drawer.module.css';

/** Each kind of notification's icon and name (the name is read out; the icon is decoration). */
const KINDS: Record<number, { Icon: LucideIcon; label: string }> = {
  1: { Icon: FileText, label: '文章' },
  2: { Icon: MessageSquareText, label: '说说' },
  3: { Icon: NotebookPen, label: '留言' },
  4: { Icon: Link2, label: '友链' },
  5: { Icon: ShieldAlert, label: '账号安全' },
};
/**
 * The message drawer 我的消息 (docs/product.md#message-drawer): from the left, 40% wide on desktop and 80%
 * otherwise; 10 per page with load-more; opening an unread item marks it read, then goes where its type
 * leads; delete asks 确定删除吗? first. Markup shows only when the §5 HTML check passes (and always sanitized).
 */
export default function NotifyDrawer({ onClose }: { onClose: () => void }) {
  const ref = useModalDialog(onClose);
  const [items, setItems] = useState<Item[]>([]);
  const [total, setTotal] = useState(0);
  const [loaded, setLoaded] = useState(false);
  const [loading, setLoading] = useState(false);
  const unread = useStore($unread);

  // biome-ignore lint/correctness/useExhaustiveDependencies: once per opening (the first page is loaded afresh each time).
  useEffect(() => {
    void load(1);
  }, []);

  async function load(next: number) {
    setLoading(true);
    try {
      const res = await notifyList(next, NOTIFY_PAGE_SIZE);
      // A later page may repeat an item when new ones arrived in between: keep the first copy.
      setItems((list) => {
        const base = next === 1 ? [] : list;
        const seen = new Set(base.map((n) => n.id));
        return [...base, ...res.list.filter((n) => !seen.has(n.id))];
      });
      setTotal(res.total);
      setLoaded(true);
      setUnread(res.unread);
    } catch {
      /* the HTTP client has shown why */
    } finally {
      setLoading(false);
    }
  }

  async function open(item: Item) {
    // A friend-link notice leads an admin to the site's admin_url (the console), read when one is
    // opened; anyone else (an applicant told of the review) to /link/list.
    const forAdmin = $userInfo.get()?.role === ROLE.admin;
    const url = item.type === 4 && forAdmin ? await adminUrl() : '';
    const target = notifyTarget(item.type, item.to_id, url, forAdmin);
    if (item.isView === 1) {
      try {
        await markNotifyRead(item.id);
      } catch {
        return; // the HTTP client has shown why; the item stays unread
      }
      setItems((list) => list.map((n) => (n.id === item.id ? { ...n, isView: 2 } : n)));
      setUnread($unread.get() - 1);
    }
    if (target) {
      onClose();
      await navigate(target.href);
    }
  }

  async function remove(item: Item) {
    if (!window.confirm('确定删除吗?')) return;
    try {
      await deleteNotify(item.id, { quiet: true });
    } catch (err) {
      const status = err instanceof HttpError ? err.status : 0;
      const message = err instanceof Error ? err.message : '';
      // A failed delete shows the server's message titled 错误提示.
      if (status === 401 || status >= 403) showHttpError(status, message);
      else toast(message || '删除失败', 'error', '错误提示');
      return;
    }
    setItems((list) => list.filter((n) => n.id !== item.id));
    setTotal((t) => Math.max(0, t - 1));
    if (item.isView === 1) setUnread($unread.get() - 1);
  }

  const more = items.length < total;
  return (
    <dialog
      ref={ref}
      className={styles.drawer}
      aria-labelledby="notify-title"
      onClick={(e) => e.target === e.currentTarget && onClose()}
      data-notify-drawer
    >
      <div className={styles.panel}>
        <header className={styles.head}>
          <h2 id="notify-title">我的消息</h2>
          {unread > 0 && <span className={styles.count}>{unread} 条未读</span>}
          <button type="button" className="icon-btn" aria-label="关闭" onClick={onClose}>
            <X size={20} />
          </button>
        </header>
        <ul className={styles.list}>
          {items.map((item) => {
            const html = isHtmlContent(item.message);
            const text = html ? '' : markupToText(item.message);
            const kind = KINDS[item.type];
            return (
              <li
                key={item.id}
                className={item.isView === 1 ? `${styles.item} ${styles.unread}` : styles.item}
                data-notify-item={item.id}
              >
                <button type="button" className={styles.open} onClick={() => open(item)}>
                  {item.isView === 1 && (
                    <>
                      <span className={styles.dot} aria-hidden="true" />
                      <span className="sr-only">未读</span>
                    </>
                  )}
                  {kind && (
                    <span className={styles.kind} data-notify-kind={item.type}>
                      <kind.Icon size={16} aria-hidden="true" />
                      <span className="sr-only">{kind.label}：</span>
                    </span>
                  )}
                  <span className={styles.body}>
                    {html ? (
                      <span
                        className={styles.message}
                        // Sanitized by the server and again here; shown as markup only when §5's check passes.
                        // biome-ignore lint/security/noDangerouslySetInnerHtml: reduced to <b>/<i>/<em>/<strong>/<u>/<br> without attributes.
                        dangerouslySetInnerHTML={{ __html: sanitizeMarkup(item.message) }}
                      />
                    ) : (
                      <span className={styles.message}>{text}</span>
                    )}
                    {item.subject && (
                      <span className={styles.subject} data-notify-subject>
                        {item.subject}
                      </span>
                    )}
                    <time className={styles.time} dateTime={isoDate(item.createdAt)}>
                      {timeAgo(item.createdAt)}
                    </time>
                  </span>
                </button>
                <button
                  type="button"
                  className={`icon-btn ${styles.delete}`}
                  aria-label="删除消息"
                  onClick={() => remove(item)}
                >
                  <Trash2 size={16} />
                </button>
              </li>
            );
          })}
        </ul>
        <div className={styles.foot}>
          {loading ? (
            <span className={styles.spinner} role="status" aria-label="加载中" />
          ) : more ? (
            // The page that holds the next unseen item: deletions since the last page shift the rest forward.
            <button
              type="button"
              className="btn"
              onClick={() => load(Math.floor(items.length / NOTIFY_PAGE_SIZE) + 1)}
            >
              点击加载更多～
            </button>
          ) : items.length ? (
            <span className="muted">已经到底了</span>
          ) : (
            loaded && <span className="muted">空空如也</span>
          )}
        </div>
      </div>
    </dialog>
  );
}
