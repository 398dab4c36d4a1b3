import { type ExpressionBuilder, sql } from 'kysely';
import { THING } from '../../lib/community.ts';
import type { TimeRange } from '../../lib/contract/fields.ts';
import type { Message, MessageInput } from '../../lib/contract/messages.ts';
import { forbidden, notFound } from '../core/errors.ts';
import { MSG } from '../core/messages.ts';
import { changes, commentsTag, likesTag, shows, userTag } from '../core/page-tags.ts';
import { db } from '../db/connection.ts';
import type { DB } from '../db/schema.ts';
import { contains, within } from './admin-filters.ts';
import { commentTotals, removeCommentsFor } from './comments.ts';
import { likedIds, removeLikes, type Viewer } from './likes.ts';
import { mailNewMessage } from './mail/events.ts';
import { wakeSender } from './mail/outbox.ts';
import { countRows, type Page, paginate } from './paginate.ts';
import { onMessagePublished } from './publish.ts';
import { BLOCKED_ADDRESS, isBlocked, reviewSettings, stateAfterEdit, stateOf } from './review.ts';
import { guardSettings } from './site.ts';
import { shownPlace, type WriterPlace } from './writer-place.ts';

export type { Message, MessageInput };

function selectMessages() {
  return db
    .selectFrom('message')
    .leftJoin('user', 'user.id', 'message.user_id')
    .select((eb) => [
      'message.id',
      'message.message',
      'message.tag',
      'message.color',
      'message.font_size',
      'message.font_weight',
      'message.bg_color',
      'message.bg_url',
      'message.like_times',
      // A member's current name and avatar; a guest's name as they typed it.
      eb.fn.coalesce('user.nick_name', 'message.nick_name').as('nick_name'),
      eb.fn.coalesce('user.avatar', eb.val('')).as('avatar'),
      'message.user_id',
      'message.ip_address as ipAddress',
      'message.user_agent as userAgent',
      'message.createdAt',
      'message.updatedAt',
      sql<Message['review_status']>`message.review_status`.as('review_status'),
    ]);
}

/**
 * What a viewer's guestbook holds (docs/owner-guide.md#评论审核): published messages, a signed-in
 * member's own that wait, and for the admin everything (the original admin app moderates from this
 * list).
 */
function shownTo(viewer: Viewer | null) {
  return (eb: ExpressionBuilder<DB, 'message'>) => {
    if (viewer?.isAdmin) return eb.lit(true);
    return viewer?.userId
      ? eb.or([eb('message.review_status', '=', 'published'), eb('message.user_id', '=', viewer.userId)])
      : eb('message.review_status', '=', 'published');
  };
}

/** A message as stored, with its author's current name and avatar. */
export type MessageRow = Omit<Message, 'is_like' | 'comment_total'>;
type Row = MessageRow;

async function complete(rows: Row[], viewer: Viewer | null): Promise<Message[]> {
  const ids = rows.map((r) => r.id);
  // Each one's comment and like counts are on the page, and a member author's name and avatar.
  shows(...ids.map((id) => commentsTag(THING.message, id)), ...ids.map((id) => likesTag(THING.message, id)));
  for (const r of rows) if (r.user_id) shows(userTag(r.user_id));
  const [liked, totals, on] = await Promise.all([
    likedIds(THING.message, ids, viewer),
    commentTotals(THING.message, ids),
    guardSettings(),
  ]);
  return shownPlace(rows, on).map((r) => ({
    ...r,
    // An author sees their own waiting (or spam) message as 审核中; the admin sees the real state.
    review_status: viewer?.isAdmin || r.review_status === 'published' ? r.review_status : 'pending',
    is_like: liked.has(r.id),
    comment_total: totals.get(r.id) ?? 0,
  }));
}

