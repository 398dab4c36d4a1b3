import type { AdminArticleRow } from '../../../lib/contract/articles.ts';
import { formatDateTime } from '../../../lib/format.ts';
import type { Column } from '../../kit/DataTable.tsx';
import { RowMenu, type RowMenuItem } from '../../kit/RowMenu.tsx';
import styles from './articles.module.css';

const BIN_DAYS = 30;

export { BIN_DAYS };

/** Days left before the purge removes a binned article (deletedAt is China time). */
function daysLeft(deletedAt: string): number {
  const at = Date.parse(`${deletedAt.replace(' ', 'T')}+08:00`);
  return Math.max(0, Math.ceil(BIN_DAYS - (Date.now() - at) / 86_400_000));
}

/** Public, or scheduled to be: 隐藏 makes either private (a schedule then no longer runs). */
export const shown = (a: AdminArticleRow) => a.status === 1 || a.status === 4;

const STATUS_TAG: Record<number, { label: string; tone: string }> = {
  1: { label: '公开', tone: 'public' },
  2: { label: '私密', tone: 'private' },
  3: { label: '草稿', tone: 'draft' },
  4: { label: '定时', tone: 'scheduled' },
};

/** The status as a coloured tag (加密 beside it when a password guards the article). */
function StatusTags({ a }: { a: AdminArticleRow }) {
  if (a.deletedAt) return <span className={styles.tag}>{daysLeft(a.deletedAt)} 天后彻底删除</span>;
  const tag = STATUS_TAG[a.status] ?? { label: String(a.status), tone: 'draft' };
  return (
    <>
      <span className={styles.tags}>
        <span className={`${styles.tag} ${styles[tag.tone]}`}>{tag.label}</span>
        {a.is_locked && <span className={`${styles.tag} ${styles.locked}`}>加密</span>}
      </span>
      {a.status === 4 && a.publish_at && <span className={styles.when}> {formatDateTime(a.publish_at)}</span>}
    </>
  );
}

type Actions = {
  binned: boolean;
  picked: Set<number>;
  toggle: (id: number) => void;
  act: (call: 'revert' | 'public' | 'top', a: AdminArticleRow) => void;
  remove: (a: AdminArticleRow) => void;
};

/** The article list's columns: pick, cover, title, terms, status, the three counts, date and the ⋯ menu. */
export function articleColumns(x: Actions): Column<AdminArticleRow>[] {
  const menu = (a: AdminArticleRow): RowMenuItem[] =>
    x.binned
      ? [
          { label: '恢复', onSelect: () => x.act('revert', a) },
          { label: '彻底删除', danger: true, onSelect: () => x.remove(a) },
        ]
      : [
          { label: '编辑', href: `/admin/articles/edit?id=${a.id}` },
          { label: '在网站上查看', href: `/article?id=${a.id}`, external: true },
          { label: shown(a) ? '隐藏' : '公开', onSelect: () => x.act('public', a) },
          { label: a.is_top === 1 ? '取消置顶' : '置顶', onSelect: () => x.act('top', a) },
          { label: '移到回收站', danger: true, onSelect: () => x.remove(a) },
        ];
  return [
    {
      key: 'pick',
      header: '选择',
      width: '40px',
      render: (a) => (
        <input
          type="checkbox"
          checked={x.picked.has(a.id)}
          onChange={() => x.toggle(a.id)}
          aria-label={`选择「${a.article_title}」`}
        />
      ),
    },
    {
      key: 'cover',
      header: '封面',
      width: '72px',
      render: (a) =>
        a.coverThumb ? (
          <img className={styles.cover} src={a.coverThumb} alt="" loading="lazy" decoding="async" />
        ) : (
          <span className={styles.noCover} title="无封面" />
        ),
    },
    {
      key: 'title',
      header: '标题',
      render: (a) => (
        <span className={styles.titleCell}>
          {a.is_top === 1 && <span className={styles.badge}>置顶</span>}
          <a href={`/admin/articles/edit?id=${a.id}`}>{a.article_title}</a>
        </span>
      ),
    },
    {
      key: 'category',
      header: '分类',
      width: '84px',
      render: (a) => <span className={`${styles.clip} ${styles.short}`}>{a.categoryName ?? '—'}</span>,
    },
    {
      key: 'tags',
      header: '标签',
      width: '112px',
      render: (a) => (
        <span className={styles.clip} title={a.tagNameList.join('、')}>
          {a.tagNameList.join('、') || '—'}
        </span>
      ),
    },
    { key: 'status', header: '状态', width: '120px', render: (a) => <StatusTags a={a} /> },
    { key: 'views', header: '浏览', width: '40px', render: (a) => a.view_times },
    { key: 'comments', header: '评论', width: '40px', render: (a) => a.commentCount },
    { key: 'likes', header: '点赞', width: '40px', render: (a) => a.thumbs_up_times },
    {
      key: 'date',
      header: x.binned ? '删除时间' : '发布时间',
      width: '84px',
      render: (a) => {
        // The day, the time on hover: a scheduled article's is its publish time.
        const at =
          a.status === 4 && a.publish_at
            ? formatDateTime(a.publish_at)
            : (a.deletedAt ?? a.createdAt).slice(0, 16);
        return (
          <span className={styles.nowrap} title={at}>
            {at.slice(0, 10)}
          </span>
        );
      },
    },
    {
      key: 'actions',
      header: '操作',
      width: '32px',
      render: (a) => <RowMenu label={a.article_title} items={menu(a)} />,
    },
  ];
}
