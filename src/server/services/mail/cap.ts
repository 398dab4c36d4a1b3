import type { Kysely, Transaction } from 'kysely';
import { isMailKind, type MailKind } from '../../../lib/mail.ts';
import {
  capFreeAt,
  DAY_MS,
  type DigestItem,
  HOUR_MS,
  type MailCap,
  renderDigest,
} from '../../../lib/mail-digest.ts';
import type { DB } from '../../db/schema.ts';
import { siteUrl } from '../../site.ts';
import { unsubscribeUrl } from './outbox.ts';

type Conn = Kysely<DB> | Transaction<DB>;

/**
 * The per-recipient cap of the sender (lib/mail-digest.ts): each address's two windows are one row of
 * mail_recipient, and a mail takes its slot with one conditional UPDATE of it (a window that ended
 * starts again at this mail). On PostgreSQL a second sender's UPDATE of the same row waits for the
 * first and re-checks the condition on the row as the first left it; SQLite's writes take turns: so
 * two senders never both take the last slot. A mail over the cap is `held`; once the address may get
 * a mail again, every held mail to it is folded into one digest, which takes that slot.
 */

/** Takes one slot for the address now: null when taken, else when a slot will be free. */
export async function takeSlot(conn: Conn, rcpt: string, now: Date, cap: MailCap): Promise<Date | null> {
  const at = now.toISOString();
  await conn
    .insertInto('mail_recipient')
    .values({ rcpt, hour_from: at, hour_sent: 0, day_from: at, day_sent: 0 })
    .onConflict((oc) => oc.column('rcpt').doNothing())
    .execute();
  const hourCut = new Date(now.getTime() - HOUR_MS).toISOString();
  const dayCut = new Date(now.getTime() - DAY_MS).toISOString();
  const res = await conn
    .updateTable('mail_recipient')
    .set((eb) => ({
      hour_sent: eb
        .case()
        .when('hour_from', '<=', hourCut)
        .then(eb.lit(1))
        .else(eb('hour_sent', '+', eb.lit(1)))
        .end(),
      hour_from: eb.case().when('hour_from', '<=', hourCut).then(at).else(eb.ref('hour_from')).end(),
      day_sent: eb
        .case()
        .when('day_from', '<=', dayCut)
        .then(eb.lit(1))
        .else(eb('day_sent', '+', eb.lit(1)))
        .end(),
      day_from: eb.case().when('day_from', '<=', dayCut).then(at).else(eb.ref('day_from')).end(),
    }))
    .where('rcpt', '=', rcpt)
    .where((eb) =>
      eb.and([
        eb.or([eb('hour_from', '<=', hourCut), eb('hour_sent', '<', cap.hour)]),
        eb.or([eb('day_from', '<=', dayCut), eb('day_sent', '<', cap.day)]),
      ]),
    )
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) === 1) return null;
  const w = await conn
    .selectFrom('mail_recipient')
    .select(['hour_from', 'hour_sent', 'day_from', 'day_sent'])
    .where('rcpt', '=', rcpt)
    .executeTakeFirstOrThrow();
  // A window that ended between the two statements: try again at once.
  return capFreeAt(w, now, cap) ?? now;
}

/**
 * Puts a mail over the cap aside: `held` until `freeAt` (or with the held mails already waiting for
 * the address, so they go out together); a confirmation link is dropped instead (`skipped`: a digest
 * of links is no use, and the person can ask for a new one).
 */
export async function holdMail(
  db: Kysely<DB>,
  row: { id: number; rcpt: string; kind: string },
  freeAt: Date,
): Promise<void> {
  const waiting = await db
    .selectFrom('mail_outbox')
    .select('next_at')
    .where('rcpt', '=', row.rcpt)
    .where('status', '=', 'held')
    .orderBy('next_at')
    .executeTakeFirst();
  const confirm = row.kind === 'confirm';
  await db
    .updateTable('mail_outbox')
    .set({
      status: confirm ? 'skipped' : 'held',
      reason: 'capped',
      next_at: waiting?.next_at ?? freeAt.toISOString(),
      lease_until: null,
      // The attempt it was taken for was not made.
      attempts: 0,
    })
    .where('id', '=', row.id)
    .execute();
}

