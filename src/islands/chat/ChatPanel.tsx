import { useStore } from '@nanostores/react';
import { ImagePlus, Maximize2, RefreshCw, Send, Smile, Trash2, UserRound, Users, X } from 'lucide-react';
import { type KeyboardEvent, useEffect, useLayoutEffect, useRef, useState } from 'react';
import {
  CHAT_TEXT_MAX,
  CHAT_TEXTS,
  type ChatMessage,
  canForceOffline,
  canRecall,
  charCount,
  confirmOfflineText,
} from '../../lib/chat.ts';
import { formatDateTime, isoDate } from '../../lib/format.ts';
import { IMAGE_ACCEPT, uploadImage } from '../../lib/upload.ts';
import {
  $chatMessages,
  $chatStatus,
  $chatTip,
  $history,
  $onlineList,
  clearHistory,
  forceOffline,
  loadHistory,
  recallMessage,
  reconnectChat,
  sendImage,
  sendText,
} from '../../stores/chat.ts';
import { $token, $userInfo, type UserInfo } from '../../stores/session.ts';
import { toast } from '../../stores/toast.ts';
import { useHydrated } from '../shared/use-hydrated.ts';
import styles from './chat.module.css';
import { EMOJI } from './emoji.ts';

export type ChatPanelProps = { variant: 'popover' | 'page'; onClose?: () => void };

const STATUS_TEXT = { open: '已连接', connecting: '连接中…', closed: '未连接' } as const;

function Avatar({ src, name }: { src: string; name: string }) {
  return src ? (
    <img className={styles.avatar} src={src} alt="" width={34} height={34} loading="lazy" />
  ) : (
    <span className={styles.avatar} aria-hidden="true">
      {[...name][0] ?? <UserRound size={18} />}
    </span>
  );
}

function Message({ m, me, onImageLoad }: { m: ChatMessage; me: UserInfo | null; onImageLoad: () => void }) {
  const mine = me?.id === m.user_id;
  return (
    <li className={`${styles.row} ${mine ? styles.mine : ''}`} data-message-id={m.id} data-mine={mine}>
      <Avatar src={m.avatar} name={m.nick_name} />
      <div className={styles.main}>
        <div className={styles.meta}>
          <span className={styles.nick}>{m.nick_name}</span>
          <time dateTime={isoDate(m.createdAt)}>{formatDateTime(m.createdAt)}</time>
        </div>
        {m.content_type === 'image' ? (
          <a href={m.content} target="_blank" rel="noopener" className={styles.imageLink}>
            <img className={styles.image} src={m.content} alt="图片消息" onLoad={onImageLoad} />
          </a>
        ) : (
          <p className={styles.bubble}>{m.content}</p>
        )}
        {canRecall(m, me) && (
          <button type="button" className={styles.recall} onClick={() => recallMessage(m.id)}>
            撤回
          </button>
        )}
      </div>
    </li>
  );
}

/** What the server rendered: the stores' first values, before any socket or session. */
const SERVER = {
  messages: [] as ReturnType<typeof $chatMessages.get>,
  status: 'closed' as ReturnType<typeof $chatStatus.get>,
  online: [] as ReturnType<typeof $onlineList.get>,
  history: { loaded: false, loading: false, hasMore: false } as ReturnType<typeof $history.get>,
};

type Confirm = { text: string; run: () => void };

