import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditSettled } from '../../src/server/api/audit.ts';
import { db } from '../../src/server/db/connection.ts';
import { setupTestApi } from './helpers.ts';

/**
 * Two-factor sign-in (TOTP, RFC 6238): set up and confirm with the password and a code, sign in with the
 * second step, each code once, ten one-time recovery codes, turn off with the password and a code. The clock
 * (Date only) is held still and moved by whole 30-second steps, so which step a code belongs to is
 * certain.
 */
const api = setupTestApi();
const PASSWORD = 'Passw0rd!';
const STEP_MS = 30_000;
/** One second into a step. */
let clock = Math.floor(Date.now() / STEP_MS) * STEP_MS + 1000;

const codeAt = (secret: string, stepsAhead = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: clock + stepsAhead * STEP_MS });
const nextStep = () => {
  clock += STEP_MS;
  vi.setSystemTime(clock);
};

const login = (username: string, extra: Record<string, string> = {}, ip = '198.51.100.30') =>
  api.callFrom(ip, 'POST', '/api/user/login', { username, password: PASSWORD, ...extra });
const me = async (u: { id: number; token: string }) =>
  (await api.call('GET', `/api/user/getUserInfoById/${u.id}`, undefined, u.token)).json.result;
const setup = async (token: string) => {
  const res = await api.call('POST', '/api/user/2fa/setup', { password: PASSWORD }, token);
  expect(res.json.code).toBe(0);
  return res.json.result as { secret: string; otpauth_url: string };
};
/** Turns it on; the answer's fresh token replaces the user's (the older one has ended). */
const enable = async (u: { token: string }, code: string) => {
  const res = await api.call('POST', '/api/user/2fa/enable', { password: PASSWORD, code }, u.token);
  expect(res.json.code).toBe(0);
  u.token = res.json.result.token;
  return res.json.result.recovery_codes as string[];
};

beforeAll(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: clock });
});
afterAll(() => {
  vi.useRealTimers();
});

