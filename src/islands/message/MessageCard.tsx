import { MessageCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { messageStyle } from '../../lib/community.ts';
import type { Message } from '../../stores/message.ts';
import { Avatar } from '../common/Avatar.tsx';
import { Place } from '../common/Place.tsx';
import { TimeAgo } from '../common/TimeAgo.tsx';
import styles from './message.module.css';

type Props = {
  m: Message;
  /** 'card': a colored note; 'list': a chat-like row; 'detail': the large single view. */
  variant: 'card' | 'list' | 'detail';
  /** The like control (interactive pages pass a LikeButton). */
  like?: ReactNode;
  link?: boolean;
};

/** One guestbook message: its own text style and background, the author, time, tag and counts. */
export function MessageCard({ m, variant, like, link = true }: Props) {
  const note = (
    <div className={styles.note} style={messageStyle(m)} data-message-text>
      <p>{m.message}</p>
    </div>
  );
  return (
    <article className={`${styles.message} ${styles[variant]}`} data-message-id={m.id}>
      {variant === 'list' && <Avatar src={m.avatar} name={m.nick_name} size={44} />}
      <div className={styles.main}>
        {variant === 'list' && (
          <div className={styles.byline}>
            <span className={styles.name}>{m.nick_name}</span>
            <Reviewing state={m.review_status} />
            <TimeAgo date={m.createdAt} />
            <Place ipAddress={m.ipAddress} userAgent={m.userAgent} className={styles.place} />
          </div>
        )}
        {link ? (
          <a
            href={`/message/detail?id=${m.id}`}
            className={styles.noteLink}
            // Named by the message it shows (an aria-label would hide the visible text).
            title={`查看 ${m.nick_name} 的留言`}
          >
            {note}
          </a>
        ) : (
          note
        )}
        <div className={styles.footer}>
          {variant !== 'list' && (
            <span className={styles.author}>
              <Avatar src={m.avatar} name={m.nick_name} size={24} />
              <span className={styles.name}>{m.nick_name}</span>
              <TimeAgo date={m.createdAt} />
              <Place ipAddress={m.ipAddress} userAgent={m.userAgent} className={styles.place} />
            </span>
          )}
          {m.tag && <span className={styles.tag}>#{m.tag}</span>}
          {variant !== 'detail' && (
            <span className={styles.actions}>
              {like}
              <a
                href={`/message/detail?id=${m.id}`}
                className={styles.comments}
                aria-label={`评论 ${m.comment_total}`}
              >
                <MessageCircle size={16} aria-hidden="true" /> {m.comment_total}
              </a>
            </span>
          )}
        </div>
      </div>
    </article>
  );
}

/**
 * A message not yet published: its author sees 审核中, the admin the real state (docs/owner-guide.md#评论审核).
 */
function Reviewing({ state }: { state: Message['review_status'] }) {
  if (state === 'published' || !state) return null;
  return <span className={styles.reviewing}>{state === 'spam' ? '垃圾' : '审核中'}</span>;
}
