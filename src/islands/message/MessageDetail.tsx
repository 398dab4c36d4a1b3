import { navigate } from 'astro:transitions/client';
import { useStore } from '@nanostores/react';
import { Pencil, Trash2 } from 'lucide-react';
import { type ComponentProps, useEffect } from 'react';
import { deleteMessages } from '../../lib/api/messages.ts';
import { loadLike } from '../../stores/like.ts';
import { dropMessageList, patchKeptMessage } from '../../stores/message.ts';
import { $userInfo } from '../../stores/session.ts';
import { toast } from '../../stores/toast.ts';
import Comments from '../comments/Comments.tsx';
import { useHydrated } from '../common/use-hydrated.ts';
import LikeButton from '../like/LikeButton.tsx';
import styles from './detail.module.css';

type Props = {
  id: number;
  ownerId: number | null;
  /**
   * The like count and the comments' first page and counts, rendered by the server into HTML every
   * visitor shares (no one's likes in it): shown at once, the viewer's own asked for on hydration.
   */
  initial?: { likes: number; comments: NonNullable<ComponentProps<typeof Comments>['initial']> };
};

/** Under one guestbook message: its like, edit/delete for the author (or admin), and its comments. */
export default function MessageDetail({ id, ownerId, initial }: Props) {
  const user = useStore($userInfo);
  const hydrated = useHydrated();
  const me = hydrated ? user : null;
  // The author or an admin (docs/api/public.md#guestbook-comments-and-likes: owner).
  const mine = me != null && (me.role === 1 || (ownerId != null && me.id === ownerId));

  useEffect(() => {
    if (initial) void loadLike(3, id);
  }, [initial, id]);

  async function remove() {
    if (!window.confirm('确定删除这条留言吗？')) return;
    try {
      await deleteMessages([id]);
    } catch {
      return;
    }
    toast('删除成功', 'success', '提示');
    dropMessageList();
    await navigate('/message/list');
  }

  return (
    <>
      <div className={styles.bar}>
        <LikeButton
          type={3}
          forId={id}
          big
          label="点赞留言"
          state={initial && { is_like: false, count: initial.likes }}
          shared
          onChange={(s) => patchKeptMessage(id, { is_like: s.is_like, like_times: s.count })}
        />
        <span className={styles.spacer} />
        {mine && (
          <a className="btn" href={`/message/publish?id=${id}`}>
            <Pencil size={16} aria-hidden="true" /> 编辑
          </a>
        )}
        {mine && (
          <button type="button" className="btn" onClick={remove}>
            <Trash2 size={16} aria-hidden="true" /> 删除
          </button>
        )}
      </div>
      <Comments
        type={3}
        forId={id}
        initial={initial?.comments}
        onTotal={(n) => patchKeptMessage(id, { comment_total: n })}
      />
    </>
  );
}
