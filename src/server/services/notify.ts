import type { Kysely, Transaction } from 'kysely';
import { excerpt } from '../../lib/community.ts';
import type { NotifyPage } from '../../lib/contract/notify.ts';
import { sanitizeMarkup } from '../../lib/notify.ts';
import { ROLE } from '../../lib/role.ts';
import { notFound } from '../core/errors.ts';
import { MSG } from '../core/messages.ts';
import { db } from '../db/connection.ts';
import type { DB } from '../db/schema.ts';

/**
 * Notification kinds (docs/api/public.md#notifications-and-chat-history): where the drawer leads when the
 * item is opened. `account`: about the receiver's own account (its sign-in security), to_id is their id.
 */
export const NOTIFY = { article: 1, talk: 2, guestbook: 3, link: 4, account: 5 } as const;
export type NotifyType = (typeof NOTIFY)[keyof typeof NOTIFY];

/** Escapes user text for the notification's small markup (the drawer shows it as HTML). */
export const escapeHtml = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** `<b>name</b>` with the name escaped: the only markup our messages carry. */
export const who = (name: string): string => `<b>${escapeHtml(name || '游客')}</b>`;

export type NotifyInput = {
  /** Who receives it. */
  userId: number;
  type: NotifyType;
  /** The id the drawer navigates to: article id, talk id, message id, link id. */
  toId: number;
  /** Sanitized markup: build it from `who()` and `escapeHtml()` only. */
  message: string;
  /** Who caused it: nobody is notified about their own actions. */
  actorId?: number | null;
};

/** Writes one notification, unless the receiver is the actor. Returns whether one was written. */
export async function createNotify(
  input: NotifyInput,
  trx: Kysely<DB> | Transaction<DB> = db,
): Promise<boolean> {
  if (!input.userId || input.userId === input.actorId) return false;
  await trx
    .insertInto('notify')
    .values({
      user_id: input.userId,
      type: input.type,
      to_id: input.toId,
      message: input.message,
      isView: 1,
      createdAt: new Date().toISOString(),
    })
    .execute();
  return true;
}

/** The same notification to every admin but the actor (friend-link applications, new guestbook messages). */
export async function notifyAdmins(
  input: Omit<NotifyInput, 'userId'>,
  trx: Kysely<DB> | Transaction<DB> = db,
): Promise<number> {
  const admins = await trx.selectFrom('user').select('id').where('role', '=', ROLE.admin).execute();
  let n = 0;
  for (const a of admins) if (await createNotify({ ...input, userId: a.id }, trx)) n++;
  return n;
}

// ---------------------------------------------------------------------------------------------
// The drawer's calls: always scoped to the receiver.

export type { NotifyPage };

type Ref = { type: number; to_id: number };
type Viewer = { id: number; admin: boolean };

/** How much of a talk or a message names it. */
const EXCERPT = 30;

/**
 * What a notification is about, named for the drawer: an article's title, the start of a talk or a
 * guestbook message, a friend link's site name. Null when the thing is gone or the receiver may not
 * see it: a private or draft article or a private talk is named only to an admin (the visibility
 * rule of visibility.ts), a friend link still waiting for review only to an admin or its applicant.
 *
 * One query per kind of thing on the page (at most four), never one per notification.
 */
async function notifySubjects(refs: Ref[], viewer: Viewer): Promise<(string | null)[]> {
  const idsOf = (type: number) => [...new Set(refs.filter((r) => r.type === type).map((r) => r.to_id))];
  const articles = idsOf(NOTIFY.article);
  const talks = idsOf(NOTIFY.talk);
  const messages = idsOf(NOTIFY.guestbook);
  const links = idsOf(NOTIFY.link);
  const [a, t, m, l] = await Promise.all([
    articles.length
      ? db
          .selectFrom('article')
          .select(['id', 'article_title', 'status'])
          .where('id', 'in', articles)
          .execute()
      : [],
    talks.length
      ? db.selectFrom('talk').select(['id', 'content', 'status']).where('id', 'in', talks).execute()
      : [],
    messages.length
      ? db.selectFrom('message').select(['id', 'message']).where('id', 'in', messages).execute()
      : [],
    links.length
      ? db
          .selectFrom('link')
          .select(['id', 'site_name', 'status', 'user_id'])
          .where('id', 'in', links)
          .execute()
      : [],
  ]);
  const names = new Map<string, string>();
  for (const r of a)
    if (r.status === 1 || viewer.admin) names.set(`${NOTIFY.article}:${r.id}`, r.article_title);
  for (const r of t)
    if (r.status === 1 || viewer.admin) names.set(`${NOTIFY.talk}:${r.id}`, excerpt(r.content, EXCERPT));
  for (const r of m) names.set(`${NOTIFY.guestbook}:${r.id}`, excerpt(r.message, EXCERPT));
  for (const r of l)
    if (r.status === 2 || viewer.admin || r.user_id === viewer.id)
      names.set(`${NOTIFY.link}:${r.id}`, r.site_name);
  return refs.map((r) => names.get(`${r.type}:${r.to_id}`) || null);
}

/** A user's notifications, newest first, with the markup sanitized, their subjects and the unread count. */
export async function listNotify(
  userId: number,
  current: number,
  size: number,
  { admin = false }: { admin?: boolean } = {},
): Promise<NotifyPage> {
  const mine = db.selectFrom('notify').where('user_id', '=', userId);
  const [rows, counts] = await Promise.all([
    mine
      .select(['id', 'message', 'isView', 'type', 'to_id', 'createdAt'])
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .limit(size)
      .offset((current - 1) * size)
      .execute(),
    mine
      .select((eb) => [
        eb.fn.countAll<number>().as('total'),
        eb.fn.sum<number>(eb.case().when('isView', '=', 1).then(1).else(0).end()).as('unread'),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  const subjects = await notifySubjects(rows, { id: userId, admin });
  return {
    current,
    size,
    // Messages are built escaped, but the stored text is sanitized again on the way out: whatever
    // reaches the table (an old row, a future writer), the drawer only ever gets the tiny safe set.
    list: rows.map((r, i) => ({ ...r, message: sanitizeMarkup(r.message), subject: subjects[i] })),
    total: Number(counts.total),
    unread: Number(counts.unread ?? 0),
  };
}

/** Marks one of the user's notifications read; false when it is not theirs or does not exist. */
export async function markNotifyRead(userId: number, id: number): Promise<void> {
  const found = await db
    .selectFrom('notify')
    .select('id')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!found) throw notFound(MSG.notify);
  await db.updateTable('notify').set({ isView: 2 }).where('id', '=', id).execute();
}

/** Deletes one of the user's notifications; false when it is not theirs or does not exist. */
export async function deleteNotify(userId: number, id: number): Promise<void> {
  const res = await db
    .deleteFrom('notify')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (Number(res.numDeletedRows) === 0) throw notFound(MSG.notifyGone);
}
