import { MessageCircle, Pin } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { getTalk, talkList } from '../../lib/api/talks.ts';
import { mergeById } from '../../lib/community.ts';
import type { Page } from '../../lib/contract/page.ts';
import type { Talk } from '../../lib/contract/talks.ts';
import { formatCount } from '../../lib/format.ts';
import { lightboxUrl, type PictureFacts } from '../../lib/picture.ts';
// Imported statically: Astro inlines small stylesheets, and a lazily imported island's inlined CSS
// is then missing for Vite's preload helper (withastro/astro#8329). Comments only render when opened.
import Comments from '../comments/Comments.tsx';
import { TimeAgo } from '../common/TimeAgo.tsx';
import { openLightbox } from '../lightbox/lightbox.ts';
import LikeButton from '../like/LikeButton.tsx';
import { TalkPicture } from './TalkPicture.tsx';
import styles from './talk.module.css';

type Props = {
  initial: Page<Talk>;
  /** `?id=`: the talk to scroll to and highlight (a type-2 notification's target). */
  targetId?: number | null;
  /** That talk when it is not on the first page. */
  target?: Talk | null;
  /** The stored facts of the pictures the server page shows, by URL (their variants and sizes). */
  pictures?: Record<string, PictureFacts>;
};

/** The talk list: server-rendered first page; likes, comments, pictures and "load more" in the browser. */
export default function TalkList({ initial, targetId = null, target = null, pictures: first = {} }: Props) {
  // The server page's facts, then each loaded page's: talks added by "load more" get variants too.
  const [pictures, setPictures] = useState(first);
  const [list, setList] = useState<Talk[]>(initial.list);
  const [extra, setExtra] = useState<Talk | null>(target);
  const [current, setCurrent] = useState(initial.current);
  const [total, setTotal] = useState(initial.total);
  const [loading, setLoading] = useState(false);
  const [open, setOpen] = useState<Set<number>>(() => new Set(targetId ? [targetId] : []));
  // The likes shown are the server HTML's counts (no one's own) until this visitor's arrive.
  const [shared, setShared] = useState(true);
  // Talks whose like the visitor changed meanwhile: the refresh below, asked for earlier, keeps them.
  const liked = useRef(new Set<number>());
  const scrolled = useRef(false);

  // The HTML is the same for everyone: fetch this visitor's likes (and fresh counts) after hydration.
  useEffect(() => {
    talkList(1, initial.size, { quiet: true })
      .then((fresh) => {
        const newer = (t: Talk) =>
          liked.current.has(t.id) ? undefined : fresh.list.find((f) => f.id === t.id);
        setList((old) => old.map((t) => newer(t) ?? t));
        setTotal(fresh.total);
        setShared(false);
      })
      .catch(() => {});
    if (target)
      getTalk(target.id, { quiet: true })
        .then(setExtra)
        .catch(() => {});
  }, [initial.size, target]);

  useEffect(() => {
    if (!targetId || scrolled.current) return;
    scrolled.current = true;
    // After the router's own scroll-to-top has run.
    const timer = setTimeout(() => {
      document.getElementById(`talk-${targetId}`)?.scrollIntoView({ behavior: 'smooth', block: 'center' });
    }, 350);
    return () => clearTimeout(timer);
  }, [targetId]);

  async function more() {
    setLoading(true);
    try {
      const res = await talkList(current + 1, initial.size);
      setPictures((old) => ({ ...old, ...res.pictures }));
      setList((old) => mergeById(old, res.list));
      setCurrent(res.current);
      setTotal(res.total);
    } catch {
      // shown by the HTTP client
    } finally {
      setLoading(false);
    }
  }

  const patch = (id: number, change: Partial<Talk>) => {
    setList((old) => old.map((t) => (t.id === id ? { ...t, ...change } : t)));
    setExtra((t) => (t && t.id === id ? { ...t, ...change } : t));
  };
  const toggle = (id: number) =>
    setOpen((old) => {
      const next = new Set(old);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const shown = extra && !list.some((t) => t.id === extra.id) ? [extra, ...list] : list;
  if (shown.length === 0) return <p className="card muted">空空如也</p>;

  return (
    <div className={styles.list}>
      {shown.map((t) => (
        <article
          key={t.id}
          id={`talk-${t.id}`}
          className={`card ${styles.talk} ${t.id === targetId ? styles.target : ''}`}
          data-talk-id={t.id}
        >
          {/* Only the blogger writes talks: their name and avatar on every card said nothing; the date
              leads, as in Halo's 瞬间. */}
          <header className={styles.head}>
            <TimeAgo date={t.createdAt} />
            {t.is_top === 1 && (
              <span className={styles.pin}>
                <Pin size={14} aria-hidden="true" /> 置顶
              </span>
            )}
          </header>
          <p className={styles.content}>{t.content}</p>
          {t.talkImgList.length > 0 && (
            <div
              className={styles.grid}
              data-count={t.talkImgList.length === 4 ? 2 : Math.min(t.talkImgList.length, 3)}
            >
              {t.talkImgList.map((url, i) => (
                <button
                  key={url}
                  type="button"
                  className={styles.thumb}
                  aria-label={`查看图片 ${i + 1}`}
                  onClick={() =>
                    openLightbox(
                      t.talkImgList.map((u) => lightboxUrl(u, pictures[u])),
                      i,
                      t.talkImgList,
                    )
                  }
                >
                  <TalkPicture url={url} facts={pictures[url]} />
                </button>
              ))}
            </div>
          )}
          <footer className={styles.foot}>
            <LikeButton
              type={2}
              forId={t.id}
              state={{ is_like: t.is_like, count: t.like_times }}
              shared={shared && !liked.current.has(t.id)}
              onChange={(s) => {
                liked.current.add(t.id);
                patch(t.id, { is_like: s.is_like, like_times: s.count });
              }}
              label="点赞说说"
            />
            <button
              type="button"
              className={styles.commentBtn}
              aria-expanded={open.has(t.id)}
              onClick={() => toggle(t.id)}
            >
              <MessageCircle size={16} aria-hidden="true" /> 评论 {formatCount(t.comment_total)}
            </button>
          </footer>
          {open.has(t.id) && (
            <Comments type={2} forId={t.id} onTotal={(n) => patch(t.id, { comment_total: n })} />
          )}
        </article>
      ))}
      <div className={styles.more}>
        {loading ? (
          <span className="muted">加载中…</span>
        ) : list.length < total ? (
          <button type="button" className="btn" onClick={more}>
            点击加载更多～
          </button>
        ) : (
          <span className="muted">已经到底了</span>
        )}
      </div>
    </div>
  );
}
