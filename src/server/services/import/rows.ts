import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { SLUG_PATTERN } from '../../../lib/article.ts';
import { foldUsername } from '../../../lib/names.ts';
import { ROLE } from '../../../lib/role.ts';
import { slugify } from '../../../lib/slug.ts';
import { db, dialect } from '../../db/connection.ts';
import type { Db } from '../articles/db.ts';
import { deviceOf } from '../writer-place.ts';
import type { Writer } from './types.ts';

/** Rows every source writes the same way, inside the item's transaction (run.ts). */

const now = () => new Date().toISOString();

/** The first admin: imported articles are theirs. */
export async function ownerId(conn: Db = db): Promise<number> {
  const admin = await conn
    .selectFrom('user')
    .select('id')
    .where('role', '=', ROLE.admin)
    .orderBy('id')
    .executeTakeFirst();
  if (!admin) throw new Error('没有管理员账号：先运行 npm run blog -- create-admin <username>');
  return admin.id;
}

/** The longest category or tag name the site takes (the console's rule, api/articles.ts). */
export const TERM_MAX = 20;

/** Names longer than the site allows are cut, not refused: an old blog's long tag still comes along. */
export const termName = (name: string) => [...name.trim()].slice(0, TERM_MAX).join('');

export async function categoryId(trx: Db, name: string): Promise<number> {
  const found = await trx
    .selectFrom('category')
    .select('id')
    .where('category_name', '=', termName(name))
    .executeTakeFirst();
  if (found) return found.id;
  const row = await trx
    .insertInto('category')
    .values({ category_name: termName(name), createdAt: now(), updatedAt: now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function tagId(trx: Db, name: string): Promise<number> {
  const found = await trx
    .selectFrom('tag')
    .select('id')
    .where('tag_name', '=', termName(name))
    .executeTakeFirst();
  if (found) return found.id;
  const row = await trx
    .insertInto('tag')
    .values({ tag_name: termName(name), createdAt: now(), updatedAt: now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A free slug from the source's (or the title's), or undefined to let the site make one. */
export async function freeSlug(trx: Db, wanted: string): Promise<string | undefined> {
  let slug = wanted;
  try {
    slug = decodeURIComponent(wanted);
  } catch {}
  slug = slugify(slug);
  if (!slug || !SLUG_PATTERN.test(slug)) return undefined;
  const taken = await trx.selectFrom('article').select('id').where('slug', '=', slug).executeTakeFirst();
  return taken ? undefined : slug;
}

/**
 * A guest who wrote comments on the old blog, kept as an account that cannot sign in (its password
 * field holds no hash) so their comments keep their name: one per name and address.
 */
export async function guestUser(trx: Db, name: string, email: string): Promise<number> {
  const digest = createHash('sha256').update(`${name}\n${email.toLowerCase()}`).digest('hex').slice(0, 12);
  const username = `guest_${digest}`;
  const found = await trx.selectFrom('user').select('id').where('username', '=', username).executeTakeFirst();
  if (found) return found.id;
  const row = await trx
    .insertInto('user')
    .values({
      username,
      username_key: foldUsername(username),
      password: '!',
      nick_name: [...(name.trim() || '访客')].slice(0, 20).join(''),
      email: email.trim(),
      avatar: '',
      qq: '',
      role: ROLE.user,
      ip: '',
      createdAt: now(),
      updatedAt: now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** An old blog's comment as its row here; each source says who wrote it and what it answers. */
export type ImportedComment = {
  /** 1 article, 2 talk, 3 guestbook message; `forId` the row it is under. */
  type: 1 | 2 | 3;
  forId: number;
  /** The source id of the comment it answers, when it is a reply. */
  replyTo?: string;
  /** Asked once what it answers was found: a failed reply makes no account. */
  author: () => Promise<number>;
  content: string;
  likes: number;
  ip: string;
  /** The browser as the source keeps it ('' when it does not): the row keeps its summary. */
  ua: string;
  state: string;
  /** ISO; undefined when the source has none (then now). */
  createdAt?: string;
};

/**
 * Writes an imported comment. Threads here are two levels deep: a reply at any depth goes under its
 * thread's first comment, addressed (to_id) to the one it answered.
 */
export async function insertComment(w: Writer, c: ImportedComment): Promise<number> {
  let parentId: number | null = null;
  let toId: number | null = null;
  if (c.replyTo) {
    const pid = await w.idOf('comment', c.replyTo);
    const row = pid
      ? await w.trx
          .selectFrom('comment')
          .select(['id', 'parent_id', 'from_id'])
          .where('id', '=', pid)
          .executeTakeFirst()
      : undefined;
    if (!row) throw new Error(`回复的评论 ${c.replyTo} 没有导入`);
    parentId = row.parent_id ?? row.id;
    toId = row.from_id;
  }
  const stamp = c.createdAt ?? now();
  const row = await w.trx
    .insertInto('comment')
    .values({
      type: c.type,
      for_id: c.forId,
      parent_id: parentId,
      from_id: await c.author(),
      to_id: toId,
      content: c.content,
      thumbs_up: c.likes,
      ip: c.ip,
      ip_address: '',
      review_status: c.state,
      user_agent: deviceOf(c.ua),
      createdAt: stamp,
      updatedAt: stamp,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * After rows were written with ids of their own (kept from the source): PostgreSQL's sequences move
 * past the largest id, so the next row the site makes does not collide (SQLite's AUTOINCREMENT
 * follows by itself).
 */
export async function syncSequences(tables: string[]): Promise<void> {
  if (dialect !== 'postgres') return;
  for (const table of tables)
    await sql`SELECT setval(pg_get_serial_sequence(${table}, 'id'), GREATEST((SELECT MAX(id) FROM ${sql.table(table)}), 1))`.execute(
      db,
    );
}
