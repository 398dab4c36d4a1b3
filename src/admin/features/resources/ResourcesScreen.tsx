import { ArrowDown, ArrowUp, Plus } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useCallback, useState } from 'react';
import {
  type CatalogKind,
  catalogCategories,
  deleteCatalogRows,
  listCatalog,
  reorderCatalog,
} from '../../../lib/api/admin/catalog.ts';
import { moveInOrder } from '../../../lib/catalog-order.ts';
import type { CatalogCategory, SiteRow } from '../../../lib/contract/admin-catalog.ts';
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
import { CatalogDialog } from './CatalogDialog.tsx';

/** /admin/resources: the resources of /resources/front and /resources/back, and the /siteList sites. */
export default function ResourcesScreen() {
  const [tab, setTab] = useState<CatalogKind>('front');
  return (
    <Tabs.Root value={tab} onValueChange={(v) => setTab(v as CatalogKind)}>
      <Tabs.List className={styles.tabs} aria-label="目录">
        {(Object.keys(CATALOGS) as CatalogKind[]).map((k) => (
          <Tabs.Trigger key={k} value={k} className={styles.tab}>
            {CATALOGS[k].title}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {(Object.keys(CATALOGS) as CatalogKind[]).map((k) => (
        <Tabs.Content key={k} value={k}>
          {tab === k && <CatalogList kind={k} />}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}

const CATALOGS: Record<CatalogKind, { title: string; noun: string; page: string }> = {
  front: { title: '前端资源', noun: '资源', page: '/resources/front' },
  back: { title: '后端资源', noun: '资源', page: '/resources/back' },
  site: { title: '网站列表', noun: '网站', page: '/siteList' },
};
const PAGE_SIZE = 10;
/** A chosen category is shown whole (up to the server's page limit), so its rows can be reordered. */
const CATEGORY_PAGE = 50;

/**
 * One catalogue's list. A tab mounts its own (keyed by kind through the tab content), so switching
 * tabs starts with fresh filters and page instead of carrying another catalogue's.
 */
function CatalogList({ kind }: { kind: CatalogKind }) {
  const { title, noun, page: visitorPage } = CATALOGS[kind];
  const [category, setCategory] = useState('');
  const [name, setName] = useState('');
  const search = useDebounced(name.trim());
  const [categories, setCategories] = useState<CatalogCategory[]>([]);
  const [editing, setEditing] = useState<SiteRow | 'new' | null>(null);
  const [removing, setRemoving] = useState<SiteRow | null>(null);
  const [busy, setBusy] = useState(false);
  const size = category ? CATEGORY_PAGE : PAGE_SIZE;

  const fetchPage = useCallback(
    (page: number) => {
      // The categories and their counts change with every write: read them with each page.
      catalogCategories(kind).then(setCategories, () => {});
      return listCatalog(kind, {
        current: page,
        size,
        category: category || undefined,
        name: search || undefined,
      });
    },
    [kind, size, category, search],
  );
  const screen = useListScreen(fetchPage, size);
  const { rows: list, reload: load, refilter } = screen;
  // Reordering needs the category's rows in their order, unfiltered by name.
  const sortable = Boolean(category) && !search;
  // moveInOrder (lib/catalog-order.ts) gives the rows whose order value changes; only those are sent.
  const move = async (index: number, step: -1 | 1) => {
    const changes = moveInOrder(list, index, step);
    if (!changes.length) return;
    setBusy(true);
    try {
      await reorderCatalog(kind, changes);
      toast('排序已保存', 'success', '提示');
      await load();
    } catch {
      /* the envelope's message is on screen */
    } finally {
      setBusy(false);
    }
  };

  const columns: Column<SiteRow>[] = [
    {
      key: 'icon',
      header: '图标',
      width: '64px',
      render: (r) =>
        r.icon ? (
          <img className={m.icon} src={r.icon} alt={`${r.name}图标`} />
        ) : (
          <span className={`${m.icon} ${m.noCover}`}>无</span>
        ),
    },
    {
      key: 'name',
      header: '名称',
      render: (r) => (
        <span className={m.stack}>
          <a href={r.url} target="_blank" rel="noopener noreferrer" className={m.strong}>
            {r.name}
          </a>
          {r.desc && <span className={styles.muted}>{r.desc}</span>}
        </span>
      ),
    },
    { key: 'category', header: '分类', width: '120px', render: (r) => r.category },
  ];
  if (sortable)
    columns.push({
      key: 'order',
      header: '顺序',
      width: '110px',
      render: (r) => {
        const i = list.indexOf(r);
        return (
          <span className={m.stepper}>
            <button
              type="button"
              className={kit.button}
              disabled={busy || i === 0}
              onClick={() => move(i, -1)}
              aria-label={`上移${r.name}`}
            >
              <ArrowUp size={14} aria-hidden />
            </button>
            <button
              type="button"
              className={kit.button}
              disabled={busy || i === list.length - 1}
              onClick={() => move(i, 1)}
              aria-label={`下移${r.name}`}
            >
              <ArrowDown size={14} aria-hidden />
            </button>
          </span>
        );
      },
    });
  columns.push({
    key: 'actions',
    header: '操作',
    render: (r) => (
      <span className={styles.rowActions}>
        <button
          type="button"
          className={kit.button}
          onClick={() => setEditing(r)}
          aria-label={`编辑${r.name}`}
        >
          编辑
        </button>
        <button
          type="button"
          className={kit.button}
          onClick={() => setRemoving(r)}
          aria-label={`删除${r.name}`}
        >
          删除
        </button>
      </span>
    ),
  });

  const toolbar = (
    <>
      {/* " " stands for every category (a radix item cannot be ""; a saved category is never blank). */}
      <Select
        label="按分类筛选"
        inline
        value={category || ' '}
        options={[
          { value: ' ', label: '全部分类' },
          ...categories.map((c) => ({ value: c.category, label: `${c.category}（${c.count}）` })),
        ]}
        onChange={(v) => refilter(setCategory)(v.trim())}
      />
      <SearchField
        label={`按名称搜索${noun}`}
        placeholder="按名称搜索"
        value={name}
        onChange={refilter(setName)}
        className={m.search}
      />
      <a className={kit.button} href={visitorPage} target="_blank" rel="noopener">
        查看页面
      </a>
      <button type="button" className={`${kit.primary} ${m.push}`} onClick={() => setEditing('new')}>
        <Plus size={16} aria-hidden />
        添加{noun}
      </button>
    </>
  );

  return (
    <div className={m.photos}>
      <p className={styles.muted}>
        {sortable
          ? '用 ↑ ↓ 调整这个分类里的顺序，页面上按这个顺序显示。'
          : '页面按分类分组显示；选择一个分类后，可以调整它里面的顺序。'}
      </p>
      <ListTable
        list={screen}
        caption={title}
        columns={columns}
        rowKey={(r) => r.id}
        toolbar={toolbar}
        empty={category || search ? `没有相符的${noun}` : `还没有${noun}，点「添加${noun}」开始`}
      />
      {/* The chosen category is the new row's default, so adding to the category on screen is one step. */}
      {editing && (
        <CatalogDialog
          kind={kind}
          noun={noun}
          row={editing === 'new' ? undefined : editing}
          categories={categories.map((c) => c.category)}
          category={category}
          onClose={() => setEditing(null)}
          onSaved={load}
        />
      )}
      <ConfirmOn
        target={removing}
        onClose={() => setRemoving(null)}
        title={`删除${noun}`}
        message={(r) => `删除「${r.name}」？此操作无法撤销。`}
        confirmLabel="删除"
        onConfirm={(r) =>
          deleteCatalogRows(kind, [r.id]).then(() => {
            toast('删除成功', 'success', '提示');
            return load();
          })
        }
      />
    </div>
  );
}
