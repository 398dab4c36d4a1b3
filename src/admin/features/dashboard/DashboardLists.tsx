import { useState } from 'react';
import { approveLinks } from '../../../lib/api/admin/links.ts';
import { deleteComment, deleteMessages } from '../../../lib/api/admin/moderation.ts';
import { THING } from '../../../lib/community.ts';
import type { DashboardComment } from '../../../lib/contract/dashboard.ts';
import type { FriendLink } from '../../../lib/contract/links.ts';
import type { Message } from '../../../lib/contract/messages.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { toast } from '../../../stores/toast.ts';
import { ConfirmDialog } from '../../kit/ConfirmDialog.tsx';
import kit from '../../kit/kit.module.css';
import { useRowAction } from '../../kit/use-row-action.ts';
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
  const { busy, act } = useRowAction();
  const approve = (link: FriendLink) =>
    act(link.id, async () => {
      await approveLinks([link.id]);
      toast(`已通过「${link.site_name}」`, 'success', '提示');
      await onChanged();
    });
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
      {/* The overview sends only the first few pending links: the rest are on the 友链 screen. */}
      {links && total !== undefined && total > links.length && (
        <p className={styles.meta}>只列出最早的 {links.length} 条，其余的等这些处理完再显示。</p>
      )}
    </section>
  );
}

/** What a "newest" panel shows of an item: its text, who wrote it when, and a link to where it is. */
type Shown = { text: string; name: string; at: string; before: string; href: string; link: string };

/** One of the dashboard's "newest" panels (comments, messages): each item with a delete that asks first. */
function NewestList<T extends { id: number }>({
  id,
  noun,
  empty,
  items,
  show,
  goesWith,
  remove,
  onChanged,
}: {
  id: string;
  /** 评论 or 留言: in the title, the delete button's name and the question. */
  noun: string;
  empty: string;
  items?: T[];
  show: (item: T) => Shown;
  /** What the delete takes with it, said in the question. */
  goesWith: (item: T) => string;
  remove: (item: T) => Promise<unknown>;
} & Changed) {
  const [removing, setRemoving] = useState<T | null>(null);
  const gone = removing ? show(removing) : null;
  return (
    <section className={styles.panel} aria-labelledby={id}>
      <h2 id={id} className={styles.panelTitle}>
        最新{noun}
      </h2>
      {!items ? (
        <p className={styles.muted}>加载中…</p>
      ) : items.length === 0 ? (
        <p className={styles.muted}>{empty}</p>
      ) : (
        <ul className={styles.items}>
          {items.map((item) => {
            const v = show(item);
            return (
              <li key={item.id} className={styles.item}>
                <div className={styles.itemText}>
                  <p className={styles.quote}>{v.text}</p>
                  <p className={styles.meta}>
                    {v.name} · {formatDateTime(v.at)} · {v.before}
                    <a href={v.href} target="_blank" rel="noopener">
                      {v.link}
                    </a>
                  </p>
                </div>
                <button
                  type="button"
                  className={kit.button}
                  onClick={() => setRemoving(item)}
                  aria-label={`删除${v.name}的${noun}`}
                >
                  删除
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <ConfirmDialog
        open={Boolean(removing)}
        onOpenChange={(o) => !o && setRemoving(null)}
        title={`删除${noun}`}
        message={`删除${gone?.name ?? ''}的${noun}「${gone?.text.slice(0, 40) ?? ''}」？${removing ? goesWith(removing) : ''}删除后不可恢复。`}
        confirmLabel="删除"
        onConfirm={() =>
          removing
            ? remove(removing).then(() => {
                toast('删除成功', 'success', '提示');
                return onChanged();
              })
            : undefined
        }
      />
    </section>
  );
}

export function NewestComments({ comments, onChanged }: { comments?: DashboardComment[] } & Changed) {
  return (
    <NewestList
      id="dash-comments"
      noun="评论"
      empty="还没有评论"
      items={comments}
      show={(c) => ({
        text: c.content,
        name: c.from_name,
        at: c.createdAt,
        before: '评论于 ',
        href: commentHref(c),
        link: c.type === THING.article ? `《${c.target}》` : c.target,
      })}
      goesWith={(c) => (c.parent_id ? '' : '它的回复也会一起删除，')}
      remove={(c) => deleteComment(c.id, c.parent_id)}
      onChanged={onChanged}
    />
  );
}

export function NewestMessages({ messages, onChanged }: { messages?: Message[] } & Changed) {
  return (
    <NewestList
      id="dash-messages"
      noun="留言"
      empty="留言板还没有留言"
      items={messages}
      show={(m) => ({
        text: m.message,
        name: m.nick_name,
        at: m.createdAt,
        before: '',
        href: `/message/detail?id=${m.id}`,
        link: '查看',
      })}
      goesWith={() => '它的评论也会一起删除，'}
      remove={(m) => deleteMessages([m.id])}
      onChanged={onChanged}
    />
  );
}
