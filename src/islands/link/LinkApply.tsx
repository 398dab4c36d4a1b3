import { useStore } from '@nanostores/react';
import { Check, Plus, Trash2 } from 'lucide-react';
import { type SubmitEvent, useCallback, useEffect, useState } from 'react';
import { applyLink, pendingLinks, reviewLinks } from '../../lib/api/links.ts';
import { isImageUrl, linkApplyError } from '../../lib/community.ts';
import { $userInfo } from '../../stores/session.ts';
import { toast } from '../../stores/toast.ts';
import { openLogin } from '../../stores/ui.ts';
import { Avatar } from '../common/Avatar.tsx';
import { useHydrated } from '../common/use-hydrated.ts';
import { type LinkCard, showApprovedCard } from './approved-card.ts';
import styles from './link.module.css';

type Pending = LinkCard;
type Props = { blogName: string; blogAvatar: string; blogDesc: string; siteUrl: string };

const EMPTY = { site_name: '', site_desc: '', site_avatar: '', url: '' };
const FIELDS = [
  { key: 'site_name', label: '网站名称', placeholder: '例如：小站' },
  { key: 'site_desc', label: '网站描述', placeholder: '一句话介绍你的网站' },
  { key: 'site_avatar', label: '网站头像', placeholder: '选填：https://…/avatar.png' },
  { key: 'url', label: '网站地址', placeholder: 'https://…' },
] as const;

/** Applying for a friend link (signed-in users) and, for the admin, reviewing applications. */
export default function LinkApply({ blogName, blogAvatar, blogDesc, siteUrl }: Props) {
  const user = useStore($userInfo);
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState(EMPTY);
  const [busy, setBusy] = useState(false);
  const [pending, setPending] = useState<Pending[] | null>(null);
  const me = hydrated ? user : null;
  const isAdmin = me?.role === 1;

  const loadPending = useCallback(() => {
    pendingLinks({ quiet: true })
      .then((p) => setPending(p.list))
      .catch(() => setPending(null));
  }, []);
  useEffect(() => {
    if (isAdmin) loadPending();
    else setPending(null);
  }, [isAdmin, loadPending]);

  function start() {
    if (!me) {
      toast('请先登录', 'warning', '温馨提示');
      openLogin();
      return;
    }
    setOpen((o) => !o);
  }

  async function submit(e: SubmitEvent) {
    e.preventDefault();
    const problem = linkApplyError(form);
    if (problem) {
      toast(problem, 'warning', '温馨提示');
      return;
    }
    setBusy(true);
    try {
      await applyLink(form);
      toast('申请成功，等待博主审核', 'success', '提示');
      setForm(EMPTY);
      setOpen(false);
      if (isAdmin) loadPending();
    } catch {
      // shown by the HTTP client
    } finally {
      setBusy(false);
    }
  }

  async function review(link: Pending, action: 'approve' | 'delete') {
    if (action === 'delete' && !window.confirm('确定删除这条申请吗？')) return;
    try {
      await reviewLinks(action, [link.id]);
      toast(action === 'approve' ? '审核通过' : '删除成功', 'success', '提示');
      // Both lists change in place (a reload would swallow the toast).
      setPending((list) => list?.filter((p) => p.id !== link.id) ?? list);
      if (action === 'approve') showApprovedCard(link);
    } catch {
      // shown by the HTTP client
    }
  }

  return (
    <section className={styles.apply}>
      <div className={`card ${styles.mine}`}>
        <h2>本站信息</h2>
        <dl>
          <dt>名称</dt>
          <dd>{blogName}</dd>
          <dt>描述</dt>
          <dd>{blogDesc}</dd>
          <dt>地址</dt>
          <dd>{siteUrl}</dd>
          <dt>头像</dt>
          <dd className={styles.break}>{blogAvatar}</dd>
        </dl>
        <button type="button" className="btn btn-primary" onClick={start} aria-expanded={open}>
          <Plus size={16} aria-hidden="true" /> 申请友链
        </button>
      </div>

      {open && me && (
        <form className={`card ${styles.form}`} onSubmit={submit} aria-label="申请友链">
          {FIELDS.map((f) => (
            <label key={f.key} className={styles.row}>
              <span>{f.label}</span>
              <input
                name={f.key}
                value={form[f.key]}
                placeholder={f.placeholder}
                maxLength={f.key === 'site_avatar' || f.key === 'url' ? 500 : 100}
                onChange={(e) => setForm({ ...form, [f.key]: e.target.value })}
              />
            </label>
          ))}
          <p className="muted">提交后需要博主审核，通过后会出现在上面的列表里。</p>
          <div className={styles.bar}>
            <button type="button" className="btn" onClick={() => setOpen(false)}>
              取消
            </button>
            <button type="submit" className="btn btn-primary" disabled={busy}>
              提交申请
            </button>
          </div>
        </form>
      )}

      {isAdmin && pending && (
        <div className={`card ${styles.review}`} data-link-review>
          <h2>待审核（{pending.length}）</h2>
          {pending.length === 0 ? (
            <p className="muted">空空如也</p>
          ) : (
            <ul>
              {pending.map((p) => (
                <li key={p.id}>
                  {/* No avatar (it is optional): the site's placeholder, the name's first character. */}
                  <Avatar
                    src={isImageUrl(p.site_avatar) ? p.site_avatar : null}
                    name={p.site_name}
                    size={40}
                  />
                  <div className={styles.pendingText}>
                    <strong>{p.site_name}</strong>
                    <span className="muted">{p.site_desc}</span>
                    <a href={p.url} target="_blank" rel="noopener noreferrer nofollow">
                      {p.url}
                    </a>
                  </div>
                  <button type="button" className="btn" onClick={() => review(p, 'approve')}>
                    <Check size={16} aria-hidden="true" /> 通过
                  </button>
                  <button type="button" className="btn" onClick={() => review(p, 'delete')}>
                    <Trash2 size={16} aria-hidden="true" /> 删除
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}
