import { useStore } from '@nanostores/react';
import { Eye, EyeOff, X } from 'lucide-react';
import { type InputHTMLAttributes, type SubmitEvent, useEffect, useId, useState } from 'react';
import {
  checkLoginField,
  checkRegisterField,
  type Errors,
  isEmpty,
  type LoginForm,
  MAIL_DOMAIN,
  PASSWORD_MAX,
  type RegisterForm,
  USERNAME_MAX,
  validateLogin,
  validateRegister,
} from '../../lib/validation.ts';
import { $activeModal } from '../../stores/modal.ts';
import { closeLogin } from '../../stores/ui.ts';
import { useModalDialog } from '../common/use-modal-dialog.ts';
import { readRemembered, register, signIn } from './actions.ts';
import styles from './login.module.css';

const EMPTY_LOGIN: LoginForm = { username: '', password: '' };
const EMPTY_REGISTER: RegisterForm = { username: '', password1: '', password2: '', nick_name: '', email: '' };

type FieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange'> & {
  label: string;
  error?: string;
  value: string;
  onChange: (value: string) => void;
  suffix?: string;
  secret?: boolean;
};

/** One labelled input with its rule message under it. */
function Field({ label, error, value, onChange, suffix, secret, ...input }: FieldProps) {
  const id = useId();
  const [visible, setVisible] = useState(false);
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <div className={`${styles.control} ${error ? styles.invalid : ''}`}>
        <input
          id={id}
          {...input}
          type={secret && !visible ? 'password' : 'text'}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        {suffix && <span className={styles.suffix}>{suffix}</span>}
        {secret && (
          <button
            type="button"
            className={styles.eye}
            aria-label={visible ? '隐藏密码' : '显示密码'}
            onClick={() => setVisible((v) => !v)}
          >
            {visible ? <EyeOff size={16} /> : <Eye size={16} />}
          </button>
        )}
      </div>
      <p id={`${id}-error`} className={styles.error} role={error ? 'alert' : undefined}>
        {error}
      </p>
    </div>
  );
}

/**
 * docs/product.md#login-dialog: the login/register dialog opened by the shared show-login flag (one modal
 * of $activeModal).
 */
export default function LoginDialog() {
  return useStore($activeModal) === 'login' ? <LoginPane /> : null;
}

/**
 * The dialog itself, mounted for as long as it is open. docs/product.md#signing-in: each opening starts in
 * login mode with both forms empty, then restores remembered credentials and ticks remember-me when there
 * are some (a fresh mount is a fresh state).
 */
