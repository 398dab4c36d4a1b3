import type { Generated } from 'kysely';

/** The mail tables (migration 0032), apart from schema.ts: they change with services/mail only. */
export interface MailTables {
  mail_outbox: MailOutboxTable;
  mail_optout: MailOptoutTable;
  mail_recipient: MailRecipientTable;
}

/** The mail column of the config row. */
export interface MailConfig {
  /** Where the blogger's mails go; empty: the first admin's address. */
  owner_email: Generated<string>;
  /** The blogger's address (lower-cased) the console's test mail reached (0046): it counts as confirmed. */
  owner_email_confirmed: Generated<string>;
}

/** A mail to send (migration 0032, services/mail/outbox.ts). */
export interface MailOutboxTable {
  id: Generated<number>;
  /** What it is about (lib/mail.ts OutboxKind): which switch stops it, if any. */
  kind: string;
  to_addr: string;
  /** to_addr lower-cased (0046): what the cap and the digest group by. */
  rcpt: Generated<string>;
  subject: string;
  html: string;
  text: string;
  /** Extra headers (List-Unsubscribe…) as a JSON object. */
  headers: Generated<string>;
  /**
   * pending → sending → sent, or failed; `held` over the recipient's cap (waits for its digest),
   * `folded` went out in the digest `digest_id`, `skipped` never sent (`reason`). 0046 added the last three.
   */
  status: Generated<MailStatusValue>;
  /** Why it was not sent alone (lib/mail.ts OUTBOX_REASONS): '' for none. */
  reason: Generated<string>;
  /** The digest that carried it (status folded). */
  digest_id: number | null;
  /** Its line in a digest: JSON `{title, url}`. */
  summary: Generated<string>;
  attempts: Generated<number>;
  /** A pending mail is tried from then on (ISO instant). */
  next_at: string;
  /** A mail being sent belongs to the process that took it until then (ISO instant). */
  lease_until: string | null;
  last_error: Generated<string>;
  createdAt: string;
  sentAt: string | null;
}

export type MailStatusValue = 'pending' | 'sending' | 'sent' | 'failed' | 'held' | 'folded' | 'skipped';

/** An address's two windows of the per-recipient cap (migration 0046, services/mail/cap.ts). */
export interface MailRecipientTable {
  /** Lower-cased. */
  rcpt: string;
  hour_from: string;
  hour_sent: Generated<number>;
  day_from: string;
  day_sent: Generated<number>;
}

/** A kind of mail an address does not want (migration 0032). */
export interface MailOptoutTable {
  /** Lower-cased. */
  email: string;
  kind: string;
  createdAt: string;
}
