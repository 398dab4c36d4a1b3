import type { Kysely } from 'kysely';
import { backoffMs } from '../../../lib/mail.ts';
import { MAIL_CAP, type MailCap } from '../../../lib/mail-digest.ts';
import { logger } from '../../core/log.ts';
import type { DB } from '../../db/schema.ts';
import type { JobParts } from '../job-parts.ts';
import { foldDue, hasHeld, holdMail, takeSlot } from './cap.ts';
import type { Mailer } from './transport.ts';

/**
 * The sender job: every process runs one, and each mail is sent by one of them. A mail is taken by a
 * compare-and-set on its row (pending and due, or sending with a lease run out → sending with a new
 * lease): on PostgreSQL a second process's UPDATE waits for the first and then finds the row no longer
 * matching, on SQLite writes take turns, so the same claim works on both. A mail whose sending process
 * died is taken over when its lease ends (it may then arrive twice: at least once, never lost).
 * A failed attempt waits `backoffMs` (doubling); after `maxAttempts` the mail is `failed`, listed in the
 * console with its error and 重试. A permanent refusal (an SMTP 5xx reply: no such mailbox, relay
 * denied) fails it at once: the same mail would be refused again, and the blogger sees why sooner.
 * Before its first attempt a mail takes a slot of its recipient's cap (cap.ts); over the cap it is held,
 * and the held mails of an address go out as one digest once its window allows (each run folds them).
 */

export type SenderOptions = {
  /** How often due mails are looked for besides the wake-ups (default 2 s). */
  pollMs?: number;
  /** The first back-off (default 30 s; doubles per attempt, at most an hour). */
  baseDelayMs?: number;
  /** Attempts before a mail is failed (default 6: about 15 minutes of tries). */
  maxAttempts?: number;
  /** How long a taken mail is the taker's (default 2 min: far longer than one SMTP exchange). */
  leaseMs?: number;
  /** Mails taken per look (default 20). */
  batch?: number;
  /** Mails per recipient in an hour and in a day (default lib/mail-digest.ts MAIL_CAP: 5 and 20). */
  cap?: MailCap;
};

export type Sender = {
  /** Look for due mails now (after a request queued one). */
  wake: () => void;
  /** Sends what is due now; resolves with how many were sent (tests, and the job's own runs). */
  runOnce: () => Promise<number>;
  /** Resolves once no run is under way. */
  idle: () => Promise<void>;
};

type Row = {
  id: number;
  to_addr: string;
  rcpt: string;
  kind: string;
  attempts: number;
  subject: string;
  html: string;
  text: string;
  headers: string;
};

/** RFC 5321: a 5yz reply is a permanent negative completion; 4yz is worth another try. */
const isPermanent = (err: unknown): boolean => {
  const code = Number((err as { responseCode?: unknown })?.responseCode);
  return code >= 500 && code < 600;
};

const shortError = (err: unknown): string => {
  const e = err as { response?: unknown; message?: unknown; responseCode?: unknown };
  const text = String(e?.response ?? e?.message ?? err);
  return text.replace(/\s+/g, ' ').slice(0, 500);
};

