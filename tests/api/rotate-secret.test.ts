import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseEnv } from '../setup/database.ts';
import { ADMIN } from './helpers.ts';
import { runCli } from './processes.ts';
import { type Instance, startInstance, until } from './scale-instance.ts';

/**
 * `npm run blog -- rotate-secret` replaces the signing key kept in the database, and every
 * running process refuses the tokens signed with the old one within seconds, with no Redis: each reads
 * the stored key again (here every 50 ms, in main.ts every 5 s). Two server processes on one database
 * (the SQLite file, or the PostgreSQL project's database) and a real CLI process.
 */

const dataDir = mkdtempSync(path.join(tmpdir(), 'blog-rotate-'));
let a: Instance;
let b: Instance;
let env: Record<string, string> = {};

beforeAll(async () => {
  env = { DATA_DIR: dataDir, SEED_DEMO: 'false', ADMIN_PASSWORD: ADMIN.password, ...(await databaseEnv()) };
  a = await startInstance(env, { keyPollMs: 50 });
  b = await startInstance(env, { keyPollMs: 50 });
});

afterAll(async () => {
  await a?.close();
  await b?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const me = (on: Instance, token: string) => on.call('GET', '/api/user/getOwnStatistic', undefined, token);

async function adminToken(on: Instance): Promise<string> {
  const res = await on.call('POST', '/api/user/login', ADMIN);
  expect(res.json.code, res.json.message).toBe(0);
  return res.json.result.token;
}

const rotations = async (token: string) => {
  const res = await a.call(
    'POST',
    '/api/audit/getAuditList',
    { current: 1, size: 10, action: '更换签名密钥' },
    token,
  );
  expect(res.json.code).toBe(0);
  return res.json.result.list as Record<string, unknown>[];
};

describe('npm run blog -- rotate-secret', () => {
  it('with JWT_SECRET set says it cannot replace an environment key, exits 1 and changes nothing', async () => {
    const admin = await adminToken(a);
    const key = await a.storedKey();
    const run = await runCli(['rotate-secret'], { ...env, JWT_SECRET: 'a-key-given-by-the-environment' });
    expect(run.code).toBe(1);
    expect(run.err).toContain('JWT_SECRET is set');
    expect(run.err).toContain('cannot replace it');
    expect(await a.storedKey()).toBe(key);
    expect((await me(b, admin)).json.code).toBe(0);
    expect(await rotations(admin)).toEqual([]);
  });

  it('every running process refuses the tokens of the old key within seconds; a new login works; the audit log says who', async () => {
    const user = await a.user();
    const admin = await adminToken(b);
    for (const on of [a, b]) {
      expect((await me(on, user.token)).json.code).toBe(0);
      expect((await me(on, admin)).json.code).toBe(0);
    }
    const key = await a.storedKey();

    const run = await runCli(['rotate-secret'], env);
    expect(run.code, run.err).toBe(0);
    expect(run.out).toContain('signing key replaced');
    expect(await a.storedKey()).not.toBe(key);
    for (const on of [a, b])
      await until(async () => (await me(on, user.token)).status === 401, 'the old token to be refused');
    expect((await me(a, admin)).status).toBe(401);
    expect((await me(b, admin)).status).toBe(401);

    // A login after it gets a token of the new key, good on either process.
    const fresh = await adminToken(b);
    expect((await me(a, fresh)).json.code).toBe(0);
    expect(await rotations(fresh)).toEqual([
      expect.objectContaining({
        user_id: 0,
        user_name: '命令行',
        action: '更换签名密钥',
        thing_type: '签名密钥',
        method: 'CLI',
        path: 'npm run blog -- rotate-secret',
      }),
    ]);
    // The console's filter offers the action; the CLI is no admin to pick.
    const dict = await a.call('GET', '/api/audit/getAuditDictionary', undefined, fresh);
    expect(dict.json.result.actions).toContain('更换签名密钥');
    expect(dict.json.result.things).toContain('签名密钥');
    expect(dict.json.result.users.map((u: { id: number }) => u.id)).not.toContain(0);
  });
});
