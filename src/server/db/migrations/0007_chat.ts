import type { Kysely } from 'kysely';

/** Chat: deleting a user cascades to their messages, so the author column is indexed. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('chat_user').on('chat').column('user_id').execute();
}
