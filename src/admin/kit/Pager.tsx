import styles from './kit.module.css';

type Props = {
  /** What is paged, for the pager's name (…分页). */
  label: string;
  /** 1-based. */
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
};

/** The pager under a console list: the count, previous, the page of pages, next. */
export function Pager({ label, page, pageSize, total, onPage }: Props) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <nav className={styles.pager} aria-label={`${label}分页`}>
      <span>共 {total} 条</span>
      <button type="button" className={styles.button} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        上一页
      </button>
      <span aria-live="polite">
        第 {page} / {pages} 页
      </span>
      <button
        type="button"
        className={styles.button}
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        下一页
      </button>
    </nav>
  );
}
