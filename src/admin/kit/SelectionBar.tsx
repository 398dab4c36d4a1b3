import type { ReactNode } from 'react';
import styles from './selection-bar.module.css';

type Props = {
  /** useSelection's answer for the list's rows. */
  selection: { all: boolean; chosen: unknown[]; toggleAll: () => void };
  /** No rows on the page: nothing to pick. */
  empty: boolean;
  /** The counting word of what is picked: 篇, 条, 张. */
  unit: string;
  /** The actions on what is picked. */
  children: ReactNode;
};

/** Above a list whose rows can be picked: 全选本页, how many are picked, and what to do with them. */
export function SelectionBar({ selection, empty, unit, children }: Props) {
  return (
    <fieldset className={styles.bar} aria-label="批量操作">
      <label className={styles.check}>
        <input type="checkbox" checked={selection.all} disabled={empty} onChange={selection.toggleAll} />
        全选本页
      </label>
      <span aria-live="polite">
        已选 {selection.chosen.length} {unit}
      </span>
      {children}
    </fieldset>
  );
}
