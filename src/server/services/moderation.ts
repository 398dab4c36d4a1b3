import { type Expression, type SqlBool, sql } from 'kysely';
import type { z } from 'zod';
import { excerpt } from '../../lib/community.ts';
import type { ModerationList, ModerationRow } from '../../lib/contract/admin-comments.ts';
import type { ReviewState } from '../../lib/review.ts';
import { db } from '../db/connection.ts';
import { contains, within } from './admin-filters.ts';
import { type Page, paginate } from './paginate.ts';

export type ModerationFilter = z.output<typeof ModerationList>;

/** The comments side of the list, filtered. */
function commentSide(f: ModerationFilter) {
  let q = db.selectFrom('comment').innerJoin('user as f', 'f.id', 'comment.from_id');
  if (f.type) q = q.where('comment.type', '=', f.type);
  if (f.content) q = q.where(contains('comment.content', f.content));
  if (f.from_id) q = q.where('comment.from_id', '=', f.from_id);
  if (f.from_name) q = q.where(contains('f.nick_name', f.from_name));
  if (f.time) q = q.where(within('comment.createdAt', f.time));
  if (f.review_status) q = q.where('comment.review_status', '=', f.review_status);
  return q.select([
    sql<'comment' | 'message'>`'comment'`.as('kind'),
    'comment.id as id',
    sql<number>`comment.type`.as('type'),
    'comment.for_id as for_id',
    'comment.parent_id as parent_id',
    sql<number | null>`comment.from_id`.as('from_id'),
    'f.nick_name as from_name',
    'f.avatar as from_avatar',
    'comment.content as content',
    'comment.createdAt as createdAt',
    sql<ReviewState>`comment.review_status`.as('review_status'),
    'comment.review_reason as review_reason',
  ]);
}

/** The guestbook side: messages with their author's current name, or the name a guest gave. */
function messageSide(f: ModerationFilter) {
  let q = db.selectFrom('message').leftJoin('user as u', 'u.id', 'message.user_id');
  if (f.content) q = q.where(contains('message.message', f.content));
  if (f.from_id) q = q.where('message.user_id', '=', f.from_id);
  if (f.from_name) {
    const name = f.from_name;
    q = q.where((eb) =>
      eb.or([
        contains('u.nick_name', name),
        eb.and([eb('u.id', 'is', null), contains('message.nick_name', name)]) as Expression<SqlBool>,
      ]),
    );
  }
  if (f.time) q = q.where(within('message.createdAt', f.time));
  if (f.review_status) q = q.where('message.review_status', '=', f.review_status);
  return q.select((eb) => [
    sql<'comment' | 'message'>`'message'`.as('kind'),
    'message.id as id',
    sql<number>`4`.as('type'),
    'message.id as for_id',
    sql<number | null>`NULL`.as('parent_id'),
    sql<number | null>`message.user_id`.as('from_id'),
    eb.fn.coalesce('u.nick_name', 'message.nick_name').as('from_name'),
    eb.fn.coalesce('u.avatar', sql<string>`''`).as('from_avatar'),
    'message.message as content',
    'message.createdAt as createdAt',
    sql<ReviewState>`message.review_status`.as('review_status'),
    'message.review_reason as review_reason',
  ]);
}

/**
 * The console's one list of comments and guestbook messages (POST /api/comment/getModerationList),
 * newest first, with the filters of the screen; comments of private things too (the caller is an
 * admin). Each row names what it is under (one query per kind of thing on the page).
 */
export async function listModeration(f: ModerationFilter): Promise<Page<ModerationRow>> {
  // One kind asked for: one table; none: both, merged by time.
  const sides = () => {
    if (f.type === 4) return messageSide(f).as('m');
    if (f.type) return commentSide(f).as('m');
    return commentSide(f).unionAll(messageSide(f)).as('m');
  };
  const all = db.selectFrom(sides());
  const page = await paginate(
    f,
    (limit, offset) =>
      all
        .selectAll()
        .orderBy('createdAt', 'desc')
        .orderBy('kind')
        .orderBy('id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
    async () =>
      (
        await all
          .select(sql<number>`count(*)`.as('n'))
          .$castTo<{ n: number | string }>()
          .executeTakeFirstOrThrow()
      ).n,
  );
  const subjects = await subjectsOf(page.list);
  return {
    ...page,
    list: page.list.map((r) => ({
      ...r,
      type: r.type as ModerationRow['type'],
      subject: subjects.get(`${r.type === 4 ? 3 : r.type}:${r.for_id}`) ?? null,
    })),
  };
}

/** `type:id` → name of what the rows are under (type 3 and 4 both name a message). */
async function subjectsOf(rows: { type: number; for_id: number }[]): Promise<Map<string, string>> {
  const ids = (...types: number[]) => [
    ...new Set(rows.filter((r) => types.includes(r.type)).map((r) => r.for_id)),
  ];
  const [articles, talks, messages] = [ids(1), ids(2), ids(3, 4)];
  const [a, t, m] = await Promise.all([
    articles.length
      ? db.selectFrom('article').select(['id', 'article_title as name']).where('id', 'in', articles).execute()
      : [],
    talks.length
      ? db.selectFrom('talk').select(['id', 'content as name']).where('id', 'in', talks).execute()
      : [],
    messages.length
      ? db.selectFrom('message').select(['id', 'message as name']).where('id', 'in', messages).execute()
      : [],
  ]);
  const out = new Map<string, string>();
  for (const r of a) out.set(`1:${r.id}`, r.name);
  for (const r of t) out.set(`2:${r.id}`, excerpt(r.name, 30));
  for (const r of m) out.set(`3:${r.id}`, excerpt(r.name, 30));
  return out;
}
