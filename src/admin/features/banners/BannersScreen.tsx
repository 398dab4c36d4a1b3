import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useState } from 'react';
import { deletePageHeader, listPageHeaders, savePageHeader } from '../../../lib/api/admin/site.ts';
import { BANNER_ROUTES } from '../../../lib/banner-routes.ts';
import type { PageHeader } from '../../../lib/contract/site.ts';
import { isSiteAddress, SITE_ADDRESS_MESSAGE } from '../../../lib/site-profile.ts';
import { toast } from '../../../stores/toast.ts';
import { ConfirmDialog } from '../../kit/ConfirmDialog.tsx';
import { type Column, DataTable } from '../../kit/DataTable.tsx';
import { FormDialog } from '../../kit/FormDialog.tsx';
import { ImageField } from '../../kit/ImageField.tsx';
import kit from '../../kit/kit.module.css';
import { Select } from '../../kit/Select.tsx';
import styles from '../../kit/screens.module.css';
import { useIdempotencyKey } from '../../kit/use-idempotency-key.ts';
import { $gate } from '../../stores.ts';

type Row = (typeof BANNER_ROUTES)[number] & { header?: PageHeader };
type Filter = 'all' | 'set' | 'unset';
const FILTERS: Record<Filter, string> = { all: '全部页面', set: '已设置', unset: '未设置' };
// Not the kit's list block: the rows are the fixed routes that can have a banner (BANNER_ROUTES), joined
// with the one answer of every saved banner, so the filter and the pages are cut in memory.
const PAGE_SIZE = 8;

/** /admin/banners: the banner image of each route: list, upload or replace, delete. */
export default function BannersScreen() {
  const gate = useStore($gate);
  const [headers, setHeaders] = useState<PageHeader[] | null>(null);
  const [filter, setFilter] = useState<Filter>('all');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Row | null>(null);
  const [removing, setRemoving] = useState<Row | null>(null);

  const load = useCallback(() => listPageHeaders().then(setHeaders, () => {}), []);
  useEffect(() => {
    if (gate === 'admin') void load();
  }, [gate, load]);

  const rows: Row[] = BANNER_ROUTES.map((r) => ({
    ...r,
    header: headers?.find((h) => h.route_name === r.route),
  })).filter((r) => filter === 'all' || (filter === 'set') === Boolean(r.header));
  const shown = rows.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);

  const columns: Column<Row>[] = [
    {
      key: 'page',
      header: '页面',
      render: (r) => (
        <span>
          {r.label}{' '}
          <a href={r.path} target="_blank" rel="noopener" className={styles.muted}>
            {r.path}
          </a>
        </span>
      ),
    },
    {
      key: 'image',
      header: '横幅',
      render: (r) =>
        r.header ? (
          <img
            className={styles.bannerThumb}
            src={r.header.bg_url}
            alt={`${r.label}横幅`}
            width={120}
            height={54}
          />
        ) : (
          <span className={styles.none}>默认渐变</span>
        ),
    },
    {
      key: 'actions',
      header: '操作',
      render: (r) => (
        <span className={styles.rowActions}>
          <button
            type="button"
            className={kit.button}
            onClick={() => setEditing(r)}
            aria-label={`${r.header ? '更换' : '上传'}${r.label}横幅`}
          >
            {r.header ? '更换' : '上传'}
          </button>
          {r.header && (
            <button
              type="button"
              className={kit.button}
              onClick={() => setRemoving(r)}
              aria-label={`删除${r.label}横幅`}
            >
              删除
            </button>
          )}
        </span>
      ),
    },
  ];

  const toolbar = (
    <Select
      label="筛选"
      inline
      value={filter}
      options={(Object.keys(FILTERS) as Filter[]).map((f) => ({ value: f, label: FILTERS[f] }))}
      onChange={(v) => {
        setFilter(v);
        setPage(1);
      }}
    />
  );

  return (
    <>
      <DataTable
        caption="页面横幅"
        columns={columns}
        rows={shown}
        rowKey={(r) => r.route}
        toolbar={toolbar}
        loading={!headers}
        page={page}
        pageSize={PAGE_SIZE}
        total={rows.length}
        onPage={setPage}
      />
      {editing && <ReplaceDialog row={editing} onClose={() => setEditing(null)} onSaved={load} />}
      <ConfirmDialog
        open={Boolean(removing)}
        onOpenChange={(o) => !o && setRemoving(null)}
        title="删除横幅"
        message={`删除「${removing?.label ?? ''}」的横幅后，该页面显示默认渐变背景。`}
        confirmLabel="删除"
        onConfirm={() =>
          removing?.header &&
          deletePageHeader(removing.header.id).then(() => {
            toast('删除成功', 'success', '提示');
            return load();
          })
        }
      />
    </>
  );
}

function ReplaceDialog({ row, onClose, onSaved }: { row: Row; onClose: () => void; onSaved: () => unknown }) {
  const [url, setUrl] = useState(row.header?.bg_url ?? '');
  const [error, setError] = useState('');
  const keyed = useIdempotencyKey();
  const save = async () => {
    const v = url.trim();
    const broken = !v ? '请上传或填写背景图地址' : !isSiteAddress(v) ? SITE_ADDRESS_MESSAGE : '';
    if (broken) {
      setError(broken);
      return false;
    }
    const header = { id: row.header?.id, route_name: row.route, bg_url: v };
    // A route without a banner yet: this save creates one.
    // The dialog stays open and busy until this resolves; a refusal rejects, which keeps it open.
    if (row.header) await savePageHeader(header);
    else await keyed((key) => savePageHeader(header, key));
    toast('保存成功', 'success', '提示');
    await onSaved();
  };
  return (
    <FormDialog title={`${row.label}横幅`} onClose={onClose} onSubmit={save}>
      <ImageField
        label="背景图"
        hint="建议横向大图（如 1920×600），原图上传，服务器生成各种尺寸"
        value={url}
        error={error}
        onChange={(v) => {
          setUrl(v);
          setError('');
        }}
      />
    </FormDialog>
  );
}
