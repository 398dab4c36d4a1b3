import type { Kysely } from 'kysely';
import type { MigrationContext } from './index.ts';

/**
 * The music service's own state: QR login keys, music-service sessions (the "music cookie"; for
 * the proxy they hold the upstream NeteaseCloudMusicApi cookie), and each user's saved songs (the
 * local service's user playlist).
 */
export async function up(db: Kysely<unknown>, _ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('music_qr')
    .addColumn('unikey', 'text', (c) => c.primaryKey())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(801)) // 801 waiting, 802 scanned, 803 confirmed
    .addColumn('user_id', 'integer', (c) => c.references('user.id').onDelete('cascade'))
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addColumn('expiresAt', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('music_session')
    .addColumn('id', 'text', (c) => c.primaryKey()) // SHA-256 of the cookie value, never the value
    .addColumn('user_id', 'integer', (c) => c.references('user.id').onDelete('cascade'))
    .addColumn('cookie', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addColumn('expiresAt', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('music_like')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('song_id', 'bigint', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('music_like_pk', ['user_id', 'song_id'])
    .execute();
}
