import { useCallback, useState } from 'react';
import { listOutbox } from '../../../lib/api/admin/mail.ts';
import type { OutboxMail } from '../../../lib/contract/mail.ts';
import { OUTBOX_KIND_LABELS, type OutboxKind, outboxState } from '../../../lib/mail.ts';
import type { Column } from '../../kit/DataTable.tsx';
import { ListTable } from '../../kit/ListTable.tsx';
import a from '../../kit/ops.module.css';
import { Select } from '../../kit/Select.tsx';
import { useListScreen } from '../../kit/use-list-screen.ts';

const PAGE_SIZE = 20;

const FILTERS = [
  { value: 'all', label: '全部邮件' },
  { value: 'held', label: '等待合并到摘要' },
  { value: 'skipped', label: '未发送（未验证地址等）' },
  { value: 'folded', label: '已合并到摘要' },
  { value: 'pending', label: '待发送' },
  { value: 'sent', label: '已发送' },
];

const kindLabel = (k: string) => OUTBOX_KIND_LABELS[k as OutboxKind] ?? k;

type MailRow = { createdAt: string; subject: string; to_addr: string; kind: string };

/** The columns every mail list opens with (this outbox and MailScreen's failed mails): when, and what to whom. */
export function mailColumns<T extends MailRow>(): Column<T>[] {
  return [
    {
      key: 'time',
      header: '时间',
      width: '170px',
      render: (r) => <span className={a.nowrap}>{r.createdAt}</span>,
    },
    {
      key: 'mail',
      header: '邮件',
      render: (r) => (
        <span className={a.stack}>
          <span>{r.subject}</span>
          <span className={a.label}>
            {r.to_addr} · {kindLabel(r.kind)}
          </span>
        </span>
      ),
    },
  ];
}

/**
 * The outbox under /admin/mail (docs/owner-guide.md#邮件): every mail, newest first, with its state and,
 * where it did not go alone, why: 未验证地址 (its owner never confirmed the address), 超出发送上限
 * (over the recipient's 5 an hour, 20 a day: waits for the digest), 已合并到摘要.
 */
export function OutboxTable() {
  const [status, setStatus] = useState('all');
  const fetchPage = useCallback(
    (page: number) => listOutbox(page, PAGE_SIZE, status === 'all' ? '' : status),
    [status],
  );
  const list = useListScreen(fetchPage, PAGE_SIZE);

  const columns: Column<OutboxMail>[] = [
    ...mailColumns<OutboxMail>(),
    {
      key: 'state',
      header: '状态',
      render: (r) => (
        <span className={a.stack}>
          <span>{outboxState(r)}</span>
          {r.status === 'held' && <span className={a.label}>{r.next_at} 之后</span>}
        </span>
      ),
    },
  ];

  return (
    <ListTable
      list={list}
      caption="邮件队列"
      columns={columns}
      rowKey={(r) => r.id}
      toolbar={
        <Select
          label="按状态筛选"
          inline
          value={status}
          options={FILTERS}
          onChange={list.refilter(setStatus, { clear: true })}
        />
      }
      empty="没有相符的邮件"
    />
  );
}
