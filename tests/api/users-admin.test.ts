import { describe, expect, it } from 'vitest';
import { db } from '../../src/server/db/connection.ts';
import { signToken } from '../../src/server/services/auth.ts';
import { setRole } from '../../src/server/services/users-admin.ts';
import { PLAIN_LOOK, setupTestApi } from './helpers.ts';

/**
 * The owner's user list (docs/api/admin.md#users-and-chat), roles and profile edits, and register's answer.
 */
const api = setupTestApi();

const as = (method: string, url: string, body?: unknown, token = api.adminToken) =>
  api.call(method, url, body, token);

async function tokenOf(id: number) {
  const row = await db
    .selectFrom('user')
    .select(['id', 'role', 'token_version'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return signToken(row);
}

describe('register answers {id, username}', () => {
  it('gives the new account’s id and its username as stored (the admin register page prefills with it)', async () => {
    const res = await api.call('POST', '/api/user/register', {
      username: 'newcomer1',
      password: 'abc123',
      nick_name: '新人',
    });
    expect(res.json).toEqual({
      code: 0,
      message: '注册成功',
      result: { id: expect.any(Number), username: 'newcomer1' },
    });
    const login = await api.call('POST', '/api/user/login', { username: 'newcomer1', password: 'abc123' });
    expect(login.json.result.id).toBe(res.json.result.id);
  });
});

describe('the user list', () => {
  it('lists every user with every column but the password and raw address, plus a place name', async () => {
    const u = await api.user('placeduser');
    await db.updateTable('user').set({ ip: '203.0.113.9', qq: '12345' }).where('id', '=', u.id).execute();
    const msg = (await api.call('POST', '/api/message/add', { ...PLAIN_LOOK, message: '留言' }, u.token)).json
      .result.id;
    const c = (await api.call('POST', '/api/comment/add', { type: 3, for_id: msg, content: '评论' }, u.token))
      .json.result.id;
    await db.updateTable('comment').set({ ip_address: '四川' }).where('id', '=', c).execute();

    const page = (await as('POST', '/api/user/getUserList', { current: 1, size: 50 })).json.result;
    const row = page.list.find((r: { id: number }) => r.id === u.id);
    expect(row).toEqual({
      id: u.id,
      username: 'placeduser',
      nick_name: '昵称placeduser',
      avatar: '',
      qq: '12345',
      role: 2,
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      updatedAt: expect.any(String),
      ip_address: '四川',
      disabledAt: null,
    });
    const admin = page.list.find((r: { id: number }) => r.id === api.adminId);
    expect(admin).toMatchObject({ role: 1, ip_address: '火星' });
    expect(JSON.stringify(page)).not.toMatch(/password|203\.0\.113|"ip"|token_version|email/);
  });

  it('filters by a nick-name substring and by role (a role that is not 1 or 2 is ignored)', async () => {
    await api.user('filterme');
    const names = (body: object) =>
      as('POST', '/api/user/getUserList', { size: 50, ...body }).then((r) =>
        r.json.result.list.map((u: { username: string }) => u.username),
      );
    expect(await names({ nick_name: 'filter' })).toEqual(['filterme']);
    expect(await names({ role: 1 })).toEqual(['admin']);
    expect((await names({ role: 2 })).includes('admin')).toBe(false);
    const everyone = await names({});
    expect(await names({ role: '', nick_name: null })).toEqual(everyone);
    expect(await names({ role: 'x' })).toEqual(everyone);
    expect(await names({ nick_name: '%' })).toEqual([]);
  });
});

describe('roles', () => {
  it('promotes and demotes; the new role counts at once', async () => {
    const u = await api.user('promoted');
    const before = await as('POST', '/api/user/getUserList', {}, u.token);
    expect(before.status).toBe(403);
    expect((await as('PUT', `/api/user/updateRole/${u.id}/1`)).json).toEqual({
      code: 0,
      message: '修改成功',
      result: true,
    });
    expect((await as('POST', '/api/user/getUserList', {}, u.token)).json.code).toBe(0);
    expect((await as('PUT', `/api/user/updateRole/${u.id}/2`)).json.code).toBe(0);
    expect((await as('POST', '/api/user/getUserList', {}, u.token)).status).toBe(403);
    expect((await as('PUT', `/api/user/updateRole/${u.id}/3`)).json.code).toBe(100);
    expect((await as('PUT', '/api/user/updateRole/99999/1')).json).toEqual({
      code: 100,
      message: '用户不存在',
    });
  });

  it('refuses demoting yourself and the last admin', async () => {
    expect((await as('PUT', `/api/user/updateRole/${api.adminId}/2`)).json).toEqual({
      code: 100,
      message: '不能取消自己的管理员身份',
    });
    // A second admin may demote the first while another stays, but not the last one.
    const second = await api.user('secondboss');
    await as('PUT', `/api/user/updateRole/${second.id}/1`);
    const secondToken = await tokenOf(second.id);
    const third = await api.user('thirdboss');
    await as('PUT', `/api/user/updateRole/${third.id}/1`);
    expect((await as('PUT', `/api/user/updateRole/${third.id}/2`, undefined, secondToken)).json.code).toBe(0);
    expect((await as('PUT', `/api/user/updateRole/${api.adminId}/2`, undefined, secondToken)).json.code).toBe(
      0,
    );
    // Now `second` is the only admin: nobody can take that away (they cannot demote themselves).
    expect((await as('PUT', `/api/user/updateRole/${second.id}/2`, undefined, secondToken)).json).toEqual({
      code: 100,
      message: '不能取消自己的管理员身份',
    });
    const admins = await db.selectFrom('user').select('id').where('role', '=', 1).execute();
    expect(admins.map((a) => a.id)).toEqual([second.id]);
    // The last-admin rule, for when two admins demote each other at the same moment (both past the
    // gate before either change): the demotion itself counts the admins.
    await expect(setRole(second.id, 2, api.adminId)).rejects.toThrow('至少需要保留一位管理员');
    expect(await db.selectFrom('user').select('id').where('role', '=', 1).execute()).toHaveLength(1);
    // The file's admin is one again for the tests below.
    await as('PUT', `/api/user/updateRole/${api.adminId}/1`, undefined, secondToken);
  });
});

describe('adminUpdateUserInfo', () => {
  it('changes anyone’s nick name and avatar, checked like the user’s own edit', async () => {
    const u = await api.user('edited');
    const res = await as('PUT', '/api/user/adminUpdateUserInfo', {
      id: u.id,
      nick_name: '改过的名字',
      avatar: '/uploads/2026-01/a.png',
    });
    expect(res.json).toEqual({ code: 0, message: '修改成功', result: true });
    const seen = await api.call('GET', `/api/user/getUserInfoById/${u.id}`);
    expect(seen.json.result).toMatchObject({ nick_name: '改过的名字', avatar: '/uploads/2026-01/a.png' });
    expect((await as('PUT', '/api/user/adminUpdateUserInfo', { id: u.id, avatar: '' })).json.code).toBe(0);
    for (const [body, message] of [
      [{ id: u.id }, '没有需要修改的内容'],
      [{ id: u.id, nick_name: '' }, '昵称不能为空'],
      [{ id: u.id, nick_name: '长'.repeat(21) }, '昵称最多 20 个字'],
      [{ id: u.id, avatar: 'javascript:alert(1)' }, '头像地址不正确'],
      [{ id: u.id, nick_name: '博主' }, '昵称不能冒充博主'],
      [{ id: 99999, nick_name: '谁' }, '用户不存在'],
    ] as const) {
      const refused = await as('PUT', '/api/user/adminUpdateUserInfo', body);
      expect(refused.json.code, JSON.stringify(body)).toBe(100);
      expect(refused.json.message).toContain(message);
    }
    // The blogger (an admin) may be called so.
    expect(
      (await as('PUT', '/api/user/adminUpdateUserInfo', { id: api.adminId, nick_name: '博主' })).json.code,
    ).toBe(0);
  });

  it('refuses visitors (401) and users (403) on every user route, changing nothing', async () => {
    const u = await api.user('plainuser');
    for (const [token, status] of [
      [undefined, 401],
      [u.token, 403],
    ] as const) {
      expect((await api.call('POST', '/api/user/getUserList', {}, token)).status).toBe(status);
      expect((await api.call('PUT', `/api/user/updateRole/${u.id}/1`, undefined, token)).status).toBe(status);
      const edit = { id: api.adminId, nick_name: '被改了' };
      expect((await api.call('PUT', '/api/user/adminUpdateUserInfo', edit, token)).status).toBe(status);
    }
    const row = await db.selectFrom('user').select('role').where('id', '=', u.id).executeTakeFirstOrThrow();
    expect(row.role).toBe(2);
  });
});
