import type { ReactNode } from 'react';
import styles from './kit.module.css';
import { Pager } from './Pager.tsx';

export type Column<T> = { key: string; header: string; render: (row: T) => ReactNode; width?: string };

type Props<T> = {
  caption: string;
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string | number;
  /** Filters and actions above the table. */
  toolbar?: ReactNode;
  loading?: boolean;
  empty?: string;
  /** 1-based; with total and pageSize, the pager under the table. */
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
};

/** The console's list: a toolbar, a table (cards on phones) and a pager. */
export function DataTable<T>(props: Props<T>) {
  const { caption, columns, rows, rowKey, toolbar, loading, empty = '暂无数据' } = props;
  const { page, pageSize, total, onPage } = props;
  return (
    <section className={styles.table} aria-busy={loading || undefined}>
      {toolbar && <div className={styles.toolbar}>{toolbar}</div>}
      <div className={styles.scroll}>
        <table>
          <caption className={styles.srOnly}>{caption}</caption>
          <thead>
            <tr>
              {columns.map((c) => (
                <th key={c.key} scope="col" style={c.width ? { width: c.width } : undefined}>
                  {c.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={rowKey(row)}>
                {columns.map((c) => (
                  <td key={c.key} data-label={c.header}>
                    {c.render(row)}
                  </td>
                ))}
              </tr>
            ))}
            {!rows.length && (
              <tr>
                <td colSpan={columns.length} className={styles.empty}>
                  {loading ? '加载中…' : empty}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      <Pager label={caption} page={page} pageSize={pageSize} total={total} onPage={onPage} />
    </section>
  );
}
