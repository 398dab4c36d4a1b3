import { useStore } from '@nanostores/react';
import { ThumbsUp } from 'lucide-react';
import { useEffect } from 'react';
import { formatCount, likeLabel } from '../../lib/count.ts';
import {
  $likes,
  type LikeState,
  likeKey,
  loadLike,
  putLike,
  showLike,
  toggleLike,
} from '../../stores/like.ts';
import { useHydrated } from '../common/use-hydrated.ts';
import styles from './like.module.css';

type Props = {
  type: number;
  forId: number;
  /** Known state (from a list the island already fetched); without it the button asks the server. */
  state?: LikeState;
  /** `state` came from the server HTML every visitor shares (a count, not the viewer's like). */
  shared?: boolean;
  /** Tells the list holding the thing its new state (e.g. the kept guestbook list). */
  onChange?: (state: LikeState) => void;
  label?: string;
  big?: boolean;
};

/**
 * A like toggle with its count: one like per user, or per visitor address for guests. The state lives
 * in the like store, so every button showing the same thing shows the same state.
 */
export default function LikeButton({ type, forId, state, shared, onChange, label = '点赞', big }: Props) {
  const stored = useStore($likes, { keys: [likeKey(type, forId)] })[likeKey(type, forId)];
  // The first client render matches the server's (the list's state): the store outlives client-router
  // navigations, and a state it kept from an earlier page must not make hydration fail.
  const mounted = useHydrated();
  const current = (mounted ? stored : undefined) ?? state ?? null;
  const known = state != null;
  const isLike = state?.is_like;
  const count = state?.count;

  useEffect(() => {
    if (known) (shared ? showLike : putLike)(type, forId, { is_like: Boolean(isLike), count: count ?? 0 });
    else void loadLike(type, forId);
  }, [type, forId, known, shared, isLike, count]);

  async function click() {
    // A click replayed by client:interaction comes before this button's effect has filled the store.
    if (current && !$likes.get()[likeKey(type, forId)]) (shared ? showLike : putLike)(type, forId, current);
    const next = await toggleLike(type, forId);
    if (next) onChange?.(next);
  }

  const liked = Boolean(current?.is_like);
  return (
    <button
      type="button"
      className={`${styles.like} ${liked ? styles.liked : ''} ${big ? styles.big : ''}`}
      aria-pressed={liked}
      aria-label={likeLabel(liked, current?.count, label)}
      disabled={!current}
      onClick={click}
      data-like={`${type}-${forId}`}
    >
      <ThumbsUp size={big ? 20 : 16} fill={liked ? 'currentColor' : 'none'} aria-hidden="true" />
      <span data-like-count>{current ? formatCount(current.count) : ''}</span>
    </button>
  );
}
