import { type Kysely, sql, type Transaction } from 'kysely';
import { ARTICLE_STATUS } from '../../lib/article.ts';
import { THING } from '../../lib/community.ts';
import { conflict, notFound } from '../core/errors.ts';
import { MSG } from '../core/messages.ts';
import { changes, commentLikesTag, likesTag } from '../core/page-tags.ts';
import { db } from '../db/connection.ts';
import type { DB } from '../db/schema.ts';
import { thingVisible } from './visibility.ts';

/** Who is looking: a signed-in user (likes by user id) or a guest (likes by address). */
export type Viewer = { userId: number | null; ip: string; isAdmin?: boolean };

export type LikeType = 1 | 2 | 3 | 4;

/** The counter column each kind of thing keeps beside its like rows. */
const COUNTERS = {
  [THING.article]: { table: 'article', column: 'thumbs_up_times' },
  [THING.talk]: { table: 'talk', column: 'like_times' },
  [THING.message]: { table: 'message', column: 'like_times' },
  [THING.comment]: { table: 'comment', column: 'thumbs_up' },
} as const;

type Conn = Kysely<DB> | Transaction<DB>;

/** Like rows owned by the viewer: by user id, or (guests) by address among guest rows. */
function ownedBy(viewer: Viewer) {
  return (q: ReturnType<typeof likes>) =>
    viewer.userId != null
      ? q.where('user_id', '=', viewer.userId)
      : q.where('user_id', 'is', null).where('ip', '=', viewer.ip);
}
const likes = (conn: Conn, type: LikeType) => conn.selectFrom('like').where('type', '=', type);

/** Which of `ids` the viewer has liked. */
export async function likedIds(type: LikeType, ids: number[], viewer: Viewer | null): Promise<Set<number>> {
  if (!viewer || ids.length === 0) return new Set();
  const rows = await ownedBy(viewer)(likes(db, type)).select('for_id').where('for_id', 'in', ids).execute();
  return new Set(rows.map((r) => r.for_id));
}

/** A thing's count and whether the viewer liked it; null when it is missing or hidden from the viewer. */
export async function likeInfo(
  type: LikeType,
  forId: number,
  viewer: Viewer,
): Promise<{ is_like: boolean; count: number } | null> {
  const count = await likeCount(type, forId, viewer);
  if (count == null) return null;
  return { is_like: (await likedIds(type, [forId], viewer)).has(forId), count };
}

/** Whether the viewer liked a thing; false for a thing they may not see (as for a missing one). */
export async function isLiked(type: LikeType, forId: number, viewer: Viewer): Promise<boolean> {
  return (await likeInfo(type, forId, viewer))?.is_like ?? false;
}

/** The current count of a thing, or null when it does not exist or the viewer may not see it. */
export async function likeCount(type: LikeType, forId: number, viewer: Viewer, conn: Conn = db) {
  switch (type) {
    case THING.article: {
      const row = await conn
        .selectFrom('article')
        .select(['thumbs_up_times as n', 'status'])
        .where('id', '=', forId)
        .executeTakeFirst();
      return row && (row.status === ARTICLE_STATUS.public || viewer.isAdmin) ? row.n : null;
    }
    case THING.talk: {
      const row = await conn
        .selectFrom('talk')
        .select(['like_times as n', 'status'])
        .where('id', '=', forId)
        .executeTakeFirst();
      return row && (row.status === 1 || viewer.isAdmin) ? row.n : null;
    }
    case THING.message: {
      const row = await conn
        .selectFrom('message')
        .select(['like_times as n', 'review_status'])
        .where('id', '=', forId)
        .executeTakeFirst();
      // One waiting for review is not there for anyone to like.
      return row && (row.review_status === 'published' || viewer.isAdmin) ? row.n : null;
    }
    case THING.comment: {
      const row = await conn
        .selectFrom('comment')
        .select(['thumbs_up as n', 'type', 'for_id', 'review_status'])
        .where('id', '=', forId)
        .executeTakeFirst();
      // A comment on a private article or talk is hidden with it; one waiting for review too.
      return row &&
        (row.review_status === 'published' || viewer.isAdmin) &&
        (await thingVisible(row.type, row.for_id, viewer.isAdmin === true, conn))
        ? row.n
        : null;
    }
  }
}

/**
 * The page tag of the count a like changes (core/page-tags.ts): the thing's own count, or for a
 * comment the like counts of the comments of its thing (a list of them may be ordered by likes).
 */
async function countTag(type: LikeType, forId: number, conn: Conn): Promise<string> {
  if (type !== THING.comment) return likesTag(type, forId);
  const row = await conn
    .selectFrom('comment')
    .select(['type', 'for_id'])
    .where('id', '=', forId)
    .executeTakeFirstOrThrow();
  return commentLikesTag(row.type, row.for_id);
}

/** The thing's like count after the change. */
export type LikeResult = { count: number };

/**
 * One like per user (or per guest address) and thing: the row and the counter change together in one
 * transaction, so the count never drifts from the rows. A second like is refused by the unique index.
 */
export async function addLike(type: LikeType, forId: number, viewer: Viewer): Promise<LikeResult> {
  const result = await db.transaction().execute(async (trx) => {
    if ((await likeCount(type, forId, viewer, trx)) == null) throw notFound(MSG.likeTarget);
    const res = await trx
      .insertInto('like')
      .values({
        type,
        for_id: forId,
        user_id: viewer.userId,
        ip: viewer.ip,
        createdAt: new Date().toISOString(),
      })
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    if (Number(res.numInsertedOrUpdatedRows ?? 0) === 0) throw conflict(MSG.alreadyLiked);
    const { table, column } = COUNTERS[type];
    await sql`update ${sql.table(table)} set ${sql.ref(column)} = ${sql.ref(column)} + 1 where id = ${forId}`.execute(
      trx,
    );
    return { count: (await likeCount(type, forId, viewer, trx)) ?? 0, tag: await countTag(type, forId, trx) };
  });
  changes(result.tag);
  return { count: result.count };
}

export async function cancelLike(type: LikeType, forId: number, viewer: Viewer): Promise<LikeResult> {
  const result = await db.transaction().execute(async (trx) => {
    if ((await likeCount(type, forId, viewer, trx)) == null) throw notFound(MSG.likeTarget);
    let q = trx.deleteFrom('like').where('type', '=', type).where('for_id', '=', forId);
    q =
      viewer.userId != null
        ? q.where('user_id', '=', viewer.userId)
        : q.where('user_id', 'is', null).where('ip', '=', viewer.ip);
    const res = await q.executeTakeFirst();
    if (Number(res.numDeletedRows) === 0) throw conflict(MSG.notLiked);
    const { table, column } = COUNTERS[type];
    await sql`update ${sql.table(table)} set ${sql.ref(column)} = case when ${sql.ref(column)} > 0 then ${sql.ref(column)} - 1 else 0 end where id = ${forId}`.execute(
      trx,
    );
    return { count: (await likeCount(type, forId, viewer, trx)) ?? 0, tag: await countTag(type, forId, trx) };
  });
  changes(result.tag);
  return { count: result.count };
}

/** Drops the like rows of things being deleted (inside the caller's transaction). */
export async function removeLikes(trx: Conn, type: LikeType, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await trx.deleteFrom('like').where('type', '=', type).where('for_id', 'in', ids).execute();
}
