import { useStore } from '@nanostores/react';
import { Plus } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useCallback, useEffect, useState } from 'react';
import {
  bulkArticles,
  categoryDictionary,
  deleteArticle,
  listArticles,
  revertArticle,
  setTop,
  tagDictionary,
  togglePublic,
} from '../../../lib/api/admin/articles.ts';
import type { AdminArticleRow, DictionaryEntry } from '../../../lib/contract/articles.ts';
import { toast } from '../../../stores/toast.ts';
import { ConfirmOn } from '../../kit/ConfirmOn.tsx';
import { SearchField } from '../../kit/Field.tsx';
import kit from '../../kit/kit.module.css';
import { ListTable } from '../../kit/ListTable.tsx';
import screens from '../../kit/screens.module.css';
import { useListScreen, useSelection } from '../../kit/use-list-screen.ts';
import { $gate } from '../../stores.ts';
import { articleColumns, BIN_DAYS, shown } from './article-columns.tsx';
import styles from './articles.module.css';
import { BulkBar } from './BulkBar.tsx';

type Tab = 'all' | 'public' | 'private' | 'draft' | 'bin';
const TABS: Record<Tab, { label: string; status?: number; is_deleted?: number }> = {
  all: { label: '全部' },
  public: { label: '公开', status: 1 },
  private: { label: '私密', status: 2 },
  draft: { label: '草稿', status: 3, is_deleted: 2 },
  bin: { label: '回收站', status: 3, is_deleted: 1 },
};
const PAGE_SIZE = 10;
const BULK_DONE = { public: '已公开', private: '已隐藏', bin: '已移到回收站', category: '已改分类' };

type Filters = { title: string; category: string; tag: string; top: string };
const NO_FILTERS: Filters = { title: '', category: '', tag: '', top: '' };

