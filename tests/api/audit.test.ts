import { sql } from 'kysely';
import { beforeAll, describe, expect, test } from 'vitest';
import { createApiApp } from '../../src/server/api/app.ts';
import { auditSettled } from '../../src/server/api/audit.ts';
import { AUDIT_ACTIONS, AUDIT_SKIPPED } from '../../src/server/api/audit-actions.ts';
import { db } from '../../src/server/db/connection.ts';
import { AUDIT_DAYS, purgeAudit } from '../../src/server/services/audit.ts';
import { ACCESS } from './access.ts';
import { auditList } from './audit-list.ts';
import { jobParts, setupTestApi } from './helpers.ts';

/**
 * The audit log (docs/decisions/0011-audit-log.md): one mechanism for every admin write, listed at POST
 * /api/audit/getAuditList.
 */

const api = setupTestApi({ seed: true });
const IP = '203.0.113.7';

const asAdmin = (method: string, url: string, body?: unknown) =>
  api.callFrom(IP, method, url, body, api.adminToken);

const list = (filter: Record<string, unknown> = {}) => auditList(api, filter);

async function newTag(name: string): Promise<number> {
  const res = await asAdmin('POST', '/api/tag/add', { tag_name: name });
  expect(res.json.code).toBe(0);
  const row = await db.selectFrom('tag').select('id').where('tag_name', '=', name).executeTakeFirstOrThrow();
  return row.id;
}

beforeAll(() => {
  api.app = createApiApp({ writesPerMinute: 10_000 });
});

describe('the table of actions', () => {
  test('every admin write of the access table has an action name or is marked as writing nothing', () => {
    const writes = Object.entries(ACCESS)
      .filter(([key, access]) => access === 'admin' && !key.startsWith('GET '))
      .map(([key]) => key);
    const missing = writes.filter((key) => !AUDIT_ACTIONS[key] && !AUDIT_SKIPPED.has(key));
    expect(missing).toEqual([]);
    for (const key of AUDIT_SKIPPED) expect(AUDIT_ACTIONS[key], key).toBeUndefined();
  });

  test('every route of the table is a route of the app, with a Chinese action and thing', () => {
    const routes = new Set(api.app.routes.map((r) => `${r.method} ${r.path}`));
    for (const [key, spec] of Object.entries(AUDIT_ACTIONS)) {
      expect(routes.has(key), key).toBe(true);
      expect(spec.action, key).toMatch(/\p{Script=Han}/u);
      expect(spec.thing, key).toMatch(/\p{Script=Han}/u);
    }
    for (const key of AUDIT_SKIPPED) expect(routes.has(key), key).toBe(true);
  });
});