/** The guestbook, newest first, optionally one tag only, a substring of the text, a creation window. */
export async function listMessages(
  input: {
    current: number;
    size: number;
    tag?: string;
    message?: string;
    time?: TimeRange;
    user_id?: number;
    review_status?: Message['review_status'];
  },
  viewer: Viewer | null,
): Promise<Page<Message>> {
  shows('messages');
  let q = selectMessages().where(shownTo(viewer));
  let c = db.selectFrom('message').where(shownTo(viewer));
  if (input.review_status && viewer?.isAdmin) {
    q = q.where('message.review_status', '=', input.review_status);
    c = c.where('message.review_status', '=', input.review_status);
  }
  if (input.tag?.includes('\0')) {
    // The guestbook page's ?tag= (not /api, which refuses a NUL): no stored tag holds one, and
    // PostgreSQL refuses one even in a comparison. Nothing, as on SQLite.
    q = q.where(sql<boolean>`1 = 0`);
    c = c.where(sql<boolean>`1 = 0`);
  } else if (input.tag) {
    q = q.where('message.tag', '=', input.tag);
    c = c.where('tag', '=', input.tag);
  }
  if (input.message) {
    q = q.where(contains('message.message', input.message));
    c = c.where(contains('message.message', input.message));
  }
  if (input.time) {
    q = q.where(within('message.createdAt', input.time));
    c = c.where(within('message.createdAt', input.time));
  }
  if (input.user_id) {
    q = q.where('message.user_id', '=', input.user_id);
    c = c.where('message.user_id', '=', input.user_id);
  }
  return paginate(
    input,
    async (limit, offset) =>
      complete(
        (await q
          .orderBy('message.createdAt', 'desc')
          .orderBy('message.id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute()) as Row[],
        viewer,
      ),
    () => countRows(c),
  );
}

/** Most messages the 弹幕 view gets at once: a bound on one answer, however large the guestbook grows. */
export const ALL_MESSAGES_CAP = 500;

/**
 * The guestbook's 弹幕 view (GET /api/message/getAllMessage): the newest ALL_MESSAGES_CAP messages, newest
 * first, each with its author's current name and avatar; `total` counts every message. Published
 * ones only: the view is the same for everyone.
 */
export async function allMessages(): Promise<{ list: MessageRow[]; total: number }> {
  const [list, total, on] = await Promise.all([
    selectMessages()
      .where('message.review_status', '=', 'published')
      .orderBy('message.createdAt', 'desc')
      .orderBy('message.id', 'desc')
      .limit(ALL_MESSAGES_CAP)
      .execute(),
    db
      .selectFrom('message')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('review_status', '=', 'published')
      .executeTakeFirstOrThrow(),
    guardSettings(),
  ]);
  return { list: shownPlace(list as MessageRow[], on), total: Number(total.n) };
}

export async function getMessage(id: number, viewer: Viewer | null): Promise<Message | null> {
  shows(`message:${id}`);
  const row = await selectMessages().where('message.id', '=', id).where(shownTo(viewer)).executeTakeFirst();
  return row ? (await complete([row as Row], viewer))[0] : null;
}

/** Up to 10 tags by how many messages carry them. */
export async function hotTags(): Promise<{ tag: string; count: number }[]> {
  shows('messages');
  const rows = await db
    .selectFrom('message')
    .select(['tag', (eb) => eb.fn.countAll<number>().as('count')])
    .where('tag', '!=', '')
    .where('review_status', '=', 'published')
    .groupBy('tag')
    .orderBy('count', 'desc')
    .orderBy('tag')
    .limit(10)
    .execute();
  return rows.map((r) => ({ tag: r.tag, count: Number(r.count) }));
}

/** Background pictures already used on the guestbook (the demo papers and uploads), newest first. */
export async function usedBackgrounds(limit = 12): Promise<string[]> {
  shows('messages');
  const rows = await db
    .selectFrom('message')
    .select('bg_url')
    .where('bg_url', 'like', '/uploads/%')
    .where('review_status', '=', 'published')
    .groupBy('bg_url')
    .orderBy((eb) => eb.fn.max('id'), 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => r.bg_url);
}

/**
 * A new message by a member (their name from the account) or a guest (the name they typed), in the
 * state the owner's settings give it (review.ts). One that goes live is announced to the admins
 * (publish.ts; not an admin writing on their own guestbook); one that waits, only once approved, but
 * the blogger is mailed to review it; spam is silent.
 */
export async function writeMessage(
  input: MessageInput,
  author: { userId: number | null; nickName: string; ip?: string; isAdmin?: boolean },
  place: WriterPlace = { ip_address: '', user_agent: '' },
): Promise<{ id: number; review_status: Message['review_status'] }> {
  const settings = await reviewSettings();
  const ip = author.ip ?? '';
  if (isBlocked(settings, ip)) throw forbidden(BLOCKED_ADDRESS);
  const { state, reason } = await stateOf(
    input.message,
    settings,
    author.userId
      ? { isAdmin: author.isAdmin === true, userId: author.userId }
      : { isAdmin: false, guestName: author.nickName, ip },
    [input.tag],
  );
  const id = await db.transaction().execute(async (trx) => {
    const now = new Date().toISOString();
    const row = await trx
      .insertInto('message')
      .values({
        ...input,
        like_times: 0,
        nick_name: author.nickName,
        user_id: author.userId,
        ip,
        review_status: state,
        review_reason: reason,
        ...place,
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (state === 'published') await onMessagePublished([row.id], trx);
    else if (state === 'pending')
      await mailNewMessage(trx, {
        messageId: row.id,
        message: input.message,
        userId: author.userId,
        nickName: author.nickName,
        pending: true,
      });
    return row.id;
  });
  wakeSender();
  // The writer sees a spam verdict as waiting, like anything else not yet published.
  return { id, review_status: state === 'published' ? 'published' : 'pending' };
}

/** writeMessage for a caller that needs only the new id (the seed, tests). */
export async function addMessage(
  input: MessageInput,
  author: { userId: number | null; nickName: string; ip?: string; isAdmin?: boolean },
): Promise<number> {
  return (await writeMessage(input, author)).id;
}

export type Actor = { id: number; isAdmin: boolean };

/** Changes a message: its author or an admin (back to the queue when the rules say so). */
export async function updateMessage(id: number, input: MessageInput, actor: Actor): Promise<void> {
  const row = await db.selectFrom('message').select('user_id').where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(MSG.guestbookMessage);
  if (row.user_id !== actor.id && !actor.isAdmin) throw forbidden(MSG.ownMessageEdit);
  // An edit meets the word and link rules again; a hit takes a live message back off the pages.
  const { state, reason } = await stateAfterEdit(input.message, actor.isAdmin, [input.tag]);
  // A clean edit keeps the state it had, and so the reason it was held for.
  const held = state === 'published' ? {} : { review_status: state, review_reason: reason };
  changes('messages', `message:${id}`);
  await db
    .updateTable('message')
    .set({ ...input, ...held, updatedAt: new Date().toISOString() })
    .where('id', '=', id)
    .execute();
}

/**
 * Deletes messages (all the actor's own, or any for an admin) with their comments and likes; returns
 * how many there were.
 */
export async function deleteMessages(ids: number[], actor: Actor): Promise<number> {
  const rows = await db.selectFrom('message').select(['id', 'user_id']).where('id', 'in', ids).execute();
  if (rows.length === 0) throw notFound(MSG.guestbookMessage);
  if (!actor.isAdmin && rows.some((r) => r.user_id !== actor.id)) throw forbidden(MSG.ownMessageDelete);
  const found = rows.map((r) => r.id);
  changes('messages', ...found.map((id) => `message:${id}`));
  await db.transaction().execute(async (trx) => {
    await removeCommentsFor(trx, THING.message, found);
    await removeLikes(trx, THING.message, found);
    await trx.deleteFrom('message').where('id', 'in', found).execute();
  });
  return found.length;
}
