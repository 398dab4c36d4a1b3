import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { getReplies } from '../../lib/api/comments.ts';
import { mergeById } from '../../lib/community.ts';
import type { CommentItem, ParentComment } from '../../lib/contract/comments.ts';
import { Avatar } from '../common/Avatar.tsx';
import { Place } from '../common/Place.tsx';
import { TimeAgo } from '../common/TimeAgo.tsx';
import LikeButton from '../like/LikeButton.tsx';
import styles from './comments.module.css';

/** One comment (a top-level one or a reply) with its like, reply and delete actions. */
export function Item({
  c,
  shared,
  canDelete,
  onReply,
  onDelete,
  onLike,
}: {
  c: CommentItem;
  /** The comment comes from the server HTML (its like is a count, not the viewer's). */
  shared?: boolean;
  canDelete: boolean;
  onReply: () => void;
  onDelete: () => void;
  onLike: (s: { is_like: boolean; count: number }) => void;
}) {
  const small = c.parent_id != null;
  return (
    <article className={small ? styles.reply : styles.item} data-comment={c.id} id={`comment-${c.id}`}>
      <Avatar src={c.from_avatar} name={c.from_name} size={small ? 30 : 40} />
      <div className={styles.body}>
        <div className={styles.meta}>
          <span className={styles.name}>{c.from_name}</span>
          {/* Only the author sees their own waiting comment (docs/owner-guide.md#评论审核). */}
          {c.review_status === 'pending' && <span className={styles.reviewing}>审核中</span>}
          <TimeAgo date={c.createdAt} />
        </div>
        <Place ipAddress={c.ipAddress} userAgent={c.userAgent} className={styles.where} />
        <p className={styles.text}>
          {c.to_name && <span className={styles.to}>回复 @{c.to_name}：</span>}
          {c.content}
        </p>
        <div className={styles.actions}>
          <LikeButton
            type={4}
            forId={c.id}
            state={{ is_like: c.is_like, count: c.thumbs_up }}
            shared={shared}
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

/** A thread's replies, with the rest loaded on demand. */
export function Replies({
  parent,
  shared,
  canDelete,
  onReply,
  onDelete,
  onLike,
  onLoaded,
}: {
  parent: ParentComment;
  shared?: boolean;
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
          shared={shared}
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
