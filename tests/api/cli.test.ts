import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDatabase, openDatabase } from '../../src/server/db/connection.ts';
import { databaseEnv, onPostgres } from '../setup/database.ts';

const root = path.resolve(import.meta.dirname, '../..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'blog-cli-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
// The test project's database: the SQLite file in dataDir, or a new PostgreSQL database.
let dbEnv: Record<string, string> = {};
beforeAll(async () => {
  dbEnv = await databaseEnv();
});

const blog = (...args: string[]) =>
  spawnSync(process.execPath, [path.join(root, 'src/server/cli/index.ts'), ...args], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      ADMIN_PASSWORD: 'Admin12345',
      LOG_LEVEL: 'silent',
      ...dbEnv,
    },
    encoding: 'utf8',
  });

describe('npm run blog -- create-admin', () => {
  it('makes an admin (role 1) with a hashed password, refusing names and passwords the register rules refuse', async () => {
    const weak = blog('create-admin', 'boss01', '123456');
    expect(weak.status).toBe(1);
    expect(weak.stderr).toContain('密码格式应为6-18位数字、字母、符号的任意两种组合');
    const short = blog('create-admin', 'boss');
    expect(short.status).toBe(1);
    expect(short.stderr).toContain('用户账号长度应该在5-16之间');

    const made = blog('create-admin', 'boss01', 'B0ss!pass');
    expect(made.status, made.stderr).toBe(0);
    const db = await openDatabase({ dataDir, databaseUrl: dbEnv.DATABASE_URL });
    const row = await db
      .selectFrom('user')
      .select(['role', 'password'])
      .where('username', '=', 'boss01')
      .executeTakeFirstOrThrow();
    await closeDatabase();
    expect(row.role).toBe(1);
    expect(row.password).toMatch(/^\$argon2id\$/);
    expect(row.password).not.toContain('B0ss!pass');
  });
});

describe('npm run blog -- disable-2fa', () => {
  it('turns off an account’s two-factor sign-in and says so in the audit log', async () => {
    expect(blog('create-admin', 'lostphone1', 'L0st!phone').status).toBe(0);
    let db = await openDatabase({ dataDir, databaseUrl: dbEnv.DATABASE_URL });
    const { id } = await db
      .selectFrom('user')
      .select('id')
      .where('username', '=', 'lostphone1')
      .executeTakeFirstOrThrow();
    const stamp = new Date().toISOString();
    await db
      .insertInto('user_otp')
      .values({
        user_id: id,
        secret: 'JBSWY3DPEHPK3PXP',
        pending_secret: null,
        enabledAt: stamp,
        updatedAt: stamp,
      })
      .execute();
    await db.insertInto('user_recovery_code').values({ user_id: id, code_hash: 'x', usedAt: null }).execute();
    await closeDatabase();

    const off = blog('disable-2fa', 'LOSTPHONE1');
    expect(off.status, off.stderr).toBe(0);
    expect(off.stdout).toContain('turned off');
    expect(blog('disable-2fa', 'nosuchname').status).toBe(1);

    db = await openDatabase({ dataDir, databaseUrl: dbEnv.DATABASE_URL });
    const left = await db.selectFrom('user_otp').select('user_id').where('user_id', '=', id).execute();
    const codes = await db
      .selectFrom('user_recovery_code')
      .select('user_id')
      .where('user_id', '=', id)
      .execute();
    const row = await db
      .selectFrom('audit_log')
      .select(['kind', 'action', 'thing_id'])
      .where('path', '=', 'npm run blog -- disable-2fa')
      .executeTakeFirst();
    await closeDatabase();
    expect([left, codes]).toEqual([[], []]);
    expect(row).toEqual({ kind: '两步验证', action: '命令行关闭两步验证', thing_id: String(id) });
  });
});

describe('npm run blog -- backup', () => {
  it.skipIf(onPostgres)(
    'writes a whole copy under the name, never over a file, and leaves no partial file',
    () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'blog-cli-backup-'));
      try {
        const file = path.join(dir, 'b.db');
        const made = blog('backup', file);
        expect(made.status, made.stderr).toBe(0);
        expect(readdirSync(dir)).toEqual(['b.db']);
        const copy = new DatabaseSync(file, { readOnly: true });
        expect(copy.prepare('PRAGMA integrity_check').get()).toEqual({ integrity_check: 'ok' });
        copy.close();
        // An existing backup is never replaced (VACUUM INTO refused it too)…
        const again = blog('backup', file);
        expect(again.status).toBe(1);
        expect(again.stderr).toContain('already exists');
        expect(readFileSync(file).subarray(0, 15).toString()).toBe('SQLite format 3');
        // …but an empty file (made by mktemp, say) is taken, as VACUUM INTO took it.
        writeFileSync(path.join(dir, 'empty.db'), '');
        expect(blog('backup', path.join(dir, 'empty.db')).status).toBe(0);
        expect(readdirSync(dir).sort()).toEqual(['b.db', 'empty.db']);
        expect(statSync(path.join(dir, 'empty.db')).size).toBeGreaterThan(0);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );

  it.runIf(onPostgres)('says to use pg_dump on PostgreSQL', () => {
    const refused = blog('backup', path.join(dataDir, 'b.db'));
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('pg_dump');
  });
});

describe('npm run blog -- render', () => {
  it("renders every article's body again, whatever renderer stored it", async () => {
    const posts = mkdtempSync(path.join(tmpdir(), 'blog-cli-render-'));
    try {
      writeFileSync(
        path.join(posts, '有代码.md'),
        '---\ntitle: 命令行渲染\n---\n\n```ts\nconst a = 1;\n```\n',
      );
      const imported = blog('import', posts);
      expect(imported.status, imported.stderr).toBe(0);
      let db = await openDatabase({ dataDir, databaseUrl: dbEnv.DATABASE_URL });
      const { id } = await db
        .selectFrom('article')
        .select('id')
        .where('article_title', '=', '命令行渲染')
        .executeTakeFirstOrThrow();
      await db
        .updateTable('article_render')
        .set({ renderer: 'old', html: '<p>旧的</p>' })
        .where('article_id', '=', id)
        .execute();
      await closeDatabase();

      const rendered = blog('render');
      expect(rendered.status, rendered.stderr).toBe(0);
      expect(rendered.stdout).toMatch(/done: \d+ rendered, 0 kept as they were/);
      db = await openDatabase({ dataDir, databaseUrl: dbEnv.DATABASE_URL });
      const row = await db
        .selectFrom('article_render')
        .select(['renderer', 'html'])
        .where('article_id', '=', id)
        .executeTakeFirstOrThrow();
      await closeDatabase();
      expect(row.renderer).not.toBe('old');
      expect(row.html).toContain('class="code-block');
    } finally {
      rmSync(posts, { recursive: true, force: true });
    }
  }, 120_000);
});
