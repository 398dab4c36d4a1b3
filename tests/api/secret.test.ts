import { createHmac } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { closeDatabase, prepareDatabase } from '../../src/server/boot/database.ts';
import { config, initConfig } from '../../src/server/config.ts';
import { db } from '../../src/server/db/connection.ts';
import { signToken, userFromToken } from '../../src/server/services/auth.ts';
import { openCookie, sealCookie } from '../../src/server/services/music-sealed.ts';
import { newPgDatabase } from './processes.ts';
import { migrationsAfter, undoMigrationsFrom } from './undo-migrations.ts';

/**
 * The signing key is the database's, so every process of a site (each with its own
 * DATA_DIR on its own machine) accepts the others' tokens and opens their sealed music cookies.
 */

const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(path.join(tmpdir(), 'blog-secret-'));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
afterEach(() => closeDatabase());

/** One process of the site starting: its own DATA_DIR unless given, the shared database. */
async function start(database: string | undefined, dataDir = tempDir(), extra: Record<string, string> = {}) {
  const env = { DATA_DIR: dataDir, SEED_DEMO: 'false', ADMIN_PASSWORD: 'Admin12345', LOG_LEVEL: 'silent' };
  const prepared = await prepareDatabase(
    initConfig({ ...env, ...(database ? { DATABASE_URL: database } : {}), ...extra }),
  );
  return { dataDir, adminId: prepared.adminId, migrated: prepared.migrated };
}

const storedKey = async () =>
  (await db.selectFrom('secret').select('value').where('key', '=', 'jwt_secret').executeTakeFirst())?.value;
const metaKey = async () =>
  (await db.selectFrom('meta').select('value').where('key', '=', 'jwt_secret').executeTakeFirst())?.value;

/** A token for the admin signed with `key` the way every version of the server signs. */
function signedWith(key: string, sub: number): string {
  const b64 = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const data = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub, role: 1, tv: 0, iat: now, exp: now + 3600 })}`;
  return `${data}.${createHmac('sha256', key).update(data).digest('base64url')}`;
}

const OLD_KEY = 'the-key-of-an-install-from-before-21';

function oldDataDir(): string {
  const dir = tempDir();
  mkdirSync(path.join(dir, 'secrets'));
  writeFileSync(path.join(dir, 'secrets', 'jwt.key'), `${OLD_KEY}\n`);
  return dir;
}

const DATABASES: [string, () => Promise<string | undefined>, { tags?: 'services'[] }][] = [
  ['SQLite', () => Promise.resolve(undefined), {}],
  ['PostgreSQL', () => newPgDatabase('secret'), { tags: ['services'] }],
];
for (const [name, database, options] of DATABASES)
  describe(`the signing key on ${name}`, options, () => {
    it('is kept in the database: another process (another DATA_DIR) accepts the tokens and cookies of the first', async () => {
      const url = await database();
      const sqliteDir = url ? undefined : tempDir();
      const first = await start(url, sqliteDir);
      expect(existsSync(path.join(first.dataDir, 'secrets', 'jwt.key'))).toBe(false);
      expect(await storedKey()).toBe(config.jwtSecret);
      const token = await signToken({ id: first.adminId, role: 1, token_version: 0 });
      const sealed = sealCookie('MUSIC_U=abc', config.jwtSecret, 'row-1');
      await closeDatabase();

      // SQLite: the other process shares the data dir; PostgreSQL: it has its own.
      await start(url, sqliteDir);
      expect((await userFromToken(token))?.id).toBe(first.adminId);
      expect(openCookie(sealed, config.jwtSecret, 'row-1')).toBe('MUSIC_U=abc');
    });

    it("an existing install's DATA_DIR/secrets/jwt.key is taken in once: its tokens and cookies stay good", async () => {
      const url = await database();
      const dir = oldDataDir();
      const { adminId } = await start(url, dir);
      expect(config.jwtSecret).toBe(OLD_KEY);
      expect(await storedKey()).toBe(OLD_KEY);
      const token = signedWith(OLD_KEY, adminId);
      expect((await userFromToken(token))?.id).toBe(adminId);
      await closeDatabase();

      // The file is not read again: without it (SQLite) or on another machine (PostgreSQL) the key holds.
      if (url) await start(url);
      else {
        rmSync(path.join(dir, 'secrets'), { recursive: true });
        await start(url, dir);
      }
      expect((await userFromToken(token))?.id).toBe(adminId);
      expect(openCookie(sealCookie('c', OLD_KEY, 'r'), config.jwtSecret, 'r')).toBe('c');
    });

    // The key leaves `meta` for the `secret` table, which no backup holds.
    it('a database from before the secret table: its key moves from meta to the secret table, its tokens stay good', async () => {
      const url = await database();
      const dir = url ? undefined : tempDir();
      const { adminId } = await start(url, dir);
      const key = config.jwtSecret;
      await undoMigrationsFrom(db as never, url ? 'postgres' : 'sqlite', '0020_secret');
      expect(await metaKey()).toBe(key);
      await closeDatabase();

      const again = await start(url, dir);
      expect(again.migrated).toEqual(['0020_secret', ...migrationsAfter('0020_secret')]);
      expect(config.jwtSecret).toBe(key);
      expect(await storedKey()).toBe(key);
      expect(await metaKey()).toBeUndefined();
      expect((await userFromToken(signedWith(key, adminId)))?.id).toBe(adminId);
    });

    it('JWT_SECRET, when set, is the key and the database keeps none', async () => {
      const url = await database();
      await start(url, undefined, { JWT_SECRET: 'a-secret-given-by-the-operator' });
      expect(config.jwtSecret).toBe('a-secret-given-by-the-operator');
      expect(await storedKey()).toBeUndefined();
      expect(await metaKey()).toBeUndefined();
    });
  });
