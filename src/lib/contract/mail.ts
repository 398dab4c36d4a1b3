/** The mail calls' answers (docs/api/admin.md#mail, docs/api/public.md#mail). */

/** GET /api/mail/status: whether mail is on and where the blogger's mails go. */
export type MailStatus = {
  /** SMTP_URL is set (or the site was given a mailer). */
  enabled: boolean;
  /** The sender's address as mails carry it; "" while mail is off. */
  from: string;
  /** The owner setting (config.owner_email); "" is the first admin's address. */
  owner_email: string;
  /** Where the blogger's mails and the test mail go now; "" when nobody has an address. */
  to: string;
  /** `to` is confirmed (the test mail reached it): the blogger's mails go only then. */
  to_confirmed: boolean;
  pending: number;
  failed: number;
  /** Mails over a recipient's cap, waiting to go out in a digest. */
  held: number;
};

/** One mail the sender gave up on (GET /api/mail/failed). */
export type FailedMail = {
  id: number;
  kind: string;
  to_addr: string;
  subject: string;
  attempts: number;
  last_error: string;
  createdAt: string;
};

/**
 * One mail of the outbox (GET /api/mail/outbox). `status`: pending, sending, sent, failed, `held` (over
 * its recipient's cap, waits for the digest), `folded` (went out in the digest `digest_id`), `skipped`
 * (never sent); `reason` why (lib/mail.ts OUTBOX_REASONS: unconfirmed, capped, folded), '' for none.
 */
export type OutboxMail = {
  id: number;
  kind: string;
  to_addr: string;
  subject: string;
  status: string;
  reason: string;
  digest_id: number | null;
  attempts: number;
  last_error: string;
  /** When a pending mail is tried, a held one folded. */
  next_at: string;
  createdAt: string;
  sentAt: string | null;
};

/** GET/PUT /api/mail/preferences: the signed-in user's switches (true: mailed). */
export type MailPreferences = {
  /** The account's address; "" means no mail can reach them (the switches are kept all the same). */
  email: string;
  /** The address's owner confirmed it (its link): until then no mail is sent to it. */
  confirmed: boolean;
  reply: boolean;
  review: boolean;
  link: boolean;
};
