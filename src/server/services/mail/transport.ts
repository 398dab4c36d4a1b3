import nodemailer from 'nodemailer';
import type { Config } from '../../config.ts';

/** One message as the sender hands it over: nodemailer's fields, the few the site uses. */
export type MailMessage = {
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  headers?: Record<string, string>;
};

/**
 * What sends a message: a nodemailer transport (createTransport's answer) has this shape, and a test
 * may pass its own to createSite. `sendMail` rejects with the SMTP server's answer when it refuses.
 */
export type Mailer = {
  sendMail(message: MailMessage): Promise<unknown>;
  close?(): void;
};

/** The transport of SMTP_URL (smtp:// with STARTTLS when offered, smtps:// with TLS from the start). */
export function createMailer(smtpUrl: string): Mailer {
  // Bounded waits: a server that does not answer fails the attempt (retried later) instead of holding
  // the sender; one connection is reused for the mails of a batch.
  return nodemailer.createTransport({
    url: smtpUrl,
    pool: true,
    maxConnections: 2,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
  } as Parameters<typeof nodemailer.createTransport>[0]) as unknown as Mailer;
}

/**
 * The sender: MAIL_FROM, else the SMTP user when it is an address, else noreply@ the site's host.
 * `host` is the site's (SITE_URL's) host name.
 */
export function mailFrom(cfg: Pick<Config, 'mailFrom' | 'smtpUrl'>, host: string, siteName: string): string {
  if (cfg.mailFrom) return cfg.mailFrom;
  const user = cfg.smtpUrl ? decodeURIComponent(URL.parse(cfg.smtpUrl)?.username ?? '') : '';
  const address = user.includes('@') ? user : `noreply@${host.replace(/^\[|\]$/g, '') || 'localhost'}`;
  return `"${siteName.replace(/["\\\r\n]/g, '')}" <${address}>`;
}
