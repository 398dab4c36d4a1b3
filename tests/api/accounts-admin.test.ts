import { describe, expect, it } from 'vitest';
import { isValidPassword } from '../../src/lib/validation.ts';
import { db } from '../../src/server/db/connection.ts';
import { signToken } from '../../src/server/services/auth.ts';
import { randomPassword } from '../../src/server/services/users.ts';
import { disableUser, setRole } from '../../src/server/services/users-admin.ts';
import { chatServerForFile } from './chat-server.ts';
import { setupTestApi } from './helpers.ts';
import type { Frame } from './ws-client.ts';

/**
 * The console's 用户 screen: disabling an account (tokens end at once, no login, no chat,
 * the content stays), enabling it again, and the owner's password reset. The chat hub runs on a real
 * server so an open socket of the user can be seen being closed.
 */
const api = setupTestApi();
const { join } = chatServerForFile();

async function tokenOf(id: number) {
  const row = await db
    .selectFrom('user')
    .select(['id', 'role', 'token_version'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return signToken(row);
}

const as = (method: string, url: string, body?: unknown, token = api.adminToken) =>
  api.call(method, url, body, token);
const login = (username: string, password = 'Passw0rd!') =>
  api.call('POST', '/api/user/login', { username, password });
const me = (token: string) => api.call('GET', '/api/user/getOwnStatistic', undefined, token);
const listed = async (id: number) =>
  (await as('POST', '/api/user/getUserList', { current: 1, size: 50 })).json.result.list.find(
    (u: { id: number }) => u.id === id,
  );

describe('disable and enable an account', () => {
  it('ends its tokens at once, refuses its login and its chat, keeps its content; enable lets it back', async () => {
    const u = await api.user();
    const msg = await api.call(
      'POST',
      '/api/message/add',
      {
        message: '停用前的留言',
        tag: '',
        color: '',
        font_size: 16,
        font_weight: 400,
        bg_color: '',
        bg_url: '',
      },
      u.token,
    );
    expect(msg.json.code).toBe(0);
    expect((await me(u.token)).json.code).toBe(0);
    const watcher = await join(api.adminToken);
    const socket = await join(u.token);
    await watcher.next('onlineList', (f) => f.list.some((e: Frame) => e.user_id === u.id));

    const res = await as('PUT', `/api/user/disable/${u.id}`);
    expect(res.json).toEqual({ code: 0, message: '账号已停用', result: true });

    // The token it holds is refused on its next call, as after a password change.
    const next = await me(u.token);
    expect(next.status).toBe(401);
    // Its open chat socket is told and closed, and it leaves the online list.
    await socket.next('offline');
    expect((await socket.closed).code).toBe(4001);
    await watcher.next('onlineList', (f) => !f.list.some((e: Frame) => e.user_id === u.id));
    // A new socket with that token is a read-only visitor: it cannot say anything.
    const again = await join(u.token);
    again.send({ type: 'message', content: '停用后还想说话', content_type: 'text' });
    expect((await again.next('error')).content).toBe('该账号已被停用');
    expect(await db.selectFrom('chat').select('id').where('user_id', '=', u.id).execute()).toEqual([]);

    // The right password gets a plain refusal; a wrong one the usual answer (nothing leaks).
    expect((await login(u.username)).json).toMatchObject({ code: 100, message: '该账号已被停用' });
    expect((await login(u.username, 'Wrong12345')).json).toMatchObject({ message: '用户名或密码错误' });
    // Its content stays.
    const board = await api.call('POST', '/api/message/getMessageList', {
      current: 1,
      size: 10,
      user_id: u.id,
    });
    expect(board.json.result.list.map((m: { message: string }) => m.message)).toEqual(['停用前的留言']);
    // The list says so, and can show the disabled accounts alone.
    expect((await listed(u.id)).disabledAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const disabledOnly = (await as('POST', '/api/user/getUserList', { size: 50, disabled: 1 })).json.result
      .list;
    expect(disabledOnly.map((r: { id: number }) => r.id)).toEqual([u.id]);
    const enabledOnly = (await as('POST', '/api/user/getUserList', { size: 50, disabled: 2 })).json.result
      .list;
    expect(enabledOnly.some((r: { id: number }) => r.id === u.id)).toBe(false);
    // Disabling twice changes nothing.
    expect((await as('PUT', `/api/user/disable/${u.id}`)).json.code).toBe(0);

    expect((await as('PUT', `/api/user/enable/${u.id}`)).json).toEqual({
      code: 0,
      message: '账号已启用',
      result: true,
    });
    expect((await listed(u.id)).disabledAt).toBeNull();
    // The old token stays ended; a fresh login works and chats.
    expect((await me(u.token)).status).toBe(401);
    const back = await login(u.username);
    expect(back.json.code).toBe(0);
    expect((await me(back.json.result.token)).json.code).toBe(0);
    const chat = await join(back.json.result.token);
    chat.send({ type: 'message', content: '我回来了', content_type: 'text' });
    await watcher.next('message', (m) => m.content === '我回来了');
  });

  it("a disabled account's old token is refused everywhere with the reason, guest routes too", async () => {
    const u = await api.user();
    const nick = `昵称${u.username}`;
    expect((await as('PUT', `/api/user/disable/${u.id}`)).json.code).toBe(0);
    const DISABLED = { code: 401, message: '该账号已被停用' };
    // A route that needs a login.
    const own = await me(u.token);
    expect([own.status, own.json]).toEqual([401, DISABLED]);
    // The guestbook takes guests, but not this token as one: nothing is stored, under any name.
    const count = async () =>
      Number(
        (
          await db
            .selectFrom('message')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    for (const extra of [{}, { nick_name: '路过的人' }]) {
      const res = await api.callFrom(
        '10.30.6.1',
        'POST',
        '/api/message/add',
        { message: '停用后的留言', ...extra },
        u.token,
      );
      expect([res.status, res.json]).toEqual([401, DISABLED]);
    }
    expect(await count()).toBe(before);
    expect(
      await db
        .selectFrom('message')
        .select('id')
        .where((eb) => eb.or([eb('user_id', '=', u.id), eb('nick_name', '=', nick)]))
        .execute(),
    ).toEqual([]);
    // Other routes a guest may call, reads and counters alike.
    for (const [method, url, body] of [
      ['GET', '/api/config'],
      ['PUT', '/api/config/addView'],
      ['POST', '/api/like/addLike', { type: 3, for_id: 1 }],
      ['POST', '/api/message/getMessageList', { current: 1, size: 5 }],
    ] as const) {
      const res = await api.call(method, url, body, u.token);
      expect([res.status, res.json], url).toEqual([401, DISABLED]);
    }
    // Without the token the same request is a guest's, as anyone's.
    expect((await api.call('GET', '/api/config')).json.code).toBe(0);
    // Enabled again, the old token is ended, not disabled: a login route says so, a guest route reads it as a guest.
    await as('PUT', `/api/user/enable/${u.id}`);
    expect((await me(u.token)).json).toEqual({ code: 401, message: '登录过期，请重新登录' });
    expect((await api.call('GET', '/api/config', undefined, u.token)).json.code).toBe(0);
  });

  it('never disables oneself, nor the last admin who can log in', async () => {
    expect((await as('PUT', `/api/user/disable/${api.adminId}`)).json).toMatchObject({
      code: 100,
      message: '不能停用自己的账号',
    });
    // The env admin is the only admin: nobody else may disable it (the rule in the service, since a
    // route caller other than itself would have to be a second admin).
    await expect(disableUser(api.adminId, 0)).rejects.toThrow('至少需要保留一位管理员');
    // A disabled admin does not count: with the second admin disabled, the env admin is still the last.
    const second = await api.user();
    await as('PUT', `/api/user/updateRole/${second.id}/1`);
    expect((await as('PUT', `/api/user/disable/${second.id}`)).json.code).toBe(0);
    await expect(disableUser(api.adminId, 0)).rejects.toThrow('至少需要保留一位管理员');
    // …nor may the last active admin be demoted by someone else while the other admin is disabled.
    await expect(setRole(api.adminId, 2, 0)).rejects.toThrow('至少需要保留一位管理员');
    // A disabled admin's token is refused like any other.
    expect((await as('PUT', `/api/user/enable/${second.id}`, undefined, second.token)).status).toBe(401);
    await as('PUT', `/api/user/enable/${second.id}`);
    await as('PUT', `/api/user/updateRole/${second.id}/2`);
  });

  it('leaves one admin when two admins disable or demote each other at once (ten races each)', async () => {
    // On PostgreSQL (READ COMMITTED) each statement alone would count the other admin as still
    // active and both would pass: the races run ten times, since one race may fall either way.
    const other = await api.user();
    const activeAdmins = () =>
      db.selectFrom('user').select('id').where('role', '=', 1).where('disabled_at', 'is', null).execute();
    // Both enabled admins again, with fresh tokens for whoever was disabled.
    const bothAdmins = async () => {
      await db
        .updateTable('user')
        .set({ disabled_at: null, role: 1 })
        .where('id', 'in', [api.adminId, other.id])
        .execute();
      api.adminToken = await tokenOf(api.adminId);
      other.token = await tokenOf(other.id);
    };
    for (let round = 0; round < 10; round++) {
      await bothAdmins();
      const [a, b] = await Promise.all([
        as('PUT', `/api/user/disable/${other.id}`),
        as('PUT', `/api/user/disable/${api.adminId}`, undefined, other.token),
      ]);
      expect(await activeAdmins()).toHaveLength(1);
      expect([a.json.code, b.json.code].filter((c) => c === 0)).toHaveLength(1);
      await bothAdmins();
      const demoted = await Promise.allSettled([setRole(other.id, 2, 0), setRole(api.adminId, 2, 0)]);
      expect(demoted.filter((d) => d.status === 'fulfilled')).toHaveLength(1);
      expect(await activeAdmins()).toHaveLength(1);
    }
    await bothAdmins();
    await as('PUT', `/api/user/updateRole/${other.id}/2`);
  });

  it('answers 用户不存在 for an unknown id, and refuses visitors and users', async () => {
    expect((await as('PUT', '/api/user/disable/99999')).json).toMatchObject({
      code: 100,
      message: '用户不存在',
    });
    expect((await as('PUT', '/api/user/enable/99999')).json).toMatchObject({
      code: 100,
      message: '用户不存在',
    });
    const u = await api.user();
    expect((await api.call('PUT', `/api/user/disable/${u.id}`)).status).toBe(401);
    expect((await api.call('PUT', `/api/user/disable/${api.adminId}`, undefined, u.token)).status).toBe(403);
    expect((await api.call('PUT', `/api/user/resetPassword/${u.id}`, undefined, u.token)).status).toBe(403);
  });
});

describe('reset a password', () => {
  it('sets a strong random password, answers it once, and ends the old tokens', async () => {
    const u = await api.user();
    const socket = await join(u.token);
    const res = await as('PUT', `/api/user/resetPassword/${u.id}`);
    expect(res.json).toMatchObject({ code: 0, message: '密码已重置' });
    const { password } = res.json.result;
    expect(isValidPassword(password)).toBe(true);
    expect(password).toMatch(/^[A-Za-z0-9]{16}$/);
    expect((await me(u.token)).status).toBe(401);
    await socket.next('offline');
    expect((await login(u.username)).json.message).toBe('用户名或密码错误');
    const fresh = await login(u.username, password);
    expect(fresh.json.code).toBe(0);
    expect((await me(fresh.json.result.token)).json.code).toBe(0);
    // Never stored as given: only its hash.
    const row = await db
      .selectFrom('user')
      .select('password')
      .where('id', '=', u.id)
      .executeTakeFirstOrThrow();
    expect(row.password).not.toContain(password);
  });

  it('refuses one’s own password and unknown users', async () => {
    expect((await as('PUT', `/api/user/resetPassword/${api.adminId}`)).json).toMatchObject({
      code: 100,
      message: '不能重置自己的密码，请在个人中心修改',
    });
    expect((await as('PUT', '/api/user/resetPassword/99999')).json.message).toBe('用户不存在');
  });

  it('generates passwords that pass the register rule and differ', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const p = randomPassword();
      expect(isValidPassword(p)).toBe(true);
      seen.add(p);
    }
    expect(seen.size).toBe(200);
  });
});

describe('a user’s comments and messages', () => {
  it('filters the moderation lists by author id', async () => {
    const a = await api.user();
    const b = await api.user();
    const look = { tag: '', color: '', font_size: 16, font_weight: 400, bg_color: '', bg_url: '' };
    const m = (await api.call('POST', '/api/message/add', { ...look, message: 'a 的留言' }, a.token)).json
      .result.id;
    await api.call('POST', '/api/message/add', { ...look, message: 'b 的留言' }, b.token);
    await api.call('POST', '/api/comment/add', { type: 3, for_id: m, content: 'a 的评论' }, a.token);
    await api.call('POST', '/api/comment/add', { type: 3, for_id: m, content: 'b 的评论' }, b.token);
    const comments = await as('POST', '/api/comment/backGetCommentList', {
      current: 1,
      size: 10,
      from_id: a.id,
    });
    expect(comments.json.result.list.map((c: { content: string }) => c.content)).toEqual(['a 的评论']);
    const messages = await as('POST', '/api/message/getMessageList', { current: 1, size: 10, user_id: b.id });
    expect(messages.json.result.list.map((x: { message: string }) => x.message)).toEqual(['b 的留言']);
    expect((await as('POST', '/api/message/getMessageList', { size: 10, user_id: 'x' })).json.code).toBe(100);
  });
});
