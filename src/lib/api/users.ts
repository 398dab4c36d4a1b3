import type { Registered } from '../contract/admin-users.ts';
import type {
  FreshToken,
  LoginResult,
  OtpEnabled,
  OtpSetup,
  OwnStatistic,
  PublicUser,
} from '../contract/users.ts';
import type { LoginForm } from '../validation.ts';
import { get, post, put, type RequestOptions } from './client.ts';

/** The account calls (docs/api/public.md#users-and-sign-in). */

/** With two-factor sign-in on, `otp` is the second step (a refusal with `need_otp` asks for it). */
export const login = (form: LoginForm & { otp?: string }, opts?: RequestOptions) =>
  post<LoginResult>('/api/user/login', form, opts);

export const register = (
  form: { username: string; password: string; nick_name: string; email: string },
  opts?: RequestOptions,
) => post<Registered>('/api/user/register', form, opts);

export const getUser = (id: number, opts?: RequestOptions) =>
  get<PublicUser>(`/api/user/getUserInfoById/${id}`, opts);

export const updateOwnInfo = (patch: { nick_name?: string; qq?: string; avatar?: string }) =>
  put<PublicUser>('/api/user/updateOwnUserInfo', patch);

export const updatePassword = (body: { password: string; password1: string }, opts?: RequestOptions) =>
  put<FreshToken>('/api/user/updatePassword', body, opts);

/**
 * Two-factor sign-in, each with the account's password: a pending secret, its confirmation (the recovery
 * codes), turning it off. Turning it on or off answers a fresh token (the other sessions have ended).
 */
export const setupOtp = (password: string, opts?: RequestOptions) =>
  post<OtpSetup>('/api/user/2fa/setup', { password }, opts);
export const enableOtp = (body: { password: string; code: string }, opts?: RequestOptions) =>
  post<OtpEnabled>('/api/user/2fa/enable', body, opts);
export const disableOtp = (body: { password: string; code: string }, opts?: RequestOptions) =>
  post<FreshToken>('/api/user/2fa/disable', body, opts);

export const ownStatistic = () => get<OwnStatistic>('/api/user/getOwnStatistic');

// Signing out (POST /api/user/logout) is in logout.ts: the session store sends it from every page.
