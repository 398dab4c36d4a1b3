import type { Kysely, Transaction } from 'kysely';
import { ARTICLE_STATUS } from '../../lib/article.ts';
import { excerpt, THING } from '../../lib/community.ts';
import type { CommentItem, ParentComment } from '../../lib/contract/comments.ts';
import { forbidden, notFound } from '../core/errors.ts';
import { MSG } from '../core/messages.ts';
import { changes, commentLikesTag, commentsTag, shows, userTag } from '../core/page-tags.ts';
import { db } from '../db/connection.ts';
import type { DB } from '../db/schema.ts';
import { likedIds, removeLikes, type Viewer } from './likes.ts';
import { mailComment } from './mail/events.ts';
import { wakeSender } from './mail/outbox.ts';
import { createNotify, escapeHtml, NOTIFY, who } from './notify.ts';
import { countRows, type Page, paginate } from './paginate.ts';
import { commentVisible, thingVisible } from './visibility.ts';

/** What a comment is about: 1 article, 2 talk, 3 guestbook message. */
export type CommentType = 1 | 2 | 3;

type Conn = Kysely<DB> | Transaction<DB>;

export type { CommentItem, Page, ParentComment };

/** Replies shown under each parent before "more". */
export const PREVIEW_REPLIES = 3;

function selectComments(conn: Conn) {
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
      'comment.createdAt',
    ]);
}

type Shown = { id: number; type: number; for_id: number; from_id: number; to_id: number | null };

/**
 * Comments as a page shows them: with their like counts (a like names the comments of the thing,
 * core/page-tags.ts) and their authors' names and avatars; the viewer's own likes for /api only.
 */
