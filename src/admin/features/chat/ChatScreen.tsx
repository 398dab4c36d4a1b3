import { useStore } from '@nanostores/react';
import { RefreshCw } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import {
  clearChatHistory,
  deleteChatMessage,
  forceOffline,
  onlineUsers,
  searchChat,
} from '../../../lib/api/admin/chat.ts';
import { CHAT_TEXTS, type ChatMessage, confirmOfflineText, type OnlineEntry } from '../../../lib/chat.ts';
import { $userInfo } from '../../../stores/session.ts';
import { toast } from '../../../stores/toast.ts';
import { ConfirmOn } from '../../kit/ConfirmOn.tsx';
import type { Column } from '../../kit/DataTable.tsx';
import { SearchField } from '../../kit/Field.tsx';
import kit from '../../kit/kit.module.css';
import { ListTable } from '../../kit/ListTable.tsx';
import { useDebounced } from '../../kit/use-debounced.ts';
import { useListScreen } from '../../kit/use-list-screen.ts';
import { $gate } from '../../stores.ts';
import p from '../users/people.module.css';
import { Avatar } from '../users/UserDialogs.tsx';

const PAGE_SIZE = 10;
const ONLINE_REFRESH_MS = 15_000;
/** The first words of a message, to tell its buttons apart for a screen reader. */
const excerpt = (m: ChatMessage) => {
  if (m.content_type === 'image') return '图片';
  return m.content.length > 12 ? `${m.content.slice(0, 12)}…` : m.content;
};

type Pending =
  | { kind: 'delete'; message: ChatMessage }
  | { kind: 'clear' }
  | { kind: 'kick'; user: OnlineEntry };

/**
 * /admin/chat: the chat history searched by text and sender, a message deleted or all of them
 * cleared (every open chat hears it), and who is online now with force offline.
 */
