import type { Kysely, Transaction } from 'kysely';
import { type MailContent, type MailKind, renderMail } from '../../../lib/mail.ts';
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

const norm = (email: string) => email.trim().toLowerCase();

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

/** `siteName`: the blog's name when the caller read it already (one query fewer in the request). */
export type QueuedMail = { to: string; kind: MailKind; siteName?: string } & Omit<
  MailContent,
  'unsubscribe' | 'siteName'
>;

/**
 * Writes one mail into the outbox, unless mail is off, the address is not one, or it turned this kind
 * off. Every mail carries its unsubscribe link and the RFC 8058 headers. Returns whether it was queued.
 */
export async function queueMail(conn: Conn, mail: QueuedMail): Promise<boolean> {
  const to = mail.to.trim();
  if (!active || !/^[^\s@<>]+@[^\s@<>]+$/.test(to)) return false;
  if (await optedOut(conn, to, mail.kind)) return false;
  const siteName =
    mail.siteName ??
    ((await conn.selectFrom('config').select('blog_name').where('id', '=', 1).executeTakeFirst())
      ?.blog_name ||
      '博客');
  const stop = unsubscribeUrl(to, mail.kind);
  const rendered = renderMail({
    ...mail,
    siteName,
    unsubscribe: { kind: mail.kind, url: stop },
  });
  const now = new Date().toISOString();
  await conn
    .insertInto('mail_outbox')
    .values({
      kind: mail.kind,
      to_addr: to,
      subject: rendered.subject,
      html: rendered.html,
      text: rendered.text,
      headers: JSON.stringify({
        'List-Unsubscribe': `<${stop}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      }),
      next_at: now,
      createdAt: now,
    })
    .execute();
  return true;
}
