import { Copy } from 'lucide-react';
import { Dialog, Tabs } from 'radix-ui';
import { useCallback, useState } from 'react';
import { userComments, userMessages } from '../../../lib/api/admin/users.ts';
import type { AdminCommentRow } from '../../../lib/contract/admin-comments.ts';
import type { AdminUserRow } from '../../../lib/contract/admin-users.ts';
import type { Message } from '../../../lib/contract/messages.ts';
import { toast } from '../../../stores/toast.ts';
import kit from '../../kit/kit.module.css';
import { Pager } from '../../kit/Pager.tsx';
import screens from '../../kit/screens.module.css';
import { usePagedList } from '../../kit/use-paged-list.ts';
import p from './people.module.css';

/** A user's avatar, or the first character of their nick name on a disc. */
export function Avatar({ user }: { user: { nick_name: string; avatar: string } }) {
  if (user.avatar) return <img className={p.avatar} src={user.avatar} alt="" />;
  return (
    <span className={`${p.avatar} ${p.initial}`} aria-hidden>
      {[...user.nick_name][0] ?? '?'}
    </span>
  );
}

const PAGE_SIZE = 5;

/** Where a comment was written: the page of its article, talk or guestbook message. */
function commentTarget(c: AdminCommentRow): { href: string; label: string } {
  if (c.type === 1) return { href: `/article?id=${c.for_id}`, label: '文章' };
  if (c.type === 2) return { href: `/talk?id=${c.for_id}`, label: '说说' };
  return { href: `/message/detail?id=${c.for_id}`, label: '留言' };
}

function Comments({ user }: { user: AdminUserRow }) {
  const fetchPage = useCallback((n: number) => userComments(user.id, n, PAGE_SIZE), [user.id]);
  const { page, setPage, data } = usePagedList(fetchPage, PAGE_SIZE);
  if (!data) return <p className={screens.muted}>加载中…</p>;
  if (!data.total) return <p className={screens.muted}>TA 还没有发表评论</p>;
  return (
    <>
      <ul className={p.records}>
        {data.list.map((c) => {
          const to = commentTarget(c);
          return (
            <li key={c.id}>
              <span className={p.content}>{c.content}</span>
              <span className={p.meta}>
                {c.createdAt.slice(0, 16)} · 评论了
                <a href={to.href} target="_blank" rel="noreferrer">
                  {to.label}
                </a>
                {c.to_name && ` · 回复 ${c.to_name}`}
              </span>
            </li>
          );
        })}
      </ul>
      <Pager label="评论" page={page} pageSize={PAGE_SIZE} total={data.total} onPage={setPage} />
    </>
  );
}

function Messages({ user }: { user: AdminUserRow }) {
  const fetchPage = useCallback((n: number) => userMessages(user.id, n, PAGE_SIZE), [user.id]);
  const { page, setPage, data } = usePagedList(fetchPage, PAGE_SIZE);
  if (!data) return <p className={screens.muted}>加载中…</p>;
  if (!data.total) return <p className={screens.muted}>TA 还没有留言</p>;
  return (
    <>
      <ul className={p.records}>
        {data.list.map((m: Message) => (
          <li key={m.id}>
            <span className={p.content}>{m.message}</span>
            <span className={p.meta}>
              {m.createdAt.slice(0, 16)} ·{' '}
              <a href={`/message/detail?id=${m.id}`} target="_blank" rel="noreferrer">
                查看留言
              </a>
            </span>
          </li>
        ))}
      </ul>
      <Pager label="留言" page={page} pageSize={PAGE_SIZE} total={data.total} onPage={setPage} />
    </>
  );
}

/** A user's comments and guestbook messages, newest first, in two tabs. */
export function UserRecordsDialog({ user, onClose }: { user: AdminUserRow; onClose: () => void }) {
  const [tab, setTab] = useState('comments');
  return (
    <Dialog.Root open onOpenChange={(o) => !o && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className={kit.overlay} />
        <Dialog.Content className={`${kit.dialog} ${kit.wide}`} aria-describedby={undefined}>
          <Dialog.Title className={kit.dialogTitle}>「{user.nick_name}」的评论与留言</Dialog.Title>
          <Tabs.Root value={tab} onValueChange={setTab}>
            <Tabs.List className={screens.tabs} aria-label="记录类型">
              <Tabs.Trigger value="comments" className={screens.tab}>
                评论
              </Tabs.Trigger>
              <Tabs.Trigger value="messages" className={screens.tab}>
                留言
              </Tabs.Trigger>
            </Tabs.List>
            <Tabs.Content value="comments">
              <Comments user={user} />
            </Tabs.Content>
            <Tabs.Content value="messages">
              <Messages user={user} />
            </Tabs.Content>
          </Tabs.Root>
          <div className={kit.actions}>
            <Dialog.Close className={kit.button}>关闭</Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The password a reset made: shown this once, with a copy button. */
export function NewPasswordDialog({
  nickName,
  password,
  onClose,
}: {
  nickName: string;
  password: string;
  onClose: () => void;
}) {
  const copy = () =>
    navigator.clipboard.writeText(password).then(
      () => toast('已复制到剪贴板', 'success', '提示'),
      () => toast('复制失败，请手动选择密码复制', 'warning', '提示'),
    );
  return (
    <Dialog.Root open onOpenChange={(o) => !o && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className={kit.overlay} />
        <Dialog.Content className={kit.dialog}>
          <Dialog.Title className={kit.dialogTitle}>「{nickName}」的新密码</Dialog.Title>
          <Dialog.Description className={kit.dialogText}>
            把这个密码告诉 TA，TA 登录后可以在个人中心修改。
          </Dialog.Description>
          <p className={p.password}>
            <span className={kit.srOnly}>新密码：</span>
            <code>{password}</code>
            <button type="button" className={kit.button} onClick={copy}>
              <Copy size={14} aria-hidden />
              复制
            </button>
          </p>
          <p className={p.warn} role="note">
            这个密码只显示这一次，关闭后无法再查看。
          </p>
          <div className={kit.actions}>
            <Dialog.Close className={kit.primary}>我已记下</Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
