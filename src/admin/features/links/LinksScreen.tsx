import { ExternalLink } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useCallback, useState } from 'react';
import {
  approveLinks,
  checkLinkNow,
  deleteLinks,
  linkHealth,
  listLinks,
} from '../../../lib/api/admin/links.ts';
import type { FriendLink, LinkHealth } from '../../../lib/contract/links.ts';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { toast } from '../../../stores/toast.ts';
import { ConfirmOn } from '../../kit/ConfirmOn.tsx';
import type { Column } from '../../kit/DataTable.tsx';
import { SearchField } from '../../kit/Field.tsx';
import kit from '../../kit/kit.module.css';
import { ListTable } from '../../kit/ListTable.tsx';
import s from '../../kit/moderation.module.css';
import screens from '../../kit/screens.module.css';
import { useDebounced } from '../../kit/use-debounced.ts';
import { useListScreen } from '../../kit/use-list-screen.ts';
import { useRowAction } from '../../kit/use-row-action.ts';
import { LinkEditDialog, LinkRejectDialog } from './LinkDialogs.tsx';

const PAGE_SIZE = 10;
type Tab = 'pending' | 'approved';

/** The health mark of an approved link. */
function HealthMark({ health }: { health?: LinkHealth }) {
  if (!health?.checkedAt) return <span className={screens.muted}>尚未检测</span>;
  if (health.downAt)
    return (
      <span className={s.down} title={`最近检测：${formatDateTime(health.checkedAt)}`}>
        无法访问，自 {formatDate(health.downAt)} 起
      </span>
    );
  return (
    <span className={s.up} title={`最近检测：${formatDateTime(health.checkedAt)}`}>
      可以访问
    </span>
  );
}

function Site({ link }: { link: FriendLink }) {
  return (
    <span className={s.site}>
      {link.site_avatar ? (
        <img className={s.siteAvatar} src={link.site_avatar} alt="" />
      ) : (
        <span className={s.siteAvatar} aria-hidden>
          {[...link.site_name][0] ?? '?'}
        </span>
      )}
      <span className={s.content}>
        <strong>{link.site_name}</strong>
        {link.site_desc && <span className={s.where}>{link.site_desc}</span>}
        <a className={s.where} href={link.url} target="_blank" rel="noopener noreferrer nofollow">
          {link.url}
          <ExternalLink size={12} aria-hidden />
          <span className={screens.srOnly}>（在新标签页打开）</span>
        </a>
      </span>
    </span>
  );
}

