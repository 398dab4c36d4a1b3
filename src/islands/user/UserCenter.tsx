import { useStore } from '@nanostores/react';
import { Camera, UserRound } from 'lucide-react';
import { type ChangeEvent, lazy, type SubmitEvent, Suspense, useEffect, useRef, useState } from 'react';
import { readJson, writeJson } from '../../browser/storage.ts';
import { uploadImage } from '../../browser/upload.ts';
import { getUser, ownStatistic, updateOwnInfo, updatePassword } from '../../lib/api/users.ts';
import type { OwnStatistic as Figures, PublicUser } from '../../lib/contract/users.ts';
import { formatCount, formatDate } from '../../lib/format.ts';
import { IMAGE_ACCEPT } from '../../lib/upload.ts';
import { checkPassword, checkPasswordConfirm, type LoginForm, PASSWORD_MAX } from '../../lib/validation.ts';
import { $token, $userInfo } from '../../stores/session.ts';
import { toast } from '../../stores/toast.ts';
import { openLogin } from '../../stores/ui.ts';
import { useHydrated } from '../common/use-hydrated.ts';
import { MailSwitches } from './MailSwitches.tsx';
import styles from './user-center.module.css';

type Detail = PublicUser;

// The 2FA settings (and the QR code's encoder) load when the visitor opens them.
const TwoFactorPanel = lazy(() => import('./two-factor/TwoFactorPanel.tsx'));
type Passwords = { current: string; next: string; confirm: string };

const NO_PASSWORDS: Passwords = { current: '', next: '', confirm: '' };

function checkPasswords(field: keyof Passwords, f: Passwords): string {
  if (field === 'current') return f.current ? '' : '请输入当前密码';
  if (field === 'next') return checkPassword(f.next);
  return checkPasswordConfirm(f.confirm, f.next);
}

/** After a password change the remembered login form (docs/product.md#accounts-and-session) must follow. */
function updateRemembered(username: string | undefined, password: string) {
  const saved = readJson<LoginForm>('loginForm', 'local', true);
  if (saved && username && saved.username === username)
    writeJson('loginForm', { username, password }, 'local', true);
}

