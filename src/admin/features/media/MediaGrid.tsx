import type { ReactNode } from 'react';
import type { MediaItem } from '../../../lib/contract/media.ts';
import { bytesText } from '../../kit/bytes.ts';
import kit from '../../kit/kit.module.css';
import m from '../../kit/media.module.css';
import s from './media.module.css';

type Props = {
  items: MediaItem[];
  /** The grid's name for screen readers. */
  label: string;
  /** Each tile's picture and details; `picture` wraps the picture (the picker makes it a button). */
  picture?: (item: MediaItem, img: ReactNode) => ReactNode;
  /** Checkbox per tile (the library's bulk delete). */
  selected?: Set<number>;
  onToggle?: (id: number) => void;
  /** Buttons under a tile's details. */
  actions?: (item: MediaItem) => ReactNode;
};

const day = (iso: string) => iso.slice(0, 10);

/** Uploads as tiles: the small variant, name, size, dimensions, date and where each is used. */
export function MediaGrid({ items, label, picture, selected, onToggle, actions }: Props) {
  return (
    <ul className={m.grid} aria-label={label}>
      {items.map((it) => {
        const img = <img src={it.thumb} alt={it.name} loading="lazy" width={480} height={360} />;
        return (
          <li key={it.id} className={s.card} data-media-id={it.id}>
            {picture ? picture(it, img) : img}
            {selected && onToggle && (
              <label className={m.pick}>
                <input type="checkbox" checked={selected.has(it.id)} onChange={() => onToggle(it.id)} />
                <span className={kit.srOnly}>选择 {it.name}</span>
              </label>
            )}
            <div className={s.info}>
              <span className={s.name} title={it.name}>
                {it.name}
              </span>
              <span className={s.meta}>
                {bytesText(it.byteSize)} · {it.width && it.height ? `${it.width}×${it.height}` : '尺寸未知'} ·{' '}
                {day(it.createdAt)}
              </span>
              {it.uses.length ? (
                <ul className={s.uses} aria-label={`${it.name}的使用之处`}>
                  {it.uses.map((u, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: one picture's uses keep their order.
                    <li key={i} className={s.use}>
                      {u.href ? <a href={u.href}>{`${u.kind}${u.label}`}</a> : `${u.kind}${u.label}`}
                    </li>
                  ))}
                </ul>
              ) : (
                <span className={s.unused}>未使用</span>
              )}
              {actions && <span className={s.actions}>{actions(it)}</span>}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
