import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditSettled } from '../../src/server/api/audit.ts';
import { accountFailures, SLOW_AFTER, slowdown } from '../../src/server/api/login-slowdown.ts';
import { logger } from '../../src/server/core/log.ts';
import { ADMIN, setupTestApi } from './helpers.ts';

/**
 * Guesses at one account (docs/decisions/0016-sign-in-protection.md) spread over many addresses. Each
 * address stays under its own limit (5 failures), so before this 10 addresses × 5 tries were 50 checked
 * guesses with no 429 and nothing slower. Now the account's failures are counted across addresses and, past
 * SLOW_AFTER, every further attempt for it waits, longer each time, and says so (X-Login-Delay, the log,
 * the audit row); the right password is never refused. The wait is recorded instead of spent (no test
 * sleeps).
 */
const api = setupTestApi({ env: { TRUST_PROXY: 'true' } });
const waits: number[] = [];
const realWait = slowdown.wait;

beforeAll(() => {
  slowdown.wait = async (ms: number) => {
    waits.push(ms);
  };
});
afterAll(() => {
  slowdown.wait = realWait;
});

const login = (ip: string, password: string, username = ADMIN.username) =>
  api.callFrom(ip, 'POST', '/api/user/login', { username, password });
const delayOf = (res: { headers: Headers }) => Number(res.headers.get('x-login-delay') ?? 0);

describe('failures for one account from many addresses', () => {
  it('slow down every further attempt past the threshold, and the owner still signs in', async () => {
    const warn = vi.spyOn(logger, 'warn');
    // Two failures from each of five addresses: each address is far from its own limit.
    for (let i = 0; i < SLOW_AFTER; i++) {
      const res = await login(`10.30.0.${i % 5}`, `Wrong${i}xx`);
      expect(res.json).toEqual({ code: 100, message: '用户名或密码错误' });
      expect(delayOf(res)).toBe(0);
    }
    expect(await accountFailures.count('admin')).toBe(SLOW_AFTER);
    expect(waits).toEqual([]);

    // Past it: each attempt waits, longer than the one before; none is refused with a 429.
    const delays: number[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await login(`10.30.1.${i}`, `Guess${i}xx`, i % 2 ? 'ADMIN' : 'admin');
      expect(res.status).toBe(200);
      expect(res.json.message).toBe('用户名或密码错误');
      delays.push(delayOf(res));
    }
    expect(delays.every((d, i) => d > 0 && (i === 0 || d > delays[i - 1]))).toBe(true);
    expect(waits).toEqual(delays);
    expect(Math.max(...delays)).toBeLessThanOrEqual(3000);

    // Said in the log with the account and the address.
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ account: 'admin', ip: '10.30.1.9', failures: SLOW_AFTER + 9 }),
      expect.stringContaining('login slowed'),
    );
    // And in the audit log, beside the name tried and the address.
    await auditSettled();
    const rows = await api.call(
      'POST',
      '/api/audit/getAuditList',
      { current: 1, size: 50, kind: '登录失败', text: '已减速' },
      api.adminToken,
    );
    expect(rows.json.result.total).toBe(10);
    const last = rows.json.result.list.find((r: { ip: string }) => r.ip === '10.30.1.9');
    expect(last).toMatchObject({ user_id: 0, action: '登录失败' });
    expect(last.label).toContain(`失败 ${SLOW_AFTER + 9} 次，已减速`);

    // The owner, from an address of their own: slowed like everyone, but signed in.
    const owner = await login('10.30.9.9', ADMIN.password);
    expect(owner.json.code).toBe(0);
    expect(delayOf(owner)).toBeGreaterThan(0);
    // A sign-in clears the account's count: the next attempt is not held back.
    expect(await accountFailures.count('admin')).toBe(0);
    const after = await login('10.30.9.10', 'Wrong99xx');
    expect(delayOf(after)).toBe(0);
  });

  it('another account is not slowed by the first one’s failures', async () => {
    await api.user('bystander1');
    for (let i = 0; i < SLOW_AFTER + 2; i++) await login(`10.31.0.${i}`, `Wrong${i}xx`, 'target0001');
    const other = await login('10.31.1.1', 'Passw0rd!', 'bystander1');
    expect(other.json.code).toBe(0);
    expect(delayOf(other)).toBe(0);
    expect(delayOf(await login('10.31.1.2', 'Wrong1xx', 'target0001'))).toBeGreaterThan(0);
  });
});
