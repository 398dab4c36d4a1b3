import { describe, expect, it } from 'vitest';
import { db } from '../../src/server/db/connection.ts';
import { createUser } from '../../src/server/services/users.ts';
import { setupTestApi } from './helpers.ts';

const api = setupTestApi({ seed: true });

const site = (n: string) => ({
  site_name: `小站${n}`,
  site_desc: '一个博客',
  site_avatar: `https://example.net/${n}.png`,
  url: `https://example.net/${n}`,
});

describe('friend links', () => {
  it('lists approved links only, paged', async () => {
    const res = await api.call('POST', '/api/links/getLinksList', { current: 1, size: 4 });
    expect(res.json.result).toMatchObject({ current: 1, size: 4, total: 6 });
    expect(res.json.result.list).toHaveLength(4);
    expect(Object.keys(res.json.result.list[0])).toEqual(
      expect.arrayContaining(['id', 'site_name', 'site_desc', 'site_avatar', 'url']),
    );
    const all = (await api.call('POST', '/api/links/getLinksList', { size: 50 })).json.result.list;
    expect(all.every((l: { status: number }) => l.status === 2)).toBe(true);
    expect(all.some((l: { site_name: string }) => l.site_name === '代码猫的笔记本')).toBe(false);
    // Pending applications are the admin's.
    const u = await api.user();
    expect((await api.call('POST', '/api/links/getLinksList', { status: 1 }, u.token)).status).toBe(403);
    const pending = await api.call('POST', '/api/links/getLinksList', { status: 1 }, api.adminToken);
    expect(pending.json.result.list.map((l: { site_name: string }) => l.site_name)).toContain(
      '代码猫的笔记本',
    );
  });

  it('a signed-in user applies; it waits for approval and every admin is notified (type 4)', async () => {
    expect((await api.call('POST', '/api/links/add', site('a'))).status).toBe(401);
    const secondAdmin = await createUser({ username: 'admin2', password: 'Passw0rd!', role: 1 });
    const u = await api.user();
    const res = await api.call(
      'POST',
      '/api/links/add',
      { ...site('a'), status: 2, user_id: api.adminId },
      u.token,
    );
    expect(res.json.code).toBe(0);
    const row = await db
      .selectFrom('link')
      .selectAll()
      .where('id', '=', res.json.result.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 1, user_id: u.id, site_name: '小站a' });
    for (const adminId of [api.adminId, secondAdmin]) {
      const note = await db
        .selectFrom('notify')
        .selectAll()
        .where('user_id', '=', adminId)
        .where('type', '=', 4)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(note).toMatchObject({ to_id: row.id, isView: 1 });
      expect(note.message).toContain('小站a');
    }
    const listed = (await api.call('POST', '/api/links/getLinksList', { size: 50 })).json.result.list;
    expect(listed.some((l: { id: number }) => l.id === row.id)).toBe(false);
    // The same site twice is refused.
    expect(
      (await api.call('POST', '/api/links/add', { ...site('a'), url: 'https://EXAMPLE.net/a/' }, u.token))
        .json.code,
    ).toBe(100);
  });

  it('validates the application', async () => {
    const u = await api.user();
    const bad = async (patch: object) =>
      (await api.call('POST', '/api/links/add', { ...site('v'), ...patch }, u.token)).json.message;
    expect(await bad({ site_name: '' })).toBe('请输入网站名称');
    expect(await bad({ url: 'javascript:alert(1)' })).toBe('网站地址应以 http:// 或 https:// 开头');
    expect(await bad({ site_avatar: 'data:image/png;base64,xx' })).toBe('网站头像应为 http(s) 图片地址');
    expect(await bad({ site_desc: '长'.repeat(101) })).toBe('网站描述不能超过100个字');
  });

  it('the admin approves and deletes; others get 401/403', async () => {
    const u = await api.user();
    const id = (await api.call('POST', '/api/links/add', site('b'), u.token)).json.result.id;
    expect((await api.call('PUT', '/api/links/approve', { idList: [id] })).status).toBe(401);
    expect((await api.call('PUT', '/api/links/approve', { idList: [id] }, u.token)).status).toBe(403);
    expect((await api.call('PUT', '/api/links/approve', { idList: [id] }, api.adminToken)).json.code).toBe(0);
    const listed = (await api.call('POST', '/api/links/getLinksList', { size: 50 })).json.result.list;
    expect(listed.some((l: { id: number }) => l.id === id)).toBe(true);
    expect((await api.call('PUT', '/api/links/delete', { idList: [id] }, u.token)).status).toBe(403);
    expect((await api.call('PUT', '/api/links/delete', { idList: [id] }, api.adminToken)).json.code).toBe(0);
    expect((await api.call('PUT', '/api/links/delete', { idList: [id] }, api.adminToken)).json.code).toBe(
      100,
    );
    expect((await api.call('PUT', '/api/links/approve', { idList: 'x' }, api.adminToken)).json.code).toBe(
      100,
    );
  });

  it('the avatar is optional (the original form leaves it empty); one given must be an image address', async () => {
    const u = await api.user();
    const res = await api.call('POST', '/api/links/add', { ...site('noavatar'), site_avatar: '' }, u.token);
    expect(res.json).toMatchObject({ code: 0 });
    const row = await db
      .selectFrom('link')
      .selectAll()
      .where('id', '=', res.json.result.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ site_avatar: '', status: 1 });
    const { site_avatar: _, ...without } = site('absent');
    expect((await api.call('POST', '/api/links/add', without, u.token)).json.code).toBe(0);
    const bad = await api.call(
      'POST',
      '/api/links/add',
      { ...site('badavatar'), site_avatar: 'ftp://x/a.png' },
      u.token,
    );
    expect(bad.json.code).not.toBe(0);
    expect(bad.json.message).toBe('网站头像应为 http(s) 图片地址');
  });

  it('list items carry user_id: whose link it is', async () => {
    const u = await api.user();
    const id = (await api.call('POST', '/api/links/add', site('owner'), u.token)).json.result.id;
    await api.call('PUT', '/api/links/approve', { idList: [id] }, api.adminToken);
    const list = (await api.call('POST', '/api/links/getLinksList', { size: 50 })).json.result.list;
    expect(list.find((l: { id: number }) => l.id === id)).toMatchObject({ user_id: u.id });
    expect(list.every((l: object) => 'user_id' in l)).toBe(true);
  });

  it('frontUpdate: the applicant edits their own link, which goes back to review and tells the admins', async () => {
    const u = await api.user();
    const id = (await api.call('POST', '/api/links/add', site('e1'), u.token)).json.result.id;
    await api.call('PUT', '/api/links/approve', { idList: [id] }, api.adminToken);
    const edit = {
      id,
      site_name: '改名小站',
      site_desc: '新描述',
      site_avatar: '',
      url: 'https://example.net/e1-new',
    };
    // A status or user_id in the body is ignored: an applicant cannot approve their own edit.
    const res = await api.call(
      'POST',
      '/api/links/frontUpdate',
      { ...edit, status: 2, user_id: api.adminId },
      u.token,
    );
    expect(res.json).toMatchObject({ code: 0, result: { id, status: 1 } });
    const row = await db.selectFrom('link').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ ...edit, status: 1, user_id: u.id });
    const listed = (await api.call('POST', '/api/links/getLinksList', { size: 50 })).json.result.list;
    expect(listed.some((l: { id: number }) => l.id === id)).toBe(false);
    const note = await db
      .selectFrom('notify')
      .selectAll()
      .where('user_id', '=', api.adminId)
      .where('type', '=', 4)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(note).toMatchObject({ to_id: id, isView: 1 });
    expect(note.message).toContain('修改了友链「改名小站」');

    // The same validation as an application, and another link's site is refused.
    const bad = async (patch: object) =>
      (await api.call('POST', '/api/links/frontUpdate', { ...edit, ...patch }, u.token)).json;
    expect((await bad({ site_name: '' })).message).toBe('请输入网站名称');
    expect((await bad({ url: 'javascript:alert(1)' })).message).toBe('网站地址应以 http:// 或 https:// 开头');
    expect((await bad({ url: 'https://example.net/e1-new/' })).code).toBe(0); // its own site
    const other = (await api.call('POST', '/api/links/add', site('e2'), api.adminToken)).json.result.id;
    expect(other).toBeGreaterThan(0);
    expect(await bad({ url: 'https://EXAMPLE.net/e2' })).toMatchObject({
      code: 100,
      message: '该网站已经申请过友链了',
    });
    expect(await bad({ id: 99_999 })).toMatchObject({ code: 100, message: '友链不存在' });
  });

  it('frontUpdate: others get 403, visitors 401; an admin edits any link and its status stays', async () => {
    const [owner, other] = [await api.user(), await api.user()];
    const id = (await api.call('POST', '/api/links/add', site('f1'), owner.token)).json.result.id;
    await api.call('PUT', '/api/links/approve', { idList: [id] }, api.adminToken);
    const edit = { id, ...site('f1'), site_name: '别人改的' };
    const before = await db.selectFrom('link').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const denied = await api.call('POST', '/api/links/frontUpdate', edit, other.token);
    expect(denied.status).toBe(403);
    expect(denied.json.message).toBe('只能修改自己的友链');
    expect((await api.call('POST', '/api/links/frontUpdate', edit)).status).toBe(401);
    expect(await db.selectFrom('link').selectAll().where('id', '=', id).executeTakeFirstOrThrow()).toEqual(
      before,
    );

    const byAdmin = await api.call(
      'POST',
      '/api/links/frontUpdate',
      { ...edit, site_name: '博主改的' },
      api.adminToken,
    );
    expect(byAdmin.json).toMatchObject({ code: 0, result: { id, status: 2 } });
    expect(
      await db.selectFrom('link').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
    ).toMatchObject({
      site_name: '博主改的',
      status: 2,
      user_id: owner.id,
    });
  });

  it('caps waiting applications per user', async () => {
    const u = await api.user();
    for (const n of ['c1', 'c2', 'c3'])
      expect((await api.call('POST', '/api/links/add', site(n), u.token)).json.code).toBe(0);
    const fourth = await api.call('POST', '/api/links/add', site('c4'), u.token);
    expect(fourth.json).toMatchObject({ code: 100, message: '你的友链申请还在审核中，请耐心等待' });
  });
});
