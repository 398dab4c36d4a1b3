import { useStore } from '@nanostores/react';
import { MessageCircle } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { addComment, addReply, getParents, getTotal, removeComment } from '../../lib/api/comments.ts';
import { mergeById } from '../../lib/community.ts';
import type { CommentItem, ParentComment } from '../../lib/contract/comments.ts';
import { loadLike } from '../../stores/like.ts';
import { $userInfo } from '../../stores/session.ts';
import { toast } from '../../stores/toast.ts';
import { useHydrated } from '../common/use-hydrated.ts';
import { useLatest } from '../common/use-latest.ts';
import LikeButton from '../like/LikeButton.tsx';
import { CommentEditor } from './CommentEditor.tsx';
import styles from './comments.module.css';
import { Item, Replies } from './Thread.tsx';

/** What the writer of a comment that waits for the owner's review is told. */
const IN_REVIEW = '已提交，站长审核通过后显示';

type Props = {
  /** 1 article, 2 talk, 3 guestbook message. */
  type: 1 | 2 | 3;
  forId: number;
  /** Tells the page the new total after a comment is added or removed. */
  onTotal?: (total: number) => void;
  /**
   * The first page and the counts, rendered by the server into HTML every visitor shares (no one's
   * likes in it): the island shows them at once and asks for the viewer's own when it hydrates.
   */
  initial?: { list: ParentComment[]; parentTotal: number; total: number; likes: number };
};

type ReplyTarget = { parentId: number; toId: number; toName: string };

/**
 * Comments under an article, a talk or a guestbook message: top-level comments newest or hottest first,
 * one level of replies ("回复 @name"), load more, likes, and delete for the author or an admin. Articles
 * get their like control here too.
 */
