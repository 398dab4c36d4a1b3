import type { TransitionBeforePreparationEvent } from 'astro:transitions/client';
import { useStore } from '@nanostores/react';
import { LayoutGrid, List, PenLine } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { holdScrollAt, readerScrollY } from '../../browser/scroll-restore.ts';
import { messageList } from '../../lib/api/messages.ts';
import { mergeById } from '../../lib/community.ts';
import type { Page } from '../../lib/contract/page.ts';
import { keepMessageList, keptMessageList, type Message } from '../../stores/message.ts';
import { $staticData, setMessageTypeIsCard } from '../../stores/ui.ts';
import { useHydrated } from '../common/use-hydrated.ts';
import LikeButton from '../like/LikeButton.tsx';
import board from './board.module.css';
import { MessageCard } from './MessageCard.tsx';

type Props = { initial: Page<Message>; tag: string; hotTags: { tag: string; count: number }[] };

const PATH = '/message/list';

/**
 * The guestbook list: cards or rows (`messageTypeIsCard`), hot-tag filter, load more, likes. It is kept
 * alive: leaving saves the loaded pages and the scroll position, coming back restores both.
 */
export default function MessageBoard({ initial, tag: initialTag, hotTags }: Props) {
  const staticData = useStore($staticData);
  const hydrated = useHydrated();
  const [tag, setTag] = useState(initialTag);
  const [list, setList] = useState(initial.list);
  const [current, setCurrent] = useState(initial.current);
  const [total, setTotal] = useState(initial.total);
  const [loading, setLoading] = useState(false);
  const [restoreY, setRestoreY] = useState<number | null>(null);
  // The likes shown are the server HTML's counts (no one's own) until this visitor's arrive.
  const [shared, setShared] = useState(true);
  // Messages whose like the visitor changed meanwhile: the refresh below, asked for earlier, keeps them.
  const liked = useRef(new Set<number>());
  const rootRef = useRef<HTMLDivElement>(null);
  const state = useRef({ tag, list, current, total });
  state.current = { tag, list, current, total };

  // Coming back: the kept pages replace the server's first page, then the scroll place is restored.
  useEffect(() => {
    const kept = keptMessageList();
    const asked = new URLSearchParams(location.search).has('tag');
    if (kept && (kept.tag === initialTag || !asked)) {
      if (kept.tag !== initialTag) {
        setTag(kept.tag);
        history.replaceState(history.state, '', `${PATH}?tag=${encodeURIComponent(kept.tag)}`);
      }
      setList(kept.list);
      setCurrent(kept.current);
      setTotal(kept.total);
      setRestoreY(kept.scrollY);
      setShared(false);
      return;
    }
    // First visit: the HTML is the same for everyone, so fetch this visitor's likes now.
    messageList(1, initial.size, initialTag, { quiet: true })
      .then((fresh) => {
        const newer = (m: Message) =>
          liked.current.has(m.id) ? undefined : fresh.list.find((f) => f.id === m.id);
        setList((old) => old.map((m) => newer(m) ?? m));
        setTotal(fresh.total);
        setShared(false);
      })
      .catch(() => {});
  }, [initial.size, initialTag]);

  // Held until the kept pages have rendered and the page is tall enough for the place.
  useLayoutEffect(() => {
    if (restoreY == null) return;
    holdScrollAt(restoreY);
    setRestoreY(null);
  }, [restoreY]);

  // Keep the list (and where the visitor was) whenever they leave the page.
  useEffect(() => {
    // Islands are not unmounted when the router swaps the page: a board left behind must not save. On
    // Back the address is already the next page's, so the page being left is the event's `from`.
    const save = (path: string) => {
      if (path !== PATH || !rootRef.current?.isConnected) return;
      const s = state.current;
      keepMessageList({ ...s, size: initial.size, scrollY: readerScrollY() });
    };
    const onLeave = (e: TransitionBeforePreparationEvent) => save(e.from.pathname);
    const onHide = () => save(location.pathname);
    document.addEventListener('astro:before-preparation', onLeave);
    window.addEventListener('pagehide', onHide);
    return () => {
      document.removeEventListener('astro:before-preparation', onLeave);
      window.removeEventListener('pagehide', onHide);
    };
  }, [initial.size]);

  async function load(page: number, nextTag: string) {
    setLoading(true);
    try {
      const res = await messageList(page, initial.size, nextTag);
      setList((old) => (page === 1 ? res.list : mergeById(old, res.list)));
      setCurrent(res.current);
      setTotal(res.total);
    } catch {
      // shown by the HTTP client
    } finally {
      setLoading(false);
    }
  }

  function pickTag(next: string) {
    const value = next === tag ? '' : next;
    setTag(value);
    const url = value ? `${PATH}?tag=${encodeURIComponent(value)}` : PATH;
    // Keep the router's own history state (its scroll bookkeeping) while changing the address.
    history.replaceState(history.state, '', url);
    void load(1, value);
  }

  const isCard = hydrated && staticData.messageTypeIsCard;
  const patch = (id: number, change: Partial<Message>) =>
    setList((old) => old.map((m) => (m.id === id ? { ...m, ...change } : m)));

  return (
    <div className={board.board} ref={rootRef}>
      <div className={board.toolbar}>
        <fieldset className={board.tags}>
          <legend className="sr-only">热门标签</legend>
          <button type="button" className={tag === '' ? board.tagOn : board.tag} onClick={() => pickTag('')}>
            全部
          </button>
          {hotTags.map((t) => (
            <button
              key={t.tag}
              type="button"
              className={tag === t.tag ? board.tagOn : board.tag}
              aria-pressed={tag === t.tag}
              onClick={() => pickTag(t.tag)}
            >
              #{t.tag} <span className={board.n}>{t.count}</span>
            </button>
          ))}
        </fieldset>
        <div className={board.right}>
          <fieldset className={board.switch}>
            <legend className="sr-only">布局</legend>
            <button
              type="button"
              className={isCard ? board.modeOn : board.mode}
              aria-pressed={isCard}
              aria-label="卡片布局"
              title="卡片布局"
              onClick={() => setMessageTypeIsCard(true)}
            >
              <LayoutGrid size={18} aria-hidden="true" />
            </button>
            <button
              type="button"
              className={!isCard ? board.modeOn : board.mode}
              aria-pressed={!isCard}
              aria-label="列表布局"
              title="列表布局"
              onClick={() => setMessageTypeIsCard(false)}
            >
              <List size={18} aria-hidden="true" />
            </button>
          </fieldset>
          <a className="btn btn-primary" href="/message/publish">
            <PenLine size={16} aria-hidden="true" /> 写留言
          </a>
        </div>
      </div>

      {list.length === 0 && !loading ? (
        <p className="card muted">空空如也</p>
      ) : (
        <div className={isCard ? board.cards : `card ${board.rows}`} data-layout={isCard ? 'card' : 'list'}>
          {list.map((m) => (
            <MessageCard
              key={m.id}
              m={m}
              variant={isCard ? 'card' : 'list'}
              like={
                <LikeButton
                  type={3}
                  forId={m.id}
                  state={{ is_like: m.is_like, count: m.like_times }}
                  shared={shared && !liked.current.has(m.id)}
                  onChange={(s) => {
                    liked.current.add(m.id);
                    patch(m.id, { is_like: s.is_like, like_times: s.count });
                  }}
                  label="点赞留言"
                />
              }
            />
          ))}
        </div>
      )}

      <div className={board.more}>
        {loading ? (
          <span className="muted">加载中…</span>
        ) : list.length < total ? (
          <button type="button" className="btn" onClick={() => load(current + 1, tag)}>
            点击加载更多～
          </button>
        ) : list.length > 0 ? (
          <span className="muted">已经到底了</span>
        ) : null}
      </div>
    </div>
  );
}
