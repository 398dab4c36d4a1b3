import type { ExpressionBuilder, Kysely, Transaction } from 'kysely';
import { THING } from '../../lib/community.ts';
import type { CommentItem, ParentComment } from '../../lib/contract/comments.ts';
import { forbidden, notFound } from '../core/errors.ts';
import { MSG } from '../core/messages.ts';
import { changes, commentLikesTag, commentsTag, shows, userTag } from '../core/page-tags.ts';
import { db } from '../db/connection.ts';
import type { DB } from '../db/schema.ts';
import { likedIds, removeLikes, type Viewer } from './likes.ts';
import { mailComment } from './mail/events.ts';
import { wakeSender } from './mail/outbox.ts';
import { countRows, type Page, paginate } from './paginate.ts';
import { onCommentPublished, target } from './publish.ts';
import { BLOCKED_ADDRESS, isBlocked, reviewSettings, stateOf } from './review.ts';
import { type GuardSettings, guardSettings } from './site.ts';
import { commentVisible, thingVisible } from './visibility.ts';
import { placeOf, shownPlace } from './writer-place.ts';

/** What a comment is about: 1 article, 2 talk, 3 guestbook message. */
export type CommentType = 1 | 2 | 3;

type Conn = Kysely<DB> | Transaction<DB>;

export type { CommentItem, Page, ParentComment };

/** Replies shown under each parent before "more". */
export const PREVIEW_REPLIES = 3;

export function selectComments(conn: Conn) {
  return conn
    .selectFrom('comment')
    .innerJoin('user as f', 'f.id', 'comment.from_id')
    .leftJoin('user as t', 't.id', 'comment.to_id')
    .select([
      'comment.id',
      'comment.type',
      'comment.for_id',
      'comment.parent_id',
      'comment.from_id',
      'f.nick_name as from_name',
      'f.avatar as from_avatar',
      'comment.to_id',
      't.nick_name as to_name',
      'comment.content',
      'comment.thumbs_up',
      'comment.ip_address as ipAddress',
      'comment.user_agent as userAgent',
      'comment.createdAt',
      'comment.review_status',
    ]);
}

/**
 * What a visitor's lists hold (docs/owner-guide.md#评论审核): published comments, and a signed-in
 * viewer's own that wait (a spam verdict shows to its author as waiting too, so a spammer learns
 * nothing). Counts shown on pages use `published` alone.
 */
export function shownTo(viewer: Viewer | null) {
  return (eb: ExpressionBuilder<DB, 'comment'>) =>
    viewer?.userId
      ? eb.or([eb('comment.review_status', '=', 'published'), eb('comment.from_id', '=', viewer.userId)])
      : eb('comment.review_status', '=', 'published');
}

/** The state an item's own list shows: 审核中 (pending) for anything not published. */
const asShown = <T extends { review_status: string }>(r: T) => ({
  ...r,
  review_status: (r.review_status === 'published' ? 'published' : 'pending') as CommentItem['review_status'],
});

type Shown = {
  id: number;
  type: number;
  for_id: number;
  from_id: number;
  to_id: number | null;
  review_status: string;
  ipAddress: string;
  userAgent: string;
};

/**
 * Comments as a page shows them: with their like counts (a like names the comments of the thing,
 * core/page-tags.ts) and their authors' names and avatars; the viewer's own likes for /api only.
 */
async function withLikes<T extends Shown>(rows: T[], viewer: Viewer | null) {
  // Most pages' comments are none: no likes or settings to read for them.
  if (!rows.length) return [];
  for (const r of rows) {
    shows(commentsTag(r.type, r.for_id), commentLikesTag(r.type, r.for_id), userTag(r.from_id));
    if (r.to_id) shows(userTag(r.to_id));
  }
  const [liked, on] = await Promise.all([
    likedIds(
      4,
      rows.map((r) => r.id),
      viewer,
    ),
    guardSettings(),
  ]);
  return shownPlace(rows, on).map((r) => ({ ...asShown(r), is_like: liked.has(r.id) }));
}