export default function ChatScreen() {
  const gate = useStore($gate);
  const me = useStore($userInfo);
  const [text, setText] = useState('');
  const [sender, setSender] = useState('');
  const [online, setOnline] = useState<OnlineEntry[] | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const content = useDebounced(text.trim());
  const nick = useDebounced(sender.trim());

  const fetchPage = useCallback(
    (page: number) =>
      searchChat({
        current: page,
        size: PAGE_SIZE,
        content: content || undefined,
        nick_name: nick || undefined,
      }),
    [content, nick],
  );
  const list = useListScreen(fetchPage, PAGE_SIZE);
  const { data, reload: load, refilter } = list;
  const loadOnline = useCallback(
    (quiet = false) =>
      onlineUsers({ quiet }).then(
        (list) => setOnline(list),
        () => {},
      ),
    [],
  );
  // Read now, then again every little while the tab is shown (quietly: a missed refresh is no news).
  useEffect(() => {
    if (gate !== 'admin') return;
    void loadOnline();
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') void loadOnline(true);
    }, ONLINE_REFRESH_MS);
    return () => clearInterval(timer);
  }, [gate, loadOnline]);

  // One dialog confirms the three writes; the pending job says which, and what the dialog says.
  const run = async (job: Pending) => {
    if (job.kind === 'delete') {
      await deleteChatMessage(job.message.id);
      toast('删除成功', 'success', '提示');
    } else if (job.kind === 'clear') {
      await clearChatHistory();
      toast(CHAT_TEXTS.cleared, 'success', '提示');
    } else {
      await forceOffline(job.user.user_id);
      toast(`已强制下线${job.user.nick_name}`, 'success', '提示');
      // The hub closes the user's sockets now; they leave the hub's list as the closes complete.
      const gone = job.user.user_id;
      setOnline((list) => list?.filter((u) => u.user_id !== gone) ?? null);
      return;
    }
    await load();
  };

  const columns: Column<ChatMessage>[] = [
    {
      key: 'sender',
      header: '发送者',
      width: '180px',
      render: (m) => (
        <span className={p.who}>
          <Avatar user={m} />
          <span className={p.names}>
            <span className={p.strong}>{m.nick_name}</span>
          </span>
        </span>
      ),
    },
    {
      key: 'content',
      header: '内容',
      render: (m) =>
        m.content_type === 'image' ? (
          <img className={p.chatImage} src={m.content} alt={`${m.nick_name}发送的图片`} />
        ) : (
          <span className={p.content}>{m.content}</span>
        ),
    },
    {
      key: 'time',
      header: '时间',
      width: '170px',
      render: (m) => <span className={p.nowrap}>{m.createdAt.slice(0, 16)}</span>,
    },
    {
      key: 'actions',
      header: '操作',
      width: '90px',
      render: (m) => (
        <button
          type="button"
          className={kit.button}
          onClick={() => setPending({ kind: 'delete', message: m })}
          aria-label={`删除${m.nick_name}的消息「${excerpt(m)}」`}
        >
          删除
        </button>
      ),
    },
  ];

  const toolbar = (
    <>
      <SearchField
        label="按内容搜索消息"
        placeholder="搜索消息内容"
        value={text}
        onChange={refilter(setText)}
        className={p.search}
      />
      <SearchField
        label="按发送者搜索消息"
        placeholder="搜索发送者昵称"
        value={sender}
        onChange={refilter(setSender)}
        className={p.search}
      />
      <button
        type="button"
        className={`${kit.danger} ${p.push}`}
        // Nothing to clear when the unfiltered history is empty; with a search on, the count is the
        // search's, so the button stays (clearing always empties all of it).
        disabled={!data?.total && !content && !nick}
        onClick={() => setPending({ kind: 'clear' })}
      >
        清空聊天记录
      </button>
    </>
  );

  const confirm =
    pending?.kind === 'delete'
      ? { title: '删除消息', message: `删除${pending.message.nick_name}的这条消息？`, label: '删除' }
      : pending?.kind === 'clear'
        ? { title: '清空聊天记录', message: CHAT_TEXTS.confirmClear, label: '清空' }
        : pending?.kind === 'kick'
          ? { title: '强制下线', message: confirmOfflineText(pending.user.nick_name), label: '强制下线' }
          : null;

  return (
    <div className={p.layout}>
      <ListTable
        list={list}
        caption="聊天记录"
        columns={columns}
        rowKey={(m) => m.id}
        toolbar={toolbar}
        empty={content || nick ? '没有相符的消息' : '还没有聊天记录'}
      />
      <section className={p.online} aria-labelledby="chat-online">
        <h2 id="chat-online">
          <span>在线用户{online ? `（${online.length}）` : ''}</span>
          <button
            type="button"
            className={kit.button}
            onClick={() => void loadOnline()}
            aria-label="刷新在线用户"
          >
            <RefreshCw size={14} aria-hidden />
          </button>
        </h2>
        {!online ? (
          <p className={kit.hint}>加载中…</p>
        ) : online.length === 0 ? (
          <p className={kit.hint}>现在没有人在线</p>
        ) : (
          <ul>
            {online.map((u) => (
              <li key={u.user_id}>
                <span className={p.who}>
                  <Avatar user={u} />
                  <span className={p.names}>
                    <span>
                      {u.nick_name}
                      {u.user_id === me?.id && '（我）'}
                    </span>
                  </span>
                </span>
                {u.user_id !== me?.id && (
                  <button
                    type="button"
                    className={kit.button}
                    onClick={() => setPending({ kind: 'kick', user: u })}
                    aria-label={`强制下线${u.nick_name}`}
                  >
                    下线
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
      <ConfirmOn
        target={pending}
        onClose={() => setPending(null)}
        title={confirm?.title ?? ''}
        message={() => confirm?.message ?? ''}
        confirmLabel={confirm?.label}
        onConfirm={run}
      />
    </div>
  );
}
