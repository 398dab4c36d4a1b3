import { describe, expect, it } from 'vitest';
import { loginFailures } from '../../src/server/api/users.ts';
import { setupTestApi } from './helpers.ts';

const api = setupTestApi();

const login = (username: string, password: string) =>
  api.call('POST', '/api/user/login', { username, password });

describe('failed logins are limited (5 in 10 minutes, per username and per address)', () => {
  it('answers 429 with Retry-After after 5 failures for one username, even with the right password', async () => {
    await api.user('victim0001');
    for (let i = 0; i < 5; i++) expect((await login('victim0001', `wrong${i}xx`)).json.code).toBe(100);
    const blocked = await login('victim0001', 'Passw0rd!');
    expect(blocked.status).toBe(429);
    expect(blocked.json.message).toBe('登录失败次数过多，请稍后再试');
    const retry = Number(blocked.headers.get('retry-after'));
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(600);
  });

  it('a success resets the count for that username', async () => {
    loginFailures.byIp.reset('127.0.0.1');
    await api.user('resetuser1');
    for (let i = 0; i < 4; i++) await login('resetuser1', `wrong${i}xx`);
    expect((await login('resetuser1', 'Passw0rd!')).json.code).toBe(0);
    loginFailures.byIp.reset('127.0.0.1');
    for (let i = 0; i < 4; i++) expect((await login('resetuser1', `wrong${i}xx`)).json.code).toBe(100);
    expect((await login('resetuser1', 'Passw0rd!')).json.code).toBe(0);
  });

  it('limits one address trying many usernames', async () => {
    loginFailures.byIp.reset('127.0.0.1');
    await api.user('sprayed001');
    for (let i = 0; i < 5; i++) await login(`spray${i}name`, 'Passw0rd!');
    const blocked = await login('sprayed001', 'Passw0rd!');
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
