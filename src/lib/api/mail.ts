import type { MailPreferences } from '../contract/mail.ts';
import { get, put } from './client.ts';

/** The personal center's mail switches (docs/api/public.md#mail). */

export const getMailPreferences = () => get<MailPreferences>('/api/mail/preferences');

export const setMailPreferences = (change: Partial<Pick<MailPreferences, 'reply' | 'review' | 'link'>>) =>
  put<MailPreferences>('/api/mail/preferences', change);