describe('recording', () => {
  test('a rename is listed with who, what, which thing, when and from where', async () => {
    const id = await newTag('审计旧名');
    const res = await asAdmin('PUT', '/api/tag/update', { id, tag_name: '审计新名' });
    expect(res.json.code).toBe(0);
    const { list: rows } = await list({ action: '修改标签' });
    const row = rows.find((r) => r.thing_id === String(id));
    expect(row).toMatchObject({
      user_id: api.adminId,
      action: '修改标签',
      thing_type: '标签',
      label: '审计旧名 → 审计新名',
      method: 'PUT',
      path: '/api/tag/update',
      ip: IP,
    });
    expect(row?.user_name).toBeTruthy();
    expect(row?.createdAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  test('a delete keeps the name of what it removed', async () => {
    const id = await newTag('将被删除的标签');
    expect((await asAdmin('POST', '/api/tag/delete', { tagIdList: [id] })).json.code).toBe(0);
    expect(await db.selectFrom('tag').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
    const { list: rows } = await list({ action: '删除标签' });
    expect(rows.find((r) => r.thing_id === String(id))?.label).toBe('将被删除的标签');
  });

  test('a delete by path parameter and a create by its answer name their things', async () => {
    const talk = await asAdmin('POST', '/api/talk/publishTalk', {
      content: '审计用的说说',
      talkImgList: [],
      status: 1,
      is_top: 2,
    });
    const talkId = talk.json.result.id as number;
    await asAdmin('DELETE', `/api/talk/deleteTalkById/${talkId}/1`);
    await asAdmin('DELETE', `/api/talk/deleteTalkById/${talkId}/3`);
    const { list: rows } = await list({ thing_type: '说说' });
    // Sorted: rows of the same millisecond come in the order their (asynchronous) writes landed.
    const mine = rows
      .filter((r) => r.thing_id === String(talkId))
      .map((r) => [r.action, r.label])
      .sort();
    expect(mine).toEqual([
      ['删除说说', '审计用的说说'],
      ['删除说说', '审计用的说说'],
      ['发表说说', '审计用的说说'],
    ]);
  });

  test('refusals, reads and other people’s writes are not recorded as admin writes', async () => {
    const writes = { kind: '管理操作' };
    const before = (await list(writes)).total;
    // A refusal (code 100): the tag does not exist.
    expect((await asAdmin('PUT', '/api/tag/update', { id: 999_999, tag_name: 'x' })).json.code).toBe(100);
    // Bad input.
    expect((await asAdmin('PUT', '/api/tag/update', { id: 'x' })).json.code).toBe(100);
    // A list sent as POST.
    expect((await asAdmin('POST', '/api/tag/getTagList', { current: 1, size: 10 })).json.code).toBe(0);
    // A user's own write, and a user refused an admin route.
    const user = await api.user();
    expect((await api.call('POST', '/api/todo/add', { content: '买菜' }, user.token)).json.code).toBe(0);
    expect((await api.call('POST', '/api/tag/add', { tag_name: '用户的' }, user.token)).status).toBe(403);
    expect((await list(writes)).total).toBe(before);
    // The user's refusal is a row of its own kind (tests/api/audit-security.test.ts).
    expect((await list({ kind: '越权访问', user_id: user.id })).total).toBe(1);
  });

  test('a log that cannot be written never fails the write', async () => {
    const id = await newTag('日志坏了');
    await auditSettled();
    await sql`ALTER TABLE audit_log RENAME TO audit_log_away`.execute(db);
    try {
      const res = await asAdmin('PUT', '/api/tag/update', { id, tag_name: '日志坏了也能改' });
      expect(res.json.code).toBe(0);
      await auditSettled();
    } finally {
      await sql`ALTER TABLE audit_log_away RENAME TO audit_log`.execute(db);
    }
    expect(
      (await db.selectFrom('tag').select('tag_name').where('id', '=', id).executeTakeFirst())?.tag_name,
    ).toBe('日志坏了也能改');
  });
});

describe('the list', () => {
  test('filters by admin, action, thing, text and day, pages, and offers its choices', async () => {
    const id = await newTag('筛选用标签');
    await asAdmin('PUT', '/api/tag/update', { id, tag_name: '筛选用标签二' });
    // Every row so far is the admin's write but one refusal of a user (the test before).
    const all = await list();
    expect(all.total).toBeGreaterThanOrEqual(2);
    expect((await list({ user_id: api.adminId })).total).toBe(all.total - 1);
    expect((await list({ kind: '管理操作' })).total).toBe(all.total - 1);
    expect((await list({ user_id: 999_999 })).total).toBe(0);
    const byText = await list({ text: '筛选用标签 →' });
    expect(byText.list.map((r) => r.action)).toEqual(['修改标签']);
    expect((await list({ thing_type: '标签', action: '新建标签', text: '筛选用' })).total).toBe(1);
    // Part of an action's name: 修改 finds the rename among the creates.
    expect((await list({ action: '修改', text: '筛选用' })).list.map((r) => r.action)).toEqual(['修改标签']);
    // Today (China time) includes every row; a day long past includes none. "" is no filter.
    const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    expect((await list({ time: [today, today] })).total).toBe(all.total);
    expect((await list({ time: ['2000-01-01', '2000-01-02'] })).total).toBe(0);
    expect((await list({ time: '', action: '', user_id: null })).total).toBe(all.total);
    const page = await list({ size: 1, current: 2 });
    expect(page.list).toHaveLength(1);
    expect(page.list[0].id).toBe(all.list[1].id);
    const dict = await api.call('GET', '/api/audit/getAuditDictionary', undefined, api.adminToken);
    expect(dict.json.result.actions).toContain('删除标签');
    expect(dict.json.result.things).toContain('标签');
    expect(dict.json.result.kinds).toEqual([
      '管理操作',
      '登录失败',
      '两步验证',
      '越权访问',
      '签名密钥',
      '拒绝导入',
      '账号邮箱',
    ]);
    expect(dict.json.result.users.map((u: { id: number }) => u.id)).toContain(api.adminId);
  });

  test('bad filters are refused in Chinese; visitors and users are refused', async () => {
    const bad = await api.call('POST', '/api/audit/getAuditList', { time: ['昨天', '今天'] }, api.adminToken);
    expect(bad.json.code).toBe(100);
    expect(bad.json.message).toMatch(/日期/);
    expect((await api.call('POST', '/api/audit/getAuditList', {})).status).toBe(401);
    const user = await api.user();
    expect((await api.call('POST', '/api/audit/getAuditList', {}, user.token)).status).toBe(403);
    expect((await api.call('GET', '/api/audit/getAuditDictionary', undefined, user.token)).status).toBe(403);
  });

  test(`rows older than ${AUDIT_DAYS} days are purged`, async () => {
    await list();
    const total = Number(
      (await db.selectFrom('audit_log').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n,
    );
    expect(total).toBeGreaterThan(0);
    expect(await purgeAudit(jobParts())).toBe(0);
    expect(await purgeAudit(jobParts((AUDIT_DAYS + 1) * 86_400_000))).toBe(total);
    expect((await list()).total).toBe(0);
  });
});
