import { useStore } from '@nanostores/react';
import { useCallback, useState } from 'react';
import {
  disableUser,
  enableUser,
  listUsers,
  resetUserPassword,
  setUserRole,
} from '../../../lib/api/admin/users.ts';
import type { AdminUserRow } from '../../../lib/contract/admin-users.ts';
import { ROLE } from '../../../lib/role.ts';
import { $userInfo } from '../../../stores/session.ts';
import { toast } from '../../../stores/toast.ts';
import { ConfirmOn } from '../../kit/ConfirmOn.tsx';
import type { Column } from '../../kit/DataTable.tsx';
import { SearchField } from '../../kit/Field.tsx';
import f from '../../kit/filters.module.css';
import kit from '../../kit/kit.module.css';
import { ListTable } from '../../kit/ListTable.tsx';
import { Select } from '../../kit/Select.tsx';
import { useDebounced } from '../../kit/use-debounced.ts';
import { useListScreen } from '../../kit/use-list-screen.ts';
import p from './people.module.css';
import { Avatar, NewPasswordDialog, UserRecordsDialog } from './UserDialogs.tsx';

const PAGE_SIZE = 10;
const ROLE_FILTERS = [
  { value: 'all', label: '全部角色' },
  { value: String(ROLE.admin), label: '管理员' },
  { value: String(ROLE.user), label: '普通用户' },
];
const STATE_FILTERS = [
  { value: 'all', label: '全部状态' },
  { value: '2', label: '正常' },
  { value: '1', label: '已停用' },
];

/** A write the owner confirms first: what it does to whom. */
type Pending = { kind: 'role' | 'disable' | 'enable' | 'reset'; user: AdminUserRow };

const CONFIRM: Record<
  Pending['kind'],
  (u: AdminUserRow) => { title: string; message: string; label: string }
> = {
  role: (u) =>
    u.role === ROLE.admin
      ? { title: '取消管理员', message: `取消「${u.nick_name}」的管理员身份？`, label: '取消管理员' }
      : {
          title: '设为管理员',
          message: `把「${u.nick_name}」设为管理员？管理员可以管理整个网站。`,
          label: '设为管理员',
        },
  disable: (u) => ({
    title: '停用账号',
    message: `停用「${u.nick_name}」？TA 会立刻退出登录、不能再登录和聊天，TA 发过的内容保留。`,
    label: '停用',
  }),
  enable: (u) => ({ title: '启用账号', message: `启用「${u.nick_name}」？TA 可以重新登录。`, label: '启用' }),
  reset: (u) => ({
    title: '重置密码',
    message: `为「${u.nick_name}」生成一个新密码？TA 现有的登录会立刻失效。`,
    label: '重置密码',
  }),
};

/**
 * /admin/users: every account, searched by nick name or username and filtered by role and state; a
 * user's comments and messages, promote or demote, disable or enable, reset a password (shown once).
 */