/** The chat room (SPEC §2): history, online list, emoji picker, image upload, reconnect. */
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
  const [text, setText] = useState('');
  const [showEmoji, setShowEmoji] = useState(false);
  const [showOnline, setShowOnline] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const [visibleTip, setVisibleTip] = useState<string | null>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const edges = useRef({ first: 0, last: 0, height: 0 });
  const atBottom = useRef(true);

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

  // Keep the view where the reader is: an older page keeps the scroll offset; a new message scrolls
  // to the bottom when the reader was already there (or sent it).
  useLayoutEffect(() => {
    const el = listRef.current;
    if (!el) return;
    const prev = edges.current;
    const first = messages[0]?.id ?? 0;
    const last = messages.at(-1)?.id ?? 0;
    if (prev.first && first < prev.first && last === prev.last) {
      el.scrollTop += el.scrollHeight - prev.height;
    } else if (
      last !== prev.last &&
      (!prev.last || atBottom.current || messages.at(-1)?.user_id === me?.id)
    ) {
      el.scrollTop = el.scrollHeight;
    }
    edges.current = { first, last, height: el.scrollHeight };
  }, [messages, me?.id]);

  const followBottom = () => {
    const el = listRef.current;
    if (el && atBottom.current) el.scrollTop = el.scrollHeight;
  };

  const mobile = hydrated && document.documentElement.dataset.device === 'mobile';
  const loadOlder = () => {
    if (history.hasMore && !history.loading) void loadHistory(true);
  };

  const submit = () => {
    if (sendText(text)) {
      setText('');
      setShowEmoji(false);
    }
    inputRef.current?.focus();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      submit();
    }
  };

  const insertEmoji = (emoji: string) => {
    const el = inputRef.current;
    const start = el?.selectionStart ?? text.length;
    const end = el?.selectionEnd ?? text.length;
    const next = text.slice(0, start) + emoji + text.slice(end);
    setText(next);
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + emoji.length, start + emoji.length);
    });
  };

  const pickImage = () => {
    if (!$token.get()) {
      toast(CHAT_TEXTS.login, 'warning', '温馨提示');
      return;
    }
    fileRef.current?.click();
  };

  const onFile = async (file: File | undefined) => {
    if (fileRef.current) fileRef.current.value = '';
    if (!file) return;
    setUploading(true);
    try {
      // SPEC §5: compressed over 800 KB; every failure has already been told (图片上传失败 …).
      sendImage(await uploadImage(file));
    } catch {
      /* shown by uploadImage */
    } finally {
      setUploading(false);
    }
  };

  const count = charCount(text);

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
        <div
          className={styles.list}
          ref={listRef}
          onScroll={(e) => {
            const el = e.currentTarget;
            atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
            // SPEC §2 下拉加载更多: on phones, reaching the top loads the older page.
            if (mobile && el.scrollTop <= 0) loadOlder();
          }}
          data-chat-list
        >
          {history.hasMore ? (
            <button type="button" className={styles.more} onClick={loadOlder} disabled={history.loading}>
              {mobile ? '下拉加载更多～' : '点击加载更多～'}
            </button>
          ) : (
            history.loaded && messages.length > 0 && <p className={styles.end}>已经到底啦</p>
          )}
          {history.loaded && messages.length === 0 && (
            <p className={styles.empty}>{CHAT_TEXTS.empty_state}</p>
          )}
          <ul className={styles.messages}>
            {messages.map((m) => (
              <Message key={m.id} m={m} me={user} onImageLoad={followBottom} />
            ))}
          </ul>
        </div>

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

      <footer className={styles.composer}>
        {showEmoji && (
          <div className={styles.emojiGrid} role="listbox" aria-label="表情">
            {EMOJI.map((e) => (
              <button
                type="button"
                key={e}
                role="option"
                aria-selected={false}
                className={styles.emoji}
                onClick={() => insertEmoji(e)}
              >
                {e}
              </button>
            ))}
          </div>
        )}
        <div className={styles.tools}>
          <button
            type="button"
            className="icon-btn"
            aria-label="表情"
            aria-expanded={showEmoji}
            onClick={() => setShowEmoji((v) => !v)}
          >
            <Smile size={18} />
          </button>
          <button
            type="button"
            className="icon-btn"
            aria-label="发送图片"
            onClick={pickImage}
            disabled={uploading}
          >
            <ImagePlus size={18} />
          </button>
          <input
            ref={fileRef}
            type="file"
            accept={IMAGE_ACCEPT}
            hidden
            data-chat-file
            onChange={(e) => void onFile(e.currentTarget.files?.[0])}
          />
          {uploading && <span className={styles.uploading}>图片上传中…</span>}
          <span className={`${styles.counter} ${count > CHAT_TEXT_MAX ? styles.over : ''}`}>
            {count}/{CHAT_TEXT_MAX}
          </span>
        </div>
        <div className={styles.inputRow}>
          <textarea
            ref={inputRef}
            className={styles.input}
            value={text}
            rows={2}
            placeholder="说点什么吧～"
            title="Enter 发送，Shift+Enter 换行"
            aria-label="聊天消息"
            onChange={(e) => setText(e.currentTarget.value)}
            onKeyDown={onKeyDown}
          />
          <button type="button" className={`btn btn-primary ${styles.send}`} onClick={submit}>
            <Send size={16} /> 发送
          </button>
        </div>
      </footer>

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
