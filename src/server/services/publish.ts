import type { Kysely, Transaction } from 'kysely';
import { ARTICLE_STATUS } from '../../lib/article.ts';
import { excerpt, THING } from '../../lib/community.ts';
import { thingName } from '../../lib/mail.ts';
import { ROLE } from '../../lib/role.ts';
import { changes, commentsTag } from '../core/page-tags.ts';
import { db } from '../db/connection.ts';
import type { DB } from '../db/schema.ts';
import { mailComment, mailNewMessage } from './mail/events.ts';
import { createNotify, escapeHtml, NOTIFY, notifyAdmins, who } from './notify.ts';

/**
 * What happens when a comment or guestbook message becomes visible: at once when it is written and
 * goes live, or later when the owner approves it from the queue (docs/owner-guide.md#评论审核). One
 * path for both, so an approved item notifies and refreshes pages exactly as a new one would.
 */

type Conn = Kysely<DB> | Transaction<DB>;

/** The thing a comment is about, if the viewer may comment on it: its owner and a label for notices. */
export async function target(
  type: number,
  forId: number,
  isAdmin: boolean,
  conn: Conn = db,
): Promise<{ ownerId: number | null; label: string; name: string } | null> {
  if (type === THING.article) {
    const a = await conn
      .selectFrom('article')
      .select(['author_id', 'article_title', 'status'])
      .where('id', '=', forId)
      .executeTakeFirst();
    if (!a || (a.status !== ARTICLE_STATUS.public && !isAdmin)) return null;
    return {
      ownerId: a.author_id,
      label: `你的文章《${escapeHtml(a.article_title)}》`,
      name: thingName(THING.article, a.article_title),
    };
  }
  if (type === THING.talk) {
    const t = await conn
      .selectFrom('talk')
      .select(['user_id', 'status'])
      .where('id', '=', forId)
      .executeTakeFirst();
    if (!t || (t.status !== 1 && !isAdmin)) return null;
    return { ownerId: t.user_id, label: '你的说说', name: thingName(THING.talk) };
  }
  const m = await conn
    .selectFrom('message')
    .select(['user_id', 'review_status'])
    .where('id', '=', forId)
    .executeTakeFirst();
  if (!m || (m.review_status !== 'published' && !isAdmin)) return null;
  return { ownerId: m.user_id, label: '你的留言', name: thingName(THING.message) };
}

const NOTIFY_TYPE: Record<number, (typeof NOTIFY)[keyof typeof NOTIFY]> = {
  1: NOTIFY.article,
  2: NOTIFY.talk,
  3: NOTIFY.guestbook,
};

/** Who published: absent when an item went live as it was written, the owner's id when approved. */
export type Publisher = { approvedBy?: number };

/**
 * A comment went live (written so, or approved): its thing's pages drop from the cache, and the
 * person it answers hears of it — the owner of the thing for a top-level comment, the addressee
 * for a reply (nobody about their own) — by notice and mail (mail/events.ts); an approved one also
 * mails its author. The comment's row brings its author's address and role, and a top-level one's
 * thing its name, so the mail costs no further reads of them. Takes the caller's transaction, so the notice, the mail and the state change land
 * together (the caller wakes the sender after the commit).
 */
export async function onCommentPublished(ids: number[], conn: Conn = db, by: Publisher = {}): Promise<void> {
  if (ids.length === 0) return;
  const rows = await conn
    .selectFrom('comment')
    .innerJoin('user', 'user.id', 'comment.from_id')
    .select([
      'comment.id',
      'comment.type',
      'comment.for_id',
      'comment.parent_id',
      'comment.from_id',
      'comment.to_id',
      'comment.content',
      'user.nick_name',
      'user.email',
      'user.role',
    ])
    .where('comment.id', 'in', ids)
    .execute();
  for (const c of rows) {
    changes(commentsTag(c.type, c.for_id));
    const notice = { actorId: c.from_id, type: NOTIFY_TYPE[c.type], toId: c.for_id };
    const text = escapeHtml(excerpt(c.content));
    // The one answered: the addressee of a reply, the author of a guestbook message commented on.
    let answered: number | null = null;
    let where: string | undefined;
    if (c.parent_id != null && c.to_id) {
      answered = c.to_id;
      await createNotify(
        { ...notice, userId: c.to_id, message: `${who(c.nick_name)} 回复了你的评论：${text}` },
        conn,
      );
    } else if (c.parent_id == null) {
      const thing = await target(c.type, c.for_id, true, conn);
      where = thing?.name;
      if (c.type === THING.message) answered = thing?.ownerId ?? null;
      if (thing?.ownerId)
        await createNotify(
          { ...notice, userId: thing.ownerId, message: `${who(c.nick_name)} 评论了${thing.label}：${text}` },
          conn,
        );
    }
    await mailComment(conn, {
      comment: c,
      author: { id: c.from_id, nick_name: c.nick_name, email: c.email, admin: c.role === ROLE.admin },
      where,
      repliedTo: answered,
      onMessage: c.parent_id == null && c.type === THING.message,
      phase: by.approvedBy ? 'approved' : 'live',
      approvedBy: by.approvedBy,
    });
  }
}

/**
 * A guestbook message went live (written so, or approved): the guestbook's pages and its own page
 * drop from the cache, and the admins hear of it (not an admin about their own); written so, the
 * blogger is mailed too (approved, they have read it).
 */
export async function onMessagePublished(ids: number[], conn: Conn = db, by: Publisher = {}): Promise<void> {
  if (ids.length === 0) return;
  const rows = await conn
    .selectFrom('message')
    .leftJoin('user', 'user.id', 'message.user_id')
    .select((eb) => [
      'message.id',
      'message.user_id',
      'message.message',
      eb.fn.coalesce('user.nick_name', 'message.nick_name').as('nick_name'),
    ])
    .where('message.id', 'in', ids)
    .execute();
  for (const m of rows) {
    // Its page (/message/detail?id=) may have been cached as missing.
    changes('messages', `message:${m.id}`);
    await notifyAdmins(
      {
        type: NOTIFY.guestbook,
        toId: m.id,
        actorId: m.user_id,
        message: `${who(m.nick_name)} 在留言板给你留言了：${escapeHtml(excerpt(m.message))}`,
      },
      conn,
    );
    if (!by.approvedBy)
      await mailNewMessage(conn, {
        messageId: m.id,
        message: m.message,
        userId: m.user_id,
        nickName: m.nick_name ?? '',
        pending: false,
      });
  }
}
