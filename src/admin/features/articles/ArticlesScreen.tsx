import { useStore } from '@nanostores/react';
import { Plus } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useCallback, useEffect, useState } from 'react';
import {
  categoryDictionary,
  deleteArticle,
  listArticles,
  revertArticle,
  setTop,
  tagDictionary,
  togglePublic,
} from '../../../lib/api/admin/articles.ts';
import type { AdminArticleSummary, DictionaryEntry } from '../../../lib/contract/articles.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { toast } from '../../../stores/toast.ts';
import { ConfirmOn } from '../../kit/ConfirmOn.tsx';
import type { Column } from '../../kit/DataTable.tsx';
import { SearchField } from '../../kit/Field.tsx';
import kit from '../../kit/kit.module.css';
import { ListTable } from '../../kit/ListTable.tsx';
import screens from '../../kit/screens.module.css';
import { useListScreen } from '../../kit/use-list-screen.ts';
import { $gate } from '../../stores.ts';
import styles from './articles.module.css';

type Tab = 'all' | 'public' | 'private' | 'draft' | 'bin';
const TABS: Record<Tab, { label: string; status?: number; is_deleted?: number }> = {
  all: { label: '全部' },
  public: { label: '公开', status: 1 },
  private: { label: '私密', status: 2 },
  draft: { label: '草稿', status: 3, is_deleted: 2 },
  bin: { label: '回收站', status: 3, is_deleted: 1 },
};
const STATUS_LABEL: Record<number, string> = { 1: '公开', 2: '私密', 3: '草稿', 4: '定时' };
/** Public, or scheduled to be: 隐藏 makes either private (a schedule then no longer runs). */
const shown = (a: AdminArticleSummary) => a.status === 1 || a.status === 4;
const PAGE_SIZE = 10;
const BIN_DAYS = 30;

/** Days left before the purge removes a binned article (deletedAt is China time). */
function daysLeft(deletedAt: string): number {
  const at = Date.parse(`${deletedAt.replace(' ', 'T')}+08:00`);
  return Math.max(0, Math.ceil(BIN_DAYS - (Date.now() - at) / 86_400_000));
}

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
  const [removing, setRemoving] = useState<AdminArticleSummary | null>(null);

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
  const columns: Column<AdminArticleSummary>[] = [
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
    { key: 'category', header: '分类', render: (a) => a.categoryName ?? '—' },
    { key: 'tags', header: '标签', render: (a) => a.tagNameList.join('、') || '—' },
    {
      key: 'status',
      header: '状态',
      render: (a) =>
        a.deletedAt
          ? `${daysLeft(a.deletedAt)} 天后彻底删除`
          : a.status === 4 && a.publish_at
            ? `定时 ${formatDateTime(a.publish_at)}`
            : (STATUS_LABEL[a.status] ?? a.status),
    },
    {
      key: 'date',
      header: binned ? '删除时间' : '发布时间',
      render: (a) => (a.deletedAt ?? a.createdAt).slice(0, 16),
    },
    {
      key: 'actions',
      header: '操作',
      render: (a) => (
        <span className={screens.rowActions}>
          {binned ? (
            <button
              type="button"
              className={kit.button}
              aria-label={`恢复「${a.article_title}」`}
              onClick={() => act(revertArticle(a.id), '恢复成功')}
            >
              恢复
            </button>
          ) : (
            <>
              <a
                className={kit.button}
                href={`/admin/articles/edit?id=${a.id}`}
                aria-label={`编辑「${a.article_title}」`}
              >
                编辑
              </a>
              <a
                className={kit.button}
                href={`/article?id=${a.id}`}
                target="_blank"
                rel="noopener"
                aria-label={`在网站上查看「${a.article_title}」`}
              >
                查看
              </a>
              <button
                type="button"
                className={kit.button}
                aria-label={`${shown(a) ? '隐藏' : '公开'}「${a.article_title}」`}
                onClick={() => act(togglePublic(a.id, a.status), shown(a) ? '隐藏文章成功' : '公开文章成功')}
              >
                {shown(a) ? '隐藏' : '公开'}
              </button>
              <button
                type="button"
                className={kit.button}
                aria-label={`${a.is_top === 1 ? '取消置顶' : '置顶'}「${a.article_title}」`}
                onClick={() =>
                  act(setTop(a.id, a.is_top === 1 ? 2 : 1), a.is_top === 1 ? '取消置顶成功' : '置顶成功')
                }
              >
                {a.is_top === 1 ? '取消置顶' : '置顶'}
              </button>
            </>
          )}
          <button
            type="button"
            className={kit.button}
            aria-label={`${binned ? '彻底删除' : '删除'}「${a.article_title}」`}
            onClick={() => setRemoving(a)}
          >
            {binned ? '彻底删除' : '删除'}
          </button>
        </span>
      ),
    },
  ];

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
