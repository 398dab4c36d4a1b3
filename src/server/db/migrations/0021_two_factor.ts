import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './index.ts';

/**
 * Two-factor sign-in: a TOTP secret per account and its one-time recovery codes, in tables
 * of their own (the `user` row is untouched; a deleted account takes them along).
 *
 * - `user_otp`: `pending_secret` is what 设置 made and nothing checks yet; `enable` with a right code
 *   moves it to `secret` and stamps `enabledAt`. `last_step` is the newest TOTP time step accepted
 *   (30 s each since 1970): a code of that step or an older one is refused, so a code signs in once.
 * - `user_recovery_code`: sha-256 of the user id and the code (60 random bits each, so no slow hash
 *   is needed), `usedAt` set when it is spent: each works once.
 */
export async function up(db: Kysely<unknown>, _ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('user_otp')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('user.id').onDelete('cascade'))
    .addColumn('secret', 'text')
    .addColumn('pending_secret', 'text')
    .addColumn('last_step', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('enabledAt', 'text')
    .addColumn('updatedAt', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('user_recovery_code')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('usedAt', 'text')
    .addPrimaryKeyConstraint('user_recovery_code_pk', ['user_id', 'code_hash'])
    .execute();
}

/** Back to before 2FA (the tests that rebuild an older database go back past it). */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('user_recovery_code').execute();
  await db.schema.dropTable('user_otp').execute();
  await sql`DELETE FROM kysely_migration WHERE name = '0021_two_factor'`.execute(db);
}