/** /admin/articles: every article by status (and the bin), filtered, with its row actions. */
export default function ArticlesScreen() {
  const gate = useStore($gate);
  const [tab, setTab] = useState<Tab>('all');
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [title, setTitle] = useState('');
  const [terms, setTerms] = useState<{ categories: DictionaryEntry[]; tags: DictionaryEntry[] }>({
    categories: [],
    tags: [],
  });
  const [removing, setRemoving] = useState<AdminArticleRow | null>(null);

  const fetchPage = useCallback(
    (page: number) => {
      const { status, is_deleted } = TABS[tab];
      return listArticles({
        current: page,
        size: PAGE_SIZE,
        status,
        is_deleted,
        article_title: filters.title || undefined,
        category_id: Number(filters.category) || undefined,
        tag_id: Number(filters.tag) || undefined,
        is_top: Number(filters.top) || undefined,
      });
    },
    [tab, filters],
  );
  const list = useListScreen(fetchPage, PAGE_SIZE);
  const load = list.reload;
  // The filters' term lists, once: a term made meanwhile in another tab shows after a reload.
  useEffect(() => {
    if (gate !== 'admin') return;
    Promise.all([categoryDictionary(), tagDictionary()]).then(
      ([categories, tags]) => setTerms({ categories, tags }),
      () => {},
    );
  }, [gate]);

  // One setter for the whole filter object; each filter select patches its own field.
  const filter = list.refilter((patch: Partial<Filters>) => setFilters((f) => ({ ...f, ...patch })));
  // A row action: the toast, then the page again (the row may leave this tab). A refusal's message is
  // already on screen (the envelope's toast), so the rejection is only swallowed.
  const act = (call: Promise<unknown>, message: string) =>
    call.then(
      () => {
        toast(message, 'success', '提示');
        return load();
      },
      () => {},
    );

  const binned = tab === 'bin';
  const selection = useSelection(list.rows, pickKey);
  const columns = articleColumns({
    binned,
    picked: new Set([...selection.picked].map(Number)),
    toggle: (id) => selection.toggle(String(id)),
    act: (what, a) =>
      what === 'revert'
        ? act(revertArticle(a.id), '恢复成功')
        : what === 'public'
          ? act(togglePublic(a.id, a.status), shown(a) ? '隐藏文章成功' : '公开文章成功')
          : act(setTop(a.id, a.is_top === 1 ? 2 : 1), a.is_top === 1 ? '取消置顶成功' : '置顶成功'),
    remove: setRemoving,
  });
  // A bulk action: its answer's message says how many changed; the picks go with the rows that moved.
  const bulk = (action: 'public' | 'private' | 'bin' | 'category', categoryId?: number) =>
    bulkArticles(
      selection.chosen.map((a) => a.id),
      action,
      categoryId,
    ).then(
      (r) => {
        toast(`${BULK_DONE[action]} ${r.updateNum} 篇`, 'success', '提示');
        selection.clear();
        return load();
      },
      () => {},
    );

  const toolbar = (
    // A form, so Enter in the title box searches; the selects filter at once, the title only on submit.
    <form
      className={styles.filters}
      aria-label="筛选文章"
      onSubmit={(e) => {
        e.preventDefault();
        filter({ title: title.trim() });
      }}
    >
      <SearchField label="标题关键字" placeholder="标题关键字" value={title} onChange={setTitle} />
      <FilterSelect
        label="分类"
        all="全部分类"
        value={filters.category}
        options={terms.categories.map((c) => ({ value: String(c.id), label: c.name }))}
        onChange={(category) => filter({ category })}
      />
      <FilterSelect
        label="标签"
        all="全部标签"
        value={filters.tag}
        options={terms.tags.map((t) => ({ value: String(t.id), label: t.name }))}
        onChange={(tag) => filter({ tag })}
      />
      <FilterSelect
        label="置顶"
        all="置顶与否"
        value={filters.top}
        options={TOP_OPTIONS}
        onChange={(top) => filter({ top })}
      />
      <button type="submit" className={kit.button}>
        搜索
      </button>
      <a className={kit.primary} href="/admin/articles/edit">
        <Plus size={16} aria-hidden />
        写文章
      </a>
    </form>
  );

  return (
    <>
      <Tabs.Root value={tab} onValueChange={(v) => setTab(v as Tab)}>
        <Tabs.List className={screens.tabs} aria-label="文章状态">
          {(Object.keys(TABS) as Tab[]).map((t) => (
            <Tabs.Trigger key={t} value={t} className={screens.tab}>
              {TABS[t].label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value={tab}>
          {binned && (
            <p className={screens.muted}>回收站中的文章 {BIN_DAYS} 天后自动彻底删除，之前可以恢复。</p>
          )}
          {!binned && (
            <BulkBar
              selection={selection}
              empty={!list.rows.length}
              categories={terms.categories}
              onBulk={bulk}
            />
          )}
          <ListTable
            list={list}
            caption="文章列表"
            columns={columns}
            rowKey={(a) => a.id}
            toolbar={toolbar}
          />
        </Tabs.Content>
      </Tabs.Root>
      <ConfirmOn
        target={removing}
        onClose={() => setRemoving(null)}
        title={binned ? '彻底删除文章' : '删除文章'}
        message={(a) =>
          binned
            ? `「${a.article_title}」将被彻底删除，无法恢复。`
            : `「${a.article_title}」将移到回收站，${BIN_DAYS} 天内可以恢复。`
        }
        confirmLabel={binned ? '彻底删除' : '删除'}
        onConfirm={(a) =>
          deleteArticle(a.id, a.status).then(() => {
            toast(binned ? '已彻底删除' : '已移到回收站', 'success', '提示');
            return load();
          })
        }
      />
    </>
  );
}

const pickKey = (a: AdminArticleRow) => String(a.id);

const TOP_OPTIONS = [
  { value: '1', label: '仅置顶' },
  { value: '2', label: '未置顶' },
];

/** A filter of the toolbar: a native select (long term lists stay searchable by typing), "" for all. */
function FilterSelect(props: {
  label: string;
  all: string;
  value: string;
  options: { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  return (
    <select
      className={kit.input}
      aria-label={props.label}
      value={props.value}
      onChange={(e) => props.onChange(e.target.value)}
    >
      <option value="">{props.all}</option>
      {props.options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
}
