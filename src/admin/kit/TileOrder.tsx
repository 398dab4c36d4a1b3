import { ChevronLeft, ChevronRight, GripVertical } from 'lucide-react';
import { type DragEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { movedBy } from '../../lib/image-list.ts';
import styles from './image-list.module.css';

type Key = string | number;

/**
 * Putting a grid of pictures in order, three ways: drag one onto another, press the arrow keys on its
 * handle (focus stays on the handle as the grid reorders), or its 前移 / 后移 buttons, since a finger
 * cannot drag. `move` applies a move; each is announced as `${label} 3 已移到第 1 位` through `said`.
 */
export function useTileOrder<K extends Key>(
  keys: readonly K[],
  label: string,
  move: (from: number, to: number) => void,
) {
  const [dragging, setDragging] = useState<K | null>(null);
  const [said, setSaid] = useState('');
  const [refocus, setRefocus] = useState<K | null>(null);
  const handles = useRef(new Map<K, HTMLButtonElement>());

  // A moved tile's handle loses focus as the DOM reorders: give it back.
  useEffect(() => {
    if (refocus === null) return;
    handles.current.get(refocus)?.focus();
    setRefocus(null);
  }, [refocus]);

  const moveTo = (from: number, to: number, keepFocus = false) => {
    if (from < 0 || to < 0 || to >= keys.length || to === from) return;
    move(from, to);
    setSaid(`${label} ${from + 1} 已移到第 ${to + 1} 位`);
    if (keepFocus) setRefocus(keys[from]);
  };
  /** The tile being dragged dropped at place `to`; false when no tile is being dragged (a file is). */
  const dropAt = (to: number) => {
    if (dragging === null) return false;
    moveTo(keys.indexOf(dragging), to);
    setDragging(null);
    return true;
  };

  /** What the tile of `key` at place `i` spreads on its element; `url` is what a drag carries. */
  const tile = (key: K, i: number, url: string, canDrag = true) => ({
    draggable: canDrag,
    'data-dragging': dragging === key || undefined,
    onDragStart: (e: DragEvent) => {
      e.dataTransfer.setData('text/plain', url);
      e.dataTransfer.effectAllowed = 'move';
      setDragging(key);
    },
    onDragEnd: () => setDragging(null),
    onDragOver: (e: DragEvent) => {
      if (dragging !== null) e.preventDefault();
    },
    onDrop: (e: DragEvent) => {
      if (dragging === null) return;
      e.preventDefault();
      e.stopPropagation();
      dropAt(i);
    },
  });

  type ControlsProps = { k: K; i: number; name: string; hint: string; always?: boolean };
  /** The tile's handle (drag, arrow keys) and its 前移 / 后移 buttons: on touch screens, or `always`. */
  const controls = ({ k, i, name, hint, always }: ControlsProps) => (
    <>
      <button
        type="button"
        className={`${styles.over} ${styles.handle}`}
        aria-label={`${name}：拖动或按方向键调整顺序`}
        aria-describedby={hint}
        ref={(el) => {
          if (el) handles.current.set(k, el);
          else handles.current.delete(k);
        }}
        onKeyDown={(e: KeyboardEvent) => {
          const to = movedBy(e.key, i, keys.length);
          if (to === undefined) return;
          e.preventDefault();
          moveTo(i, to, true);
        }}
      >
        <GripVertical size={16} aria-hidden />
      </button>
      <span className={styles.touch} data-always={always || undefined}>
        <button
          type="button"
          className={styles.over}
          aria-label={`${name}前移`}
          disabled={i === 0}
          onClick={() => moveTo(i, i - 1)}
        >
          <ChevronLeft size={16} aria-hidden />
        </button>
        <button
          type="button"
          className={styles.over}
          aria-label={`${name}后移`}
          disabled={i === keys.length - 1}
          onClick={() => moveTo(i, i + 1)}
        >
          <ChevronRight size={16} aria-hidden />
        </button>
      </span>
    </>
  );

  return { dragging, said, setSaid, dropAt, tile, controls };
}