/** Takes one due mail for this process; false when another took it first or it is no longer due. */
async function claim(db: Kysely<DB>, id: number, now: Date, leaseMs: number): Promise<boolean> {
  const at = now.toISOString();
  const res = await db
    .updateTable('mail_outbox')
    .set((eb) => ({
      status: 'sending',
      lease_until: new Date(now.getTime() + leaseMs).toISOString(),
      attempts: eb('attempts', '+', 1),
    }))
    .where('id', '=', id)
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'pending'), eb('next_at', '<=', at)]),
        eb.and([eb('status', '=', 'sending'), eb('lease_until', '<', at)]),
      ]),
    )
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export function createSender(
  parts: Pick<JobParts, 'db' | 'clock'>,
  mailer: Mailer,
  from: (siteName: string) => string,
  opts: SenderOptions = {},
): Sender {
  const { db, clock } = parts;
  const leaseMs = opts.leaseMs ?? 120_000;
  const maxAttempts = opts.maxAttempts ?? 6;
  const batch = opts.batch ?? 20;
  const cap = opts.cap ?? MAIL_CAP;

  /**
   * Whether the mail may go now: a first attempt takes a slot of its recipient's cap (a digest took
   * its slot when it was made; a retry or a taken-over lease had one); over the cap, or behind mails
   * already held for the address, it is held instead.
   */
  async function mayGo(row: Row, now: Date): Promise<boolean> {
    if (row.attempts !== 1 || row.kind === 'digest' || !row.rcpt) return true;
    const freeAt = (await hasHeld(db, row.rcpt)) ? now : await takeSlot(db, row.rcpt, now, cap);
    if (!freeAt) return true;
    await holdMail(db, row, freeAt);
    return false;
  }

  async function sendOne(row: Row, sender: string): Promise<boolean> {
    let attempts = 0;
    try {
      await mailer.sendMail({
        from: sender,
        to: row.to_addr,
        subject: row.subject,
        html: row.html,
        text: row.text,
        headers: JSON.parse(row.headers) as Record<string, string>,
      });
      await db
        .updateTable('mail_outbox')
        .set({ status: 'sent', sentAt: clock().toISOString(), lease_until: null, last_error: '' })
        .where('id', '=', row.id)
        .execute();
      return true;
    } catch (err) {
      const now = clock();
      const r = await db
        .selectFrom('mail_outbox')
        .select('attempts')
        .where('id', '=', row.id)
        .executeTakeFirst();
      attempts = r?.attempts ?? maxAttempts;
      const giveUp = attempts >= maxAttempts || isPermanent(err);
      logger.warn(
        { mail: row.id, attempts, err: shortError(err) },
        giveUp ? 'mail failed' : 'mail retried later',
      );
      await db
        .updateTable('mail_outbox')
        .set({
          status: giveUp ? 'failed' : 'pending',
          next_at: new Date(now.getTime() + backoffMs(attempts, opts.baseDelayMs)).toISOString(),
          lease_until: null,
          last_error: shortError(err),
        })
        .where('id', '=', row.id)
        .execute();
      return false;
    }
  }

  async function runOnce(): Promise<number> {
    let sent = 0;
    for (;;) {
      const now = clock();
      const at = now.toISOString();
      // Digests of held mails whose wait ended are written first: they are sent with the due mails.
      await foldDue(db, now, cap, batch);
      const due = await db
        .selectFrom('mail_outbox')
        .select('id')
        .where((eb) =>
          eb.or([
            eb.and([eb('status', '=', 'pending'), eb('next_at', '<=', at)]),
            eb.and([eb('status', '=', 'sending'), eb('lease_until', '<', at)]),
          ]),
        )
        .orderBy('id')
        .limit(batch)
        .execute();
      if (due.length === 0) return sent;
      // The sender's name is the blog's, read once a batch (the owner may rename the blog).
      const site = await db.selectFrom('config').select('blog_name').where('id', '=', 1).executeTakeFirst();
      const sender = from(site?.blog_name || '博客');
      let taken = 0;
      for (const { id } of due) {
        if (!(await claim(db, id, now, leaseMs))) continue;
        taken++;
        const row = await db
          .selectFrom('mail_outbox')
          .select(['id', 'to_addr', 'rcpt', 'kind', 'attempts', 'subject', 'html', 'text', 'headers'])
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        if (!(await mayGo(row, now))) continue;
        if (await sendOne(row, sender)) sent++;
      }
      // Every due mail was another process's: they are being sent; look again at the next run.
      if (taken === 0 || due.length < batch) return sent;
    }
  }

  // One run at a time; a wake-up during a run asks for one more run after it.
  let running: Promise<void> | null = null;
  let again = false;
  const run = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await runOnce().catch((err) => logger.error({ err }, 'mail sender failed'));
      } while (again);
    })().finally(() => {
      running = null;
    });
    return running;
  };
  return { wake: () => void run(), runOnce, idle: () => running ?? Promise.resolve() };
}

/** Starts the sender of a site: a run now and every `pollMs`; its stop waits for the run under way. */
export function startMailSender(
  parts: JobParts,
  mailer: Mailer,
  from: (siteName: string) => string,
  opts: SenderOptions = {},
): Sender {
  const sender = createSender(parts, mailer, from, opts);
  let stopped = false;
  const wake = () => {
    if (!stopped) sender.wake();
  };
  const first = setImmediate(wake);
  const timer = setInterval(wake, opts.pollMs ?? 2_000);
  timer.unref();
  parts.life.register('mail sender', async () => {
    stopped = true;
    clearImmediate(first);
    clearInterval(timer);
    await sender.idle();
    mailer.close?.();
  });
  return { ...sender, wake };
}
