import { Minus, Plus } from 'lucide-react';
import { useCallback, useState } from 'react';
import {
  deleteBangumi,
  listBangumi,
  setBangumiProgress,
  setBangumiStatus,
} from '../../../lib/api/admin/catalog.ts';
import type { BangumiRow } from '../../../lib/contract/admin-catalog.ts';
import { toast } from '../../../stores/toast.ts';
import { ConfirmOn } from '../../kit/ConfirmOn.tsx';
import type { Column } from '../../kit/DataTable.tsx';
import { SearchField } from '../../kit/Field.tsx';
import kit from '../../kit/kit.module.css';
import { ListTable } from '../../kit/ListTable.tsx';
import m from '../../kit/media.module.css';
import { Select } from '../../kit/Select.tsx';
import styles from '../../kit/screens.module.css';
import { useDebounced } from '../../kit/use-debounced.ts';
import { useListScreen } from '../../kit/use-list-screen.ts';
import { useRowAction } from '../../kit/use-row-action.ts';
import { BangumiDialog, STATUS_OPTIONS } from './BangumiDialog.tsx';

const PAGE_SIZE = 10;
const FILTERS = [{ value: 'all', label: '全部状态' }, ...STATUS_OPTIONS];
const name = (b: BangumiRow) => b.title_cn || b.title;

/** /admin/bangumi: the 追番 list (create, edit, delete), with quick status and progress changes. */
export default function BangumiScreen() {
  const [status, setStatus] = useState('all');
  const [title, setTitle] = useState('');
  const [editing, setEditing] = useState<BangumiRow | 'new' | null>(null);
  const [removing, setRemoving] = useState<BangumiRow | null>(null);
  // The id of the row whose quick change is on its way: its controls wait, so a second click cannot
  // send a progress computed from the old value.
  const { busy, act } = useRowAction();
  const search = useDebounced(title.trim());

  const fetchPage = useCallback(
    (page: number) =>
      listBangumi({
        current: page,
        size: PAGE_SIZE,
        status: status === 'all' ? undefined : Number(status),
        title: search || undefined,
      }),
    [status, search],
  );
  const list = useListScreen(fetchPage, PAGE_SIZE);
  const { reload: load, refilter } = list;

  /** A quick change of one row: saved at once, then the list is read again (the server may adjust). */
  const quick = (b: BangumiRow, run: () => Promise<unknown>) =>
    act(b.id, async () => {
      await run();
      toast('修改成功', 'success', '提示');
      await load();
    });

  const columns: Column<BangumiRow>[] = [
    {
      key: 'cover',
      header: '封面',
      width: '76px',
      render: (b) =>
        b.cover ? (
          <img className={m.poster} src={b.cover} alt={`${name(b)}封面`} />
        ) : (
          <span className={`${m.poster} ${m.noCover}`}>无</span>
        ),
    },
    {
      key: 'title',
      header: '番剧',
      render: (b) => (
        <span className={m.stack}>
          <span className={m.strong}>{name(b)}</span>
          {b.title_cn && b.title !== b.title_cn && <span className={styles.muted}>{b.title}</span>}
        </span>
      ),
    },
    {
      key: 'status',
      header: '状态',
      width: '140px',
      render: (b) => (
        <Select
          label={`${name(b)}的状态`}
          inline
          value={String(b.status)}
          options={STATUS_OPTIONS}
          disabled={busy === b.id}
          onChange={(v) => quick(b, () => setBangumiStatus(b.id, Number(v)))}
        />
      ),
    },
    // The stepper stops at 0 and at the total; an unknown total (0) lets progress grow.
    {
      key: 'progress',
      header: '进度',
      width: '170px',
      render: (b) => (
        <span className={m.stepper}>
          <button
            type="button"
            className={kit.button}
            disabled={busy === b.id || b.progress <= 0}
            onClick={() => quick(b, () => setBangumiProgress(b.id, b.progress - 1))}
            aria-label={`${name(b)}进度减一集`}
          >
            <Minus size={14} aria-hidden />
          </button>
          <span>
            {b.progress} / {b.total_episodes || '?'}
          </span>
          <button
            type="button"
            className={kit.button}
            disabled={busy === b.id || (b.total_episodes > 0 && b.progress >= b.total_episodes)}
            onClick={() => quick(b, () => setBangumiProgress(b.id, b.progress + 1))}
            aria-label={`${name(b)}进度加一集`}
          >
            <Plus size={14} aria-hidden />
          </button>
        </span>
      ),
    },
    {
      key: 'score',
      header: '评分',
      width: '80px',
      render: (b) => <span className={m.nowrap}>★ {b.score.toFixed(1)}</span>,
    },
    {
      key: 'actions',
      header: '操作',
      render: (b) => (
        <span className={styles.rowActions}>
          <button
            type="button"
            className={kit.button}
            onClick={() => setEditing(b)}
            aria-label={`编辑${name(b)}`}
          >
            编辑
          </button>
          <button
            type="button"
            className={kit.button}
            onClick={() => setRemoving(b)}
            aria-label={`删除${name(b)}`}
          >
            删除
          </button>
        </span>
      ),
    },
  ];

  const toolbar = (
    <>
      <Select label="按状态筛选" inline value={status} options={FILTERS} onChange={refilter(setStatus)} />
      <SearchField
        label="按名称搜索番剧"
        placeholder="按名称搜索"
        value={title}
        onChange={refilter(setTitle)}
        className={m.search}
      />
      <button type="button" className={`${kit.primary} ${m.push}`} onClick={() => setEditing('new')}>
        <Plus size={16} aria-hidden />
        添加番剧
      </button>
    </>
  );

  return (
    <>
      <ListTable
        list={list}
        caption="追番列表"
        columns={columns}
        rowKey={(b) => b.id}
        toolbar={toolbar}
        empty={status !== 'all' || search ? '没有相符的番剧' : '还没有番剧，点「添加番剧」开始'}
      />
      {editing && (
        <BangumiDialog
          entry={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
          onSaved={load}
        />
      )}
      <ConfirmOn
        target={removing}
        onClose={() => setRemoving(null)}
        title="删除番剧"
        message={(b) => `删除「${name(b)}」？此操作无法撤销。`}
        confirmLabel="删除"
        onConfirm={(b) =>
          deleteBangumi([b.id]).then(() => {
            toast('删除成功', 'success', '提示');
            return load();
          })
        }
      />
    </>
  );
}
