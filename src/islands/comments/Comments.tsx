import { useStore } from '@nanostores/react';
import { MessageCircle, Trash2 } from 'lucide-react';
import { type SubmitEvent, useCallback, useEffect, useRef, useState } from 'react';
import {
  addComment,
  addReply,
  getParents,
  getReplies,
  getTotal,
  removeComment,
} from '../../lib/api/comments.ts';
import { COMMENT_MAX, mergeById } from '../../lib/community.ts';
import type { CommentItem, ParentComment } from '../../lib/contract/comments.ts';
import { isoDate, timeAgo } from '../../lib/format.ts';
import { $userInfo, type UserInfo } from '../../stores/session.ts';
import { toast } from '../../stores/toast.ts';
import { openLogin } from '../../stores/ui.ts';
import LikeButton from '../like/LikeButton.tsx';
import { Avatar } from '../shared/Avatar.tsx';
import { useHydrated } from '../shared/use-hydrated.ts';
import { useLatest } from '../shared/use-latest.ts';
import styles from './comments.module.css';

type Props = {
  /** 1 article, 2 talk, 3 guestbook message. */
  type: 1 | 2 | 3;
  forId: number;
  /** Tells the page the new total after a comment is added or removed. */
  onTotal?: (total: number) => void;
};

type ReplyTarget = { parentId: number; toId: number; toName: string };

/**
 * Comments under an article, a talk or a guestbook message: top-level comments newest or hottest first,
 * one level of replies ("回复 @name"), load more, likes, and delete for the author or an admin. Articles
 * get their like control here too.
 */
