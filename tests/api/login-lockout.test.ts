import { describe, expect, it } from 'vitest';
import { ADMIN, setupTestApi } from './helpers.ts';

/**
 * Nobody can lock the owner out: failed logins count per address and per (username, address), never
 * per username alone. Runs behind a trusted proxy, so both the socket address (no X-Forwarded-For)
 * and the forwarded one are exercised.
 */
const api = setupTestApi({ env: { TRUST_PROXY: 'true' } });

const login = (ip: string, username: string, password: string, headers: Record<string, string> = {}) =>
  api.callFrom(ip, 'POST', '/api/user/login', { username, password }, undefined, headers);

describe('failed logins for a username do not lock out a client that has not failed', () => {
  it('guesses for ADMIN (any case) from A; the right password from B succeeds; A stays blocked', async () => {
    const guesses = ['ADMIN', 'Admin', 'admin', 'AdMiN', 'aDMIN'];
    for (const [i, name] of guesses.entries())
      expect((await login('10.1.0.1', name, `Wrong${i}xx`)).json).toEqual({
        code: 100,
        message: '用户名或密码错误',
      });
    const blocked = await login('10.1.0.1', ADMIN.username, ADMIN.password);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);

    const owner = await login('10.1.0.2', ADMIN.username, ADMIN.password);
    expect(owner.json.code).toBe(0);
    expect(owner.json.result.id).toBe(api.adminId);

    expect((await login('10.1.0.1', ADMIN.username, ADMIN.password)).status).toBe(429);
    expect((await login('10.1.0.1', 'someone01', 'Passw0rd!')).status).toBe(429);
  });

  it('behind TRUST_PROXY the forwarded address is the one counted', async () => {
    // All requests come through the proxy's one socket address; the proxy appends the client's.
    const via = (client: string, spoofed = '1.2.3.4') => ({ 'x-forwarded-for': `${spoofed}, ${client}` });
    for (let i = 0; i < 5; i++)
      expect(
        (await login('127.0.0.1', 'admin', `Wrong${i}xx`, via('10.2.0.1', `9.9.9.${i}`))).json.code,
      ).toBe(100);
    // A new left-most entry (chosen by the client) does not make a new address.
    expect((await login('127.0.0.1', 'admin', ADMIN.password, via('10.2.0.1', '8.8.8.8'))).status).toBe(429);
    const owner = await login('127.0.0.1', 'admin', ADMIN.password, via('10.2.0.2'));
    expect(owner.json.code).toBe(0);
    expect((await login('127.0.0.1', 'admin', ADMIN.password, via('10.2.0.1'))).status).toBe(429);
  });

  it('a success from B does not unblock A, and the owner is not stopped by the failures of others', async () => {
    // Three more addresses each fail five times for the owner.
    for (const ip of ['10.3.0.1', '10.3.0.2', '10.3.0.3'])
      for (let i = 0; i < 5; i++) await login(ip, 'ADMIN', `Wrong${i}xx`);
    expect((await login('10.3.0.4', 'admin', ADMIN.password)).json.code).toBe(0);
    for (const ip of ['10.3.0.1', '10.3.0.2', '10.3.0.3'])
      expect((await login(ip, 'admin', ADMIN.password)).status).toBe(429);
  });
});
