import type { Kysely, Transaction } from 'kysely';
import { THING } from '../../lib/community.ts';
import { db } from '../db/connection.ts';
import { prepared } from '../db/prepared.ts';
import type { DB } from '../db/schema.ts';

type Conn = Kysely<DB> | Transaction<DB>;

const articleGate = prepared((d, id: number) =>
  d.selectFrom('article').select(['status', 'password']).where('id', '=', id),
);

/**
 * Whether a thing that comments hang on may be seen: a public article (status 1) or talk
 * (status 1), a published guestbook message; the admin sees every one that exists. Everything said about a
 * hidden thing — its comments, their count and likes — answers as for a thing that does not exist.
 * `type`: 1 article, 2 talk, 3 guestbook message (the comment types).
 */
export async function thingVisible(type: number, forId: number, isAdmin: boolean, conn: Conn = db) {
  if (type === THING.article) {
    // A password-protected article's comments are the admin's only (docs/api/public.md#password-protected-articles).
    // A comment list on every article page asks: compiled once, outside a transaction.
    const row = await (conn === db
      ? articleGate.first(forId)
      : conn.selectFrom('article').select(['status', 'password']).where('id', '=', forId).executeTakeFirst());
    return row != null && ((row.status === 1 && row.password === '') || isAdmin);
  }
  if (type === THING.talk) {
    const row = await conn.selectFrom('talk').select('status').where('id', '=', forId).executeTakeFirst();
    return row != null && (row.status === 1 || isAdmin);
  }
  if (type === THING.message) {
    const row = await conn
      .selectFrom('message')
      .select('review_status')
      .where('id', '=', forId)
      .executeTakeFirst();
    return row != null && (row.review_status === 'published' || isAdmin);
  }
  return false;
}

/**
 * Whether a comment may be seen: it exists, is published (or is the viewer's own, or the viewer is the
 * admin) and the thing it is about may be seen.
 */
export async function commentVisible(
  id: number,
  isAdmin: boolean,
  conn: Conn = db,
  viewerId?: number | null,
) {
  const row = await conn
    .selectFrom('comment')
    .select(['type', 'for_id', 'review_status', 'from_id'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return false;
  if (row.review_status !== 'published' && !isAdmin && row.from_id !== viewerId) return false;
  return thingVisible(row.type, row.for_id, isAdmin, conn);
}
