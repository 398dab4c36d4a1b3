import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useState } from 'react';
import { auditDictionary, listAudit } from '../../../lib/api/admin/audit.ts';
import type { AuditDictionary, AuditRow } from '../../../lib/contract/admin-audit.ts';
import type { Column } from '../../kit/DataTable.tsx';
import { DateField } from '../../kit/DateField.tsx';
import { SearchField } from '../../kit/Field.tsx';
import f from '../../kit/filters.module.css';
import { ListTable } from '../../kit/ListTable.tsx';
import a from '../../kit/ops.module.css';
import { Select } from '../../kit/Select.tsx';
import styles from '../../kit/screens.module.css';
import { useDebounced } from '../../kit/use-debounced.ts';
import { useListScreen } from '../../kit/use-list-screen.ts';
import { $gate } from '../../stores.ts';

const PAGE_SIZE = 20;
const ALL = 'all';

const options = (all: string, values: { value: string; label: string }[]) => [
  { value: ALL, label: all },
  ...values,
];

/**
 * /admin/audit: every admin write and security event (failed sign-ins, 2FA changes,
 * refusals on admin routes), newest first, filtered by kind, who, action, kind of thing, day and text.
 */
export default function AuditScreen() {
  const gate = useStore($gate);
  const [dict, setDict] = useState<AuditDictionary | null>(null);
  const [kind, setKind] = useState(ALL);
  const [user, setUser] = useState(ALL);
  const [action, setAction] = useState('');
  const actionText = useDebounced(action.trim());
  const [thing, setThing] = useState(ALL);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [text, setText] = useState('');
  const search = useDebounced(text.trim());

  useEffect(() => {
    // The filters' choices (who, kinds of thing, actions) come from the log itself, so none is ever empty.
    if (gate === 'admin') auditDictionary().then(setDict, () => {});
  }, [gate]);

  const fetchPage = useCallback(
    (page: number) => {
      // One day alone is a range of that day; an end before the start is read the other way round.
      const days = [from, to].filter(Boolean).sort();
      return listAudit({
        current: page,
        size: PAGE_SIZE,
        kind: kind === ALL ? undefined : kind,
        user_id: user === ALL ? undefined : Number(user),
        action: actionText || undefined,
        thing_type: thing === ALL ? undefined : thing,
        text: search || undefined,
        time: days.length ? [days[0], days[days.length - 1]] : undefined,
      });
    },
    [kind, user, actionText, thing, from, to, search],
  );
  const list = useListScreen(fetchPage, PAGE_SIZE);
  const filter = list.refilter;

  const columns: Column<AuditRow>[] = [
    {
      key: 'time',
      header: '时间',
      width: '170px',
      render: (r) => <span className={a.nowrap}>{r.createdAt}</span>,
    },
    {
      key: 'who',
      header: '操作人',
      width: '120px',
      render: (r) => r.user_name || <span className={styles.muted}>未登录</span>,
    },
    {
      key: 'action',
      header: '操作',
      width: '150px',
      render: (r) => (
        <span className={a.stack}>
          <span className={a.action}>{r.action}</span>
          {/* Admin writes are the usual rows: only the security events carry a mark. */}
          {r.kind !== '管理操作' && <span className={a.kind}>{r.kind}</span>}
        </span>
      ),
    },
    {
      key: 'thing',
      header: '对象',
      render: (r) => (
        <span className={a.stack}>
          <span>
            {r.thing_type}
            {/* A bulk write names its ids in one comma-separated field. */}
            {r.thing_id && <span className={styles.muted}> #{r.thing_id.replaceAll(',', ', #')}</span>}
          </span>
          {r.label && <span className={a.label}>{r.label}</span>}
        </span>
      ),
    },
    {
      key: 'where',
      header: '来源',
      width: '200px',
      render: (r) => (
        <span className={a.stack}>
          <span>{r.ip || '未知'}</span>
          <code className={a.path}>
            {r.method} {r.path}
          </code>
        </span>
      ),
    },
  ];

  const toolbar = (
    <div className={f.row}>
      <Select
        label="按类型筛选"
        inline
        value={kind}
        options={options(
          '全部类型',
          (dict?.kinds ?? []).map((v) => ({ value: v, label: v })),
        )}
        onChange={filter(setKind)}
      />
      <Select
        label="按操作人筛选"
        inline
        value={user}
        options={options(
          '全部操作人',
          (dict?.users ?? []).map((u) => ({ value: String(u.id), label: u.nick_name })),
        )}
        onChange={filter(setUser)}
      />
      <SearchField
        label="按操作筛选"
        placeholder="操作，如 删除"
        value={action}
        onChange={filter(setAction)}
        className={a.search}
        list="audit-actions"
      />
      <datalist id="audit-actions">
        {(dict?.actions ?? []).map((v) => (
          <option key={v} value={v} />
        ))}
      </datalist>
      <Select
        label="按对象类型筛选"
        inline
        value={thing}
        options={options(
          '全部对象',
          (dict?.things ?? []).map((v) => ({ value: v, label: v })),
        )}
        onChange={filter(setThing)}
      />
      <span className={f.range}>
        <DateField label="开始日期" value={from} max={to || undefined} onChange={filter(setFrom)} />
        <span aria-hidden>至</span>
        <DateField label="结束日期" value={to} min={from || undefined} onChange={filter(setTo)} />
      </span>
      <SearchField
        label="搜索审计日志"
        placeholder="搜索名称、编号或路径"
        value={text}
        onChange={filter(setText)}
        className={a.search}
      />
    </div>
  );

  const filtered = kind !== ALL || user !== ALL || actionText || thing !== ALL || from || to || search;
  return (
    <ListTable
      list={list}
      caption="审计日志"
      columns={columns}
      rowKey={(r) => r.id}
      toolbar={toolbar}
      empty={
        filtered
          ? '没有相符的记录'
          : '还没有记录：管理员的每次修改、登录失败、两步验证的变更和越权访问都会记在这里（保留 180 天）'
      }
    />
  );
}
