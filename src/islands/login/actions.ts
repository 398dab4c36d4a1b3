import { readJson, remove, writeJson } from '../../browser/storage.ts';
import { HttpError } from '../../lib/api/client.ts';
import { getUser, login, register as registerUser } from '../../lib/api/users.ts';
import type { LoginResult, NeedOtp as NeedOtpResult } from '../../lib/contract/users.ts';
import { GREETING_KEY, GREETING_TITLE, welcomeFor } from '../../lib/greeting.ts';
import { emailFromLocal, type LoginForm, type RegisterForm } from '../../lib/validation.ts';
import { $token, $userInfo, clearSession, type UserInfo } from '../../stores/session.ts';
import { toast } from '../../stores/toast.ts';
import { closeLogin } from '../../stores/ui.ts';

/**
 * The remembered login form (docs/product.md#accounts-and-session), encrypted in local storage under this
 * key.
 */
export const REMEMBER_KEY = 'loginForm';

export function readRemembered(): LoginForm | null {
  const form = readJson<LoginForm>(REMEMBER_KEY, 'local', true);
  return form && typeof form.username === 'string' && typeof form.password === 'string'
    ? { username: form.username, password: form.password }
    : null;
}

export const remember = (form: LoginForm) => writeJson(REMEMBER_KEY, form, 'local', true);
export const forget = () => remove(REMEMBER_KEY);

/** Register, login or user-detail failures show the server's message titled 错误提示. */
function failed(err: unknown): void {
  if (err instanceof HttpError && err.shown) return;
  const message = err instanceof HttpError && err.message ? err.message : '服务端错误';
  toast(message, 'error', '错误提示');
}

export type LoginKind = 'manual' | 'auto';

/** The account has two-factor sign-in on: ask for its code (`message` says why: none yet, or wrong). */
export type NeedOtp = { needOtp: true; message: string };

const asksForCode = (err: unknown): err is HttpError =>
  err instanceof HttpError &&
  err.code === 100 &&
  (err.result as Partial<NeedOtpResult> | undefined)?.need_otp === true;

/**
 * Login (docs/product.md#signing-in): store the token, remember (or forget) the credentials, say 登录成功 or
 * 自动登录成功, fetch the user by id and store it, close the dialog and greet. Resolves true on success; with
 * two-factor sign-in on and no right `otp`, NeedOtp: the dialog asks for the code and sends the same form
 * again with it.
 */
export async function signIn(
  form: LoginForm,
  kind: LoginKind,
  keep: boolean,
  otp?: string,
): Promise<boolean | NeedOtp> {
  let result: LoginResult;
  try {
    result = await login(otp ? { ...form, otp } : form, { quiet: true });
  } catch (err) {
    if (asksForCode(err)) return { needOtp: true, message: err.message };
    failed(err);
    return false;
  }
  $token.set(result.token);
  if (keep) remember(form);
  else forget();
  toast(kind === 'manual' ? '登录成功' : '自动登录成功', 'success', '提示');
  let user: UserInfo;
  try {
    const u = await getUser(result.id, { quiet: true });
    user = {
      id: u.id,
      nick_name: u.nick_name,
      avatar: u.avatar,
      role: u.role,
      qq: u.qq,
      username: u.username,
    };
  } catch (err) {
    // Without the user's details the session would be half made: start over signed out.
    clearSession();
    failed(err);
    return false;
  }
  $userInfo.set(user);
  closeLogin();
  toast(welcomeFor(user, new Date().getHours()), 'info', GREETING_TITLE, undefined, GREETING_KEY);
  return true;
}

/** Register: on code 0 sign in automatically with the same credentials and remember them. */
export async function register(form: RegisterForm): Promise<boolean> {
  try {
    await registerUser(
      {
        username: form.username.trim(),
        password: form.password1,
        nick_name: form.nick_name.trim(),
        email: emailFromLocal(form.email),
      },
      { quiet: true },
    );
  } catch (err) {
    failed(err);
    return false;
  }
  // A new account has no second step.
  return (await signIn({ username: form.username.trim(), password: form.password1 }, 'auto', true)) === true;
}