export default function Comments({ type, forId, onTotal, initial }: Props) {
  const user = useStore($userInfo);
  const hydrated = useHydrated();
  const [order, setOrder] = useState<'new' | 'hot'>('new');
  const [list, setList] = useState<ParentComment[]>(initial?.list ?? []);
  const [parentTotal, setParentTotal] = useState(initial?.parentTotal ?? 0);
  const [current, setCurrent] = useState(initial ? 1 : 0);
  const [total, setTotal] = useState<number | null>(initial?.total ?? null);
  // The list shown is the server's (no viewer's likes) until the viewer's first page arrives.
  const [shared, setShared] = useState(Boolean(initial));
  const shownOrder = useRef(order);
  const currentRef = useLatest(current);
  const [loading, setLoading] = useState(false);
  const [replyTo, setReplyTo] = useState<ReplyTarget | null>(null);
  const me = hydrated ? user : null;

  // Through a ref: pages pass an inline onTotal, a new function on every render (see useLatest).
  const onTotalRef = useLatest(onTotal);
  const updateTotal = useCallback(
    (n: number) => {
      setTotal(n);
      onTotalRef.current?.(n);
    },
    [onTotalRef],
  );

  // A page without a valid id (e.g. /article without ?id=) shows nothing and asks nothing.
  const valid = Number.isSafeInteger(forId) && forId > 0;

  const load = useCallback(
    async (page: number, ord: 'new' | 'hot', refresh = false) => {
      if (!valid) return;
      if (!refresh) setLoading(true);
      try {
        const res = await getParents(type, forId, page, ord);
        if (refresh) {
          // The viewer's view of what is shown (their likes); pages loaded meanwhile stay.
          const fresh = new Map(res.list.map((p) => [p.id, p]));
          setList((old) => mergeById(res.list, old).map((p) => fresh.get(p.id) ?? p));
          setShared(false);
          return;
        }
        setList((old) => (page === 1 ? res.list : mergeById(old, res.list)));
        setParentTotal(res.total);
        setCurrent(page);
      } catch {
        // The HTTP client has shown why.
      } finally {
        setLoading(false);
      }
    },
    [type, forId, valid],
  );

  // Reload when the order changes or someone signs in or out (their likes and delete rights differ).
  const userId = me?.id ?? 0;
  useEffect(() => {
    void userId;
    // A change of order starts over; a first render or a sign-in refreshes what is shown.
    const same = shownOrder.current === order;
    shownOrder.current = order;
    // Read through a ref, not followed: a page loaded later is no reason to reload.
    void load(1, order, same && currentRef.current > 0);
  }, [load, order, userId, currentRef]);

  // A mail's link names one comment (#comment-<id>, lib/mail.ts commentPath): once the list holding it
  // has loaded, it is brought into view, once.
  const jumped = useRef(false);
  useEffect(() => {
    if (jumped.current || list.length === 0 || !/^#comment-\d+$/.test(window.location.hash)) return;
    const target = document.getElementById(window.location.hash.slice(1));
    if (!target) return;
    jumped.current = true;
    target.scrollIntoView({ block: 'center' });
  }, [list]);

  useEffect(() => {
    if (initial && type === 1) void loadLike(1, forId);
  }, [initial, type, forId]);

  useEffect(() => {
    if (!valid) return;
    getTotal(type, forId)
      .then(updateTotal)
      .catch(() => {});
  }, [type, forId, valid, updateTotal]);

  const patch = (id: number, change: Partial<CommentItem>) =>
    setList((old) =>
      old.map((p) =>
        p.id === id
          ? { ...p, ...change }
          : { ...p, childrenList: p.childrenList.map((c) => (c.id === id ? { ...c, ...change } : c)) },
      ),
    );

  async function submitTop(content: string) {
    const made = await addComment(type, forId, content);
    setList((old) => [{ ...made, childrenTotal: 0, childrenList: [] }, ...old]);
    setParentTotal((n) => n + 1);
    // One waiting for review shows to its author only and is not counted yet.
    if (made.review_status === 'pending') toast(IN_REVIEW, 'success', '提示');
    else {
      toast('评论成功', 'success', '提示');
      updateTotal((total ?? 0) + 1);
    }
  }

  async function submitReply(target: ReplyTarget, content: string) {
    const made = await addReply(type, forId, content, target.parentId, target.toId);
    toast(made.review_status === 'pending' ? IN_REVIEW : '回复成功', 'success', '提示');
    setList((old) =>
      old.map((p) =>
        p.id === target.parentId
          ? { ...p, childrenTotal: p.childrenTotal + 1, childrenList: [...p.childrenList, made] }
          : p,
      ),
    );
    setReplyTo(null);
    if (made.review_status !== 'pending') updateTotal((total ?? 0) + 1);
  }

  async function remove(c: CommentItem) {
    if (!window.confirm('确定删除这条评论吗？')) return;
    try {
      await removeComment(c.id, c.parent_id);
    } catch {
      return;
    }
    toast('删除成功', 'success', '提示');
    if (c.parent_id == null) {
      const gone = list.find((p) => p.id === c.id);
      setList((old) => old.filter((p) => p.id !== c.id));
      setParentTotal((n) => Math.max(0, n - 1));
      updateTotal(Math.max(0, (total ?? 0) - 1 - (gone?.childrenTotal ?? 0)));
    } else {
      setList((old) =>
        old.map((p) =>
          p.id === c.parent_id
            ? {
                ...p,
                childrenTotal: Math.max(0, p.childrenTotal - 1),
                childrenList: p.childrenList.filter((x) => x.id !== c.id),
              }
            : p,
        ),
      );
      updateTotal(Math.max(0, (total ?? 0) - 1));
    }
  }

  const canDelete = (c: CommentItem) => Boolean(me && (me.id === c.from_id || me.role === 1));
  if (!valid) return null;

  return (
    <section className={styles.comments} aria-label="评论" data-comments={`${type}-${forId}`}>
      {type === 1 && (
        <div className={styles.articleLike}>
          <LikeButton
            type={1}
            forId={forId}
            big
            label="点赞文章"
            state={initial && { is_like: false, count: initial.likes }}
            shared
          />
          <span className="muted">觉得有帮助就点个赞吧</span>
        </div>
      )}
      <header className={styles.head}>
        <h2 className={styles.title}>
          <MessageCircle size={20} aria-hidden="true" /> 评论
          {total != null && <span className={styles.count}>{total}</span>}
        </h2>
        <fieldset className={styles.orders}>
          <legend className="sr-only">排序</legend>
          {(['new', 'hot'] as const).map((o) => (
            <button
              key={o}
              type="button"
              className={order === o ? styles.orderOn : styles.order}
              aria-pressed={order === o}
              onClick={() => setOrder(o)}
            >
              {o === 'new' ? '最新' : '最热'}
            </button>
          ))}
        </fieldset>
      </header>

      <CommentEditor user={me} placeholder="说点什么吧～" submitLabel="发表评论" onSubmit={submitTop} />

      <ol className={styles.list}>
        {list.map((p) => (
          <li key={p.id} className={styles.thread} data-comment-id={p.id}>
            <Item
              c={p}
              shared={shared}
              canDelete={canDelete(p)}
              onReply={() => setReplyTo({ parentId: p.id, toId: p.from_id, toName: p.from_name })}
              onDelete={() => remove(p)}
              onLike={(s) => patch(p.id, { is_like: s.is_like, thumbs_up: s.count })}
            />
            <Replies
              parent={p}
              shared={shared}
              canDelete={canDelete}
              onReply={(c) => setReplyTo({ parentId: p.id, toId: c.from_id, toName: c.from_name })}
              onDelete={remove}
              onLike={(c, s) => patch(c.id, { is_like: s.is_like, thumbs_up: s.count })}
              onLoaded={(replies, n) =>
                setList((old) =>
                  old.map((x) => (x.id === p.id ? { ...x, childrenList: replies, childrenTotal: n } : x)),
                )
              }
            />
            {replyTo?.parentId === p.id && (
              <div className={styles.replyBox}>
                <CommentEditor
                  user={me}
                  autoFocus
                  placeholder={`回复 @${replyTo.toName}`}
                  submitLabel="回复"
                  onCancel={() => setReplyTo(null)}
                  onSubmit={(text) => submitReply(replyTo, text)}
                />
              </div>
            )}
          </li>
        ))}
      </ol>

      <div className={styles.more}>
        {loading ? (
          <span className="muted">加载中…</span>
        ) : list.length < parentTotal ? (
          <button type="button" className="btn" onClick={() => load(current + 1, order)}>
            点击加载更多～
          </button>
        ) : current > 0 && list.length === 0 ? (
          <span className="muted">空空如也</span>
        ) : current > 0 ? (
          <span className="muted">已经到底了</span>
        ) : null}
      </div>
    </section>
  );
}
