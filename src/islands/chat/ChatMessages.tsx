import { UserRound } from 'lucide-react';
import { useLayoutEffect, useRef } from 'react';
import { CHAT_TEXTS, type ChatMessage, canRecall } from '../../lib/chat.ts';
import { formatDateTime, isoDate } from '../../lib/format.ts';
import type { $history } from '../../stores/chat.ts';
import { loadHistory, recallMessage } from '../../stores/chat-room.ts';
import type { UserInfo } from '../../stores/session.ts';
import styles from './chat.module.css';

export function Avatar({ src, name }: { src: string; name: string }) {
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

type Props = {
  messages: ChatMessage[];
  history: ReturnType<typeof $history.get>;
  /** The viewer as shown (null until hydration is over). */
  user: UserInfo | null;
  /** The signed-in user's id: a message of theirs scrolls to the bottom. */
  myId: number | undefined;
  mobile: boolean;
};

/** The room's history: older pages on demand, and the scroll kept where the reader is. */
export function ChatMessages({ messages, history, user, myId, mobile }: Props) {
  const listRef = useRef<HTMLDivElement>(null);
  const edges = useRef({ first: 0, last: 0, height: 0 });
  const atBottom = useRef(true);

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
    } else if (last !== prev.last && (!prev.last || atBottom.current || messages.at(-1)?.user_id === myId)) {
      el.scrollTop = el.scrollHeight;
    }
    edges.current = { first, last, height: el.scrollHeight };
  }, [messages, myId]);

  const followBottom = () => {
    const el = listRef.current;
    if (el && atBottom.current) el.scrollTop = el.scrollHeight;
  };

  const loadOlder = () => {
    if (history.hasMore && !history.loading) void loadHistory(true);
  };

  return (
    <div
      className={styles.list}
      ref={listRef}
      onScroll={(e) => {
        const el = e.currentTarget;
        atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
        // 下拉加载更多 (docs/product.md#chat-room): on phones, reaching the top loads the older page.
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
      {history.loaded && messages.length === 0 && <p className={styles.empty}>{CHAT_TEXTS.empty_state}</p>}
      <ul className={styles.messages}>
        {messages.map((m) => (
          <Message key={m.id} m={m} me={user} onImageLoad={followBottom} />
        ))}
      </ul>
    </div>
  );
}
