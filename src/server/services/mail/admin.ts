import type { FailedMail, MailPreferences, MailStatus, OutboxMail } from '../../../lib/contract/mail.ts';
import { emailKey } from '../../../lib/email.ts';
import { type MailKind, renderMail } from '../../../lib/mail.ts';
import { invalid } from '../../core/errors.ts';
import { db } from '../../db/connection.ts';
import type { MailStatusValue } from '../../db/schema-mail.ts';
import { siteUrl } from '../../site.ts';
import { countRows, type Page, paginate } from '../paginate.ts';
import { ownerAddressReached } from './confirm.ts';
import { ownerAddress } from './events.ts';
import { activeMailer, addressConfirmed, optOuts, setOptOut, wakeSender } from './outbox.ts';
import { readUnsubscribeToken } from './tokens.ts';

/** The console's view of mail (站点资料 → 邮件): on or off, the sender, where the blogger's mails go. */
export async function mailStatus(): Promise<MailStatus> {
  const active = activeMailer();
  const cfg = await db
    .selectFrom('config')
    .select(['owner_email', 'blog_name'])
    .where('id', '=', 1)
    .executeTakeFirst();
  const count = async (status: 'pending' | 'failed' | 'held') =>
    Number(
      (
        await db
          .selectFrom('mail_outbox')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('status', '=', status)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const to = await ownerAddress(db);
  return {
    enabled: active !== null,
    from: active ? active.from(cfg?.blog_name || '博客') : '',
    owner_email: cfg?.owner_email ?? '',
    to,
    to_confirmed: to !== '' && (await addressConfirmed(db, to)),
    pending: await count('pending'),
    failed: await count('failed'),
    held: await count('held'),
  };
}

/**
 * Sends a test mail to the blogger's address at once (not through the outbox: the admin waits for the
 * SMTP server's answer). A refusal says why, in Chinese, with the server's own words. Accepted, the
 * address counts as confirmed (the blogger's mails go only to a confirmed address).
 */
export async function sendTestMail(): Promise<string> {
  const active = activeMailer();
  if (!active) throw invalid('邮件未开启：请先设置 SMTP_URL 并重启');
  const to = await ownerAddress(db);
  if (!to) throw invalid('没有收件地址：请在站点资料填写站长邮箱，或给管理员账号填写邮箱');
  const cfg = await db.selectFrom('config').select('blog_name').where('id', '=', 1).executeTakeFirst();
  const siteName = cfg?.blog_name || '博客';
  const mail = renderMail({
    siteName,
    subject: '测试邮件',
    lead: '这是一封测试邮件：收到它，说明博客的邮件设置正确，回复提醒可以送达。',
    action: { label: '打开博客', url: siteUrl('/') },
  });
  try {
    await active.mailer.sendMail({ from: active.from(siteName), to, ...mail });
  } catch (err) {
    const e = err as { response?: unknown; message?: unknown; code?: unknown };
    const why = String(e?.response ?? e?.message ?? err)
      .replace(/\s+/g, ' ')
      .slice(0, 300);
    throw invalid(`测试邮件发送失败：${why}`);
  }
  await ownerAddressReached(to);
  return to;
}

/** The mails the sender gave up on, newest first. */
export async function listFailedMails(input: { current: number; size: number }): Promise<Page<FailedMail>> {
  const q = db.selectFrom('mail_outbox').where('status', '=', 'failed');
  return paginate(
    input,
    (limit, offset) =>
      q
        .select(['id', 'kind', 'to_addr', 'subject', 'attempts', 'last_error', 'createdAt'])
        .orderBy('id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
    () => countRows(q),
  );
}

export const OUTBOX_STATUSES = ['pending', 'sending', 'sent', 'failed', 'held', 'folded', 'skipped'] as const;

/** The outbox, newest first, with why a mail was held, folded or skipped (the console's 邮件队列). */
export async function listOutbox(input: {
  current: number;
  size: number;
  status?: MailStatusValue;
  to?: string;
}): Promise<Page<OutboxMail>> {
  let q = db.selectFrom('mail_outbox');
  if (input.status) q = q.where('status', '=', input.status);
  if (input.to) q = q.where('rcpt', '=', emailKey(input.to));
  return paginate(
    input,
    (limit, offset) =>
      q
        .select([
          'id',
          'kind',
          'to_addr',
          'subject',
          'status',
          'reason',
          'digest_id',
          'attempts',
          'last_error',
          'next_at',
          'createdAt',
          'sentAt',
        ])
        .orderBy('id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
    () => countRows(q),
  );
}

/** Failed mails go back to the queue with their attempts counted from zero; the number requeued. */
export async function retryMails(ids: number[]): Promise<number> {
  const res = await db
    .updateTable('mail_outbox')
    .set({ status: 'pending', attempts: 0, next_at: new Date().toISOString(), lease_until: null })
    .where('id', 'in', ids)
    .where('status', '=', 'failed')
    .executeTakeFirst();
  wakeSender();
  return Number(res.numUpdatedRows);
}

const SWITCHES = ['reply', 'review', 'link'] as const;

async function emailOfUser(userId: number): Promise<string> {
  const row = await db.selectFrom('user').select('email').where('id', '=', userId).executeTakeFirst();
  return row?.email.trim() ?? '';
}

/**
 * The personal center's switches, by the account's address (the unsubscribe links' too), and whether
 * the address is confirmed (its own link, or the blogger's address the test mail reached).
 */
export async function mailPreferences(userId: number): Promise<MailPreferences> {
  const email = await emailOfUser(userId);
  const off = email ? await optOuts(db, email) : new Set<string>();
  const confirmed = email !== '' && (await addressConfirmed(db, email, userId));
  return { email, confirmed, reply: !off.has('reply'), review: !off.has('review'), link: !off.has('link') };
}

export async function setMailPreferences(
  userId: number,
  change: Partial<Pick<MailPreferences, 'reply' | 'review' | 'link'>>,
): Promise<MailPreferences> {
  const email = await emailOfUser(userId);
  if (!email) throw invalid('请先在个人资料里填写邮箱');
  for (const kind of SWITCHES) {
    const on = change[kind];
    if (on !== undefined) await setOptOut(db, email, kind, !on);
  }
  return mailPreferences(userId);
}

/** An unsubscribe link followed (api/mail.ts): what it stopped, or null for a token not signed here. */
export async function unsubscribe(token: string): Promise<{ email: string; kind: MailKind } | null> {
  const found = readUnsubscribeToken(token);
  if (found) await setOptOut(db, found.email, found.kind, true);
  return found;
}
