import { type SubmitEvent, useId, useState } from 'react';
import { HttpError } from '../../../lib/api/client.ts';
import { disableOtp, enableOtp, setupOtp } from '../../../lib/api/users.ts';
import type { OtpSetup } from '../../../lib/contract/users.ts';
import { $token } from '../../../stores/session.ts';
import { toast } from '../../../stores/toast.ts';
import { copyText } from '../../common/copy.ts';
import QrCode from './QrCode.tsx';
import styles from './two-factor.module.css';

/** What the account's 2FA is now (getUserInfoById of oneself). */
export type OtpState = { enabled: boolean; recoveryLeft?: number };

type Props = OtpState & { onChanged: (state: OtpState) => void };

/** The server's message for a refusal the panel shows in place (no toast: it stays until fixed). */
const reason = (err: unknown) =>
  err instanceof HttpError && err.message ? err.message : '网络开小差了，请稍后再试';

/** A base32 secret in groups of four, easier to type into an app. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/**
 * Two-factor sign-in settings, for the personal center and the console's 账号与安全:
 * turn on (the current password, scan, confirm with a code, keep the ten recovery codes shown once), or
 * turn off (password and a code). Turning it on or off ends the account's other sessions: this tab
 * keeps going with the fresh token of the answer. Loaded only when opened: this file and the QR code's
 * encoder are a chunk of their own.
 */
export default function TwoFactorPanel({ enabled, recoveryLeft, onChanged }: Props) {
  const [setup, setSetup] = useState<OtpSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const id = useId();

  async function start(e: SubmitEvent) {
    e.preventDefault();
    if (!password) return setError('请输入当前密码');
    setBusy(true);
    try {
      // The password stays for the confirmation, which asks for it again.
      setSetup(await setupOtp(password, { quiet: true }));
      setCode('');
      setError('');
    } catch (err) {
      setError(reason(err));
    } finally {
      setBusy(false);
    }
  }

  async function confirm(e: SubmitEvent) {
    e.preventDefault();
    const typed = code.replace(/\s/g, '');
    if (!/^\d{6}$/.test(typed)) return setError('请输入验证器上的 6 位数字');
    setBusy(true);
    try {
      const { recovery_codes, token } = await enableOtp({ password, code: typed }, { quiet: true });
      // The server ended every other session of the account; this one goes on with the fresh token.
      $token.set(token);
      setCodes(recovery_codes);
      setSetup(null);
      setPassword('');
      setCode('');
      setError('');
      onChanged({ enabled: true, recoveryLeft: recovery_codes.length });
      toast('两步验证已开启，其他设备需要重新登录', 'success', '提示');
    } catch (err) {
      setError(reason(err));
    } finally {
      setBusy(false);
    }
  }

  async function turnOff(e: SubmitEvent) {
    e.preventDefault();
    if (!password) return setError('请输入密码');
    if (!code.trim()) return setError('请输入验证码或恢复码');
    setBusy(true);
    try {
      const { token } = await disableOtp({ password, code: code.trim() }, { quiet: true });
      $token.set(token);
      setPassword('');
      setCode('');
      setError('');
      onChanged({ enabled: false });
      toast('两步验证已关闭，其他设备需要重新登录', 'success', '提示');
    } catch (err) {
      setError(reason(err));
    } finally {
      setBusy(false);
    }
  }

  /** The code's field, the same in both forms: `digits` for the six-digit code only (turning on). */
  const codeField = (name: string, label: string, digits: boolean) => (
    <div className={styles.field}>
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <input
        id={`${id}-${name}`}
        inputMode={digits ? 'numeric' : undefined}
        autoComplete="one-time-code"
        maxLength={digits ? 8 : 32}
        placeholder={digits ? '6 位数字' : undefined}
        value={code}
        aria-invalid={Boolean(error)}
        aria-describedby={`${id}-error`}
        onChange={(e) => setCode(e.target.value)}
      />
    </div>
  );
  const passwordField = (
    <div className={styles.field}>
      <label htmlFor={`${id}-password`}>当前密码</label>
      <input
        id={`${id}-password`}
        type="password"
        autoComplete="current-password"
        maxLength={100}
        value={password}
        aria-invalid={Boolean(error)}
        aria-describedby={`${id}-error`}
        onChange={(e) => setPassword(e.target.value)}
      />
    </div>
  );
  const errorLine = (
    <p id={`${id}-error`} className={styles.error} role={error ? 'alert' : undefined}>
      {error}
    </p>
  );

  if (codes)
    return (
      <div className={styles.panel} data-two-factor="codes">
        <p className={styles.ok}>两步验证已开启。</p>
        <p>
          请把下面 10
          个恢复码保存在安全的地方（抄在纸上或存进密码管理器）。手机丢失或换机时，每个恢复码可以代替验证码登录一次。
          <strong>它们只显示这一次。</strong>
        </p>
        <ol className={styles.codes} data-recovery-codes>
          {codes.map((c) => (
            <li key={c}>
              <code>{c}</code>
            </li>
          ))}
        </ol>
        <div className={styles.actions}>
          <button type="button" className="btn" onClick={() => void copyText(codes.join('\n'))}>
            复制全部
          </button>
          <button type="button" className="btn btn-primary" onClick={() => setCodes(null)}>
            我已保存好
          </button>
        </div>
      </div>
    );

  if (enabled)
    return (
      <form className={styles.panel} onSubmit={turnOff} noValidate data-two-factor="on">
        <p className={styles.ok}>
          两步验证已开启{recoveryLeft !== undefined ? `，还有 ${recoveryLeft} 个恢复码可用` : ''}。
        </p>
        <p className={styles.muted}>
          关闭后，只凭密码就能登录。关闭需要当前密码和一个验证码（或恢复码），其他设备上的登录会失效。
        </p>
        {passwordField}
        {codeField('code', '验证码或恢复码', false)}
        {errorLine}
        <button type="submit" className="btn" disabled={busy}>
          关闭两步验证
        </button>
      </form>
    );

  if (setup)
    return (
      <form className={styles.panel} onSubmit={confirm} noValidate data-two-factor="setup">
        <ol className={styles.steps}>
          <li>
            在手机上打开验证器应用（如 Google Authenticator、Microsoft Authenticator），扫描下面的二维码。
          </li>
          <li>输入应用显示的 6 位数字，完成开启。</li>
        </ol>
        <div className={styles.qr}>
          <QrCode text={setup.otpauth_url} label="两步验证二维码" />
        </div>
        <p className={styles.muted}>
          无法扫码？在应用里手动输入密钥：
          <code className={styles.secret} data-otp-secret={setup.secret}>
            {grouped(setup.secret)}
          </code>
        </p>
        {codeField('confirm', '验证码', true)}
        {errorLine}
        <div className={styles.actions}>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            确认开启
          </button>
          <button
            type="button"
            className="btn"
            onClick={() => {
              setSetup(null);
              setPassword('');
              setError('');
            }}
          >
            取消
          </button>
        </div>
      </form>
    );

  return (
    <form className={styles.panel} onSubmit={start} noValidate data-two-factor="off">
      <p className={styles.muted}>
        两步验证未开启。开启后，登录时除了密码，还要输入手机验证器上的 6
        位数字：即使密码泄露，别人也登录不了。开启前请输入当前密码；开启后其他设备上的登录会失效。
      </p>
      {passwordField}
      {errorLine}
      <button type="submit" className="btn btn-primary" disabled={busy}>
        开启两步验证
      </button>
    </form>
  );
}
