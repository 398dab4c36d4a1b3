import { Tabs } from 'radix-ui';
import { type SubmitEvent, useCallback, useEffect, useRef, useState } from 'react';
import { type AdminTerm, addTerm, listTerms, renameTerm } from '../../../lib/api/admin/terms.ts';
import { HttpError } from '../../../lib/api/client.ts';
import type { TermKind } from '../../../lib/contract/admin-terms.ts';
import { toast } from '../../../stores/toast.ts';
import type { Column } from '../../kit/DataTable.tsx';
import { SearchField } from '../../kit/Field.tsx';
import kit from '../../kit/kit.module.css';
import { ListTable } from '../../kit/ListTable.tsx';
import screens from '../../kit/screens.module.css';
import { useIdempotencyKey } from '../../kit/use-idempotency-key.ts';
import { useListScreen } from '../../kit/use-list-screen.ts';
import { DeleteDialog, MergeDialog, TERM_LABEL } from './TermDialogs.tsx';
import styles from './terms.module.css';

const KINDS: TermKind[] = ['category', 'tag'];
const PAGE_SIZE = 10;
const NAME_MAX = 20;

/** /admin/terms: categories and tags with their article counts; create, rename, merge, delete. */
export default function TermsScreen() {
  // The tab is in the address (#tag), so a reload or a shared link opens the same one.
  const [tab, setTab] = useState<TermKind>(() => (location.hash === '#tag' ? 'tag' : 'category'));
  const choose = (v: string) => {
    const kind = v as TermKind;
    setTab(kind);
    history.replaceState(null, '', kind === 'tag' ? '#tag' : location.pathname);
  };
  return (
    <Tabs.Root value={tab} onValueChange={choose}>
      <Tabs.List className={screens.tabs} aria-label="分类与标签">
        {KINDS.map((k) => (
          <Tabs.Trigger key={k} value={k} className={screens.tab}>
            {TERM_LABEL[k]}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {KINDS.map((k) => (
        <Tabs.Content key={k} value={k}>
          <TermTable kind={k} />
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}

const messageOf = (e: unknown) => (e instanceof HttpError && e.message) || '操作失败，请稍后再试';

/** The rule of a name, as the server has it (1–20 characters), in Chinese. */
function nameError(label: string, value: string): string {
  if (!value) return `请填写${label}名称`;
  if (value.length > NAME_MAX) return `${label}名称最多 ${NAME_MAX} 个字符`;
  return '';
}

type Editing = { id: number; value: string; error: string };

/**
 * One kind's table. Radix mounts only the shown tab's content, so a tab switch starts this table
 * afresh (page 1, no filter, no half-typed draft).
 */
function TermTable({ kind }: { kind: TermKind }) {
  const label = TERM_LABEL[kind];
  const [query, setQuery] = useState('');
  const [filter, setFilter] = useState('');
  const fetchPage = useCallback((page: number) => listTerms(kind, page, PAGE_SIZE, filter), [kind, filter]);
  const list = useListScreen(fetchPage, PAGE_SIZE);
  const { data, setPage, reload: refresh } = list;
  // Its own pause rather than useDebounced: a new term clears the filter at once (create, below), so
  // the jump to the last page is computed on the unfiltered list.
  useEffect(() => {
    const t = setTimeout(() => {
      setFilter(query.trim());
      setPage(1);
    }, 250);
    return () => clearTimeout(t);
  }, [query, setPage]);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [merging, setMerging] = useState<AdminTerm | null>(null);
  const [deleting, setDeleting] = useState<AdminTerm | null>(null);
  const [draft, setDraft] = useState('');
  const [draftError, setDraftError] = useState('');
  const keyed = useIdempotencyKey();
  // After an inline rename (saved or not), the focus goes back to that row's rename button.
  const renameButtons = useRef(new Map<number, HTMLButtonElement>());
  const [refocus, setRefocus] = useState<number | null>(null);
  const stopEditing = () => {
    if (editing) setRefocus(editing.id);
    setEditing(null);
  };
  useEffect(() => {
    if (refocus === null || editing) return;
    renameButtons.current.get(refocus)?.focus();
    setRefocus(null);
  }, [refocus, editing]);

  const total = data?.total ?? 0;

  async function create(e: SubmitEvent) {
    e.preventDefault();
    const value = draft.trim();
    const error = nameError(label, value);
    setDraftError(error);
    if (error) return;
    try {
      await keyed((key) => addTerm(kind, value, key));
      toast('新增成功', 'success', '提示');
      setDraft('');
      setQuery('');
      setFilter('');
      // Terms are listed in the order they were made: the new one is last.
      setPage(Math.max(1, Math.ceil((filter ? total : total + 1) / PAGE_SIZE)));
      refresh();
    } catch (err) {
      setDraftError(messageOf(err));
    }
  }

  async function rename(e: SubmitEvent, term: AdminTerm) {
    e.preventDefault();
    if (!editing) return;
    const value = editing.value.trim();
    const error = nameError(label, value);
    if (error) return setEditing({ ...editing, error });
    if (value === term.name) return stopEditing();
    try {
      await renameTerm(kind, term.id, value);
      toast('修改成功', 'success', '提示');
      stopEditing();
      refresh();
    } catch (err) {
      setEditing({ ...editing, error: messageOf(err) });
    }
  }

  const columns: Column<AdminTerm>[] = [
    {
      key: 'name',
      header: '名称',
      render: (t) =>
        editing?.id === t.id ? (
          <form className={styles.inline} onSubmit={(e) => rename(e, t)} aria-label={`重命名「${t.name}」`}>
            <input
              className={`${kit.input} ${editing.error ? kit.invalid : ''}`}
              aria-label={`「${t.name}」的新名称`}
              aria-invalid={Boolean(editing.error)}
              // biome-ignore lint/a11y/noAutofocus: the rename button asked for this input
              autoFocus
              value={editing.value}
              maxLength={NAME_MAX + 10}
              onChange={(e) => setEditing({ ...editing, value: e.target.value, error: '' })}
              onKeyDown={(e) => e.key === 'Escape' && stopEditing()}
            />
            <button type="submit" className={kit.primary}>
              保存
            </button>
            <button type="button" className={kit.button} onClick={stopEditing}>
              取消
            </button>
            {editing.error && (
              <p className={kit.error} role="alert">
                {editing.error}
              </p>
            )}
          </form>
        ) : (
          <span className={styles.name}>{t.name}</span>
        ),
    },
    { key: 'count', header: '文章数', width: '7em', render: (t) => `${t.articleCount} 篇` },
    { key: 'created', header: '创建时间', width: '11em', render: (t) => t.createdAt.slice(0, 16) },
    {
      key: 'actions',
      header: '操作',
      width: '18em',
      render: (t) => (
        <span className={screens.rowActions}>
          <button
            type="button"
            className={kit.button}
            aria-label={`重命名${label}「${t.name}」`}
            ref={(el) => {
              if (el) renameButtons.current.set(t.id, el);
              else renameButtons.current.delete(t.id);
            }}
            onClick={() => setEditing({ id: t.id, value: t.name, error: '' })}
          >
            重命名
          </button>
          <button
            type="button"
            className={kit.button}
            aria-label={`合并${label}「${t.name}」`}
            onClick={() => setMerging(t)}
          >
            合并
          </button>
          <button
            type="button"
            className={kit.button}
            aria-label={`删除${label}「${t.name}」`}
            onClick={() => setDeleting(t)}
          >
            删除
          </button>
        </span>
      ),
    },
  ];

  const toolbar = (
    <>
      <SearchField
        label={`搜索${label}`}
        placeholder={`搜索${label}名称`}
        value={query}
        onChange={setQuery}
        className={styles.search}
      />
      <form className={styles.create} onSubmit={create} aria-label={`新建${label}`}>
        <input
          className={`${kit.input} ${draftError ? kit.invalid : ''}`}
          aria-label={`新${label}名称`}
          aria-invalid={Boolean(draftError)}
          aria-describedby={draftError ? `${kind}-draft-error` : undefined}
          placeholder={`新${label}名称`}
          value={draft}
          onChange={(e) => {
            setDraft(e.target.value);
            setDraftError('');
          }}
        />
        <button type="submit" className={kit.primary}>
          新建{label}
        </button>
        {draftError && (
          <p id={`${kind}-draft-error`} className={kit.error} role="alert">
            {draftError}
          </p>
        )}
      </form>
    </>
  );

  return (
    <>
      <p className={`${screens.muted} ${styles.note}`}>
        文章数包括私密文章、草稿和回收站中的文章；访客页面只统计公开文章。
      </p>
      <ListTable
        list={list}
        caption={`${label}列表`}
        columns={columns}
        rowKey={(t) => t.id}
        toolbar={toolbar}
        empty={filter ? `没有名称含「${filter}」的${label}` : `还没有${label}`}
      />
      {merging && (
        <MergeDialog kind={kind} term={merging} onClose={() => setMerging(null)} onDone={refresh} />
      )}
      {deleting && (
        <DeleteDialog kind={kind} term={deleting} onClose={() => setDeleting(null)} onDone={refresh} />
      )}
    </>
  );
}
