import { useStore } from '@nanostores/react';
import { type SubmitEvent, useEffect, useState } from 'react';
import { getReviewSettings, type ReviewSettings, updateSiteConfig } from '../../../lib/api/admin/site.ts';
import type { ReviewMode, RuleAction } from '../../../lib/review.ts';
import { toast } from '../../../stores/toast.ts';
import { TextField } from '../../kit/Field.tsx';
import kit from '../../kit/kit.module.css';
import { Select } from '../../kit/Select.tsx';
import styles from '../../kit/screens.module.css';
import { $gate } from '../../stores.ts';

const MODES: { value: ReviewMode; label: string }[] = [
  { value: 'off', label: '不审核（直接发布）' },
  { value: 'first', label: '首次评论或留言需审核' },
  { value: 'all', label: '全部需审核' },
];
const ACTIONS: { value: RuleAction; label: string }[] = [
  { value: 'pending', label: '转入待审核' },
  { value: 'spam', label: '标为垃圾' },
];

/**
 * /admin/comments/settings (评论设置): the moderation queue's rules (docs/owner-guide.md#评论审核). They
 * are read at GET /api/config/review, not from the public config, and saved with /api/config/update.
 */
export default function ReviewSettingsScreen() {
  const gate = useStore($gate);
  const [form, setForm] = useState<ReviewSettings | null>(null);
  const [links, setLinks] = useState('0');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (gate !== 'admin') return;
    getReviewSettings().then(
      (s) => {
        setForm(s);
        setLinks(String(s.max_links_per_comment));
      },
      () => {},
    );
  }, [gate]);

  if (!form) return <p className={styles.muted}>加载中…</p>;
  const set = (patch: Partial<ReviewSettings>) => setForm({ ...form, ...patch });
  const linksError = /^\d{1,2}$/.test(links.trim()) && Number(links) <= 50 ? '' : '请输入 0-50 的整数';

  async function submit(e: SubmitEvent) {
    e.preventDefault();
    if (busy || !form || linksError) return;
    setBusy(true);
    try {
      await updateSiteConfig({ ...form, max_links_per_comment: Number(links) });
      toast('修改成功', 'success', '提示');
    } catch {
      /* the envelope's message (a bad address line, say) is on screen */
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className={styles.panel} onSubmit={submit} noValidate aria-label="评论设置">
      <p className={styles.muted}>
        <a href="/admin/comments">返回评论与留言</a>
      </p>
      <Select
        label="评论审核"
        value={form.comment_review}
        options={MODES}
        onChange={(v) => set({ comment_review: v })}
      />
      <TextField
        label="敏感词"
        multiline
        value={form.blocked_words}
        onChange={(v) => set({ blocked_words: v })}
        hint="每行一个；不区分全角半角和大小写"
      />
      <Select
        label="含敏感词时"
        value={form.blocked_words_action}
        options={ACTIONS}
        onChange={(v) => set({ blocked_words_action: v })}
      />
      <TextField
        label="每条最多链接数"
        value={links}
        inputMode="numeric"
        onChange={setLinks}
        error={linksError || undefined}
        hint="0 表示不限制"
      />
      <Select
        label="链接超过上限时"
        value={form.links_action}
        options={ACTIONS}
        onChange={(v) => set({ links_action: v })}
      />
      <TextField
        label="屏蔽地址"
        multiline
        value={form.blocked_ips}
        onChange={(v) => set({ blocked_ips: v })}
        hint="每行一个 IP 或网段（如 203.0.113.0/24、2001:db8::/32），来自这些地址的评论和留言直接拒绝"
      />
      <div className={styles.formActions}>
        <button type="submit" className={kit.primary} disabled={busy || Boolean(linksError)}>
          {busy ? '保存中…' : '保存'}
        </button>
      </div>
    </form>
  );
}
