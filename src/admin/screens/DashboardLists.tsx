import { useState } from 'react';
import { approveLinks } from '../../lib/api/admin/links.ts';
import { deleteComment, deleteMessages } from '../../lib/api/admin/moderation.ts';
import { THING } from '../../lib/community.ts';
import type { DashboardComment } from '../../lib/contract/dashboard.ts';
import type { FriendLink } from '../../lib/contract/links.ts';
import type { Message } from '../../lib/contract/messages.ts';
import { formatDateTime } from '../../lib/format.ts';
import { toast } from '../../stores/toast.ts';
import { ConfirmDialog } from '../kit/ConfirmDialog.tsx';
import kit from '../kit/kit.module.css';
import styles from './dashboard.module.css';

/** The dashboard's lists of what waits for the blogger: pending links, the newest comments and messages. */

type Changed = { onChanged: () => unknown };

/** Where a comment is on the site. */
const commentHref = (c: DashboardComment) =>
  c.type === THING.article
    ? `/article?id=${c.for_id}`
    : c.type === THING.talk
      ? `/talk?id=${c.for_id}`
      : `/message/detail?id=${c.for_id}`;

export function PendingLinks({
  links,
  total,
  onChanged,
}: { links?: FriendLink[]; total?: number } & Changed) {
  const [busy, setBusy] = useState<number | null>(null);
  const approve = async (link: FriendLink) => {
    setBusy(link.id);
    try {
      await approveLinks([link.id]);
      toast(`已通过「${link.site_name}」`, 'success', '提示');
      await onChanged();
    } catch {
      /* the envelope's message is on screen */
    } finally {
      setBusy(null);
    }
  };
  return (
    <section className={styles.panel} aria-labelledby="dash-links">
      <h2 id="dash-links" className={styles.panelTitle}>
        待审核的友链{total ? `（${total}）` : ''}
      </h2>
      {!links ? (
        <p className={styles.muted}>加载中…</p>
      ) : links.length === 0 ? (
        <p className={styles.muted}>没有待审核的友链申请</p>
      ) : (
        <ul className={styles.items}>
          {links.map((l) => (
            <li key={l.id} className={styles.item}>
              <div className={styles.itemText}>
                <a href={l.url} target="_blank" rel="noopener nofollow">
                  {l.site_name}
                </a>
                <p className={styles.muted}>{l.site_desc}</p>
                <p className={styles.meta}>申请于 {formatDateTime(l.createdAt)}</p>
              </div>
              <button
                type="button"
                className={kit.primary}
                disabled={busy === l.id}
                onClick={() => approve(l)}
                aria-label={`通过友链：${l.site_name}`}
              >
                {busy === l.id ? '处理中…' : '通过'}
              </button>
            </li>
          ))}
        </ul>
      )}
      {links && total !== undefined && total > links.length && (
        <p className={styles.meta}>只列出最早的 {links.length} 条，其余的等这些处理完再显示。</p>
      )}
    </section>
  );
}

export function NewestComments({ comments, onChanged }: { comments?: DashboardComment[] } & Changed) {
  const [removing, setRemoving] = useState<DashboardComment | null>(null);
  return (
    <section className={styles.panel} aria-labelledby="dash-comments">
      <h2 id="dash-comments" className={styles.panelTitle}>
        最新评论
      </h2>
      {!comments ? (
        <p className={styles.muted}>加载中…</p>
      ) : comments.length === 0 ? (
        <p className={styles.muted}>还没有评论</p>
      ) : (
        <ul className={styles.items}>
          {comments.map((c) => (
            <li key={c.id} className={styles.item}>
              <div className={styles.itemText}>
                <p className={styles.quote}>{c.content}</p>
                <p className={styles.meta}>
                  {c.from_name} · {formatDateTime(c.createdAt)} · 评论于{' '}
                  <a href={commentHref(c)} target="_blank" rel="noopener">
                    {c.type === THING.article ? `《${c.target}》` : c.target}
                  </a>
                </p>
              </div>
              <button
                type="button"
                className={kit.button}
                onClick={() => setRemoving(c)}
                aria-label={`删除${c.from_name}的评论`}
              >
                删除
              </button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={Boolean(removing)}
        onOpenChange={(o) => !o && setRemoving(null)}
        title="删除评论"
        message={`删除${removing?.from_name ?? ''}的评论「${removing?.content.slice(0, 40) ?? ''}」？${removing?.parent_id ? '' : '它的回复也会一起删除，'}删除后不可恢复。`}
        confirmLabel="删除"
        onConfirm={() =>
          removing
            ? deleteComment(removing.id, removing.parent_id).then(() => {
                toast('删除成功', 'success', '提示');
                return onChanged();
              })
            : undefined
        }
      />
    </section>
  );
}

export function NewestMessages({ messages, onChanged }: { messages?: Message[] } & Changed) {
  const [removing, setRemoving] = useState<Message | null>(null);
  return (
    <section className={styles.panel} aria-labelledby="dash-messages">
      <h2 id="dash-messages" className={styles.panelTitle}>
        最新留言
      </h2>
      {!messages ? (
        <p className={styles.muted}>加载中…</p>
      ) : messages.length === 0 ? (
        <p className={styles.muted}>留言板还没有留言</p>
      ) : (
        <ul className={styles.items}>
          {messages.map((m) => (
            <li key={m.id} className={styles.item}>
              <div className={styles.itemText}>
                <p className={styles.quote}>{m.message}</p>
                <p className={styles.meta}>
                  {m.nick_name} · {formatDateTime(m.createdAt)} ·{' '}
                  <a href={`/message/detail?id=${m.id}`} target="_blank" rel="noopener">
                    查看
                  </a>
                </p>
              </div>
              <button
                type="button"
                className={kit.button}
                onClick={() => setRemoving(m)}
                aria-label={`删除${m.nick_name}的留言`}
              >
                删除
              </button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={Boolean(removing)}
        onOpenChange={(o) => !o && setRemoving(null)}
        title="删除留言"
        message={`删除${removing?.nick_name ?? ''}的留言「${removing?.message.slice(0, 40) ?? ''}」？它的评论也会一起删除，删除后不可恢复。`}
        confirmLabel="删除"
        onConfirm={() =>
          removing
            ? deleteMessages([removing.id]).then(() => {
                toast('删除成功', 'success', '提示');
                return onChanged();
              })
            : undefined
        }
      />
    </section>
  );
}
