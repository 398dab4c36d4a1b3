import { randomBytes } from 'node:crypto';
import { emailKey } from '../../../lib/email.ts';
import { mailTime } from '../../../lib/mail.ts';
import { ROLE } from '../../../lib/role.ts';
import { invalid } from '../../core/errors.ts';
import { db } from '../../db/connection.ts';
import { siteUrl } from '../../site.ts';
import { type Conn, mailAccountNotice } from './events.ts';
import { mailEnabled, queueMail, wakeSender } from './outbox.ts';
import { confirmToken, readConfirmToken } from './tokens.ts';

/**
 * Address confirmation (docs/security.md#mail): an account's address gets the site's mail only once
 * its owner followed the link mailed to it. The account keeps the confirmed address
 * (`user.email_confirmed`, lower-cased): it is confirmed while it equals the current address, so a
 * change by any path unconfirms it. The link is signed (tokens.ts), ends after CONFIRM_TTL_MS, and
 * works once: it names the nonce kept in `user.email_nonce`, which its use, a newer link and an
 * address change replace.
 */

export const CONFIRM_TTL_MS = 24 * 60 * 60_000;
export const CONFIRM_PATH = '/api/mail/confirm';

export const BAD_CONFIRM_LINK = '验证链接无效或已失效，请登录后在个人中心重新发送';

/** Whether the account's current address is the one it confirmed. */
export const isConfirmed = (row: { email: string; email_confirmed: string }) =>
  row.email.trim() !== '' && row.email_confirmed === emailKey(row.email);

/**
 * Marks the account's current address confirmed, as following its link does (and the console's test
 * mail for the blogger's address). Tests use it to stand for the owner's click.
 */
export async function markEmailConfirmed(conn: Conn, userId: number): Promise<void> {
  const row = await conn.selectFrom('user').select('email').where('id', '=', userId).executeTakeFirst();
  if (!row?.email.trim()) return;
  await conn
    .updateTable('user')
    .set({ email_confirmed: emailKey(row.email), email_nonce: '' })
    .where('id', '=', userId)
    .execute();
}

/**
 * Mails the account a new confirmation link (and ends every older one). `none` when there is nothing
 * to confirm (no address, or mail is off), `confirmed` when it is confirmed already.
 */
export async function sendConfirmation(userId: number): Promise<'sent' | 'none' | 'confirmed'> {
  const row = await db
    .selectFrom('user')
    .select(['email', 'email_confirmed', 'username'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!row?.email.trim() || !mailEnabled()) return 'none';
  if (isConfirmed(row)) return 'confirmed';
  const nonce = randomBytes(16).toString('base64url');
  const expires = Date.now() + CONFIRM_TTL_MS;
  const token = confirmToken({ userId, email: row.email.trim(), nonce, expires });
  await db.transaction().execute(async (tx) => {
    await tx.updateTable('user').set({ email_nonce: nonce }).where('id', '=', userId).execute();
    await queueMail(tx, {
      to: row.email,
      kind: 'confirm',
      userId,
      subject: '请验证你的邮箱',
      lead: `你的账号「${row.username}」填写了这个邮箱。点下面的按钮确认它是你的，之后回复提醒等邮件才会发到这里；链接 ${mailTime(new Date(expires))} 前有效，只能用一次。如果不是你本人填写的，忽略这封邮件即可，不会再收到我们的邮件。`,
      action: { label: '验证邮箱', url: siteUrl(`${CONFIRM_PATH}?token=${token}`) },
    });
  });
  wakeSender();
  return 'sent';
}

/** What a link names, checked against the account now: the account, or why the link is refused. */
async function linkState(token: string) {
  const claim = readConfirmToken(token);
  if (!claim) return null;
  const row = await db
    .selectFrom('user')
    .select(['id', 'email', 'email_confirmed', 'email_nonce', 'username', 'nick_name'])
    .where('id', '=', claim.userId)
    .executeTakeFirst();
  // Another address now (a change ends the link), or the account is gone.
  if (!row || emailKey(row.email) !== claim.email) return null;
  if (isConfirmed(row)) return { row, claim, done: true as const };
  if (claim.expires < Date.now() || row.email_nonce !== claim.nonce) return null;
  return { row, claim, done: false as const };
}

/** The confirm page's question (GET): which address a valid link confirms, changing nothing. */
export async function confirmationOf(token: string): Promise<{ email: string; done: boolean }> {
  const state = await linkState(token);
  if (!state) throw invalid(BAD_CONFIRM_LINK);
  return { email: state.row.email, done: state.done };
}

/**
 * Follows a link (POST): the address is confirmed and the link used up. A link used already answers
 * as done while the address is still that one; any other is refused.
 */
export async function confirmAddress(
  token: string,
): Promise<{ userId: number; nick_name: string; email: string; already: boolean }> {
  const state = await linkState(token);
  if (!state) throw invalid(BAD_CONFIRM_LINK);
  const { row, claim } = state;
  const out = { userId: row.id, nick_name: row.nick_name, email: row.email };
  if (state.done) return { ...out, already: true };
  // A compare-and-set on the nonce: two clicks at once confirm once, a newer link meanwhile wins.
  const res = await db
    .updateTable('user')
    .set({ email_confirmed: claim.email, email_nonce: '' })
    .where('id', '=', row.id)
    .where('email_nonce', '=', claim.nonce)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) throw invalid(BAD_CONFIRM_LINK);
  return { ...out, already: false };
}

/**
 * The personal center's address change: the new address (already checked by lib/email.ts) replaces
 * the old, unconfirmed, every older link ended; a new link goes to it. `''` removes the address.
 */
export async function changeOwnEmail(userId: number, email: string): Promise<void> {
  const row = await db.selectFrom('user').select('email').where('id', '=', userId).executeTakeFirst();
  if (!row) throw invalid('账号不存在');
  if (emailKey(row.email) === emailKey(email)) throw invalid('新邮箱与现在的相同');
  await db.transaction().execute(async (tx) => {
    // The old address hears of it while it is still the account's (where it was confirmed).
    await mailAccountNotice(tx, userId, 'email_changed');
    await tx
      .updateTable('user')
      .set({ email, email_nonce: '', updatedAt: new Date().toISOString() })
      .where('id', '=', userId)
      .execute();
  });
  if (email) await sendConfirmation(userId);
  else wakeSender();
}

/**
 * The console's test mail reached the blogger's address: it counts as confirmed (config), and so do
 * the admin accounts whose address it is.
 */
export async function ownerAddressReached(to: string): Promise<void> {
  const key = emailKey(to);
  await db.updateTable('config').set({ owner_email_confirmed: key }).where('id', '=', 1).execute();
  const admins = await db
    .selectFrom('user')
    .select(['id', 'email'])
    .where('role', '=', ROLE.admin)
    .where('email', '!=', '')
    .execute();
  const ids = admins.filter((a) => emailKey(a.email) === key).map((a) => a.id);
  if (ids.length)
    await db
      .updateTable('user')
      .set({ email_confirmed: key, email_nonce: '' })
      .where('id', 'in', ids)
      .execute();
}
