import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './index.ts';

/**
 * docs/decisions/0012-backups-without-secrets.md: the site's secrets get a table of their own, `secret`,
 * apart from `meta` (whose other rows are ordinary state: seeded_at, pages_changed…). A backup must never
 * hold one (with the signing key an admin token for the live site can be minted), and one table is what
 * both kinds of backup can leave out whole: the SQLite download and `backup` empty it in their copy
 * (services/backup.ts), pg_dump takes `--exclude-table-data=secret`. Every secret the site keeps goes here:
 * today the token signing key (`jwt_secret`, boot/secret.ts; the music cookie key is derived from it),
 * later an SMTP password or the like. The key an earlier version kept in `meta` moves here, so its tokens
 * stay good.
 */
export async function up(db: Kysely<unknown>, _ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('secret')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
  await sql`INSERT INTO secret (key, value) SELECT key, value FROM meta WHERE key = 'jwt_secret'`.execute(db);
  await sql`DELETE FROM meta WHERE key = 'jwt_secret'`.execute(db);
}

/** Back to before it, the key in `meta` again (the tests that rebuild an older database go back past it). */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`INSERT INTO meta (key, value) SELECT key, value FROM secret WHERE key = 'jwt_secret'`.execute(db);
  await db.schema.dropTable('secret').execute();
  await sql`DELETE FROM kysely_migration WHERE name = '0020_secret'`.execute(db);
}
