import { type Kysely, sql } from 'kysely';
import { foldUsername } from '../../../lib/names.ts';
import type { MigrationContext } from './index.ts';

/**
 * Usernames are unique after NFKC + lower-case folding (`Admin`, `ａｄｍｉｎ` and `admin` are one name):
 * `user.username_key` holds the folded name under a unique index, so a second one is refused by the
 * database itself, also when two registrations race.
 *
 * Folding needs NFKC, which neither SQLite nor PostgreSQL spells the same way, so existing rows are
 * keyed here in JavaScript. Where old rows already fold alike, the admin (else the oldest account)
 * gets the key and the others keep a null one (a unique index allows many nulls on both dialects):
 * they still log in by their exact username, and no new account can take any of those names.
 */
export async function up(db: Kysely<unknown>, _ctx: MigrationContext): Promise<void> {
  await db.schema.alterTable('user').addColumn('username_key', 'text').execute();
  const rows = await sql<{ id: number; username: string }>`
    SELECT id, username FROM "user" ORDER BY role, id`.execute(db);
  const keyed = new Set<string>();
  for (const row of rows.rows) {
    const key = foldUsername(row.username);
    if (keyed.has(key)) continue;
    keyed.add(key);
    await sql`UPDATE "user" SET username_key = ${key} WHERE id = ${row.id}`.execute(db);
  }
  await db.schema.createIndex('user_username_folded').unique().on('user').column('username_key').execute();
}
