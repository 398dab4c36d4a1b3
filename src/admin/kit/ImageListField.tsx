import { ChevronLeft, ChevronRight, GripVertical, ImagePlus, X } from 'lucide-react';
import { type DragEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { movedBy } from '../../lib/image-list.ts';
import { IMAGE_ACCEPT } from '../../lib/upload.ts';
import styles from './image-list.module.css';
import kit from './kit.module.css';
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
  const handles = useRef(new Map<string, HTMLButtonElement>());
  const [dragging, setDragging] = useState<string | null>(null);
  const [over, setOver] = useState(false);
  const [said, setSaid] = useState('');
  const [refocus, setRefocus] = useState<string | null>(null);
  const { items, max } = list;

  // A moved element may lose focus as the DOM reorders: give it back to the handle that moved.
  useEffect(() => {
    if (!refocus) return;
    handles.current.get(refocus)?.focus();
    setRefocus(null);
  }, [refocus]);

  const moveTo = (from: number, to: number, keepFocus: boolean) => {
    if (to < 0 || to >= items.length || to === from) return;
    const key = items[from].key;
    list.move(from, to);
    setSaid(`${label} ${from + 1} 已移到第 ${to + 1} 位`);
    if (keepFocus) setRefocus(key);
  };
  const onHandleKey = (e: KeyboardEvent, i: number) => {
    const to = movedBy(e.key, i, items.length);
    if (to === undefined) return;
    e.preventDefault();
    moveTo(i, to, true);
  };

  const hasFiles = (e: DragEvent) => e.dataTransfer.types.includes('Files');
  const zone = {
    onDragOver: (e: DragEvent) => {
      if (!dragging && !hasFiles(e)) return;
      e.preventDefault();
      e.dataTransfer.dropEffect = dragging ? 'move' : 'copy';
      if (!dragging) setOver(true);
    },
    onDragLeave: (e: DragEvent) => {
      if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOver(false);
    },
    onDrop: (e: DragEvent) => {
      e.preventDefault();
      setOver(false);
      if (dragging) {
        // Dropped beside the images: to the end.
        moveTo(
          items.findIndex((i) => i.key === dragging),
          items.length - 1,
          false,
        );
        setDragging(null);
      } else list.add(e.dataTransfer.files);
    },
  };
  const dropOn = (e: DragEvent, to: number) => {
    if (!dragging) return;
    e.preventDefault();
    e.stopPropagation();
    moveTo(
      items.findIndex((i) => i.key === dragging),
      to,
      false,
    );
    setDragging(null);
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
                draggable={it.progress === null}
                data-dragging={dragging === it.key || undefined}
                onDragStart={(e) => {
                  e.dataTransfer.setData('text/plain', it.url);
                  e.dataTransfer.effectAllowed = 'move';
                  setDragging(it.key);
                }}
                onDragEnd={() => setDragging(null)}
                onDragOver={(e) => dragging && e.preventDefault()}
                onDrop={(e) => dropOn(e, i)}
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
                <button
                  type="button"
                  className={`${styles.over} ${styles.handle}`}
                  aria-label={`${name}：拖动或按方向键调整顺序`}
                  aria-describedby={`${id}-hint`}
                  ref={(el) => {
                    if (el) handles.current.set(it.key, el);
                    else handles.current.delete(it.key);
                  }}
                  onKeyDown={(e) => onHandleKey(e, i)}
                >
                  <GripVertical size={16} aria-hidden />
                </button>
                <span className={styles.touch}>
                  <button
                    type="button"
                    className={styles.over}
                    aria-label={`${name}前移`}
                    disabled={i === 0}
                    onClick={() => moveTo(i, i - 1, false)}
                  >
                    <ChevronLeft size={16} aria-hidden />
                  </button>
                  <button
                    type="button"
                    className={styles.over}
                    aria-label={`${name}后移`}
                    disabled={i === items.length - 1}
                    onClick={() => moveTo(i, i + 1, false)}
                  >
                    <ChevronRight size={16} aria-hidden />
                  </button>
                </span>
                <button
                  type="button"
                  className={`${styles.over} ${styles.remove}`}
                  aria-label={`移除${name}`}
                  onClick={() => {
                    list.remove(it.key);
                    setSaid(`已移除${name}`);
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
        {said}
      </p>
    </fieldset>
  );
}
