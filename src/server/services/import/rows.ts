import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { SLUG_PATTERN } from '../../../lib/article.ts';
import { foldUsername } from '../../../lib/names.ts';
import { ROLE } from '../../../lib/role.ts';
import { slugify } from '../../../lib/slug.ts';
import { db, dialect } from '../../db/connection.ts';
import type { Db } from '../articles/db.ts';

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

/** Names longer than the site allows are cut, not refused: an old blog's long tag still comes along. */
export const termName = (name: string) => [...name.trim()].slice(0, 20).join('');

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