/** Top-level comments of a thing, newest first or by likes ("hot"), each with its first replies. */
export async function listParents(
  input: { type: CommentType; for_id: number; current: number; size: number; order: 'new' | 'hot' },
  viewer: Viewer | null,
): Promise<Page<ParentComment>> {
  shows(commentsTag(input.type, input.for_id), commentLikesTag(input.type, input.for_id));
  if (!(await thingVisible(input.type, input.for_id, viewer?.isAdmin === true)))
    return { current: input.current, size: input.size, list: [], total: 0 };
  let q = selectComments(db)
    .where('comment.type', '=', input.type)
    .where('comment.for_id', '=', input.for_id)
    .where('comment.parent_id', 'is', null)
    .where(shownTo(viewer));
  q = input.order === 'hot' ? q.orderBy('comment.thumbs_up', 'desc') : q;
  const { list: rows, total } = await paginate(
    input,
    (limit, offset) =>
      q
        .orderBy('comment.createdAt', 'desc')
        .orderBy('comment.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
    () =>
      countRows(
        db
          .selectFrom('comment')
          .where('type', '=', input.type)
          .where('for_id', '=', input.for_id)
          .where('parent_id', 'is', null)
          .where(shownTo(viewer)),
      ),
  );
  return { current: input.current, size: input.size, list: await withReplies(rows, viewer), total };
}

type CommentRow = Awaited<ReturnType<ReturnType<typeof selectComments>['execute']>>[number];

/** Top-level comments with their reply counts, first replies, likes and authors. */
export async function withReplies(rows: CommentRow[], viewer: Viewer | null): Promise<ParentComment[]> {
  const ids = rows.map((r) => r.id);
  const totals = new Map<number, number>();
  if (ids.length) {
    const counted = await db
      .selectFrom('comment')
      .select(['parent_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('parent_id', 'in', ids)
      .where(shownTo(viewer))
      .groupBy('parent_id')
      .execute();
    for (const c of counted) totals.set(c.parent_id as number, Number(c.n));
  }
  const previews = await Promise.all(
    rows.map((r) =>
      totals.get(r.id)
        ? selectComments(db)
            .where('comment.parent_id', '=', r.id)
            .where(shownTo(viewer))
            .orderBy('comment.createdAt')
            .orderBy('comment.id')
            .limit(PREVIEW_REPLIES)
            .execute()
        : Promise.resolve([]),
    ),
  );
  const all = await withLikes([...rows, ...previews.flat()], viewer);
  const byId = new Map(all.map((c) => [c.id, c]));
  return rows.map((r, i) => ({
    ...(byId.get(r.id) as CommentItem),
    childrenTotal: totals.get(r.id) ?? 0,
    childrenList: previews[i].map((p) => byId.get(p.id) as CommentItem),
  }));
}

/** Replies of one parent comment, oldest first (a conversation). */
export async function listChildren(
  input: { parent_id: number; current: number; size: number },
  viewer: Viewer | null,
): Promise<Page<CommentItem>> {
  if (!(await commentVisible(input.parent_id, viewer?.isAdmin === true, db, viewer?.userId)))
    return { current: input.current, size: input.size, list: [], total: 0 };
  return paginate(
    input,
    async (limit, offset) =>
      withLikes(
        await selectComments(db)
          .where('comment.parent_id', '=', input.parent_id)
          .where(shownTo(viewer))
          .orderBy('comment.createdAt')
          .orderBy('comment.id')
          .limit(limit)
          .offset(offset)
          .execute(),
        viewer,
      ),
    () => countRows(db.selectFrom('comment').where('parent_id', '=', input.parent_id).where(shownTo(viewer))),
  );
}

/** Every published comment of a thing, replies included (0 for a thing the viewer may not see). */
export async function commentTotal(type: CommentType, forId: number, isAdmin = false): Promise<number> {
  shows(commentsTag(type, forId));
  if (!(await thingVisible(type, forId, isAdmin))) return 0;
  const row = await db
    .selectFrom('comment')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('type', '=', type)
    .where('for_id', '=', forId)
    .where('review_status', '=', 'published')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Published comment totals of several things of one type (list pages). */
export async function commentTotals(type: CommentType, ids: number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (ids.length === 0) return out;
  const rows = await db
    .selectFrom('comment')
    .select(['for_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('type', '=', type)
    .where('for_id', 'in', ids)
    .where('review_status', '=', 'published')
    .groupBy('for_id')
    .execute();
  for (const r of rows) out.set(r.for_id, Number(r.n));
  return out;
}

/** The writer, with their address and User-Agent header (kept only as the owner's settings say). */
export type Author = { id: number; nick_name: string; isAdmin: boolean; ip: string; userAgent: string };

export type AddResult = { ok: true; comment: CommentItem } | { ok: false; reason: string };

async function fetchOne(conn: Conn, id: number, on: GuardSettings): Promise<CommentItem> {
  const row = await selectComments(conn).where('comment.id', '=', id).executeTakeFirstOrThrow();
  return { ...asShown(shownPlace([row], on)[0]), is_like: false };
}

/**
 * Writes a comment or reply in the state the owner's settings give it (review.ts); one that goes live
 * is announced at once (publish.ts), one that waits notifies nobody until approved but mails the
 * blogger to review it; spam is silent.
 */
async function insertComment(
  values: {
    type: CommentType;
    for_id: number;
    parent_id: number | null;
    to_id: number | null;
    content: string;
  },
  author: Author,
): Promise<AddResult> {
  // Both read before the transaction (on SQLite its one connection is the transaction's until it
  // ends), side by side: on PostgreSQL one round trip instead of two.
  const [settings, on] = await Promise.all([reviewSettings(), guardSettings()]);
  if (isBlocked(settings, author.ip)) throw forbidden(BLOCKED_ADDRESS);
  const { state, reason } = await stateOf(values.content, settings, {
    isAdmin: author.isAdmin,
    userId: author.id,
  });
  const place = placeOf(author.ip, author.userAgent, on);
  const added = await db.transaction().execute(async (trx) => {
    const now = new Date().toISOString();
    const row = await trx
      .insertInto('comment')
      .values({
        ...values,
        from_id: author.id,
        thumbs_up: 0,
        ip: author.ip,
        ...place,
        review_status: state,
        review_reason: reason,
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (state === 'published') await onCommentPublished([row.id], trx);
    else if (state === 'pending')
      await mailComment(trx, {
        comment: { ...values, id: row.id },
        author,
        repliedTo: null,
        phase: 'pending',
      });
    return { ok: true as const, comment: await fetchOne(trx, row.id, on) };
  });
  wakeSender();
  return added;
}

/** A top-level comment; once live, notifies the owner of the thing (not when commenting on one's own). */
export async function addComment(
  input: { type: CommentType; for_id: number; content: string },
  author: Author,
): Promise<AddResult> {
  if (!(await target(input.type, input.for_id, author.isAdmin)))
    return { ok: false, reason: '评论的内容不存在' };
  return insertComment({ ...input, parent_id: null, to_id: null }, author);
}

/**
 * A reply under a top-level comment to someone in that thread (the parent's author or a replier);
 * once live, notifies the person replied to. Only a published comment can be answered (an admin may
 * answer a waiting one from the queue).
 */
export async function applyComment(
  input: { type: CommentType; for_id: number; content: string; parent_id: number; to_id: number },
  author: Author,
): Promise<AddResult> {
  const parent = await db
    .selectFrom('comment')
    .select(['id', 'type', 'for_id', 'parent_id', 'from_id', 'review_status'])
    .where('id', '=', input.parent_id)
    .executeTakeFirst();
  if (
    !parent ||
    parent.parent_id != null ||
    parent.type !== input.type ||
    parent.for_id !== input.for_id ||
    (parent.review_status !== 'published' && !author.isAdmin)
  )
    return { ok: false, reason: '回复的评论不存在' };
  const thing = await target(input.type, input.for_id, author.isAdmin);
  if (!thing) return { ok: false, reason: '评论的内容不存在' };
  const inThread =
    parent.from_id === input.to_id ||
    (await db
      .selectFrom('comment')
      .select('id')
      .where('parent_id', '=', parent.id)
      .where('from_id', '=', input.to_id)
      .executeTakeFirst()) != null;
  if (!inThread) return { ok: false, reason: '回复的用户不在这条评论里' };
  return insertComment({ ...input, parent_id: parent.id }, author);
}

/**
 * Deletes a comment (its author or an admin); a top-level comment takes its replies with it. Likes of
 * every removed comment go too. `parentId` is 0 for a top-level comment. Returns how many went.
 */
export async function deleteComment(
  id: number,
  parentId: number,
  actor: { id: number; isAdmin: boolean },
): Promise<number> {
  const row = await db
    .selectFrom('comment')
    .select(['id', 'parent_id', 'from_id', 'type', 'for_id'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row || (row.parent_id ?? 0) !== parentId) throw notFound(MSG.comment);
  if (row.from_id !== actor.id && !actor.isAdmin) throw forbidden(MSG.ownCommentOnly);
  changes(commentsTag(row.type, row.for_id));
  return db.transaction().execute(async (trx) => {
    const replies = await trx.selectFrom('comment').select('id').where('parent_id', '=', id).execute();
    await removeLikes(trx, THING.comment, [id, ...replies.map((r) => r.id)]);
    await trx.deleteFrom('comment').where('parent_id', '=', id).execute();
    await trx.deleteFrom('comment').where('id', '=', id).execute();
    return 1 + replies.length;
  });
}

/** Removes every comment of the given things and their likes (inside the caller's transaction). */
export async function removeCommentsFor(trx: Conn, type: CommentType, forIds: number[]): Promise<void> {
  if (forIds.length === 0) return;
  const ids = await trx
    .selectFrom('comment')
    .select('id')
    .where('type', '=', type)
    .where('for_id', 'in', forIds)
    .execute();
  await removeLikes(
    trx,
    4,
    ids.map((r) => r.id),
  );
  await trx
    .deleteFrom('comment')
    .where('type', '=', type)
    .where('for_id', 'in', forIds)
    .where('parent_id', 'is not', null)
    .execute();
  await trx.deleteFrom('comment').where('type', '=', type).where('for_id', 'in', forIds).execute();
}
