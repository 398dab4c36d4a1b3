import { ThumbsUp } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { formatCount } from '../../lib/format.ts';
import styles from './like.module.css';
import { type LikeState, likeInfo, toggleLike } from './like.ts';

type Props = {
  type: number;
  forId: number;
  /** Known state (from a list the island already fetched); without it the button asks the server. */
  state?: LikeState;
  onChange?: (state: LikeState) => void;
  label?: string;
  big?: boolean;
};

/** A like toggle with its count: one like per user, or per visitor address for guests. */
export default function LikeButton({ type, forId, state, onChange, label = '点赞', big }: Props) {
  const [own, setOwn] = useState<LikeState | null>(state ?? null);
  const current = state ?? own;
  const busy = useRef(false);

  useEffect(() => {
    if (state) return;
    let alive = true;
    likeInfo(type, forId)
      .then((s) => alive && setOwn(s))
      .catch(() => alive && setOwn({ is_like: false, count: 0 }));
    return () => {
      alive = false;
    };
  }, [type, forId, state]);

  async function click() {
    if (!current || busy.current) return;
    busy.current = true;
    try {
      const next = await toggleLike(type, forId, current.is_like);
      setOwn(next);
      onChange?.(next);
    } catch {
      // The HTTP client has shown why.
    } finally {
      busy.current = false;
    }
  }

  const liked = Boolean(current?.is_like);
  return (
    <button
      type="button"
      className={`${styles.like} ${liked ? styles.liked : ''} ${big ? styles.big : ''}`}
      aria-pressed={liked}
      // The accessible name holds the visible count too (WCAG 2.5.3: what is seen is what is said).
      aria-label={`${liked ? `取消${label}` : label}${current ? ` ${formatCount(current.count)}` : ''}`}
      disabled={!current}
      onClick={click}
      data-like={`${type}-${forId}`}
    >
      <ThumbsUp size={big ? 20 : 16} fill={liked ? 'currentColor' : 'none'} aria-hidden="true" />
      <span data-like-count>{current ? formatCount(current.count) : ''}</span>
    </button>
  );
}