async function withLikes<T extends Shown>(rows: T[], viewer: Viewer | null) {
  for (const r of rows) {
    shows(commentsTag(r.type, r.for_id), commentLikesTag(r.type, r.for_id), userTag(r.from_id));
    if (r.to_id) shows(userTag(r.to_id));
  }
  const liked = await likedIds(
    4,
    rows.map((r) => r.id),
    viewer,
  );
  return rows.map((r) => ({ ...r, is_like: liked.has(r.id) }));
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
    .where('comment.parent_id', 'is', null);
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
          .where('parent_id', 'is', null),
      ),
  );
  const ids = rows.map((r) => r.id);
  const totals = new Map<number, number>();
  if (ids.length) {
    const counted = await db
      .selectFrom('comment')
      .select(['parent_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('parent_id', 'in', ids)
      .groupBy('parent_id')
      .execute();
    for (const c of counted) totals.set(c.parent_id as number, Number(c.n));
  }
  const previews = await Promise.all(
    rows.map((r) =>
      totals.get(r.id)
        ? selectComments(db)
            .where('comment.parent_id', '=', r.id)
            .orderBy('comment.createdAt')
            .orderBy('comment.id')
            .limit(PREVIEW_REPLIES)
            .execute()
        : Promise.resolve([]),
    ),
  );
  const all = await withLikes([...rows, ...previews.flat()], viewer);
  const byId = new Map(all.map((c) => [c.id, c]));
  const list = rows.map((r, i) => ({
    ...(byId.get(r.id) as CommentItem),
    childrenTotal: totals.get(r.id) ?? 0,
    childrenList: previews[i].map((p) => byId.get(p.id) as CommentItem),
  }));
  return { current: input.current, size: input.size, list, total };
}

/** Replies of one parent comment, oldest first (a conversation). */
export async function listChildren(
  input: { parent_id: number; current: number; size: number },
  viewer: Viewer | null,
): Promise<Page<CommentItem>> {
  if (!(await commentVisible(input.parent_id, viewer?.isAdmin === true)))
    return { current: input.current, size: input.size, list: [], total: 0 };
  return paginate(
    input,
    async (limit, offset) =>
      withLikes(
        await selectComments(db)
          .where('comment.parent_id', '=', input.parent_id)
          .orderBy('comment.createdAt')
          .orderBy('comment.id')
          .limit(limit)
          .offset(offset)
          .execute(),
        viewer,
      ),
    () => countRows(db.selectFrom('comment').where('parent_id', '=', input.parent_id)),
  );
}

/** Every comment of a thing, replies included (0 for a thing the viewer may not see). */
export async function commentTotal(type: CommentType, forId: number, isAdmin = false): Promise<number> {
  shows(commentsTag(type, forId));
  if (!(await thingVisible(type, forId, isAdmin))) return 0;
  const row = await db
    .selectFrom('comment')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('type', '=', type)
    .where('for_id', '=', forId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Comment totals of several things of one type (list pages). */
export async function commentTotals(type: CommentType, ids: number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (ids.length === 0) return out;
  const rows = await db
    .selectFrom('comment')
    .select(['for_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('type', '=', type)
    .where('for_id', 'in', ids)
    .groupBy('for_id')
    .execute();
  for (const r of rows) out.set(r.for_id, Number(r.n));
  return out;
}

/** The thing a comment is about, if the viewer may comment on it: its owner and a label for notices. */
async function target(
  type: CommentType,
  forId: number,
  isAdmin: boolean,
): Promise<{ ownerId: number | null; label: string } | null> {
  if (type === THING.article) {
    const a = await db
      .selectFrom('article')
      .select(['author_id', 'article_title', 'status'])
      .where('id', '=', forId)
      .executeTakeFirst();
    if (!a || (a.status !== ARTICLE_STATUS.public && !isAdmin)) return null;
    return { ownerId: a.author_id, label: `你的文章《${escapeHtml(a.article_title)}》` };
  }
  if (type === THING.talk) {
    const t = await db
      .selectFrom('talk')
      .select(['user_id', 'status'])
      .where('id', '=', forId)
      .executeTakeFirst();
    if (!t || (t.status !== 1 && !isAdmin)) return null;
    return { ownerId: t.user_id, label: '你的说说' };
  }
  const m = await db.selectFrom('message').select('user_id').where('id', '=', forId).executeTakeFirst();
  if (!m) return null;
  return { ownerId: m.user_id, label: '你的留言' };
}

const NOTIFY_TYPE = { 1: NOTIFY.article, 2: NOTIFY.talk, 3: NOTIFY.guestbook } as const;

export type Author = { id: number; nick_name: string; isAdmin: boolean; ip: string };

export type AddResult = { ok: true; comment: CommentItem } | { ok: false; reason: string };

async function fetchOne(conn: Conn, id: number): Promise<CommentItem> {
  const row = await selectComments(conn).where('comment.id', '=', id).executeTakeFirstOrThrow();
  return { ...row, is_like: false };
}

/** A top-level comment; notifies the owner of the thing (not when commenting on one's own). */
export async function addComment(
  input: { type: CommentType; for_id: number; content: string },
  author: Author,
): Promise<AddResult> {
  const thing = await target(input.type, input.for_id, author.isAdmin);
  if (!thing) return { ok: false, reason: '评论的内容不存在' };
  changes(commentsTag(input.type, input.for_id));
  const added = await db.transaction().execute(async (trx) => {
    const now = new Date().toISOString();
    const row = await trx
      .insertInto('comment')
      .values({
        type: input.type,
        for_id: input.for_id,
        parent_id: null,
        from_id: author.id,
        to_id: null,
        content: input.content,
        thumbs_up: 0,
        ip: author.ip,
        ip_address: '',
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (thing.ownerId) {
      await createNotify(
        {
          userId: thing.ownerId,
          actorId: author.id,
          type: NOTIFY_TYPE[input.type],
          toId: input.for_id,
          message: `${who(author.nick_name)} 评论了${thing.label}：${escapeHtml(excerpt(input.content))}`,
        },
        trx,
      );
    }
    // The same moment mails (docs/owner-guide.md#邮件): a comment on a guestbook message answers its
    // author; the blogger hears of every comment.
    await mailComment(trx, {
      comment: { id: row.id, ...input },
      author,
      repliedTo: input.type === THING.message ? thing.ownerId : null,
      onMessage: true,
    });
    return { ok: true as const, comment: await fetchOne(trx, row.id) };
  });
  wakeSender();
  return added;
}

/**
 * A reply under a top-level comment to someone in that thread (the parent's author or a replier);
 * notifies the person replied to.
 */
export async function applyComment(
  input: { type: CommentType; for_id: number; content: string; parent_id: number; to_id: number },
  author: Author,
): Promise<AddResult> {
  const parent = await db
    .selectFrom('comment')
    .select(['id', 'type', 'for_id', 'parent_id', 'from_id'])
    .where('id', '=', input.parent_id)
    .executeTakeFirst();
  if (!parent || parent.parent_id != null || parent.type !== input.type || parent.for_id !== input.for_id)
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
  changes(commentsTag(input.type, input.for_id));
  const added = await db.transaction().execute(async (trx) => {
    const now = new Date().toISOString();
    const row = await trx
      .insertInto('comment')
      .values({
        type: input.type,
        for_id: input.for_id,
        parent_id: parent.id,
        from_id: author.id,
        to_id: input.to_id,
        content: input.content,
        thumbs_up: 0,
        ip: author.ip,
        ip_address: '',
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await createNotify(
      {
        userId: input.to_id,
        actorId: author.id,
        type: NOTIFY_TYPE[input.type],
        toId: input.for_id,
        message: `${who(author.nick_name)} 回复了你的评论：${escapeHtml(excerpt(input.content))}`,
      },
      trx,
    );
    await mailComment(trx, {
      comment: { id: row.id, type: input.type, for_id: input.for_id, content: input.content },
      author,
      repliedTo: input.to_id,
    });
    return { ok: true as const, comment: await fetchOne(trx, row.id) };
  });
  wakeSender();
  return added;
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
