import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * One page of a list read from the server, for a screen's table. `fetchPage` (memoised by the screen
 * on its filters) reads a page; the list is read again when it or the page changes (new filters set
 * page 1 themselves), and on `reload()` after a change (which resolves once the rows are there, so a
 * dialog can stay busy until then).
 * An answer overtaken by a newer read is dropped; a page emptied by a delete falls back to the last
 * page that has rows.
 */
type Rows<T> = { list: T[]; total: number };
type FetchPage<T> = (page: number) => Promise<Rows<T>>;

export function usePagedList<T>(fetchPage: FetchPage<T>, size: number, enabled = true) {
  const [page, setPage] = useState(1);
  const [data, setData] = useState<Rows<T> | null>(null);
  const latest = useRef(0);
  // The filters and page on screen now. An action's `reload()` runs from the render that started it:
  // had it kept that render's fetchPage, a filter typed while the action's call was on its way would
  // be undone by the old filter's rows (the 友链 search during an approve did).
  const shown = useRef({ fetchPage, page });
  shown.current = { fetchPage, page };
  const read = useCallback(
    async (fetch: FetchPage<T>, at: number) => {
      const call = ++latest.current;
      try {
        const p = await fetch(at);
        if (call !== latest.current) return;
        if (!p.list.length && at > 1) setPage(Math.max(1, Math.ceil(p.total / size)));
        else setData(p);
      } catch {
        // The envelope's message is on screen; an empty table rather than a spinner for ever.
        if (call === latest.current) setData((d) => d ?? { list: [], total: 0 });
      }
    },
    [size],
  );
  useEffect(() => {
    if (enabled) void read(fetchPage, page);
  }, [enabled, read, fetchPage, page]);
  const reload = useCallback(() => read(shown.current.fetchPage, shown.current.page), [read]);
  return { page, setPage, data, setData, reload };
}
