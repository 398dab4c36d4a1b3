import type { Kysely, Transaction } from 'kysely';
import { emailKey, isEmail } from '../../../lib/email.ts';
import {
  isMailKind,
  type MailContent,
  type MailKind,
  type OutboxKind,
  renderMail,
} from '../../../lib/mail.ts';
import type { DB } from '../../db/schema.ts';
import { siteUrl } from '../../site.ts';
import { unsubscribeToken } from './tokens.ts';
import type { Mailer } from './transport.ts';

type Conn = Kysely<DB> | Transaction<DB>;

/**
 * The outbox (migration 0032): a request that causes mail only writes rows here, in its own
 * transaction where it has one; the sender job (sender.ts) delivers them. Whether mail is on is the
 * site's: createSite sets the mailer (SMTP_URL's, or a test's) and the sender's wake-up.
 */
type Active = { mailer: Mailer; from: (siteName: string) => string; wake: () => void };
let active: Active | null = null;

/** Called by the composition root (root/create-site.ts) when mail is on, and with null at its close. */
export function setMailer(a: Active | null): void {
  active = a;
}

/** Whether mail is on for this site (SMTP_URL or a test's mailer): off, nothing is queued. */
export const mailEnabled = (): boolean => active !== null;

/** The mailer and sender address while mail is on (the console's test mail). */
export const activeMailer = (): Active | null => active;

/** The sender looks for due mails now (called after the transaction that queued them committed). */
export function wakeSender(): void {
  active?.wake();
}

const norm = emailKey;

/** Whether the address turned this kind of mail off. */
export async function optedOut(conn: Conn, email: string, kind: MailKind): Promise<boolean> {
  const row = await conn
    .selectFrom('mail_optout')
    .select('kind')
    .where('email', '=', norm(email))
    .where('kind', '=', kind)
    .executeTakeFirst();
  return row !== undefined;
}

/** Turns a kind of mail off (true) or on again (false) for an address. */
export async function setOptOut(conn: Conn, email: string, kind: MailKind, off: boolean): Promise<void> {
  if (!off) {
    await conn.deleteFrom('mail_optout').where('email', '=', norm(email)).where('kind', '=', kind).execute();
    return;
  }
  await conn
    .insertInto('mail_optout')
    .values({ email: norm(email), kind, createdAt: new Date().toISOString() })
    .onConflict((oc) => oc.columns(['email', 'kind']).doNothing())
    .execute();
}

/** The kinds an address turned off. */
export async function optOuts(conn: Conn, email: string): Promise<Set<string>> {
  const rows = await conn.selectFrom('mail_optout').select('kind').where('email', '=', norm(email)).execute();
  return new Set(rows.map((r) => r.kind));
}

/** The one-click and visible unsubscribe address of a mail (api/mail.ts). */
export const unsubscribeUrl = (email: string, kind: MailKind) =>
  siteUrl(`/api/mail/unsubscribe?token=${unsubscribeToken(email, kind)}`);

/**
 * `siteName`: the blog's name when the caller read it already (one query fewer in the request).
 * `userId`: the account the mail is for: its own confirmation decides (else the address must be the
 * blogger's confirmed one, or one an account confirmed).
 */
export type QueuedMail = { to: string; kind: OutboxKind; siteName?: string; userId?: number } & Omit<
  MailContent,
  'unsubscribe' | 'siteName'
>;

/**
 * Whether the address may be mailed: its owner confirmed it. For a mail to an account (`userId`), that
 * account confirmed its current address (the link of services/mail/confirm.ts); otherwise the address
 * is the blogger's one the console's test mail reached, or an account's confirmed current address.
 * `ownerConfirmed`: config.owner_email_confirmed when the caller read it.
 */
export async function addressConfirmed(
  conn: Conn,
  to: string,
  userId?: number,
  ownerConfirmed?: string,
): Promise<boolean> {
  const key = emailKey(to);
  const owner =
    ownerConfirmed ??
    (await conn.selectFrom('config').select('owner_email_confirmed').where('id', '=', 1).executeTakeFirst())
      ?.owner_email_confirmed;
  if (owner && owner === key) return true;
  let q = conn.selectFrom('user').select('email').where('email_confirmed', '=', key);
  if (userId !== undefined) q = q.where('id', '=', userId);
  const rows = await q.execute();
  // Confirmed while the account's address is still the one confirmed.
  return rows.some((r) => emailKey(r.email) === key);
}

/**
 * Writes one mail into the outbox, unless mail is off, the address breaks the address rule
 * (lib/email.ts), or it turned this kind off. A mail to an address nobody confirmed is written as
 * `skipped` (reason `unconfirmed`, no body), so the console's outbox shows why it never left; only the
 * confirmation link itself goes to an unconfirmed address. A switchable kind carries its unsubscribe
 * link and the RFC 8058 headers. Returns whether it was queued to be sent.
 */
export async function queueMail(conn: Conn, mail: QueuedMail): Promise<boolean> {
  const to = mail.to.trim();
  if (!active || !isEmail(to)) return false;
  const kind = mail.kind;
  const switchable = isMailKind(kind);
  if (switchable && (await optedOut(conn, to, kind))) return false;
  const cfg = await conn
    .selectFrom('config')
    .select(['blog_name', 'owner_email_confirmed'])
    .where('id', '=', 1)
    .executeTakeFirst();
  const siteName = mail.siteName ?? (cfg?.blog_name || '博客');
  const confirmed =
    kind === 'confirm' || (await addressConfirmed(conn, to, mail.userId, cfg?.owner_email_confirmed ?? ''));
  // Account-security mail and the confirmation link have no switch, hence no 退订 link.
  const stop = switchable ? unsubscribeUrl(to, kind) : '';
  const rendered = renderMail({
    ...mail,
    siteName,
    ...(switchable ? { unsubscribe: { kind, url: stop } } : {}),
  });
  const now = new Date().toISOString();
  await conn
    .insertInto('mail_outbox')
    .values({
      kind: mail.kind,
      to_addr: to,
      rcpt: emailKey(to),
      subject: rendered.subject,
      html: confirmed ? rendered.html : '',
      text: confirmed ? rendered.text : '',
      headers: JSON.stringify(
        stop
          ? { 'List-Unsubscribe': `<${stop}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }
          : {},
      ),
      summary: JSON.stringify({ title: mail.subject, url: mail.action.url }),
      ...(confirmed ? {} : { status: 'skipped' as const, reason: 'unconfirmed' }),
      next_at: now,
      createdAt: now,
    })
    .execute();
  return confirmed;
}
