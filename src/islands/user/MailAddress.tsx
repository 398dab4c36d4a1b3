import { type SubmitEvent, useState } from 'react';
import { changeMailAddress, resendConfirmation } from '../../lib/api/mail.ts';
import type { MailPreferences } from '../../lib/contract/mail.ts';
import { checkEmail, typedEmail } from '../../lib/email.ts';
import { toast } from '../../stores/toast.ts';
import styles from './user-center.module.css';

/**
 * The account's address in 邮件提醒 (docs/owner-guide.md#邮件): 已验证 or 未验证 (no mail reaches an
 * address its owner has not confirmed by the link mailed to it), 重新发送 for a new link, and 修改邮箱
 * (with the password; the new address is unconfirmed until its link is followed).
 */
export function MailAddress(props: { prefs: MailPreferences; onChange: (p: MailPreferences) => void }) {
  const { prefs, onChange } = props;
  const [editing, setEditing] = useState(false);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  async function resend() {
    setBusy(true);
    try {
      onChange(await resendConfirmation());
      toast(`验证邮件已发送到 ${prefs.email}`, 'success', '提示');
    } catch {
      /* the envelope's message is on screen */
    } finally {
      setBusy(false);
    }
  }

  async function save(e: SubmitEvent) {
    e.preventDefault();
    const value = typedEmail(email);
    const wrong = checkEmail(value) || (password ? '' : '请输入密码');
    setError(wrong);
    if (wrong) return;
    setBusy(true);
    try {
      onChange(await changeMailAddress(value, password));
      toast(value ? `邮箱已保存，请查收 ${value} 里的验证邮件` : '邮箱已删除', 'success', '提示');
      setEditing(false);
      setPassword('');
    } catch {
      /* the envelope's message is on screen */
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      {prefs.email ? (
        <p className={styles.address}>
          <span className="muted">发送到 {prefs.email}</span>
          {prefs.confirmed ? (
            <span className={styles.confirmed}>已验证</span>
          ) : (
            <>
              <span className={styles.unconfirmed}>未验证：点击验证邮件里的链接后才会收到邮件</span>
              <button type="button" className="btn" disabled={busy} onClick={resend}>
                重新发送
              </button>
            </>
          )}
          {!editing && (
            <button type="button" className="btn" onClick={() => setEditing(true)}>
              修改邮箱
            </button>
          )}
        </p>
      ) : (
        <p className={styles.address}>
          <span className="muted">你的账号没有填写邮箱，收不到邮件提醒。</span>
          {!editing && (
            <button type="button" className="btn" onClick={() => setEditing(true)}>
              填写邮箱
            </button>
          )}
        </p>
      )}
      {editing && (
        <form onSubmit={save} noValidate aria-label="修改邮箱">
          <div className={styles.field}>
            <label htmlFor="uc-mail">新邮箱（留空则删除）</label>
            <input
              id="uc-mail"
              type="email"
              inputMode="email"
              autoComplete="email"
              maxLength={254}
              value={email}
              aria-invalid={Boolean(error)}
              onChange={(ev) => setEmail(ev.target.value)}
            />
          </div>
          <div className={styles.field}>
            <label htmlFor="uc-mail-pw">当前密码</label>
            <input
              id="uc-mail-pw"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(ev) => setPassword(ev.target.value)}
            />
            <p className={styles.error} role={error ? 'alert' : undefined}>
              {error}
            </p>
          </div>
          <p className={styles.address}>
            <button type="submit" className="btn btn-primary" disabled={busy}>
              保存邮箱
            </button>
            <button type="button" className="btn" onClick={() => setEditing(false)}>
              取消
            </button>
          </p>
        </form>
      )}
    </>
  );
}
