import { useStore } from '@nanostores/react';
import { Maximize2, RefreshCw, Trash2, Users, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { CHAT_TEXTS, canForceOffline, confirmOfflineText } from '../../lib/chat.ts';
import {
  $chatMessages,
  $chatStatus,
  $chatTip,
  $history,
  $onlineList,
  reconnectChat,
} from '../../stores/chat.ts';
import { clearHistory, forceOffline, loadHistory } from '../../stores/chat-room.ts';
import { $userInfo } from '../../stores/session.ts';
import { useHydrated } from '../common/use-hydrated.ts';
import { ChatComposer } from './ChatComposer.tsx';
import { Avatar, ChatMessages } from './ChatMessages.tsx';
import styles from './chat.module.css';

export type ChatPanelProps = { variant: 'popover' | 'page'; onClose?: () => void };

const STATUS_TEXT = { open: '已连接', connecting: '连接中…', closed: '未连接' } as const;

/** What the server rendered: the stores' first values, before any socket or session. */
const SERVER = {
  messages: [] as ReturnType<typeof $chatMessages.get>,
  status: 'closed' as ReturnType<typeof $chatStatus.get>,
  online: [] as ReturnType<typeof $onlineList.get>,
  history: { loaded: false, loading: false, hasMore: false } as ReturnType<typeof $history.get>,
};

type Confirm = { text: string; run: () => void };

/**
 * The chat room (docs/product.md#chat-room): history, online list, emoji picker, image upload, reconnect.
 */
export default function ChatPanel({ variant, onClose }: ChatPanelProps) {
  // The server knows neither the socket nor the session: until hydration is over the room renders as the
  // server did (未连接, 在线 0, no messages), then the live state.
  const hydrated = useHydrated();
  const liveMessages = useStore($chatMessages);
  const liveStatus = useStore($chatStatus);
  const liveOnline = useStore($onlineList);
  const liveHistory = useStore($history);
  const liveTip = useStore($chatTip);
  const me = useStore($userInfo);
  const messages = hydrated ? liveMessages : SERVER.messages;
  const status = hydrated ? liveStatus : SERVER.status;
  const online = hydrated ? liveOnline : SERVER.online;
  const history = hydrated ? liveHistory : SERVER.history;
  const tip = hydrated ? liveTip : null;
  const [showOnline, setShowOnline] = useState(false);
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const [visibleTip, setVisibleTip] = useState<string | null>(null);

  // The server renders no personal data: who "me" is is known once the browser has read its session.
  const user = hydrated ? me : null;
  const isAdmin = user?.role === 1;

  useEffect(() => {
    if (!$history.get().loaded) void loadHistory();
  }, []);

  useEffect(() => {
    if (!tip) return;
    setVisibleTip(tip.content);
    const t = setTimeout(() => setVisibleTip(null), 4000);
    return () => clearTimeout(t);
  }, [tip]);

  const mobile = hydrated && document.documentElement.dataset.device === 'mobile';
  return (
    <section className={`${styles.panel} ${styles[variant]}`} data-chat-panel data-status={status}>
      <header className={styles.head}>
        <strong className={styles.title}>聊天室</strong>
        <span className={`${styles.status} ${styles[status]}`} data-chat-status={status}>
          {STATUS_TEXT[status]}
        </span>
        <span className={styles.spacer} />
        <button
          type="button"
          className={`icon-btn ${styles.onlineToggle}`}
          aria-label={`在线用户（${online.length}）`}
          aria-expanded={showOnline}
          onClick={() => setShowOnline((v) => !v)}
        >
          <Users size={17} />
          <span>{online.length}</span>
        </button>
        {isAdmin && (
          <button
            type="button"
            className="icon-btn"
            aria-label="清空聊天记录"
            title="清空聊天记录"
            onClick={() => setConfirm({ text: CHAT_TEXTS.confirmClear, run: () => void clearHistory() })}
          >
            <Trash2 size={17} />
          </button>
        )}
        <button
          type="button"
          className="icon-btn"
          aria-label="重新连接"
          title="重新连接"
          onClick={reconnectChat}
        >
          <RefreshCw size={17} />
        </button>
        {variant === 'popover' && (
          <a
            className="icon-btn"
            href="/message/chat"
            aria-label="全屏聊天"
            title="全屏聊天"
            onClick={onClose}
          >
            <Maximize2 size={16} />
          </a>
        )}
        {onClose && (
          <button type="button" className="icon-btn" aria-label="关闭聊天室" onClick={onClose}>
            <X size={18} />
          </button>
        )}
      </header>

      <div className={styles.body}>
        <ChatMessages messages={messages} history={history} user={user} myId={me?.id} mobile={mobile} />

        <aside className={`${styles.online} ${showOnline ? styles.onlineOpen : ''}`} aria-label="在线用户">
          <h3 className={styles.onlineTitle}>在线 {online.length}</h3>
          <ul>
            {online.map((u) => (
              <li key={u.user_id} className={styles.onlineItem} data-online-user={u.user_id}>
                <Avatar src={u.avatar} name={u.nick_name} />
                <span className={styles.onlineName}>{u.nick_name}</span>
                {canForceOffline(u, user) && (
                  <button
                    type="button"
                    className={styles.kick}
                    onClick={() =>
                      setConfirm({
                        text: confirmOfflineText(u.nick_name),
                        run: () => forceOffline(u.user_id),
                      })
                    }
                  >
                    下线
                  </button>
                )}
              </li>
            ))}
          </ul>
        </aside>
      </div>

      {visibleTip && (
        <p className={styles.tip} role="status">
          {visibleTip}
        </p>
      )}

      <ChatComposer />

      {confirm && (
        <div className={styles.confirmLayer}>
          <div className={styles.confirm} role="alertdialog" aria-modal="true" aria-label={confirm.text}>
            <p>{confirm.text}</p>
            <div className={styles.confirmActions}>
              <button type="button" className="btn" onClick={() => setConfirm(null)}>
                取消
              </button>
              <button
                type="button"
                className="btn btn-primary"
                onClick={() => {
                  confirm.run();
                  setConfirm(null);
                }}
              >
                确定
              </button>
            </div>
          </div>
        </div>
      )}
    </section>
  );
}
