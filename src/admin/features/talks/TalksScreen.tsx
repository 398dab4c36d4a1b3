import { useStore } from '@nanostores/react';
import { Heart, MessageSquare } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useCallback, useEffect, useState } from 'react';
import {
  deleteTalk,
  listTalks,
  revertTalk,
  setTalkPublic,
  setTalkTop,
  type TalkStatus,
} from '../../../lib/api/admin/talks.ts';
import type { AdminTalk } from '../../../lib/contract/talks.ts';
import { toast } from '../../../stores/toast.ts';
import { ConfirmOn } from '../../kit/ConfirmOn.tsx';
import type { Column } from '../../kit/DataTable.tsx';
import kit from '../../kit/kit.module.css';
import { ListTable } from '../../kit/ListTable.tsx';
import screens from '../../kit/screens.module.css';
import { useListScreen } from '../../kit/use-list-screen.ts';
import { $gate } from '../../stores.ts';
import { TalkComposer } from './TalkComposer.tsx';
import styles from './talks.module.css';

const TABS: { status: TalkStatus; label: string }[] = [
  { status: 1, label: '公开' },
  { status: 2, label: '私密' },
  { status: 3, label: '回收站' },
];
const PAGE_SIZE = 10;

/** The first words of a talk, to tell its buttons apart for a screen reader. */
const excerpt = (t: AdminTalk) => {
  const text = t.content.replace(/\s+/g, ' ').trim();
  return text.length > 12 ? `${text.slice(0, 12)}…` : text;
};

