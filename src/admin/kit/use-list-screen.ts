import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { $gate } from '../stores.ts';
import { usePagedList } from './use-paged-list.ts';

type Rows<T> = { list: T[]; total: number };

// One empty list for every render before the first answer, so `rows` keeps its identity.
const NONE: never[] = [];

/**
 * What every console list screen shares: its page of rows, read once the gate has let the admin in
 * (before that the API would only refuse), and `refilter`, which wraps a filter's setter so that a
 * new filter starts again on page 1 (page 3 of the old results may not exist in the new ones).
 * `{ clear: true }` is for a tab: its rows are another list altogether, so the table shows
 * "loading" rather than the old tab's rows (and their buttons) until the new ones arrive.
 * Pass the result to ListTable.
 */
export function useListScreen<T>(fetchPage: (page: number) => Promise<Rows<T>>, pageSize: number) {
  const gate = useStore($gate);
  const list = usePagedList(fetchPage, pageSize, gate === 'admin');
  const refilter =
    <V>(set: (value: V) => void, { clear = false } = {}) =>
    (value: V) => {
      set(value);
      list.setPage(1);
      if (clear) list.setData(null);
    };
  return { ...list, pageSize, rows: list.data?.list ?? (NONE as T[]), refilter };
}

export type ListScreen<T> = ReturnType<typeof useListScreen<T>>;

/**
 * Rows picked for a bulk action, by key. Only rows still on screen stay picked: after a reload, a
 * new page or a filter, a bulk action never reaches rows the admin can no longer see.
 */
export function useSelection<T>(rows: T[], keyOf: (row: T) => string) {
  const [picked, setPicked] = useState<Set<string>>(new Set());
  useEffect(() => {
    setPicked((p) => {
      const kept = new Set([...p].filter((k) => rows.some((r) => keyOf(r) === k)));
      return kept.size === p.size ? p : kept;
    });
  }, [rows, keyOf]);
  const toggle = (key: string) =>
    setPicked((p) => {
      const next = new Set(p);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  const chosen = rows.filter((r) => picked.has(keyOf(r)));
  const all = rows.length > 0 && chosen.length === rows.length;
  const toggleAll = () => setPicked(all ? new Set() : new Set(rows.map(keyOf)));
  return { picked, toggle, toggleAll, chosen, all, clear: () => setPicked(new Set()) };
}
