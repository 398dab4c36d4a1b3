import { ImagePlus, X } from 'lucide-react';
import { type DragEvent, useId, useRef, useState } from 'react';
import { IMAGE_ACCEPT } from '../../lib/upload.ts';
import styles from './image-list.module.css';
import kit from './kit.module.css';
import { useTileOrder } from './TileOrder.tsx';
import type { ImageList } from './use-image-list.ts';

type Props = {
  /** The field's name, and of each image: "图片" → 图片 1, 图片 2… */
  label: string;
  list: ImageList;
  hint?: string;
};

/**
 * Several images of a console form, in order (useImageList holds them): pick files, drop them on the
 * field or paste them (the form passes its paste to `list.add`); each shows its upload's progress.
 * Reorder by dragging an image, or from the keyboard with the arrow keys on its handle (the new place
 * is announced); touch screens get a back and forward button on each.
 */
export function ImageListField({ label, list, hint }: Props) {
  const id = useId();
  const file = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const { items, max } = list;
  const order = useTileOrder(
    items.map((it) => it.key),
    label,
    (from, to) => list.move(from, to),
  );

  const hasFiles = (e: DragEvent) => e.dataTransfer.types.includes('Files');
  const zone = {
    onDragOver: (e: DragEvent) => {
      if (order.dragging === null && !hasFiles(e)) return;
      e.preventDefault();
      e.dataTransfer.dropEffect = order.dragging === null ? 'copy' : 'move';
      if (order.dragging === null) setOver(true);
    },
    onDragLeave: (e: DragEvent) => {
      if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOver(false);
    },
    onDrop: (e: DragEvent) => {
      e.preventDefault();
      setOver(false);
      // A picture dropped beside the others goes to the end; files dropped are uploaded.
      if (!order.dropAt(items.length - 1)) list.add(e.dataTransfer.files);
    },
  };

  return (
    <fieldset className={`${kit.field} ${styles.fieldset}`} aria-describedby={`${id}-hint`}>
      <legend className={`${kit.label} ${styles.legend}`}>
        {label}{' '}
        <span className={styles.count}>
          {items.length} / {max}
        </span>
      </legend>
      <div className={styles.zone} data-over={over || undefined} data-dropzone={label} {...zone}>
        <ul className={styles.grid}>
          {items.map((it, i) => {
            const name = `${label} ${i + 1}`;
            return (
              <li
                key={it.key}
                className={styles.tile}
                {...order.tile(it.key, i, it.url, it.progress === null)}
              >
                <img src={it.url || it.preview} alt={name} draggable={false} />
                {it.progress !== null && (
                  <progress
                    className={styles.progress}
                    value={it.progress}
                    max={1}
                    aria-label={`${name}上传进度`}
                  />
                )}
                {order.controls({ k: it.key, i, name, hint: `${id}-hint` })}
                <button
                  type="button"
                  className={`${styles.over} ${styles.remove}`}
                  aria-label={`移除${name}`}
                  onClick={() => {
                    list.remove(it.key);
                    order.setSaid(`已移除${name}`);
                  }}
                >
                  <X size={16} aria-hidden />
                </button>
              </li>
            );
          })}
          {items.length < max && (
            <li className={styles.addTile}>
              <button type="button" className={styles.add} onClick={() => file.current?.click()}>
                <ImagePlus size={22} aria-hidden />
                添加图片
              </button>
            </li>
          )}
        </ul>
        <input
          ref={file}
          type="file"
          accept={IMAGE_ACCEPT}
          multiple
          hidden
          data-upload={label}
          aria-label={`选择${label}`}
          onChange={(e) => {
            list.add(e.target.files);
            e.target.value = '';
          }}
        />
      </div>
      <p id={`${id}-hint`} className={kit.hint}>
        {hint ?? `最多 ${max} 张。拖入或粘贴图片即可上传；拖动图片，或在图片的手柄上按方向键，调整顺序。`}
      </p>
      <p className={kit.srOnly} aria-live="polite">
        {order.said}
      </p>
    </fieldset>
  );
}
