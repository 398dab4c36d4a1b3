import type { Generated } from 'kysely';

/** The mail tables (migration 0032), apart from schema.ts: they change with services/mail only. */
export interface MailTables {
  mail_outbox: MailOutboxTable;
  mail_optout: MailOptoutTable;
}

/** The mail column of the config row. */
export interface MailConfig {
  /** Where the blogger's mails go; empty: the first admin's address. */
  owner_email: Generated<string>;
}

/** A mail to send (migration 0032, services/mail/outbox.ts). */
export interface MailOutboxTable {
  id: Generated<number>;
  /** What it is about (lib/mail.ts MAIL_KINDS): which switch stops it. */
  kind: string;
  to_addr: string;
  subject: string;
  html: string;
  text: string;
  /** Extra headers (List-Unsubscribe…) as a JSON object. */
  headers: Generated<string>;
  status: Generated<'pending' | 'sending' | 'sent' | 'failed'>;
  attempts: Generated<number>;
  /** A pending mail is tried from then on (ISO instant). */
  next_at: string;
  /** A mail being sent belongs to the process that took it until then (ISO instant). */
  lease_until: string | null;
  last_error: Generated<string>;
  createdAt: string;
  sentAt: string | null;
}

/** A kind of mail an address does not want (migration 0032). */
export interface MailOptoutTable {
  /** Lower-cased. */
  email: string;
  kind: string;
  createdAt: string;
}
