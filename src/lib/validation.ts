/**
 * The login and register rules (docs/product.md#login-and-register-forms), shared by the login dialog, the
 * personal center and the server (register and password change), so the client and the server can never
 * disagree. Each check returns the exact message of the product, or '' when the value passes.
 */

import { checkEmail } from './email.ts';

/** Only the local part of the email is typed; this fixed domain is appended. */
export const MAIL_DOMAIN = '@qq.com';

export const USERNAME_MIN = 5;
export const USERNAME_MAX = 16;
/** A nick name's length in characters (register, own and owner edits, the owner's list filter). */
export const NICK_MAX = 20;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 18;

export const MESSAGES = {
  loginUsername: '请输入用户账号',
  loginPassword: '请输入用户密码',
  username: '请输入用户账号',
  usernameLength: '用户账号长度应该在5-16之间',
  password: '请输入密码',
  passwordFormat: '密码格式应为6-18位数字、字母、符号的任意两种组合',
  confirm: '请输入二次确认密码',
  confirmMismatch: '两次密码不一致',
} as const;

/** Length in characters (code points), so a character outside the BMP counts once. */
const length = (s: string) => [...s].length;

/** Usernames are compared and stored without surrounding spaces. */
export const normalizeUsername = (value: string) => value.trim();

export function checkLoginUsername(value: string): string {
  return normalizeUsername(value) ? '' : MESSAGES.loginUsername;
}

export function checkLoginPassword(value: string): string {
  return value ? '' : MESSAGES.loginPassword;
}

export function checkUsername(value: string): string {
  const name = normalizeUsername(value);
  if (!name) return MESSAGES.username;
  const n = length(name);
  return n < USERNAME_MIN || n > USERNAME_MAX ? MESSAGES.usernameLength : '';
}

const DIGIT = /[0-9]/;
const LETTER = /[A-Za-z]/;
const SYMBOL = /[!-/:-@[-`{-~]/;
/** Printable ASCII without space: digits, letters and symbols only, so no Chinese characters. */
const ALLOWED = /^[!-~]+$/;

/** True when the password is 6–18 digits/letters/symbols mixing at least two of the three kinds. */
export function isValidPassword(value: string): boolean {
  if (value.length < PASSWORD_MIN || value.length > PASSWORD_MAX || !ALLOWED.test(value)) return false;
  const kinds = [DIGIT, LETTER, SYMBOL].filter((re) => re.test(value)).length;
  return kinds >= 2;
}

export function checkPassword(value: string): string {
  if (!value) return MESSAGES.password;
  return isValidPassword(value) ? '' : MESSAGES.passwordFormat;
}

export function checkPasswordConfirm(value: string, password: string): string {
  if (!value) return MESSAGES.confirm;
  return value === password ? '' : MESSAGES.confirmMismatch;
}

/** The full address from the typed local part ('' stays ''); anything typed after an @ is dropped. */
export function emailFromLocal(local: string): string {
  const part = local.trim().split('@')[0].replace(/\s+/g, '');
  return part ? `${part}${MAIL_DOMAIN}` : '';
}

export type LoginForm = { username: string; password: string };
export type RegisterForm = {
  username: string;
  password1: string;
  password2: string;
  nick_name: string;
  email: string;
};

export type Errors<T> = Partial<Record<keyof T, string>>;

/** One field of the login form (checked on blur). */
export function checkLoginField(field: keyof LoginForm, form: LoginForm): string {
  return field === 'username' ? checkLoginUsername(form.username) : checkLoginPassword(form.password);
}

/**
 * One field of the register form (checked on blur); nick_name has no rule, the email the site's one
 * address rule (lib/email.ts) on the full address the form sends.
 */
export function checkRegisterField(field: keyof RegisterForm, form: RegisterForm): string {
  switch (field) {
    case 'email':
      return checkEmail(emailFromLocal(form.email));
    case 'username':
      return checkUsername(form.username);
    case 'password1':
      return checkPassword(form.password1);
    case 'password2':
      return checkPasswordConfirm(form.password2, form.password1);
    default:
      return '';
  }
}

function collect<T extends object>(fields: (keyof T)[], check: (f: keyof T) => string): Errors<T> {
  const errors: Errors<T> = {};
  for (const f of fields) {
    const message = check(f);
    if (message) errors[f] = message;
  }
  return errors;
}

export const validateLogin = (form: LoginForm): Errors<LoginForm> =>
  collect<LoginForm>(['username', 'password'], (f) => checkLoginField(f, form));

export const validateRegister = (form: RegisterForm): Errors<RegisterForm> =>
  collect<RegisterForm>(['username', 'email', 'password1', 'password2'], (f) => checkRegisterField(f, form));

export const isEmpty = (errors: object) => Object.keys(errors).length === 0;
