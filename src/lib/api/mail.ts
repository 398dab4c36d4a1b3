import type { MailPreferences } from '../contract/mail.ts';
import { get, post, put } from './client.ts';

/** The personal center's mail switches (docs/api/public.md#mail). */

export const getMailPreferences = () => get<MailPreferences>('/api/mail/preferences');

export const setMailPreferences = (change: Partial<Pick<MailPreferences, 'reply' | 'review' | 'link'>>) =>
  put<MailPreferences>('/api/mail/preferences', change);

/** A new confirmation link to the account's address (docs/api/public.md#mail). */
export const resendConfirmation = () => post<MailPreferences>('/api/mail/confirm/resend');

/** The account's new address (with its password): unconfirmed until the link mailed to it is followed. */
export const changeMailAddress = (email: string, password: string) =>
  put<MailPreferences>('/api/mail/address', { email, password });
