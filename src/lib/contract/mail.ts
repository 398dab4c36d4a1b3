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
  pending: number;
  failed: number;
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

/** GET/PUT /api/mail/preferences: the signed-in user's switches (true: mailed). */
export type MailPreferences = {
  /** The account's address; "" means no mail can reach them (the switches are kept all the same). */
  email: string;
  reply: boolean;
  review: boolean;
  link: boolean;
};
