import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { db } from '../../src/server/db/connection.ts';
import { onPostgres } from '../setup/database.ts';
import { PLAIN_LOOK, setupTestApi } from './helpers.ts';

const api = setupTestApi();

/** Every file under a folder, recursively. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

async function register(username: string, password: string, extra: Record<string, string> = {}) {
  return api.call('POST', '/api/user/register', { username, password, nick_name: '', email: '', ...extra });
}

async function login(username: string, password: string) {
  return api.call('POST', '/api/user/login', { username, password });
}

describe('register and login', () => {
  it('registers, refuses the same name again, and logs in with token and id', async () => {
    const reg = await register('xiaolu01', 'abc123', { nick_name: '小鹿', email: 'xiaolu@qq.com' });
    expect(reg.json).toMatchObject({ code: 0 });
    const again = await register('xiaolu01', 'abc123');
    expect(again.json).toEqual({ code: 100, message: '用户名已存在' });

    const res = await login('xiaolu01', 'abc123');
    expect(res.json.code).toBe(0);
    expect(res.json.result).toMatchObject({ username: 'xiaolu01', role: 2 });
    expect(typeof res.json.result.token).toBe('string');
    const detail = await api.call('GET', `/api/user/getUserInfoById/${res.json.result.id}`);
    expect(detail.json.result).toMatchObject({
      id: res.json.result.id,
      nick_name: '小鹿',
      avatar: '',
      role: 2,
    });
  });

  it('applies the register rules on the server with their exact messages', async () => {
    const cases: [string, string, string][] = [
      ['', 'abc123', '请输入用户账号'],
      ['abcd', 'abc123', '用户账号长度应该在5-16之间'],
      ['a'.repeat(17), 'abc123', '用户账号长度应该在5-16之间'],
      ['rules01', '', '请输入密码'],
      ['rules01', '123456', '密码格式应为6-18位数字、字母、符号的任意两种组合'],
      ['rules01', '密码abc123', '密码格式应为6-18位数字、字母、符号的任意两种组合'],
      ['rules01', 'a1b2c3d4e5f6g7h8i9j', '密码格式应为6-18位数字、字母、符号的任意两种组合'],
    ];
    for (const [username, password, message] of cases) {
      const res = await register(username, password);
      expect([res.status, res.json.code], `${username}/${password}`).toEqual([200, 100]);
      expect(res.json.message).toBe(message);
    }
    expect((await login('', 'x')).json.message).toBe('请输入用户账号');
    expect((await login('someone', '')).json.message).toBe('请输入用户密码');
    expect((await register('rules01', 'abc123', { nick_name: '长'.repeat(21) })).json.code).toBe(100);
  });

  it('answers a wrong password and an unknown name alike (code 100)', async () => {
    await register('samefail', 'abc123');
    const wrong = await login('samefail', 'abc124');
    const unknown = await login('nobody-here', 'abc123');
    expect(wrong.json).toEqual({ code: 100, message: '用户名或密码错误' });
    expect(unknown.json).toEqual(wrong.json);
  });

  it('never shows the username, email, ip or password of someone else', async () => {
    const other = await api.user('otheruser1');
    const me = await api.user('meuser0001');
    const seen = await api.call('GET', `/api/user/getUserInfoById/${other.id}`, undefined, me.token);
    expect(Object.keys(seen.json.result).sort()).toEqual([
      'avatar',
      'createdAt',
      'id',
      'nick_name',
      'qq',
      'role',
    ]);
    const own = await api.call('GET', `/api/user/getUserInfoById/${me.id}`, undefined, me.token);
    expect(own.json.result.username).toBe('meuser0001');
    expect(own.json.result).not.toHaveProperty('password');
    expect((await api.call('GET', '/api/user/getUserInfoById/99999')).json).toEqual({
      code: 100,
      message: '用户不存在',
    });
    expect((await api.call('GET', '/api/user/getUserInfoById/abc')).json.code).toBe(100);
  });

  it('keeps no plaintext password anywhere in the data dir', async () => {
    const secret = 'Pl41nText!Zq';
    const changed = 'Ch4nged!Zq9';
    await register('plaincheck', secret);
    const { json } = await login('plaincheck', secret);
    await api.call(
      'PUT',
      '/api/user/updatePassword',
      { password: secret, password1: changed },
      json.result.token,
    );
    const row = await db
      .selectFrom('user')
      .select('password')
      .where('username', '=', 'plaincheck')
      .executeTakeFirstOrThrow();
    expect(row.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const files = filesUnder(api.dataDir);
    // SQLite: the database is one of the files; PostgreSQL: every row of every table, as text.
    expect(files.some((f) => f.endsWith('.db'))).toBe(!onPostgres);
    if (onPostgres) {
      const tables = await sql<{ name: string }>`
        SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public'`.execute(db);
      expect(tables.rows.length).toBeGreaterThan(10);
      for (const { name } of tables.rows) {
        const rows = await sql<{ row: string }>`SELECT t::text AS row FROM ${sql.table(name)} t`.execute(db);
        for (const { row } of rows.rows)
          expect(row.includes(secret) || row.includes(changed), name).toBe(false);
      }
    }
    for (const file of files) {
      const bytes = readFileSync(file);
      expect(bytes.includes(Buffer.from(secret)), file).toBe(false);
      expect(bytes.includes(Buffer.from(changed)), file).toBe(false);
    }
  });
});

describe('personal info, password change and logout', () => {
  it('updates nick name, avatar and qq of the caller only, with checks', async () => {
    const me = await api.user('infouser01');
    const res = await api.call(
      'PUT',
      '/api/user/updateOwnUserInfo',
      { nick_name: ' 新昵称 ', avatar: '/uploads/2026-01/abc.png', qq: '123456789', id: 1, role: 1 },
      me.token,
    );
    expect(res.json.code).toBe(0);
    expect(res.json.result).toMatchObject({
      id: me.id,
      nick_name: '新昵称',
      avatar: '/uploads/2026-01/abc.png',
      qq: '123456789',
      role: 2,
    });
    const bad = [
      { nick_name: '' },
      { nick_name: '长'.repeat(21) },
      { avatar: 'javascript:alert(1)' },
      { avatar: '/uploads/../secrets/jwt.key' },
      { qq: '12ab' },
      {},
    ];
    for (const body of bad) {
      const r = await api.call('PUT', '/api/user/updateOwnUserInfo', body, me.token);
      expect([r.status, r.json.code], JSON.stringify(body)).toEqual([200, 100]);
    }
    expect((await api.call('PUT', '/api/user/updateOwnUserInfo', { nick_name: 'x' })).status).toBe(401);
    const admin = await api.call('GET', `/api/user/getUserInfoById/${api.adminId}`);
    expect(admin.json.result.nick_name).not.toBe('新昵称');
  });

  it('refuses old tokens after a password change; the answer carries a working new token', async () => {
    await register('pwchange01', 'abc123');
    const first = (await login('pwchange01', 'abc123')).json.result.token;
    const second = (await login('pwchange01', 'abc123')).json.result.token;
    const wrong = await api.call(
      'PUT',
      '/api/user/updatePassword',
      { password: 'nope123', password1: 'xyz789' },
      first,
    );
    expect(wrong.json).toEqual({ code: 100, message: '原密码错误' });
    const weak = await api.call(
      'PUT',
      '/api/user/updatePassword',
      { password: 'abc123', password1: '123456' },
      first,
    );
    expect(weak.json.code).toBe(100);
    expect(weak.json.message).toBe('密码格式应为6-18位数字、字母、符号的任意两种组合');

    const ok = await api.call(
      'PUT',
      '/api/user/updatePassword',
      { password: 'abc123', password1: 'xyz789' },
      first,
    );
    expect(ok.json.code).toBe(0);
    const fresh = ok.json.result.token as string;
    for (const old of [first, second]) {
      const r = await api.call('GET', '/api/user/getOwnStatistic', undefined, old);
      expect(r.status).toBe(401);
      expect(r.json.message).toBe('登录过期，请重新登录');
    }
    expect((await api.call('GET', '/api/user/getOwnStatistic', undefined, fresh)).status).toBe(200);
    expect((await login('pwchange01', 'abc123')).json.code).toBe(100);
    expect((await login('pwchange01', 'xyz789')).json.code).toBe(0);
  });

  it('logout ends the token on the server', async () => {
    await register('logout001', 'abc123');
    const token = (await login('logout001', 'abc123')).json.result.token;
    expect((await api.call('POST', '/api/user/logout', {}, token)).json.code).toBe(0);
    expect((await api.call('GET', '/api/todo/list', undefined, token)).status).toBe(401);
    expect((await api.call('POST', '/api/user/logout', {})).status).toBe(401);
  });

  it("counts the user's own comments, guestbook messages and likes", async () => {
    const me = await api.user('statsuser1');
    const stamp = new Date().toISOString();
    await db
      .insertInto('comment')
      .values(
        [1, 2].map((n) => ({
          type: 1,
          for_id: n,
          parent_id: null,
          from_id: me.id,
          to_id: null,
          content: 'hi',
          thumbs_up: 0,
          ip: '',
          ip_address: '',
          createdAt: stamp,
          updatedAt: stamp,
        })),
      )
      .execute();
    await db
      .insertInto('message')
      .values({
        message: 'm',
        ...PLAIN_LOOK,
        like_times: 0,
        nick_name: 'x',
        user_id: me.id,
        createdAt: stamp,
        updatedAt: stamp,
      })
      .execute();
    await db
      .insertInto('like')
      .values([1, 2, 3].map((n) => ({ type: 2, for_id: n, user_id: me.id, ip: '', createdAt: stamp })))
      .execute();
    const res = await api.call('GET', '/api/user/getOwnStatistic', undefined, me.token);
    expect(res.json.result).toEqual({ commentCount: 2, messageCount: 1, likeCount: 3 });
    expect((await api.call('GET', '/api/user/getOwnStatistic')).status).toBe(401);
  });
});
