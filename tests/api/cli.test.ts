import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDatabase, openDatabase } from '../../src/server/db/connection.ts';
import { databaseEnv } from '../setup/database.ts';

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