export default function Comments({ type, forId, onTotal }: Props) {
  const user = useStore($userInfo);
  const hydrated = useHydrated();
  const [order, setOrder] = useState<'new' | 'hot'>('new');
  const [list, setList] = useState<ParentComment[]>([]);
  const [parentTotal, setParentTotal] = useState(0);
  const [current, setCurrent] = useState(0);
  const [total, setTotal] = useState<number | null>(null);
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
    async (page: number, ord: 'new' | 'hot') => {
      if (!valid) return;
      setLoading(true);
      try {
        const res = await getParents(type, forId, page, ord);
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
    void load(1, order);
  }, [load, order, userId]);

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
    toast('评论成功', 'success', '提示');
    setList((old) => [{ ...made, childrenTotal: 0, childrenList: [] }, ...old]);
    setParentTotal((n) => n + 1);
    updateTotal((total ?? 0) + 1);
  }

  async function submitReply(target: ReplyTarget, content: string) {
    const made = await addReply(type, forId, content, target.parentId, target.toId);
    toast('回复成功', 'success', '提示');
    setList((old) =>
      old.map((p) =>
        p.id === target.parentId
          ? { ...p, childrenTotal: p.childrenTotal + 1, childrenList: [...p.childrenList, made] }
          : p,
      ),
    );
    setReplyTo(null);
    updateTotal((total ?? 0) + 1);
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
          <LikeButton type={1} forId={forId} big label="点赞文章" />
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

      <Editor user={me} placeholder="说点什么吧～" submitLabel="发表评论" onSubmit={submitTop} />

      <ol className={styles.list}>
        {list.map((p) => (
          <li key={p.id} className={styles.thread} data-comment-id={p.id}>
            <Item
              c={p}
              canDelete={canDelete(p)}
              onReply={() => setReplyTo({ parentId: p.id, toId: p.from_id, toName: p.from_name })}
              onDelete={() => remove(p)}
              onLike={(s) => patch(p.id, { is_like: s.is_like, thumbs_up: s.count })}
            />
            <Replies
              parent={p}
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
                <Editor
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

function Item({
  c,
  canDelete,
  onReply,
  onDelete,
  onLike,
}: {
  c: CommentItem;
  canDelete: boolean;
  onReply: () => void;
  onDelete: () => void;
  onLike: (s: { is_like: boolean; count: number }) => void;
}) {
  const small = c.parent_id != null;
  return (
    <article className={small ? styles.reply : styles.item} data-comment={c.id}>
      <Avatar src={c.from_avatar} name={c.from_name} size={small ? 30 : 40} />
      <div className={styles.body}>
        <div className={styles.meta}>
          <span className={styles.name}>{c.from_name}</span>
          {c.ipAddress && <span className={styles.where}>{c.ipAddress}</span>}
          <time dateTime={isoDate(c.createdAt)} className="muted">
            {timeAgo(c.createdAt)}
          </time>
        </div>
        <p className={styles.text}>
          {c.to_name && <span className={styles.to}>回复 @{c.to_name}：</span>}
          {c.content}
        </p>
        <div className={styles.actions}>
          <LikeButton
            type={4}
            forId={c.id}
            state={{ is_like: c.is_like, count: c.thumbs_up }}
            onChange={onLike}
            label="点赞评论"
          />
          <button type="button" className={styles.action} onClick={onReply}>
            回复
          </button>
          {canDelete && (
            <button type="button" className={styles.action} onClick={onDelete} aria-label="删除评论">
              <Trash2 size={14} aria-hidden="true" /> 删除
            </button>
          )}
        </div>
      </div>
    </article>
  );
}

function Replies({
  parent,
  canDelete,
  onReply,
  onDelete,
  onLike,
  onLoaded,
}: {
  parent: ParentComment;
  canDelete: (c: CommentItem) => boolean;
  onReply: (c: CommentItem) => void;
  onDelete: (c: CommentItem) => void;
  onLike: (c: CommentItem, s: { is_like: boolean; count: number }) => void;
  onLoaded: (replies: CommentItem[], total: number) => void;
}) {
  const [page, setPage] = useState(0);
  const [busy, setBusy] = useState(false);
  const replies = parent.childrenList;
  if (replies.length === 0) return null;

  async function more() {
    setBusy(true);
    try {
      const res = await getReplies(parent.id, page + 1);
      onLoaded(page === 0 ? mergeById(res.list, replies) : mergeById(replies, res.list), res.total);
      setPage(page + 1);
    } catch {
      // shown by the HTTP client
    } finally {
      setBusy(false);
    }
  }

  const left = parent.childrenTotal - replies.length;
  return (
    <div className={styles.replies}>
      {replies.map((c) => (
        <Item
          key={c.id}
          c={c}
          canDelete={canDelete(c)}
          onReply={() => onReply(c)}
          onDelete={() => onDelete(c)}
          onLike={(s) => onLike(c, s)}
        />
      ))}
      {left > 0 && (
        <button type="button" className={styles.moreReplies} disabled={busy} onClick={more}>
          {busy ? '加载中…' : `查看更多回复（${left}）`}
        </button>
      )}
    </div>
  );
}

function Editor({
  user,
  placeholder,
  submitLabel,
  onSubmit,
  onCancel,
  autoFocus,
}: {
  user: UserInfo | null;
  placeholder: string;
  submitLabel: string;
  onSubmit: (text: string) => Promise<void>;
  onCancel?: () => void;
  autoFocus?: boolean;
}) {
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const ref = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    if (autoFocus) ref.current?.focus();
  }, [autoFocus]);

  async function submit(e?: SubmitEvent) {
    e?.preventDefault();
    if (!user) {
      toast('请先登录', 'warning', '温馨提示');
      openLogin();
      return;
    }
    const content = text.trim();
    if (!content) {
      toast('请输入评论内容', 'warning', '温馨提示');
      return;
    }
    setBusy(true);
    try {
      await onSubmit(content);
      setText('');
    } catch {
      // shown by the HTTP client
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className={styles.editor} onSubmit={submit}>
      {user ? <Avatar src={user.avatar} name={user.nick_name} size={36} /> : <Avatar name="?" size={36} />}
      <div className={styles.field}>
        <textarea
          ref={ref}
          value={text}
          maxLength={COMMENT_MAX}
          rows={3}
          placeholder={user ? placeholder : '登录后才能发表评论'}
          aria-label={placeholder}
          onFocus={() => !user && openLogin()}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) void submit();
          }}
        />
        <div className={styles.editorBar}>
          <span className="muted">
            {text.length}/{COMMENT_MAX}
          </span>
          {onCancel && (
            <button type="button" className="btn" onClick={onCancel}>
              取消
            </button>
          )}
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {user ? submitLabel : '登录'}
          </button>
        </div>
      </div>
    </form>
  );
}
