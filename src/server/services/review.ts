import { sql } from 'kysely';
import { blockedWords } from '../../lib/blocked-words.ts';
import type { ReviewSettings } from '../../lib/contract/site.ts';
import { type Judged, judge } from '../../lib/review.ts';
import { addressBlocked } from '../core/address-list.ts';
import { changes, commentsTag } from '../core/page-tags.ts';
import { db } from '../db/connection.ts';
import { wakeSender } from './mail/outbox.ts';
import { onCommentPublished, onMessagePublished } from './publish.ts';

/**
 * The moderation queue of comments and guestbook messages (docs/owner-guide.md#评论审核): the owner's
 * settings, the state a new item gets, and the owner's verdicts on waiting items.
 */

export const REVIEW_FIELDS = [
  'comment_review',
  'blocked_words',
  'blocked_words_action',
  'max_links_per_comment',
  'links_action',
  'blocked_ips',
] as const;

/** The owner's moderation settings (GET /api/config/review; never on the public GET /api/config). */
export async function reviewSettings(): Promise<ReviewSettings> {
  const row = await db
    .selectFrom('config')
    .select([...REVIEW_FIELDS])
    .where('id', '=', 1)
    .executeTakeFirstOrThrow();
  return row as ReviewSettings;
}

/** Refused outright, before anything is stored (the envelope's 403). */
export const BLOCKED_ADDRESS = '你所在的网络地址已被站长禁止评论和留言';

/** Whether the writer's address is on the owner's blocked list. */
export function isBlocked(settings: ReviewSettings, ip: string): boolean {
  return addressBlocked(ip, settings.blocked_ips);
}

/**
 * Whether this person has anything published: a member by account (comments or messages), a guest by
 * the name they typed together with their address (a name alone is anyone's to type).
 */
async function hasPublished(who: { userId: number } | { guestName: string; ip: string }): Promise<boolean> {
  if ('userId' in who) {
    const [c, m] = await Promise.all([
      db
        .selectFrom('comment')
        .select('id')
        .where('from_id', '=', who.userId)
        .where('review_status', '=', 'published')
        .limit(1)
        .executeTakeFirst(),
      db
        .selectFrom('message')
        .select('id')
        .where('user_id', '=', who.userId)
        .where('review_status', '=', 'published')
        .limit(1)
        .executeTakeFirst(),
    ]);
    return c != null || m != null;
  }
  if (!who.ip) return false;
  const m = await db
    .selectFrom('message')
    .select('id')
    .where('user_id', 'is', null)
    .where('nick_name', '=', who.guestName)
    .where('ip', '=', who.ip)
    .where('review_status', '=', 'published')
    .limit(1)
    .executeTakeFirst();
  return m != null;
}

/**
 * The state a new comment or message gets under the owner's settings, and why it is held (stored with
 * it for the console's queue); `shown` is what readers see beside the text (a message's tag), checked
 * for blocked words too.
 */
export async function stateOf(
  text: string,
  settings: ReviewSettings,
  author: { isAdmin: boolean } & ({ userId: number } | { guestName: string; ip: string }),
  shown: readonly string[] = [],
): Promise<Judged> {
  const rules = {
    mode: settings.comment_review,
    words: blockedWords(settings.blocked_words),
    wordsAction: settings.blocked_words_action,
    maxLinks: settings.max_links_per_comment,
    linksAction: settings.links_action,
  };
  // Asked only when the answer can matter (first mode): one query less on every other write.
  const needsHistory = !author.isAdmin && settings.comment_review === 'first';
  return judge(
    text,
    rules,
    { isAdmin: author.isAdmin, hasPublished: needsHistory ? await hasPublished(author) : true },
    shown,
  );
}

/**
 * The state an edited item gets: the word and link rules again (a clean message edited into an
 * advert goes back to the queue), the mode not (the person is already known).
 */
export async function stateAfterEdit(
  text: string,
  isAdmin: boolean,
  shown: readonly string[] = [],
): Promise<Judged> {
  const settings = await reviewSettings();
  return stateOf(text, { ...settings, comment_review: 'off' }, { isAdmin, userId: 0 }, shown);
}

export type Verdict = 'published' | 'spam';

/**
 * The owner's verdict on comments (PUT /api/comment/review). Those that go live now are announced as a
 * new comment would be (onCommentPublished), and their authors mailed; those taken down drop from the
 * cached pages. Returns how many changed.
 */
export async function reviewComments(ids: number[], status: Verdict, owner: { id: number }): Promise<number> {
  const changed = await db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom('comment')
      .select(['id', 'type', 'for_id', 'review_status'])
      .where('id', 'in', ids)
      .where('review_status', '!=', status)
      .execute();
    if (rows.length === 0) return 0;
    const changed = rows.map((r) => r.id);
    await trx.updateTable('comment').set({ review_status: status }).where('id', 'in', changed).execute();
    if (status === 'published') await onCommentPublished(changed, trx, { approvedBy: owner.id });
    else for (const r of rows) if (r.review_status === 'published') changes(commentsTag(r.type, r.for_id));
    return changed.length;
  });
  wakeSender();
  return changed;
}

/** The owner's verdict on guestbook messages (PUT /api/message/review); as reviewComments. */
export async function reviewMessages(ids: number[], status: Verdict, owner: { id: number }): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom('message')
      .select(['id', 'review_status'])
      .where('id', 'in', ids)
      .where('review_status', '!=', status)
      .execute();
    if (rows.length === 0) return 0;
    const changed = rows.map((r) => r.id);
    await trx.updateTable('message').set({ review_status: status }).where('id', 'in', changed).execute();
    if (status === 'published') await onMessagePublished(changed, trx, { approvedBy: owner.id });
    else {
      const down = rows.filter((r) => r.review_status === 'published').map((r) => r.id);
      if (down.length) changes('messages', ...down.map((id) => `message:${id}`));
    }
    return changed.length;
  });
}

export type ReviewCounts = { all: number; pending: number; spam: number };

/** How many comments and messages each tab of the console's queue holds (the menu badge: pending). */
export async function reviewCounts(): Promise<ReviewCounts> {
  const both = db
    .selectFrom('comment')
    .select('review_status')
    .unionAll(db.selectFrom('message').select('review_status'))
    .as('r');
  const rows = await db
    .selectFrom(both)
    .select(['review_status', sql<number | string>`count(*)`.as('n')])
    .groupBy('review_status')
    .execute();
  const by = new Map(rows.map((r) => [r.review_status, Number(r.n)]));
  const all = rows.reduce((sum, r) => sum + Number(r.n), 0);
  return { all, pending: by.get('pending') ?? 0, spam: by.get('spam') ?? 0 };
}
