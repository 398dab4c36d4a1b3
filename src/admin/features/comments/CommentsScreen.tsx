import { useStore } from '@nanostores/react';
import { ExternalLink } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useCallback, useState } from 'react';
import {
  deleteComment,
  deleteMessages,
  listModeration,
  type ModerationFilter,
  reviewComments,
  reviewMessages,
  type Verdict,
} from '../../../lib/api/admin/moderation.ts';
import type { ModerationRow } from '../../../lib/contract/admin-comments.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { REVIEW_LABELS } from '../../../lib/review.ts';
import { toast } from '../../../stores/toast.ts';
import { ConfirmOn } from '../../kit/ConfirmOn.tsx';
import type { Column } from '../../kit/DataTable.tsx';
import kit from '../../kit/kit.module.css';
import { ListTable } from '../../kit/ListTable.tsx';
import s from '../../kit/moderation.module.css';
import { SelectionBar } from '../../kit/SelectionBar.tsx';
import screens from '../../kit/screens.module.css';
import { useDebounced } from '../../kit/use-debounced.ts';
import { useListScreen, useSelection } from '../../kit/use-list-screen.ts';
import { $reviewCounts, refreshReviewCounts } from '../../stores.ts';
import { type Author, type Filters, ModerationFilters } from './ModerationFilters.tsx';
import { ReplyDialog } from './ReplyDialog.tsx';

/** The queue's tabs (docs/owner-guide.md#评论审核): every item, those waiting, those marked spam. */
type Tab = 'all' | 'pending' | 'spam';
const TABS: { key: Tab; label: string }[] = [
  { key: 'all', label: '全部' },
  { key: 'pending', label: '待审核' },
  { key: 'spam', label: '垃圾' },
];

/** The tab a link opens (the review mail's 去审核: ?tab=pending), else 全部. */
const linkedTab = (): Tab => {
  const asked = new URLSearchParams(location.search).get('tab');
  return TABS.find((t) => t.key === asked)?.key ?? 'all';
};

const PAGE_SIZE = 10;
const KIND_NAME: Record<number, string> = { 1: '文章评论', 2: '说说评论', 3: '留言回复', 4: '留言' };
const keyOf = (r: ModerationRow) => `${r.kind}:${r.id}`;

/** Where the thing a row is under shows on the site (opened in a new tab). */
function placeOf(r: ModerationRow): { href: string; label: string } {
  if (r.type === 1) return { href: `/article?id=${r.for_id}`, label: '文章' };
  if (r.type === 2) return { href: `/talk?id=${r.for_id}`, label: '说说' };
  return { href: `/message/detail?id=${r.for_id}`, label: '留言' };
}

const EMPTY: Filters = { type: 'all', content: '', name: '', from: '', to: '' };

/**
 * /admin/comments: comments and guestbook messages in one list, by review state (tabs), filtered;
 * approved, marked spam or deleted in bulk, answered as the blogger.
 */