/** /userCenter: avatar, nick name, qq, password change and the user's own figures. */
export default function UserCenter() {
  const user = useStore($userInfo);
  const hydrated = useHydrated();
  const [detail, setDetail] = useState<Detail | null>(null);
  const [figures, setFigures] = useState<Figures | null>(null);
  const [nick, setNick] = useState('');
  const [qq, setQq] = useState('');
  const [saving, setSaving] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [pw, setPw] = useState(NO_PASSWORDS);
  const [pwErrors, setPwErrors] = useState<Partial<Record<keyof Passwords, string>>>({});
  const [changing, setChanging] = useState(false);
  const [otpOpen, setOtpOpen] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);

  const userId = user?.id;
  useEffect(() => {
    if (userId === undefined) {
      setDetail(null);
      setFigures(null);
      return;
    }
    let live = true;
    getUser(userId)
      .then((d) => {
        if (!live) return;
        setDetail(d);
        setNick(d.nick_name);
        setQq(d.qq ?? '');
      })
      .catch(() => {});
    ownStatistic()
      .then((f) => live && setFigures(f))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [userId]);

  if (!hydrated) return <div className={styles.placeholder} />;
  if (!user) {
    return (
      <div className={`card ${styles.signedOut}`}>
        <UserRound size={48} />
        <p>登录后即可查看和修改个人资料</p>
        <button type="button" className="btn btn-primary" onClick={openLogin}>
          去登录
        </button>
      </div>
    );
  }

  const apply = (d: Detail) => {
    setDetail(d);
    $userInfo.set({ ...user, nick_name: d.nick_name, avatar: d.avatar, qq: d.qq });
  };

  async function saveInfo(e: SubmitEvent) {
    e.preventDefault();
    if (!nick.trim()) return toast('昵称不能为空', 'warning', '温馨提示');
    setSaving(true);
    try {
      apply(await updateOwnInfo({ nick_name: nick.trim(), qq: qq.trim() }));
      toast('修改成功', 'success', '提示');
    } catch {
      /* the HTTP client has shown why */
    } finally {
      setSaving(false);
    }
  }

  async function changeAvatar(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    setUploading(true);
    try {
      const url = await uploadImage(file);
      apply(await updateOwnInfo({ avatar: url }));
      toast('头像修改成功', 'success', '提示');
    } catch {
      /* uploadImage and the HTTP client have shown why */
    } finally {
      setUploading(false);
    }
  }

  const blurPw = (field: keyof Passwords) =>
    setPwErrors((e) => {
      const next = { ...e, [field]: checkPasswords(field, pw) };
      if (field === 'next' && pw.confirm) next.confirm = checkPasswords('confirm', pw);
      return next;
    });

  async function changePassword(e: SubmitEvent) {
    e.preventDefault();
    const errors: typeof pwErrors = {};
    for (const f of ['current', 'next', 'confirm'] as const) {
      const m = checkPasswords(f, pw);
      if (m) errors[f] = m;
    }
    setPwErrors(errors);
    if (Object.keys(errors).length) return;
    setChanging(true);
    try {
      // The server ends every older token and hands this session a fresh one.
      const { token } = await updatePassword({
        password: pw.current,
        password1: pw.next,
      });
      $token.set(token);
      updateRemembered(detail?.username ?? user?.username, pw.next);
      setPw(NO_PASSWORDS);
      setPwErrors({});
      toast('密码修改成功，其他设备需要重新登录', 'success', '提示');
    } catch {
      /* the HTTP client has shown why */
    } finally {
      setChanging(false);
    }
  }

  const avatar = detail?.avatar ?? user.avatar;
  const pwField = (field: keyof Passwords, label: string, autoComplete: string) => (
    <div className={styles.field}>
      <label htmlFor={`pw-${field}`}>{label}</label>
      <input
        id={`pw-${field}`}
        type="password"
        autoComplete={autoComplete}
        maxLength={PASSWORD_MAX + 8}
        value={pw[field]}
        aria-invalid={Boolean(pwErrors[field])}
        onChange={(e) => setPw((p) => ({ ...p, [field]: e.target.value }))}
        onBlur={() => blurPw(field)}
      />
      <p className={styles.error} role={pwErrors[field] ? 'alert' : undefined}>
        {pwErrors[field]}
      </p>
    </div>
  );

  return (
    <div className={styles.grid} data-user-center>
      <section className={`card ${styles.profile}`}>
        <button
          type="button"
          className={styles.avatar}
          onClick={() => fileRef.current?.click()}
          disabled={uploading}
          aria-label="更换头像"
        >
          {avatar ? <img src={avatar} alt="我的头像" width={96} height={96} /> : <UserRound size={56} />}
          <span className={styles.avatarHint}>
            <Camera size={16} /> {uploading ? '上传中…' : '更换头像'}
          </span>
        </button>
        <input
          ref={fileRef}
          type="file"
          accept={IMAGE_ACCEPT}
          hidden
          onChange={changeAvatar}
          data-avatar-input
        />
        <h2 className={styles.name}>{detail?.nick_name ?? user.nick_name}</h2>
        <p className="muted">
          {user.role === 1 ? '博主' : '注册用户'}
          {detail?.createdAt ? ` · ${formatDate(detail.createdAt)} 加入` : ''}
        </p>
        <dl className={styles.figures} aria-label="我的数据">
          {(
            [
              ['评论', figures?.commentCount],
              ['留言', figures?.messageCount],
              ['点赞', figures?.likeCount],
            ] as const
          ).map(([label, n]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd data-figure={label}>{n === undefined ? '–' : formatCount(n)}</dd>
            </div>
          ))}
        </dl>
      </section>

      <div className={styles.forms}>
        <form className="card" onSubmit={saveInfo} aria-labelledby="uc-info">
          <h2 id="uc-info" className={styles.heading}>
            基本资料
          </h2>
          <div className={styles.field}>
            <label htmlFor="uc-nick">昵称</label>
            <input id="uc-nick" value={nick} maxLength={20} onChange={(e) => setNick(e.target.value)} />
          </div>
          <div className={styles.field}>
            <label htmlFor="uc-qq">QQ</label>
            <input
              id="uc-qq"
              value={qq}
              inputMode="numeric"
              maxLength={12}
              placeholder="选填"
              onChange={(e) => setQq(e.target.value.replace(/\D/g, ''))}
            />
          </div>
          <button type="submit" className="btn btn-primary" disabled={saving}>
            保存
          </button>
        </form>

        <form className="card" onSubmit={changePassword} aria-labelledby="uc-pw" noValidate>
          <h2 id="uc-pw" className={styles.heading}>
            修改密码
          </h2>
          {pwField('current', '当前密码', 'current-password')}
          {pwField('next', '新密码', 'new-password')}
          {pwField('confirm', '确认新密码', 'new-password')}
          <button type="submit" className="btn btn-primary" disabled={changing}>
            修改密码
          </button>
        </form>

        <section className="card" aria-labelledby="uc-2fa" data-two-factor-card>
          <h2 id="uc-2fa" className={styles.heading}>
            两步验证
          </h2>
          {otpOpen && detail ? (
            <Suspense fallback={<p className="muted">加载中…</p>}>
              <TwoFactorPanel
                enabled={Boolean(detail.otp_enabled)}
                recoveryLeft={detail.recovery_left}
                onChanged={(s) =>
                  setDetail({ ...detail, otp_enabled: s.enabled, recovery_left: s.recoveryLeft })
                }
              />
            </Suspense>
          ) : (
            <div className={styles.otpSummary}>
              <p className="muted">
                {detail?.otp_enabled
                  ? '已开启：登录时除了密码，还需要输入手机验证器上的验证码。'
                  : '未开启：开启后，登录时除了密码，还需要输入手机验证器上的验证码。'}
              </p>
              <button type="button" className="btn" disabled={!detail} onClick={() => setOtpOpen(true)}>
                {detail?.otp_enabled ? '管理两步验证' : '设置两步验证'}
              </button>
            </div>
          )}
        </section>

        <MailSwitches />
      </div>
    </div>
  );
}
