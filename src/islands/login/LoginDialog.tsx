import { useStore } from '@nanostores/react';
import { Eye, EyeOff, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import {
  type InputHTMLAttributes,
  type SubmitEvent,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
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
import { focusReturn } from '../shared/focus-return.ts';
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

/** SPEC §2/§4: the login/register dialog opened by the shared show-login flag. */
export default function LoginDialog() {
  const open = useStore($activeModal) === 'login';
  const restoreFocus = useRef<ReturnType<typeof focusReturn>>(undefined);
  // A layout effect runs before Radix moves focus into the dialog: focus is still on the opener.
  useLayoutEffect(() => {
    if (open) restoreFocus.current = focusReturn();
  }, [open]);
  const [mode, setMode] = useState<'login' | 'register'>('login');
  const [login, setLogin] = useState(EMPTY_LOGIN);
  const [reg, setReg] = useState(EMPTY_REGISTER);
  const [loginErrors, setLoginErrors] = useState<Errors<LoginForm>>({});
  const [regErrors, setRegErrors] = useState<Errors<RegisterForm>>({});
  const [keep, setKeep] = useState(false);
  const [restored, setRestored] = useState<LoginForm | null>(null);
  const [busy, setBusy] = useState(false);

  const resetForms = () => {
    setLogin(EMPTY_LOGIN);
    setReg(EMPTY_REGISTER);
    setLoginErrors({});
    setRegErrors({});
  };

  // SPEC §4: opening resets to login mode and clears both forms, then restores remembered
  // credentials and ticks remember-me when there are some.
  useEffect(() => {
    if (!open) return;
    setMode('login');
    setReg(EMPTY_REGISTER);
    setLoginErrors({});
    setRegErrors({});
    const saved = readRemembered();
    setRestored(saved);
    setKeep(Boolean(saved));
    setLogin(saved ?? EMPTY_LOGIN);
  }, [open]);

  const switchTo = (next: 'login' | 'register') => {
    setMode(next);
    resetForms();
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
    if (mode === 'login') {
      const errors = validateLogin(login);
      setLoginErrors(errors);
      if (!isEmpty(errors)) return;
      // Submitting the remembered credentials untouched is the remembered (automatic) login.
      const auto = restored?.username === login.username && restored?.password === login.password;
      setBusy(true);
      const done = await signIn(login, auto ? 'auto' : 'manual', keep);
      setBusy(false);
      if (done) resetForms();
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
    <Dialog.Root open={open} onOpenChange={(v) => !v && closeLogin()}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content
          className={styles.content}
          aria-describedby={undefined}
          data-login-dialog
          // Back to the 登录 button (or whatever opened it): Radix only knows a Dialog.Trigger.
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            restoreFocus.current?.(null, true);
          }}
        >
          <div className={styles.head}>
            <Dialog.Title className={styles.title}>{isLogin ? '登录' : '注册'}</Dialog.Title>
            <Dialog.Close className={`icon-btn ${styles.close}`} aria-label="关闭">
              <X size={18} />
            </Dialog.Close>
          </div>
          <p className={styles.switch}>
            {isLogin ? '没有账号？' : '已有账号？'}
            <button type="button" onClick={() => switchTo(isLogin ? 'register' : 'login')}>
              {isLogin ? '去注册' : '去登录'}
            </button>
          </p>
          <form className={styles.form} onSubmit={submit} noValidate>
            {isLogin ? (
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
                  onChange={(v) => setReg((f) => ({ ...f, email: v }))}
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
              {isLogin ? '登录' : '注册'}
            </button>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