/** Whether mails to the address are held already: a new one joins them instead of passing them. */
export async function hasHeld(db: Kysely<DB>, rcpt: string): Promise<boolean> {
  const row = await db
    .selectFrom('mail_outbox')
    .select('id')
    .where('rcpt', '=', rcpt)
    .where('status', '=', 'held')
    .executeTakeFirst();
  return row !== undefined;
}

/** Thrown inside the digest's transaction to undo it (another sender folded them, or no slot yet). */
class NotNow extends Error {
  readonly freeAt: Date | null;
  constructor(freeAt: Date | null) {
    super('digest not now');
    this.freeAt = freeAt;
  }
}

const parseSummary = (s: string, fallback: string): DigestItem => {
  try {
    const v = JSON.parse(s) as Partial<DigestItem>;
    if (typeof v.title === 'string' && typeof v.url === 'string') return { title: v.title, url: v.url };
  } catch {
    /* an old row without a summary: its subject is its line */
  }
  return { title: fallback, url: siteUrl('/') };
};

/**
 * Folds the held mails of every address whose wait ended into one digest each: the digest is written
 * as a pending mail (it took its slot here), the held mails become `folded` with its id. Returns how
 * many digests were written.
 */
export async function foldDue(db: Kysely<DB>, now: Date, cap: MailCap, limit: number): Promise<number> {
  const due = await db
    .selectFrom('mail_outbox')
    .select('rcpt')
    .distinct()
    .where('status', '=', 'held')
    .where('next_at', '<=', now.toISOString())
    .limit(limit)
    .execute();
  let made = 0;
  for (const { rcpt } of due) {
    try {
      await db.transaction().execute((tx) => foldOne(tx, rcpt, now, cap));
      made++;
    } catch (err) {
      if (!(err instanceof NotNow)) throw err;
      if (err.freeAt)
        await db
          .updateTable('mail_outbox')
          .set({ next_at: err.freeAt.toISOString() })
          .where('rcpt', '=', rcpt)
          .where('status', '=', 'held')
          .execute();
    }
  }
  return made;
}

async function foldOne(tx: Transaction<DB>, rcpt: string, now: Date, cap: MailCap): Promise<void> {
  const held = await tx
    .selectFrom('mail_outbox')
    .select(['id', 'kind', 'to_addr', 'subject', 'summary'])
    .where('rcpt', '=', rcpt)
    .where('status', '=', 'held')
    .orderBy('id')
    .execute();
  if (held.length === 0) throw new NotNow(null);
  const ids = held.map((r) => r.id);
  // Taken as a compare-and-set: a second sender folding the same rows finds them no longer held.
  const taken = await tx
    .updateTable('mail_outbox')
    .set({ status: 'folded', reason: 'folded' })
    .where('id', 'in', ids)
    .where('status', '=', 'held')
    .executeTakeFirst();
  if (Number(taken.numUpdatedRows) !== ids.length) throw new NotNow(null);
  const freeAt = await takeSlot(tx, rcpt, now, cap);
  if (freeAt) throw new NotNow(freeAt);
  const cfg = await tx.selectFrom('config').select('blog_name').where('id', '=', 1).executeTakeFirst();
  const to = held[held.length - 1].to_addr;
  const kinds = [...new Set(held.map((r) => r.kind))].filter((k): k is MailKind => isMailKind(k));
  const digest = renderDigest({
    siteName: cfg?.blog_name || '博客',
    items: held.map((r) => parseSummary(r.summary, r.subject)),
    center: siteUrl('/userCenter'),
    stops: kinds.map((kind) => ({ kind, url: unsubscribeUrl(to, kind) })),
  });
  const at = now.toISOString();
  const row = await tx
    .insertInto('mail_outbox')
    .values({
      kind: 'digest',
      to_addr: to,
      rcpt,
      subject: digest.subject,
      html: digest.html,
      text: digest.text,
      next_at: at,
      createdAt: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await tx.updateTable('mail_outbox').set({ digest_id: row.id }).where('id', 'in', ids).execute();
}
