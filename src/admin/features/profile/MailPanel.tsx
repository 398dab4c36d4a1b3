import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useState } from 'react';
import { getMailStatus, sendTestMail } from '../../../lib/api/admin/mail.ts';
import { updateSiteConfig } from '../../../lib/api/admin/site.ts';
import type { MailStatus } from '../../../lib/contract/mail.ts';
import { checkEmail } from '../../../lib/email.ts';
import { toast } from '../../../stores/toast.ts';
import { TextField } from '../../kit/Field.tsx';
import kit from '../../kit/kit.module.css';
import o from '../../kit/ops.module.css';
import styles from '../../kit/screens.module.css';
import { $gate } from '../../stores.ts';

/**
 * 站点资料 → 邮件 (docs/owner-guide.md#邮件): whether SMTP_URL turned mail on, the sender, the
 * blogger's address (owner_email, saved with /api/config/update), whether it is confirmed, and
 * 发送测试邮件 (which confirms it: the blogger's mails go only to a confirmed address).
 */
export function MailPanel() {
  const gate = useStore($gate);
  const [status, setStatus] = useState<MailStatus | null>(null);
  const [owner, setOwner] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const load = useCallback(
    () =>
      getMailStatus().then(
        (s) => {
          setStatus(s);
          setOwner(s.owner_email);
        },
        () => {},
      ),
    [],
  );
  useEffect(() => {
    if (gate === 'admin') void load();
  }, [gate, load]);

  if (!status) return null;

  async function save() {
    const value = owner.trim();
    const wrong = checkEmail(value);
    if (wrong) {
      setError(wrong);
      return;
    }
    setError('');
    setBusy(true);
    try {
      await updateSiteConfig({ owner_email: value });
      toast('修改成功', 'success', '提示');
      await load();
    } catch {
      /* the envelope's message is on screen */
    } finally {
      setBusy(false);
    }
  }

  async function test() {
    setBusy(true);
    try {
      const { to } = await sendTestMail();
      toast(`测试邮件已发送到 ${to}`, 'success', '提示');
      await load();
    } catch {
      /* the SMTP error is on screen */
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className={styles.panel} aria-labelledby="mail-title">
      <h2 id="mail-title" className={o.heading}>
        邮件
      </h2>
      <p className={status.enabled ? o.yes : o.no}>
        {status.enabled ? `已开启，发件人：${status.from}` : '未开启：设置环境变量 SMTP_URL 并重启后开启'}
      </p>
      <TextField
        label="站长邮箱"
        hint={`新评论、留言和友链申请发到这里；留空则用管理员账号的邮箱${status.to ? `（现在：${status.to}，${status.to_confirmed ? '已验证' : '未验证：发送一封测试邮件即验证，验证前站长提醒不会发出'}）` : ''}`}
        value={owner}
        error={error || undefined}
        onChange={setOwner}
      />
      <p className={o.row}>
        <button
          type="button"
          className={kit.button}
          disabled={busy || owner.trim() === status.owner_email}
          onClick={save}
        >
          保存站长邮箱
        </button>
        <button type="button" className={kit.primary} disabled={busy || !status.enabled} onClick={test}>
          发送测试邮件
        </button>
        {status.held > 0 && (
          <a href="/admin/mail" className={o.push}>
            {status.held} 封等待合并到摘要
          </a>
        )}
        {status.failed > 0 && (
          <a href="/admin/mail" className={o.push}>
            {status.failed} 封发送失败
          </a>
        )}
      </p>
    </section>
  );
}
