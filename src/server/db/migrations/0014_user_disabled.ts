import type { Kysely } from 'kysely';
import type { MigrationContext } from './index.ts';

/**
 * `user.disabled_at`: when the owner disabled the account (the console's 用户 screen), else
 * null. A disabled account cannot log in, its tokens are ended (the token version moves on, as after
 * a password change) and refused while it stays disabled, and it cannot chat; its content stays.
 */
export async function up(db: Kysely<unknown>, _ctx: MigrationContext): Promise<void> {
  await db.schema.alterTable('user').addColumn('disabled_at', 'text').execute();
}
