import type { FailedMail, MailStatus, OutboxMail } from '../../contract/mail.ts';
import type { Page } from '../../contract/page.ts';
import { get, post, put } from '../client.ts';

/** The console's mail calls (docs/api/admin.md#mail). */

export const getMailStatus = () => get<MailStatus>('/api/mail/status');

export const sendTestMail = () => post<{ to: string }>('/api/mail/test');

export const listFailedMails = (current: number, size: number) =>
  get<Page<FailedMail>>(`/api/mail/failed?current=${current}&size=${size}`);

export const retryMails = (idList: number[]) => put<number>('/api/mail/retry', { idList });

/** The outbox, newest first, with why a mail was held, folded or skipped; `status` '' for all. */
export const listOutbox = (current: number, size: number, status = '') =>
  get<Page<OutboxMail>>(
    `/api/mail/outbox?current=${current}&size=${size}${status ? `&status=${status}` : ''}`,
  );