export default function UsersScreen() {
  const me = useStore($userInfo);
  const [role, setRole] = useState('all');
  const [state, setState] = useState('all');
  const [nick, setNick] = useState('');
  const [username, setUsername] = useState('');
  const [pending, setPending] = useState<Pending | null>(null);
  const [records, setRecords] = useState<AdminUserRow | null>(null);
  const [password, setPassword] = useState<{ user: AdminUserRow; password: string } | null>(null);
  const nickSearch = useDebounced(nick.trim());
  const nameSearch = useDebounced(username.trim());

  const fetchPage = useCallback(
    (page: number) =>
      listUsers({
        current: page,
        size: PAGE_SIZE,
        nick_name: nickSearch || undefined,
        username: nameSearch || undefined,
        role: role === 'all' ? undefined : Number(role),
        disabled: state === 'all' ? undefined : Number(state),
      }),
    [nickSearch, nameSearch, role, state],
  );
  const list = useListScreen(fetchPage, PAGE_SIZE);
  const { reload: load, refilter } = list;

  const run = async ({ kind, user }: Pending) => {
    if (kind === 'reset') {
      const res = await resetUserPassword(user.id);
      setPassword({ user, password: res.password });
    } else {
      if (kind === 'role') await setUserRole(user.id, user.role === ROLE.admin ? ROLE.user : ROLE.admin);
      if (kind === 'disable') await disableUser(user.id);
      if (kind === 'enable') await enableUser(user.id);
      toast(
        kind === 'role' ? '修改成功' : kind === 'disable' ? '账号已停用' : '账号已启用',
        'success',
        '提示',
      );
    }
    await load();
  };

  const self = (u: AdminUserRow) => u.id === me?.id;
  const columns: Column<AdminUserRow>[] = [
    {
      key: 'user',
      header: '用户',
      render: (u) => (
        <span className={p.who}>
          <Avatar user={u} />
          <span className={p.names}>
            <span className={p.strong}>
              {u.nick_name}
              {self(u) && '（我）'}
            </span>
            <span className={kit.hint}>@{u.username}</span>
          </span>
        </span>
      ),
    },
    {
      key: 'role',
      header: '角色',
      width: '96px',
      render: (u) =>
        u.role === ROLE.admin ? (
          <span className={`${p.badge} ${p.admin}`}>管理员</span>
        ) : (
          <span className={p.badge}>普通用户</span>
        ),
    },
    {
      key: 'state',
      header: '状态',
      width: '150px',
      render: (u) =>
        u.disabledAt ? (
          <span title={`停用于 ${u.disabledAt.slice(0, 16)}`} className={`${p.badge} ${p.off}`}>
            已停用
          </span>
        ) : (
          <span className={p.badge}>正常</span>
        ),
    },
    { key: 'place', header: '地区', width: '90px', render: (u) => u.ip_address },
    {
      key: 'created',
      header: '注册时间',
      width: '170px',
      render: (u) => <span className={p.nowrap}>{u.createdAt.slice(0, 16)}</span>,
    },
    {
      key: 'actions',
      header: '操作',
      render: (u) => (
        <span className={p.actions}>
          <button
            type="button"
            className={kit.button}
            onClick={() => setRecords(u)}
            aria-label={`查看「${u.nick_name}」的评论和留言`}
          >
            评论与留言
          </button>
          {!self(u) && (
            <>
              <button
                type="button"
                className={kit.button}
                onClick={() => setPending({ kind: 'role', user: u })}
                aria-label={`${u.role === ROLE.admin ? '取消' : '设为'}「${u.nick_name}」${u.role === ROLE.admin ? '的管理员' : '管理员'}`}
              >
                {u.role === ROLE.admin ? '取消管理员' : '设为管理员'}
              </button>
              <button
                type="button"
                className={kit.button}
                onClick={() => setPending({ kind: u.disabledAt ? 'enable' : 'disable', user: u })}
                aria-label={`${u.disabledAt ? '启用' : '停用'}「${u.nick_name}」`}
              >
                {u.disabledAt ? '启用' : '停用'}
              </button>
              <button
                type="button"
                className={kit.button}
                onClick={() => setPending({ kind: 'reset', user: u })}
                aria-label={`重置「${u.nick_name}」的密码`}
              >
                重置密码
              </button>
            </>
          )}
        </span>
      ),
    },
  ];

  const filtered = role !== 'all' || state !== 'all' || nickSearch || nameSearch;
  const toolbar = (
    <div className={f.row}>
      <Select label="按角色筛选" inline value={role} options={ROLE_FILTERS} onChange={refilter(setRole)} />
      <Select label="按状态筛选" inline value={state} options={STATE_FILTERS} onChange={refilter(setState)} />
      <SearchField
        label="按昵称搜索用户"
        placeholder="搜索昵称"
        value={nick}
        onChange={refilter(setNick)}
        className={p.search}
      />
      <SearchField
        label="按用户名搜索用户"
        placeholder="搜索用户名"
        value={username}
        onChange={refilter(setUsername)}
        className={p.search}
      />
    </div>
  );

  const confirm = pending ? CONFIRM[pending.kind](pending.user) : null;
  return (
    <>
      <ListTable
        list={list}
        caption="用户列表"
        columns={columns}
        rowKey={(u) => u.id}
        toolbar={toolbar}
        empty={filtered ? '没有相符的用户' : '还没有用户'}
      />
      <ConfirmOn
        target={pending}
        onClose={() => setPending(null)}
        title={confirm?.title ?? ''}
        message={() => confirm?.message ?? ''}
        confirmLabel={confirm?.label}
        onConfirm={run}
      />
      {records && <UserRecordsDialog user={records} onClose={() => setRecords(null)} />}
      {password && (
        <NewPasswordDialog
          nickName={password.user.nick_name}
          password={password.password}
          onClose={() => setPassword(null)}
        />
      )}
    </>
  );
}
