import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { findPostgres } from '../../scripts/local-services/postgres.ts';
import { closeDatabase, prepareDatabase } from '../../src/server/boot/database.ts';
import { config, initConfig } from '../../src/server/config.ts';
import { db } from '../../src/server/db/connection.ts';
import { PG_DUMP_HINT } from '../../src/server/services/backup.ts';
import { onPostgres } from '../setup/database.ts';
import { ADMIN, setupTestApi } from './helpers.ts';
import { newPgDatabase, runCli } from './processes.ts';

/**
 * A backup is no master key (docs/decisions/0012-backups-without-secrets.md). Neither the console's
 * download nor `npm run blog -- backup` (nor the pg_dump the console tells of) holds the token signing key
 * or another secret, so a token for the live site cannot be minted from one; restored, the database makes a
 * new key.
 */

const api = setupTestApi();
const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(path.join(tmpdir(), 'blog-backup-secret-'));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** A player's NetEase login kept from before sealing: a clear upstream cookie, a secret of its own. */
const CLEAR_COOKIE = 'MUSIC_U=a-clear-netease-cookie-from-before-sealing';
let key = '';
beforeAll(async () => {
  key = config.jwtSecret;
  const now = new Date();
  await db
    .insertInto('music_session')
    .values({
      id: 'f'.repeat(64),
      user_id: null,
      cookie: CLEAR_COOKIE,
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + 86_400_000).toISOString(),
    })
    .execute();
});

/** What a SQLite backup file holds of the secrets: the rows, and whether the bytes are anywhere in it. */
function secretsIn(file: string) {
  const bytes = readFileSync(file);
  const copy = new DatabaseSync(file, { readOnly: true });
  try {
    const count = (table: string) =>
      (copy.prepare(`SELECT count(*) AS n FROM "${table}"`).get() as { n: number }).n;
    return {
      intact: (copy.prepare('PRAGMA integrity_check').get() as { integrity_check: string }).integrity_check,
      secretRows: count('secret'),
      musicSessions: count('music_session'),
      metaKey: copy.prepare("SELECT value FROM meta WHERE key = 'jwt_secret'").get(),
      users: count('user'),
      keyBytes: bytes.includes(Buffer.from(key)),
      cookieBytes: bytes.includes(Buffer.from(CLEAR_COOKIE)),
    };
  } finally {
    copy.close();
  }
}

const NONE = {
  intact: 'ok',
  secretRows: 0,
  musicSessions: 0,
  metaKey: undefined,
  users: 1,
  keyBytes: false,
  cookieBytes: false,
};

describe.skipIf(onPostgres)('a SQLite backup', () => {
  let downloaded = '';

  test('downloaded from the console holds no secret: not the rows, not their bytes', async () => {
    expect(key.length).toBeGreaterThan(16);
    const res = await api.app.request(
      '/api/backup/download',
      { headers: { authorization: `Bearer ${api.adminToken}` } },
      { ip: '127.0.0.1' },
    );
    expect(res.status).toBe(200);
    downloaded = path.join(tempDir(), 'downloaded.db');
    writeFileSync(downloaded, new Uint8Array(await res.arrayBuffer()));
    expect(secretsIn(downloaded)).toEqual(NONE);
    // The live database keeps them.
    expect(await db.selectFrom('secret').select('value').executeTakeFirst()).toEqual({ value: key });
    expect(await db.selectFrom('music_session').select('cookie').executeTakeFirst()).toEqual({
      cookie: CLEAR_COOKIE,
    });
  });

  test('written by `npm run blog -- backup` holds none either', async () => {
    const file = path.join(tempDir(), 'cli.db');
    const run = await runCli(['backup', file], {
      DATA_DIR: api.dataDir,
      SEED_DEMO: 'false',
      ADMIN_PASSWORD: ADMIN.password,
    });
    expect(run.code, run.err).toBe(0);
    expect(secretsIn(file)).toEqual(NONE);
  });

  test('restored into a new data folder: a new key, the tokens of the old one refused, the passwords kept', async () => {
    const restored = tempDir();
    copyFileSync(downloaded, path.join(restored, 'blog.db'));
    await closeDatabase();
    await prepareDatabase(
      initConfig({
        DATA_DIR: restored,
        SEED_DEMO: 'false',
        ADMIN_PASSWORD: 'Another123',
        LOG_LEVEL: 'silent',
      }),
    );
    expect(config.jwtSecret).not.toBe(key);
    expect((await db.selectFrom('secret').select('value').executeTakeFirst())?.value).toBe(config.jwtSecret);
    // The admin token of the site the backup came from is refused…
    const old = await api.call('GET', '/api/user/getOwnStatistic', undefined, api.adminToken);
    expect(old.status).toBe(401);
    // …and the admin signs in again with the password the backup kept (its hash).
    const login = await api.call('POST', '/api/user/login', ADMIN);
    expect(login.json.code, login.json.message).toBe(0);
    const me = await api.call('GET', '/api/user/getOwnStatistic', undefined, login.json.result.token);
    expect(me.json.code).toBe(0);
  });
});

describe.runIf(onPostgres)('a PostgreSQL backup made as the console says (pg_dump)', () => {
  const bin = findPostgres() ?? '';
  const run = (tool: string, args: string[]) => {
    const r = spawnSync(path.join(bin, tool), args, { encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    return r.stdout;
  };

  test('holds no secret, and restored gets a new key that refuses the old tokens', async () => {
    // The console's own command, with this database's URL.
    const command = /pg_dump (-[^"]+) "\$DATABASE_URL" > blog-backup\.dump/.exec(PG_DUMP_HINT);
    expect(command).not.toBeNull();
    const options = (command as RegExpExecArray)[1].split(' ');
    expect(options).toContain('--exclude-table-data=secret');
    const dump = path.join(tempDir(), 'blog-backup.dump');
    run('pg_dump', [...options, '--file', dump, config.databaseUrl as string]);
    const script = run('pg_restore', ['--file', '-', dump]);
    expect(script).toContain('CREATE TABLE public.secret');
    expect(script).not.toContain(key);
    expect(script).not.toContain(CLEAR_COOKIE);

    const restored = await newPgDatabase('restored');
    run('pg_restore', ['--no-owner', '-d', restored, dump]);
    await closeDatabase();
    await prepareDatabase(
      initConfig({ DATA_DIR: tempDir(), DATABASE_URL: restored, SEED_DEMO: 'false', LOG_LEVEL: 'silent' }),
    );
    expect(config.jwtSecret).not.toBe(key);
    expect((await api.call('GET', '/api/user/getOwnStatistic', undefined, api.adminToken)).status).toBe(401);
    const login = await api.call('POST', '/api/user/login', ADMIN);
    expect(login.json.code, login.json.message).toBe(0);
  });
});