/** /admin/links: applications to review (approve, reject with a reason), approved links with their health. */
export default function LinksScreen() {
  const [tab, setTab] = useState<Tab>('pending');
  const [name, setName] = useState('');
  const [health, setHealth] = useState<Map<number, LinkHealth>>(new Map());
  const { busy, act: actOn } = useRowAction();
  const [editing, setEditing] = useState<FriendLink | null>(null);
  const [rejecting, setRejecting] = useState<FriendLink | null>(null);
  const [removing, setRemoving] = useState<FriendLink | null>(null);
  const search = useDebounced(name.trim());

  // The approved tab reads every link's health with the page (the check runs on the server).
  const fetchPage = useCallback(
    async (page: number) => {
      const [d, h] = await Promise.all([
        listLinks({
          current: page,
          size: PAGE_SIZE,
          status: tab === 'pending' ? 1 : 2,
          site_name: search || undefined,
        }),
        tab === 'approved' ? linkHealth() : Promise.resolve([]),
      ]);
      setHealth(new Map(h.map((x) => [x.id, x])));
      return d;
    },
    [tab, search],
  );
  const list = useListScreen(fetchPage, PAGE_SIZE);
  const { reload: load, refilter } = list;

  // A review action: its row's buttons wait until it settles (the envelope shows a refusal).
  const act = (link: FriendLink, run: () => Promise<unknown>) => actOn(link.id, run);
  const approve = (link: FriendLink) =>
    act(link, async () => {
      await approveLinks([link.id]);
      toast(`已通过「${link.site_name}」，申请人会收到通知`, 'success', '提示');
      await load();
    });
  const check = (link: FriendLink) =>
    act(link, async () => {
      const h = await checkLinkNow(link.id);
      setHealth((m) => new Map(m).set(h.id, h));
      toast(
        h.downAt ? `「${link.site_name}」无法访问` : `「${link.site_name}」可以访问`,
        h.downAt ? 'warning' : 'success',
        '检测完成',
      );
    });

  const siteColumn: Column<FriendLink> = { key: 'site', header: '网站', render: (l) => <Site link={l} /> };
  const pendingColumns: Column<FriendLink>[] = [
    siteColumn,
    {
      key: 'time',
      header: '申请时间',
      width: '150px',
      render: (l) => <span className={s.nowrap}>{formatDateTime(l.createdAt)}</span>,
    },
    {
      key: 'actions',
      header: '操作',
      width: '160px',
      render: (l) => (
        <span className={screens.rowActions}>
          <button
            type="button"
            className={kit.primary}
            disabled={busy === l.id}
            onClick={() => approve(l)}
            aria-label={`通过${l.site_name}`}
          >
            通过
          </button>
          <button
            type="button"
            className={kit.button}
            disabled={busy === l.id}
            onClick={() => setRejecting(l)}
            aria-label={`拒绝${l.site_name}`}
          >
            拒绝
          </button>
        </span>
      ),
    },
  ];
  const approvedColumns: Column<FriendLink>[] = [
    siteColumn,
    {
      key: 'health',
      header: '状态',
      width: '190px',
      render: (l) => <HealthMark health={health.get(l.id)} />,
    },
    {
      key: 'actions',
      header: '操作',
      width: '270px',
      render: (l) => (
        <span className={screens.rowActions}>
          <button
            type="button"
            className={kit.button}
            disabled={busy === l.id}
            onClick={() => check(l)}
            aria-label={`立即检测${l.site_name}`}
          >
            {busy === l.id ? '检测中…' : '立即检测'}
          </button>
          <button
            type="button"
            className={kit.button}
            onClick={() => setEditing(l)}
            aria-label={`编辑${l.site_name}`}
          >
            编辑
          </button>
          <button
            type="button"
            className={kit.button}
            onClick={() => setRemoving(l)}
            aria-label={`删除${l.site_name}`}
          >
            删除
          </button>
        </span>
      ),
    },
  ];

  const toolbar = (
    <SearchField
      label="按网站名称搜索友链"
      placeholder="按网站名称搜索"
      value={name}
      onChange={refilter(setName)}
      className={s.search}
    />
  );

  return (
    <>
      <Tabs.Root value={tab} onValueChange={(v) => refilter(setTab, { clear: true })(v as Tab)}>
        <Tabs.List className={screens.tabs} aria-label="友链分组">
          <Tabs.Trigger value="pending" className={screens.tab}>
            待审核
          </Tabs.Trigger>
          <Tabs.Trigger value="approved" className={screens.tab}>
            已通过
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value={tab}>
          {tab === 'approved' && (
            <p className={screens.muted}>服务器每隔几小时检测一次各网站能否访问，也可以点「立即检测」。</p>
          )}
          <ListTable
            list={list}
            caption={tab === 'pending' ? '待审核的友链' : '已通过的友链'}
            columns={tab === 'pending' ? pendingColumns : approvedColumns}
            rowKey={(l) => l.id}
            toolbar={toolbar}
            empty={search ? '没有相符的友链' : tab === 'pending' ? '没有待审核的申请' : '还没有友链'}
          />
        </Tabs.Content>
      </Tabs.Root>
      {editing && (
        <LinkEditDialog
          link={editing}
          // The groups already used on this page, offered as suggestions for the link's group.
          groups={list.rows.map((l) => l.category)}
          onClose={() => setEditing(null)}
          onSaved={load}
        />
      )}
      {rejecting && <LinkRejectDialog link={rejecting} onClose={() => setRejecting(null)} onDone={load} />}
      <ConfirmOn
        target={removing}
        onClose={() => setRemoving(null)}
        title="删除友链"
        message={(l) => `删除友链「${l.site_name}」？它会从友链页消失，无法撤销。`}
        confirmLabel="删除"
        onConfirm={(l) =>
          deleteLinks([l.id]).then(() => {
            toast('删除成功', 'success', '提示');
            return load();
          })
        }
      />
    </>
  );
}
