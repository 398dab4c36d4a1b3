import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { albumInOrder, setPhotoOrder } from '../../../lib/api/admin/photos.ts';
import { moveItem } from '../../../lib/image-list.ts';
import tiles from '../../kit/image-list.module.css';
import kit from '../../kit/kit.module.css';
import m from '../../kit/media.module.css';
import styles from '../../kit/screens.module.css';
import { useTileOrder } from '../../kit/TileOrder.tsx';
import o from './order.module.css';

type Photo = { id: number; url: string; caption: string };
type Saving = '' | 'saving' | 'saved' | 'failed';
const SAYS: Record<Saving, string> = {
  '': '',
  saving: '正在保存顺序…',
  saved: '顺序已保存',
  failed: '顺序没有保存，已显示保存过的顺序',
};

/**
 * The album's photos in the visitors' order, all of them on one page (the paged grid shows uploads
 * newest first): drag a photo, press the arrow keys on its handle, or use its 前移 / 后移 buttons (a
 * finger cannot drag). Each move saves the whole album's order at once.
 */
export function PhotoOrder({ albumId }: { albumId: number }) {
  const hint = useId();
  const [photos, setPhotos] = useState<Photo[] | null>(null);
  const [saving, setSaving] = useState<Saving>('');
  // One save at a time, so an older order never lands after a newer one: moves made while a save is on
  // its way are sent, as the latest order, when it ends.
  const queue = useRef<{ busy: boolean; next: number[] | null }>({ busy: false, next: null });

  const load = useCallback(() => albumInOrder(albumId).then(setPhotos, () => {}), [albumId]);
  useEffect(() => {
    void load();
  }, [load]);

  const save = async (ids: number[]) => {
    const q = queue.current;
    q.next = ids;
    if (q.busy) return;
    q.busy = true;
    setSaving('saving');
    try {
      while (q.next) {
        const order = q.next;
        q.next = null;
        await setPhotoOrder(albumId, order);
      }
      setSaving('saved');
    } catch {
      // The failed call's toast says why; the screen goes back to the order the server holds.
      q.next = null;
      setSaving('failed');
      await load();
    } finally {
      q.busy = false;
    }
  };

  const order = useTileOrder(photos?.map((p) => p.id) ?? [], '照片', (from, to) => {
    if (!photos) return;
    const next = moveItem(photos, from, to);
    setPhotos(next);
    void save(next.map((p) => p.id));
  });

  if (!photos) return <p className={styles.muted}>加载中…</p>;
  if (!photos.length) return <p className={m.emptyGrid}>这个相册还没有照片，上传一些吧</p>;

  return (
    <section className={o.order} aria-label="照片顺序">
      <p id={hint} className={styles.muted}>
        访客在相册页按这里的顺序看到照片。拖动照片，或在照片左上角的手柄上按方向键，或点 前移 /
        后移，调整顺序；每次调整都立即保存。回收站里的照片不在这里。
      </p>
      <p className={o.status} aria-live="polite">
        {SAYS[saving]}
      </p>
      <ul className={tiles.grid} aria-label="按顺序排列的照片">
        {photos.map((p, i) => {
          const name = `照片 ${i + 1}`;
          return (
            <li key={p.id} className={tiles.tile} data-photo-id={p.id} {...order.tile(p.id, i, p.url)}>
              <img src={p.url} alt={p.caption || name} title={p.caption || undefined} draggable={false} />
              {order.controls({ k: p.id, i, name, hint, always: true })}
            </li>
          );
        })}
      </ul>
      <p className={kit.srOnly} aria-live="polite">
        {order.said}
      </p>
    </section>
  );
}
