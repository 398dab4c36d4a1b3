import { Secret, TOTP } from 'otpauth';
import { describe, expect, test } from 'vitest';
import { recordAudit } from '../../src/server/services/audit.ts';
import { auditList } from './audit-list.ts';
import { ADMIN, setupTestApi } from './helpers.ts';

/**
 * Audit completeness: failed sign-ins (the name tried and the address, never the password),
 * 2FA changes and refusals on admin routes (a few a minute per address) are rows of the audit log with
 * their own kind, and the console's 类型 filter finds them. Before, none of these left a row.
 */
const api = setupTestApi({ env: { TRUST_PROXY: 'true' } });

const rows = (filter: Record<string, unknown> = {}) => auditList(api, filter);

describe('security events in the audit log', () => {
  test('a failed sign-in: the name tried and the address, not the password', async () => {
    const res = await api.callFrom('192.0.2.61', 'POST', '/api/user/login', {
      username: 'Admin',
      password: 'Secret-Guess-1',
    });
    expect(res.json.code).toBe(100);
    // An unknown name too.
    await api.callFrom('192.0.2.62', 'POST', '/api/user/login', {
      username: 'nosuchuser',
      password: 'Guess12345',
    });
    // By address: rows of one millisecond come in the order their (asynchronous) writes landed.
    const list = (await rows({ kind: '登录失败' })).list.sort((a, b) => a.ip.localeCompare(b.ip));
    expect(list.map((r) => [r.label, r.ip])).toEqual([
      ['Admin · 用户名或密码错误', '192.0.2.61'],
      ['nosuchuser · 用户名或密码错误', '192.0.2.62'],
    ]);
    expect(list[0]).toMatchObject({ user_id: 0, user_name: '', action: '登录失败', thing_type: '账号' });
    expect(JSON.stringify(list)).not.toContain('Secret-Guess-1');
    // A right password leaves no row.
    expect((await api.callFrom('192.0.2.63', 'POST', '/api/user/login', ADMIN)).json.code).toBe(0);
    expect((await rows({ kind: '登录失败' })).total).toBe(2);
  });

  test('a 2FA change', async () => {
    const u = await api.user('auditotp01');
    const password = 'Passw0rd!';
    const { secret } = (await api.call('POST', '/api/user/2fa/setup', { password }, u.token)).json.result;
    const code = TOTP.generate({ secret: Secret.fromBase32(secret) });
    expect((await api.call('POST', '/api/user/2fa/enable', { password, code }, u.token)).json.code).toBe(0);
    const { list } = await rows({ kind: '两步验证' });
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      user_id: u.id,
      user_name: `昵称${u.username}`,
      action: '开启两步验证',
      thing_type: '账号',
      thing_id: String(u.id),
      path: '/api/user/2fa/enable',
    });
  });

  test('401 and 403 on admin routes, at most ten rows a minute per address', async () => {
    const u = await api.user('auditdeny1');
    expect(
      (await api.callFrom('192.0.2.70', 'POST', '/api/tag/add', { tag_name: 'x' }, u.token)).status,
    ).toBe(403);
    expect((await api.callFrom('192.0.2.71', 'GET', '/api/dashboard/getOverview')).status).toBe(401);
    // A refusal outside the admin routes (someone else's comment) is not one of these.
    expect(
      (await api.callFrom('192.0.2.72', 'DELETE', '/api/comment/delete/999/0', undefined, u.token)).status,
    ).not.toBe(403);
    const list = (await rows({ kind: '越权访问' })).list.sort((a, b) => a.ip.localeCompare(b.ip));
    expect(list.map((r) => [r.action, r.user_id, r.method, r.path, r.ip])).toEqual([
      ['无权访问管理接口', u.id, 'POST', '/api/tag/add', '192.0.2.70'],
      ['未登录访问管理接口', 0, 'GET', '/api/dashboard/getOverview', '192.0.2.71'],
    ]);

    // A scanner: 30 refusals from one address leave ten rows; another address still leaves its own.
    for (let i = 0; i < 30; i++)
      expect((await api.callFrom('192.0.2.80', 'GET', '/api/audit/getAuditDictionary')).status).toBe(401);
    await api.callFrom('192.0.2.81', 'GET', '/api/audit/getAuditDictionary');
    const scanned = await rows({ kind: '越权访问', text: '/api/audit/getAuditDictionary' });
    expect(scanned.list.filter((r) => r.ip === '192.0.2.80')).toHaveLength(10);
    expect(scanned.list.filter((r) => r.ip === '192.0.2.81')).toHaveLength(1);
  });

  test('the filter offers every kind, a kind added later included', async () => {
    // Another event (the signing key's rotation, say) needs nothing of the log but its row.
    await recordAudit({
      kind: '密钥轮换',
      action: '轮换签名密钥',
      thing: '密钥',
      userId: 0,
      userName: '',
      ids: [],
      labels: [],
      method: 'CLI',
      path: 'rotate-secret',
      ip: '',
    });
    const dict = (await api.call('GET', '/api/audit/getAuditDictionary', undefined, api.adminToken)).json
      .result;
    expect(dict.kinds).toEqual([
      '管理操作',
      '登录失败',
      '两步验证',
      '越权访问',
      '签名密钥',
      '拒绝导入',
      '账号邮箱',
      '密钥轮换',
    ]);
    expect(dict.actions).toEqual(expect.arrayContaining(['登录失败', '开启两步验证', '无权访问管理接口']));
    expect((await rows({ kind: '密钥轮换' })).list.map((r) => r.action)).toEqual(['轮换签名密钥']);
    // Nobody signed in (user_id 0) is not a person to filter by.
    expect(dict.users.map((u: { id: number }) => u.id)).not.toContain(0);
  });
});