/** /admin/talks: the 说说 by tab (public, private, the bin); write, edit, pin, hide, bin, restore, purge. */
export default function TalksScreen() {
  const gate = useStore($gate);
  const [status, setStatus] = useState<TalkStatus>(1);
  const [tick, setTick] = useState(0);
  const fetchPage = useCallback((page: number) => listTalks(status, page, PAGE_SIZE), [status]);
  const list = useListScreen(fetchPage, PAGE_SIZE);
  const { reload } = list;
  const [counts, setCounts] = useState<Partial<Record<TalkStatus, number>>>({});
  const [composing, setComposing] = useState<AdminTalk | null>(null);
  // A new key empties the composer at the top after a post (or 清空).
  const [fresh, setFresh] = useState(0);
  const [purging, setPurging] = useState<AdminTalk | null>(null);
  /** After a change: the page and the tabs' counts again. */
  const refresh = () => {
    setTick((t) => t + 1);
    return reload();
  };

  // The count on each tab: a one-row page of each status, whose total is the count.
  // biome-ignore lint/correctness/useExhaustiveDependencies: tick asks again after every change
  useEffect(() => {
    if (gate !== 'admin') return;
    for (const { status: s } of TABS)
      listTalks(s, 1, 1).then(
        (p) => setCounts((c) => ({ ...c, [s]: p.total })),
        () => {},
      );
  }, [gate, tick]);

  const show = list.refilter(setStatus, { clear: true });
  // Every action changes which tab a talk is in or the tabs' counts, so all of them refresh both.
  /** One action on a talk: its success message, then the lists again. */
  const act = async (call: Promise<unknown>, done: string) => {
    try {
      await call;
      toast(done, 'success', '提示');
      refresh();
    } catch {
      /* the envelope's message is on screen */
    }
  };

  const columns: Column<AdminTalk>[] = [
    {
      key: 'content',
      header: '内容',
      render: (t) => (
        <div className={styles.cell}>
          <p className={styles.text}>
            {t.is_top === 1 && <span className={styles.pin}>置顶</span>}
            {t.content}
          </p>
          {t.talkImgList && (
            <ul className={styles.thumbs} aria-label={`${t.talkImgList.length} 张图片`}>
              {t.talkImgList.map((url) => (
                <li key={url}>
                  <img src={url} alt="" width={48} height={48} loading="lazy" />
                </li>
              ))}
            </ul>
          )}
        </div>
      ),
    },
    {
      key: 'counts',
      header: '点赞 · 评论',
      width: '8em',
      render: (t) => (
        <span className={styles.counts}>
          <span title="点赞">
            <Heart size={14} aria-hidden />
            <span className={screens.srOnly}>点赞</span> {t.like_times}
          </span>
          <span title="评论">
            <MessageSquare size={14} aria-hidden />
            <span className={screens.srOnly}>评论</span> {t.comment_total}
          </span>
        </span>
      ),
    },
    { key: 'time', header: '发布时间', width: '10em', render: (t) => t.createdAt.slice(0, 16) },
    {
      key: 'actions',
      header: '操作',
      width: '17em',
      render: (t) => {
        const name = `说说「${excerpt(t)}」`;
        if (t.status === 3)
          return (
            <span className={screens.rowActions}>
              <button
                type="button"
                className={kit.button}
                aria-label={`恢复${name}`}
                onClick={() => act(revertTalk(t.id), '恢复成功')}
              >
                恢复
              </button>
              <button
                type="button"
                className={kit.button}
                aria-label={`彻底删除${name}`}
                onClick={() => setPurging(t)}
              >
                彻底删除
              </button>
            </span>
          );
        const pinned = t.is_top === 1;
        const open = t.status === 1;
        return (
          <span className={screens.rowActions}>
            <button
              type="button"
              className={kit.button}
              aria-label={`编辑${name}`}
              onClick={() => setComposing(t)}
            >
              编辑
            </button>
            <button
              type="button"
              className={kit.button}
              aria-label={`${pinned ? '取消置顶' : '置顶'}${name}`}
              onClick={() => act(setTalkTop(t.id, pinned ? 2 : 1), pinned ? '已取消置顶' : '置顶成功')}
            >
              {pinned ? '取消置顶' : '置顶'}
            </button>
            <button
              type="button"
              className={kit.button}
              aria-label={`${open ? '设为私密' : '设为公开'}${name}`}
              onClick={() => act(setTalkPublic(t.id, open ? 2 : 1), open ? '已设为私密' : '已公开')}
            >
              {open ? '设为私密' : '设为公开'}
            </button>
            <button
              type="button"
              className={kit.button}
              aria-label={`删除${name}`}
              onClick={() => act(deleteTalk(t.id, t.status as TalkStatus), '已移到回收站')}
            >
              删除
            </button>
          </span>
        );
      },
    },
  ];

  const table = (
    <ListTable
      list={list}
      caption={`${TABS.find((x) => x.status === status)?.label}说说`}
      columns={columns}
      rowKey={(t) => t.id}
      empty={status === 3 ? '回收站是空的' : '还没有说说'}
    />
  );

  return (
    <>
      <TalkComposer
        key={fresh}
        inline
        talk={null}
        onClose={() => setFresh((n) => n + 1)}
        onSaved={(s) => {
          // Stays on a public or private tab the talk went to; from the bin, shows where it went.
          if (s !== status) show(s);
          refresh();
        }}
      />
      <p className={screens.muted}>
        {status === 3
          ? '回收站中的说说不会出现在网站上，可以恢复或彻底删除。'
          : '公开的说说出现在网站的「说说」页。'}
      </p>
      <Tabs.Root value={String(status)} onValueChange={(v) => show(Number(v) as TalkStatus)}>
        <Tabs.List className={screens.tabs} aria-label="说说分类">
          {TABS.map((x) => (
            <Tabs.Trigger key={x.status} value={String(x.status)} className={screens.tab}>
              {x.label}
              {counts[x.status] !== undefined && <span className={styles.count}>{counts[x.status]}</span>}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {TABS.map((x) => (
          <Tabs.Content key={x.status} value={String(x.status)}>
            {x.status === status && table}
          </Tabs.Content>
        ))}
      </Tabs.Root>
      {/* Saving shows the tab the talk went to (a private one is not on 公开). */}
      {composing && (
        <TalkComposer
          talk={composing}
          onClose={() => setComposing(null)}
          onSaved={(s) => {
            show(s);
            refresh();
          }}
        />
      )}
      <ConfirmOn
        target={purging}
        onClose={() => setPurging(null)}
        title="彻底删除说说"
        message={(t) => `彻底删除「${excerpt(t)}」后无法恢复，它的图片也会一起删除。`}
        confirmLabel="彻底删除"
        onConfirm={(t) =>
          deleteTalk(t.id, 3).then(() => {
            toast('彻底删除成功', 'success', '提示');
            return refresh();
          })
        }
      />
    </>
  );
}
