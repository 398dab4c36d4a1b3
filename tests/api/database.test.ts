import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { closeDatabase, prepareDatabase } from '../../src/server/boot/database.ts';
import { initConfig } from '../../src/server/config.ts';
import { db, dialect, sqlite } from '../../src/server/db/connection.ts';
import { getConfig } from '../../src/server/services/site.ts';
import { databaseEnv, onPostgres } from '../setup/database.ts';
import { migrationsAfter, undoMigrationsFrom } from './undo-migrations.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'blog-db-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
/** The first two tests share one database (the file in dataDir, or one PostgreSQL database). */
const shared = databaseEnv();

const count = async (table: 'article' | 'talk' | 'user' | 'page_header') =>
  Number(
    (
      await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('migrations and the demo seed', () => {
  it('migrates an empty database, creates the admin and seeds once', async () => {
    const cfg = initConfig({
      ...(await shared),
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: 'Admin12345',
      LOG_LEVEL: 'silent',
    });
    const first = await prepareDatabase(cfg);
    // Every registered migration, in name order (other issues add their own after 0001).
    expect(first.migrated[0]).toBe('0001_initial');
    expect(first.migrated).toEqual([...first.migrated].sort());
    expect(first.migrated).toContain('0003_account_indexes');
    expect(first.seeded).toBe(true);
    expect(first.generatedPassword).toBeUndefined();
    if (!onPostgres) {
      expect(sqlite?.prepare('PRAGMA journal_mode').get()).toEqual({ journal_mode: 'wal' });
      expect(sqlite?.prepare('PRAGMA foreign_keys').get()).toEqual({ foreign_keys: 1 });
    }
    expect(await count('article')).toBeGreaterThanOrEqual(12);
    expect(await count('page_header')).toBe(16);
    const admin = await db.selectFrom('user').selectAll().where('role', '=', 1).executeTakeFirstOrThrow();
    expect(admin.username).toBe('admin');
    expect(admin.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    await closeDatabase();
  });

  it('a second start keeps the data, applies nothing and does not seed again', async () => {
    const cfg = initConfig({ ...(await shared), DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    await prepareDatabase(cfg);
    const articles = await count('article');
    await db.deleteFrom('talk').execute();
    await closeDatabase();
    const again = await prepareDatabase(cfg);
    expect(again.migrated).toEqual([]);
    expect(again.seeded).toBe(false);
    expect(again.generatedPassword).toBeUndefined();
    expect(await count('article')).toBe(articles);
    // An emptied section stays empty: the seed is remembered, not inferred from empty tables.
    expect(await count('talk')).toBe(0);
    expect(await count('user')).toBe(5);
    await closeDatabase();
  });

  it('prints a generated admin password when none is configured, and SEED_DEMO=false seeds nothing', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'blog-db-'));
    try {
      const prepared = await prepareDatabase(
        initConfig({ ...(await databaseEnv()), DATA_DIR: dir, SEED_DEMO: 'false', LOG_LEVEL: 'silent' }),
      );
      expect(prepared.seeded).toBe(false);
      expect(prepared.generatedPassword).toMatch(/^[A-Za-z0-9]{16}$/);
      expect(await count('article')).toBe(0);
      expect(await count('user')).toBe(1);
      await closeDatabase();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  // GET /api/config gives createdAt, the site's start (the original client's 运行时间).
  it('keeps when the site started: the first start, or for an older database its first migration', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'blog-db-'));
    try {
      const cfg = initConfig({
        ...(await databaseEnv()),
        DATA_DIR: dir,
        SEED_DEMO: 'false',
        ADMIN_PASSWORD: 'Admin12345',
        LOG_LEVEL: 'silent',
      });
      await prepareDatabase(cfg);
      const fresh = await db
        .selectFrom('config')
        .select(['createdAt', 'updatedAt'])
        .executeTakeFirstOrThrow();
      expect(fresh.createdAt).toBe(fresh.updatedAt);
      expect(Number.isNaN(Date.parse(fresh.createdAt))).toBe(false);
      expect((await getConfig()).createdAt).toBe(fresh.createdAt);
      // A database made before the column: the config row was written on the first start, just
      // after the first migration ran. Later migrations did not exist then either.
      await undoMigrationsFrom(db as never, dialect, '0011_article_admin');
      await db.schema.alterTable('config').dropColumn('createdAt').execute();
      // …and before the recycle bins (0012), with a photo already in an album.
      await db.schema.dropIndex('photo_album_status').execute();
      await db.schema.alterTable('photo').dropColumn('status').execute();
      const album = await sql<{ id: number }>`
        INSERT INTO photo_album (album_name, "createdAt", "updatedAt") VALUES ('旧相册', '2020-05-04', '2020-05-04')
        RETURNING id`.execute(db);
      await sql`INSERT INTO photo (album_id, url, "createdAt", "updatedAt")
        VALUES (${album.rows[0].id}, '/uploads/old.png', '2020-05-04', '2020-05-04')`.execute(db);
      // …and before user.disabled_at (0014).
      await db.schema.alterTable('user').dropColumn('disabled_at').execute();
      await sql`DELETE FROM kysely_migration
        WHERE name IN ('0010_config_created', '0012_recycle_bins', '0014_user_disabled')`.execute(db);
      await sql`UPDATE kysely_migration SET "timestamp" = '2020-05-04T03:02:01.000Z'
        WHERE name = '0001_initial'`.execute(db);
      await closeDatabase();
      const again = await prepareDatabase(cfg);
      expect(again.migrated).toEqual([
        '0010_config_created',
        '0011_article_admin',
        '0012_recycle_bins',
        '0013_view_stats',
        '0014_user_disabled',
        '0015_audit_log',
        '0016_link_health',
        '0017_search_trgm',
        ...migrationsAfter('0017_search_trgm'),
      ]);
      expect((await getConfig()).createdAt).toBe('2020-05-04T03:02:01.000Z');
      // The photo that was there is a normal one (status 1), not in the recycle bin.
      expect(await db.selectFrom('photo').select(['url', 'status']).execute()).toEqual([
        { url: '/uploads/old.png', status: 1 },
      ]);
      await closeDatabase();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