describe('setting it up', () => {
  it('setup gives a pending secret that changes nothing until a code from it is confirmed', async () => {
    const u = await api.user('otpsetup01');
    expect(await me(u)).toMatchObject({ otp_enabled: false });
    const other = await api.user('otpother01');
    expect(await me({ id: u.id, token: other.token })).not.toHaveProperty('otp_enabled');

    const first = await setup(u.token);
    expect(first.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(first.otpauth_url).toMatch(/^otpauth:\/\/totp\/.+otpsetup01\?/);
    expect(new URL(first.otpauth_url).searchParams.get('secret')).toBe(first.secret);
    // Pending is not on: the password alone still signs in, and the profile says off.
    expect((await login('otpsetup01')).json.code).toBe(0);
    expect((await me(u)).otp_enabled).toBe(false);

    // A second setup replaces the first: a code of the first secret no longer confirms.
    const second = await setup(u.token);
    expect(second.secret).not.toBe(first.secret);
    const enableWith = (code: string) =>
      api.call('POST', '/api/user/2fa/enable', { password: PASSWORD, code }, u.token);
    const stale = await enableWith(codeAt(first.secret));
    expect(stale.json).toMatchObject({ code: 100, message: '两步验证码不正确' });
    const bad = await enableWith('12345');
    expect(bad.json.code).toBe(100);
    expect(bad.json.message).toContain('请输入验证器上的 6 位数字');
    expect((await me(u)).otp_enabled).toBe(false);

    const codes = await enable(u, codeAt(second.secret));
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    expect(await me(u)).toMatchObject({ otp_enabled: true, recovery_left: 10 });
    // Only hashes are kept.
    const stored = await db
      .selectFrom('user_recovery_code')
      .selectAll()
      .where('user_id', '=', u.id)
      .execute();
    expect(stored).toHaveLength(10);
    for (const row of stored)
      for (const c of codes) expect(row.code_hash).not.toContain(c.replaceAll('-', ''));

    // On already: setup and enable are refused, the secret stays.
    const again = await api.call('POST', '/api/user/2fa/setup', { password: PASSWORD }, u.token);
    expect(again.json).toMatchObject({ code: 100, message: '两步验证已经开启，如需更换请先关闭' });
    expect((await enableWith(codeAt(second.secret, 1))).json.code).toBe(100);
  });

  it('needs a sign-in', async () => {
    expect((await api.call('POST', '/api/user/2fa/setup', { password: PASSWORD })).status).toBe(401);
    expect(
      (await api.call('POST', '/api/user/2fa/enable', { password: PASSWORD, code: '123456' })).status,
    ).toBe(401);
    expect((await api.call('POST', '/api/user/2fa/disable', { password: 'x', code: '1' })).status).toBe(401);
  });
});

describe('signing in with it on', () => {
  it('asks for the code, takes it once, takes a recovery code once, and turns off with password + code', async () => {
    const u = await api.user('otplogin01');
    const { secret } = await setup(u.token);
    const recovery = await enable(u, codeAt(secret));

    // The password alone: code 100, need_otp, no token.
    const ask = await login('otplogin01');
    expect(ask.json).toEqual({ code: 100, message: '请输入两步验证码', result: { need_otp: true } });
    // A wrong password says nothing about the second step.
    const wrongPassword = await api.callFrom('198.51.100.31', 'POST', '/api/user/login', {
      username: 'otplogin01',
      password: 'Wrong1234',
    });
    expect(wrongPassword.json).toEqual({ code: 100, message: '用户名或密码错误' });

    // The enable code's own step is spent: the same code cannot sign in.
    expect((await login('otplogin01', { otp: codeAt(secret) })).json).toMatchObject({
      code: 100,
      message: '两步验证码不正确',
      result: { need_otp: true },
    });
    nextStep();
    const code = codeAt(secret);
    const signedIn = await login('otplogin01', { otp: code });
    expect(signedIn.json.code).toBe(0);
    expect(signedIn.json.result).toMatchObject({ id: u.id, username: 'otplogin01' });
    expect(typeof signedIn.json.result.token).toBe('string');
    // The same code again (a replay, same step) and the step before it are refused.
    expect((await login('otplogin01', { otp: code }, '198.51.100.32')).json.message).toBe('两步验证码不正确');
    expect((await login('otplogin01', { otp: codeAt(secret, -1) }, '198.51.100.32')).json.code).toBe(100);
    // One step of drift ahead is accepted.
    expect((await login('otplogin01', { otp: codeAt(secret, 1) }, '198.51.100.33')).json.code).toBe(0);

    // A recovery code, typed in lower case with spaces, works once.
    const typed = recovery[0].toLowerCase().replaceAll('-', ' ');
    expect((await login('otplogin01', { otp: typed }, '198.51.100.34')).json.code).toBe(0);
    expect((await login('otplogin01', { otp: recovery[0] }, '198.51.100.34')).json.code).toBe(100);
    expect((await me(u)).recovery_left).toBe(9);

    // Off: the password and a code, both right.
    const off = (password: string, c: string) =>
      api.call('POST', '/api/user/2fa/disable', { password, code: c }, u.token);
    nextStep();
    expect((await off('Wrong1234', codeAt(secret, 1))).json).toMatchObject({
      code: 100,
      message: '密码不正确',
    });
    expect((await off(PASSWORD, '000000')).json).toMatchObject({ code: 100, message: '两步验证码不正确' });
    expect((await off(PASSWORD, recovery[0])).json.code).toBe(100);
    expect((await me(u)).otp_enabled).toBe(true);
    const done = await off(PASSWORD, codeAt(secret, 1));
    expect(done.json).toMatchObject({ code: 0, message: '两步验证已关闭，其他设备需要重新登录' });
    u.token = done.json.result.token;
    expect(await me(u)).toMatchObject({ otp_enabled: false });
    expect(await me(u)).not.toHaveProperty('recovery_left');
    expect(
      await db.selectFrom('user_recovery_code').select('user_id').where('user_id', '=', u.id).execute(),
    ).toEqual([]);
    // The password alone signs in again.
    expect((await login('otplogin01', {}, '198.51.100.35')).json.code).toBe(0);
    expect((await off(PASSWORD, '123456')).json).toMatchObject({ code: 100, message: '两步验证没有开启' });
  });

  it('turning it on and off, and spending a recovery code, are in the audit log', async () => {
    const u = await api.user('otpaudit01');
    const { secret } = await setup(u.token);
    const [spare] = await enable(u, codeAt(secret));
    expect((await login('otpaudit01', { otp: spare }, '198.51.100.40')).json.code).toBe(0);
    const off = await api.call(
      'POST',
      '/api/user/2fa/disable',
      { password: PASSWORD, code: codeAt(secret, 1) },
      u.token,
    );
    expect(off.json.code).toBe(0);
    await auditSettled();
    const rows = await api.call(
      'POST',
      '/api/audit/getAuditList',
      { current: 1, size: 50, kind: '两步验证', user_id: u.id },
      api.adminToken,
    );
    const mine = (rows.json.result.list as Record<string, unknown>[]).map((r) => [
      r.action,
      r.thing_id,
      r.kind,
    ]);
    expect(mine.sort()).toEqual([
      ['使用恢复码登录', String(u.id), '两步验证'],
      ['关闭两步验证', String(u.id), '两步验证'],
      ['开启两步验证', String(u.id), '两步验证'],
    ]);
    // Never a code or a secret in the log.
    const text = JSON.stringify(rows.json.result.list);
    expect(text).not.toContain(spare);
    expect(text).not.toContain(secret);
  });
});
