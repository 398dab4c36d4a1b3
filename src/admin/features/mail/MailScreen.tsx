import { useCallback, useState } from 'react';
import { listFailedMails, retryMails } from '../../../lib/api/admin/mail.ts';
import type { FailedMail } from '../../../lib/contract/mail.ts';
import { toast } from '../../../stores/toast.ts';
import type { Column } from '../../kit/DataTable.tsx';
import kit from '../../kit/kit.module.css';
import { ListTable } from '../../kit/ListTable.tsx';
import a from '../../kit/ops.module.css';
import { useListScreen } from '../../kit/use-list-screen.ts';
import { mailColumns, OutboxTable } from './OutboxTable.tsx';

const PAGE_SIZE = 20;

/**
 * /admin/mail: the mails the sender gave up on after its last attempt (docs/owner-guide.md#邮件), with
 * the SMTP server's error (重试 puts one back in the queue), and under them the whole outbox with why a
 * mail was held, folded or never sent (OutboxTable).
 */
export default function MailScreen() {
  const fetchPage = useCallback((page: number) => listFailedMails(page, PAGE_SIZE), []);
  const list = useListScreen(fetchPage, PAGE_SIZE);
  const [busy, setBusy] = useState(0);

  async function retry(id: number) {
    setBusy(id);
    try {
      await retryMails([id]);
      toast('已重新排队，稍后发送', 'success', '提示');
      await list.reload();
    } catch {
      /* the envelope's message is on screen */
    } finally {
      setBusy(0);
    }
  }

  const columns: Column<FailedMail>[] = [
    ...mailColumns<FailedMail>(),
    {
      key: 'error',
      header: '错误',
      render: (r) => (
        <span className={a.stack}>
          <code className={a.path}>{r.last_error || '未知错误'}</code>
          <span className={a.label}>已尝试 {r.attempts} 次</span>
        </span>
      ),
    },
    {
      key: 'action',
      header: '操作',
      width: '90px',
      render: (r) => (
        <button type="button" className={kit.button} disabled={busy === r.id} onClick={() => retry(r.id)}>
          重试
        </button>
      ),
    },
  ];

  return (
    <>
      <ListTable
        list={list}
        caption="发送失败的邮件"
        columns={columns}
        rowKey={(r) => r.id}
        empty="没有发送失败的邮件：发送失败会自动重试，多次仍失败的邮件会出现在这里"
      />
      <OutboxTable />
    </>
  );
}
