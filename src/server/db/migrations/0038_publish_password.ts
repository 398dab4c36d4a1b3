import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './index.ts';

/**
 * Scheduled and password-protected articles (docs/api/admin.md#scheduled-and-password-protected-articles):
 * - `article.publish_at`: when a scheduled article (status 4) goes public; the scheduled-publish job
 *   (services/articles/schedule.ts) looks for the due ones by (status, publish_at).
 * - `article.password`: the argon2id hash of its password, "" for an article without one.
 */
export async function up(db: Kysely<unknown>, _ctx: MigrationContext): Promise<void> {
  await db.schema.alterTable('article').addColumn('publish_at', 'text').execute();
  await db.schema
    .alterTable('article')
    .addColumn('password', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createIndex('article_publish_due')
    .on('article')
    .columns(['status', 'publish_at'])
    .execute();
}

/** Back to before it (the tests that rebuild an older database go back past it). */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('article_publish_due').execute();
  await db.schema.alterTable('article').dropColumn('password').execute();
  await db.schema.alterTable('article').dropColumn('publish_at').execute();
  await sql`DELETE FROM kysely_migration WHERE name = '0038_publish_password'`.execute(db);
}