function LoginPane() {
  const ref = useModalDialog(closeLogin);
  const titleId = useId();
  const [restored] = useState(readRemembered);
  const [mode, setMode] = useState<'login' | 'register'>('login');
  const [login, setLogin] = useState(restored ?? EMPTY_LOGIN);
  const [reg, setReg] = useState(EMPTY_REGISTER);
  const [loginErrors, setLoginErrors] = useState<Errors<LoginForm>>({});
  const [regErrors, setRegErrors] = useState<Errors<RegisterForm>>({});
  const [keep, setKeep] = useState(Boolean(restored));
  const [busy, setBusy] = useState(false);
  // The password was right and the account asks for its second step.
  const [otpStep, setOtpStep] = useState<{ error: string } | null>(null);
  const [otp, setOtp] = useState('');

  const resetForms = () => {
    setLogin(EMPTY_LOGIN);
    setReg(EMPTY_REGISTER);
    setLoginErrors({});
    setRegErrors({});
  };

  const switchTo = (next: 'login' | 'register') => {
    setMode(next);
    resetForms();
  };

  // The code field takes the focus when it appears and after a wrong code (typed again at once).
  useEffect(() => {
    if (otpStep) ref.current?.querySelector<HTMLInputElement>('[data-otp-input]')?.focus();
  }, [otpStep, ref]);

  const leaveOtpStep = () => {
    setOtpStep(null);
    setOtp('');
  };

  const blurLogin = (field: keyof LoginForm) =>
    setLoginErrors((e) => ({ ...e, [field]: checkLoginField(field, login) }));

  const blurRegister = (field: keyof RegisterForm) =>
    setRegErrors((e) => {
      const next = { ...e, [field]: checkRegisterField(field, reg) };
      // The confirmation depends on the first password: re-check it once it has been typed.
      if (field === 'password1' && reg.password2) next.password2 = checkRegisterField('password2', reg);
      return next;
    });

  async function submit(e: SubmitEvent) {
    e.preventDefault();
    if (busy) return;
    if (otpStep) {
      const code = otp.trim();
      if (!code) return setOtpStep({ error: '请输入验证码' });
      setBusy(true);
      const done = await signIn(login, 'manual', keep, code);
      setBusy(false);
      if (done === true) resetForms();
      else if (done) setOtpStep({ error: done.message });
      return;
    }
    if (mode === 'login') {
      const errors = validateLogin(login);
      setLoginErrors(errors);
      if (!isEmpty(errors)) return;
      // Submitting the remembered credentials untouched is the remembered (automatic) login.
      const auto = restored?.username === login.username && restored?.password === login.password;
      setBusy(true);
      const done = await signIn(login, auto ? 'auto' : 'manual', keep);
      setBusy(false);
      if (done === true) resetForms();
      else if (done) setOtpStep({ error: '' });
    } else {
      const errors = validateRegister(reg);
      setRegErrors(errors);
      if (!isEmpty(errors)) return;
      setBusy(true);
      const done = await register(reg);
      setBusy(false);
      if (done) resetForms();
    }
  }

  const isLogin = mode === 'login';
  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      aria-labelledby={titleId}
      data-login-dialog
      // A press on the backdrop closes (the content box covers the dialog's own box).
      onClick={(e) => e.target === e.currentTarget && closeLogin()}
    >
      <div className={styles.content}>
        <div className={styles.head}>
          <h2 id={titleId} className={styles.title}>
            {otpStep ? '两步验证' : isLogin ? '登录' : '注册'}
          </h2>
          <button type="button" className={`icon-btn ${styles.close}`} aria-label="关闭" onClick={closeLogin}>
            <X size={18} />
          </button>
        </div>
        {otpStep ? (
          <p className={styles.switch}>该账号已开启两步验证，请输入验证器上的 6 位数字，或一个恢复码。</p>
        ) : (
          <p className={styles.switch}>
            {isLogin ? '没有账号？' : '已有账号？'}
            <button type="button" onClick={() => switchTo(isLogin ? 'register' : 'login')}>
              {isLogin ? '去注册' : '去登录'}
            </button>
          </p>
        )}
        <form className={styles.form} onSubmit={submit} noValidate>
          {otpStep ? (
            <>
              <Field
                label="验证码"
                placeholder="6 位数字或恢复码"
                autoComplete="one-time-code"
                inputMode="text"
                maxLength={32}
                value={otp}
                error={otpStep.error}
                onChange={(v) => setOtp(v)}
                data-otp-input
              />
              <button type="button" className={styles.back} onClick={leaveOtpStep}>
                返回修改账号密码
              </button>
            </>
          ) : isLogin ? (
            <>
              <Field
                label="用户账号"
                placeholder="请输入用户名"
                autoComplete="username"
                maxLength={64}
                value={login.username}
                error={loginErrors.username}
                onChange={(v) => setLogin((f) => ({ ...f, username: v }))}
                onBlur={() => blurLogin('username')}
              />
              <Field
                label="密码"
                placeholder="请输入密码"
                autoComplete="current-password"
                maxLength={64}
                secret
                value={login.password}
                error={loginErrors.password}
                onChange={(v) => setLogin((f) => ({ ...f, password: v }))}
                onBlur={() => blurLogin('password')}
              />
              <label className={styles.remember}>
                <input type="checkbox" checked={keep} onChange={(e) => setKeep(e.target.checked)} />
                记住我
              </label>
            </>
          ) : (
            <>
              <Field
                label="用户账号"
                placeholder="请输入用户名（5-16位）"
                autoComplete="username"
                maxLength={USERNAME_MAX + 8}
                value={reg.username}
                error={regErrors.username}
                onChange={(v) => setReg((f) => ({ ...f, username: v }))}
                onBlur={() => blurRegister('username')}
              />
              <Field
                label="昵称"
                placeholder="请输入昵称"
                autoComplete="nickname"
                maxLength={20}
                value={reg.nick_name}
                onChange={(v) => setReg((f) => ({ ...f, nick_name: v }))}
              />
              <Field
                label="邮箱"
                placeholder="请输入邮箱"
                inputMode="email"
                maxLength={64}
                suffix={MAIL_DOMAIN}
                value={reg.email}
                error={regErrors.email}
                onChange={(v) => setReg((f) => ({ ...f, email: v }))}
                onBlur={() => blurRegister('email')}
              />
              <Field
                label="密码"
                placeholder="请输入密码"
                autoComplete="new-password"
                maxLength={PASSWORD_MAX + 8}
                secret
                value={reg.password1}
                error={regErrors.password1}
                onChange={(v) => setReg((f) => ({ ...f, password1: v }))}
                onBlur={() => blurRegister('password1')}
              />
              <Field
                label="确认密码"
                placeholder="请再次输入密码"
                autoComplete="new-password"
                maxLength={PASSWORD_MAX + 8}
                secret
                value={reg.password2}
                error={regErrors.password2}
                onChange={(v) => setReg((f) => ({ ...f, password2: v }))}
                onBlur={() => blurRegister('password2')}
              />
            </>
          )}
          <button type="submit" className={`btn btn-primary ${styles.submit}`} disabled={busy}>
            {otpStep ? '验证并登录' : isLogin ? '登录' : '注册'}
          </button>
        </form>
      </div>
    </dialog>
  );
}
