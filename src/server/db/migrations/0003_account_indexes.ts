import type { Kysely } from 'kysely';
import type { MigrationContext } from './index.ts';

/** Indexes for the personal center's own figures: a user's comments, guestbook messages and likes. */
export async function up(db: Kysely<unknown>, _ctx: MigrationContext): Promise<void> {
  await db.schema.createIndex('comment_from').on('comment').column('from_id').execute();
  await db.schema.createIndex('message_user').on('message').column('user_id').execute();
  await db.schema.createIndex('like_user').on('like').column('user_id').execute();
}