export default function CommentsScreen() {
  const [tab, setTab] = useState<Tab>(linkedTab);
  const counts = useStore($reviewCounts);
  const [replying, setReplying] = useState<ModerationRow | null>(null);
  const [filters, setFilters] = useState<Filters>(EMPTY);
  const [author, setAuthor] = useState<Author | null>(null);
  const [removing, setRemoving] = useState<ModerationRow[] | null>(null);
  const content = useDebounced(filters.content.trim());
  const name = useDebounced(filters.name.trim());

  const fetchPage = useCallback(
    (page: number) => {
      const query: ModerationFilter = { current: page, size: PAGE_SIZE };
      if (tab !== 'all') query.review_status = tab;
      if (filters.type !== 'all') query.type = Number(filters.type);
      if (content) query.content = content;
      // A picked author is the exact account; the typed name is a search (and all a guest has).
      if (author) query.from_id = author.id;
      else if (name) query.from_name = name;
      // One date alone is that single day: the server wants both ends.
      if (filters.from || filters.to) query.time = [filters.from || filters.to, filters.to || filters.from];
      return listModeration(query);
    },
    [tab, filters.type, filters.from, filters.to, content, name, author],
  );
  const list = useListScreen(fetchPage, PAGE_SIZE);
  const { rows, reload: load, refilter } = list;
  const selection = useSelection(rows, keyOf);
  const { chosen } = selection;

  const show = refilter((next: Tab) => setTab(next));
  const change = refilter((next: Partial<Filters>) => setFilters((f) => ({ ...f, ...next })));
  // "This author's rows": by account when there is one, by the name a guest typed otherwise.
  const showAuthor = refilter((r: ModerationRow) => {
    if (r.from_id === null) setFilters((f) => ({ ...f, name: r.from_name }));
    else setAuthor({ id: r.from_id, name: r.from_name });
  });

  /** Comments one by one (a top-level one takes its replies), messages in one call. */
  const remove = async (list: ModerationRow[]) => {
    const messages = list.filter((r) => r.kind === 'message').map((r) => r.id);
    const comments = list.filter((r) => r.kind === 'comment');
    // A reply goes with its top-level comment: delete tops first, then the replies still there.
    comments.sort((a, b) => Number(a.parent_id !== null) - Number(b.parent_id !== null));
    const gone = new Set<number>();
    for (const c of comments) {
      if (c.parent_id !== null && gone.has(c.parent_id)) continue;
      await deleteComment(c.id, c.parent_id);
      gone.add(c.id);
    }
    if (messages.length) await deleteMessages(messages);
    toast(`已删除 ${list.length} 条`, 'success', '提示');
    await changed();
  };

  /** The list and the queue's figures (tabs, menu badge) after anything that changed the queue. */
  const changed = async () => {
    selection.clear();
    await Promise.all([load(), refreshReviewCounts()]);
  };

  /** 通过 / 标为垃圾: comments in one call, messages in another. */
  const judge = async (list: ModerationRow[], status: Verdict) => {
    const ids = (kind: ModerationRow['kind']) => list.filter((r) => r.kind === kind).map((r) => r.id);
    const comments = ids('comment');
    const messages = ids('message');
    if (comments.length) await reviewComments(comments, status);
    if (messages.length) await reviewMessages(messages, status);
    toast(
      status === 'published' ? `已通过 ${list.length} 条` : `已将 ${list.length} 条标为垃圾`,
      'success',
      '提示',
    );
    await changed();
  };

  const columns: Column<ModerationRow>[] = [
    {
      key: 'pick',
      header: '选择',
      width: '64px',
      render: (r) => (
        <input
          type="checkbox"
          checked={selection.picked.has(keyOf(r))}
          onChange={() => selection.toggle(keyOf(r))}
          aria-label={`选择${r.from_name}的${KIND_NAME[r.type]}`}
        />
      ),
    },
    {
      key: 'content',
      header: '内容',
      render: (r) => {
        const place = placeOf(r);
        return (
          <span className={s.content}>
            <span>{r.content}</span>
            <a className={s.where} href={place.href} target="_blank" rel="noopener">
              {KIND_NAME[r.type]} ·{' '}
              {r.type === 4 ? '查看留言' : `${place.label}：${r.subject ?? '（已删除）'}`}
              <ExternalLink size={12} aria-hidden />
              <span className={screens.srOnly}>（在新标签页打开）</span>
            </a>
          </span>
        );
      },
    },
    {
      key: 'author',
      header: '作者',
      width: '160px',
      render: (r) => (
        <button
          type="button"
          className={s.author}
          onClick={() => showAuthor(r)}
          aria-label={`只看${r.from_name}的评论与留言`}
        >
          {r.from_avatar ? <img className={s.avatar} src={r.from_avatar} alt="" /> : null}
          {r.from_name}
          {r.from_id === null && '（游客）'}
        </button>
      ),
    },
    {
      key: 'state',
      header: '状态',
      width: '140px',
      // A held item says why: the blocked word, the links, the review mode (stored when it was held).
      render: (r) => (
        <span className={s.stateCell}>
          <span className={`${s.state} ${r.review_status === 'published' ? '' : s[r.review_status]}`}>
            {REVIEW_LABELS[r.review_status]}
          </span>
          {r.review_status !== 'published' && r.review_reason && (
            <span className={s.reason} data-review-reason>
              {r.review_reason}
            </span>
          )}
        </span>
      ),
    },
    {
      key: 'time',
      header: '时间',
      width: '150px',
      render: (r) => <span className={s.nowrap}>{formatDateTime(r.createdAt)}</span>,
    },
    {
      key: 'actions',
      header: '操作',
      width: '220px',
      render: (r) => {
        const what = `${r.from_name}的${KIND_NAME[r.type]}`;
        return (
          <span className={s.actions}>
            {r.review_status !== 'published' && (
              <button
                type="button"
                className={kit.button}
                onClick={() => judge([r], 'published')}
                aria-label={`通过${what}`}
              >
                通过
              </button>
            )}
            {r.review_status !== 'spam' && (
              <button
                type="button"
                className={kit.button}
                onClick={() => judge([r], 'spam')}
                aria-label={`将${what}标为垃圾`}
              >
                垃圾
              </button>
            )}
            <button
              type="button"
              className={kit.button}
              onClick={() => setReplying(r)}
              aria-label={`回复${what}`}
            >
              回复
            </button>
            <button
              type="button"
              className={kit.button}
              onClick={() => setRemoving([r])}
              aria-label={`删除${what}`}
            >
              删除
            </button>
          </span>
        );
      },
    },
  ];

  const filtered = filters.type !== 'all' || content || name || author || filters.from || filters.to;
  const table = (
    <ListTable
      list={list}
      caption="评论与留言列表"
      columns={columns}
      rowKey={keyOf}
      toolbar={
        <ModerationFilters
          filters={filters}
          author={author}
          onChange={change}
          onClearAuthor={() => refilter(setAuthor)(null)}
        />
      }
      empty={
        filtered
          ? '没有相符的评论或留言'
          : tab === 'pending'
            ? '没有待审核的评论或留言'
            : tab === 'spam'
              ? '没有垃圾评论或留言'
              : '还没有评论或留言'
      }
    />
  );
  return (
    <>
      <p className={s.settings}>
        <a className={kit.button} href="/admin/comments/settings">
          评论设置
        </a>
        <span>审核模式、敏感词、链接数、屏蔽地址</span>
      </p>
      <SelectionBar selection={selection} empty={!rows.length} unit="条">
        <button
          type="button"
          className={kit.button}
          disabled={!chosen.length}
          onClick={() => judge(chosen, 'published')}
        >
          通过所选
        </button>
        <button
          type="button"
          className={kit.button}
          disabled={!chosen.length}
          onClick={() => judge(chosen, 'spam')}
        >
          标为垃圾
        </button>
        <button
          type="button"
          className={kit.danger}
          disabled={!chosen.length}
          onClick={() => setRemoving(chosen)}
        >
          删除所选
        </button>
      </SelectionBar>
      <Tabs.Root value={tab} onValueChange={(v) => show(v as Tab)}>
        <Tabs.List className={screens.tabs} aria-label="审核状态">
          {TABS.map((t) => (
            <Tabs.Trigger key={t.key} value={t.key} className={screens.tab}>
              {t.label}
              {counts && <span className={s.count}>{counts[t.key]}</span>}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {TABS.map((t) => (
          <Tabs.Content key={t.key} value={t.key}>
            {t.key === tab && table}
          </Tabs.Content>
        ))}
      </Tabs.Root>
      {replying && (
        <ReplyDialog
          row={replying}
          approve={replying.review_status === 'published' ? null : () => judge([replying], 'published')}
          onClose={() => setReplying(null)}
          onSent={changed}
        />
      )}
      <ConfirmOn
        target={removing}
        onClose={() => setRemoving(null)}
        title="删除评论与留言"
        message={(list) =>
          list.length === 1
            ? `删除${list[0].from_name}的这条${KIND_NAME[list[0].type]}？评论的回复、留言的评论会一起删除，无法撤销。`
            : `删除所选的 ${list.length} 条？评论的回复、留言的评论会一起删除，无法撤销。`
        }
        confirmLabel="删除"
        onConfirm={remove}
      />
    </>
  );
}
