import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { passwordFailures } from '../../src/server/api/users.ts';
import { db } from '../../src/server/db/connection.ts';
import { setMailer } from '../../src/server/services/mail/outbox.ts';
import { setupTestApi } from './helpers.ts';

/**
 * Turning two-factor sign-in on needs the account's password, not only a session: a stolen token alone
 * could otherwise bind the thief's authenticator and take the recovery codes, and the owner's own password
 * would then be refused for want of a code. Turning it on or off ends every other session (the answer
 * carries this tab's fresh token) and mails the account's own address when its owner confirmed it.
 * The clock (Date only) is held still and moved by whole 30-second steps.
 */
const api = setupTestApi();
const PASSWORD = 'Passw0rd!';
const STEP_MS = 30_000;
let clock = Math.floor(Date.now() / STEP_MS) * STEP_MS + 1000;
const codeAt = (secret: string, stepsAhead = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: clock + stepsAhead * STEP_MS });

type U = { id: number; username: string; token: string };
const post = (u: U, what: 'setup' | 'enable' | 'disable', body: Record<string, unknown>, token = u.token) =>
  api.call('POST', `/api/user/2fa/${what}`, body, token);
/** A request only a live session may make. */
const alive = async (token: string) =>
  (await api.call('GET', '/api/user/getOwnStatistic', undefined, token)).status === 200;
const otpRow = (id: number) =>
  db.selectFrom('user_otp').select(['secret', 'pending_secret']).where('user_id', '=', id).executeTakeFirst();
const signIn = async (username: string, ip: string) => {
  const res = await api.callFrom(ip, 'POST', '/api/user/login', { username, password: PASSWORD });
  expect(res.json.code).toBe(0);
  return res.json.result.token as string;
};

beforeAll(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: clock });
  // Mail on (a mailer that is never asked to send here): what is queued is the outbox row.
  setMailer({ mailer: { sendMail: async () => undefined }, from: () => 'blog@blog.test', wake: () => {} });
});
afterAll(() => {
  setMailer(null);
  vi.useRealTimers();
});

describe('a stolen session alone cannot turn two-factor on', () => {
  it('setup and enable need the password; without it nothing is pending and the password alone signs in', async () => {
    const u: U = await api.user('otpthief01');
    // The thief's requests: the session token, no password (or a guessed one).
    for (const body of [{}, { password: 'Guess1234' }]) {
      const res = await post(u, 'setup', body);
      expect(res.json.code).toBe(100);
      expect(res.json.message).toMatch(/请输入密码|密码不正确/);
    }
    expect(await otpRow(u.id)).toBeUndefined();
    // Even with a pending secret of the owner's own making, enable needs the password too.
    const { secret } = (await post(u, 'setup', { password: PASSWORD })).json.result;
    const stolen = await post(u, 'enable', { code: codeAt(secret) });
    expect(stolen.json.code).toBe(100);
    expect(stolen.json).not.toHaveProperty('result.recovery_codes');
    expect((await post(u, 'enable', { password: 'Guess1234', code: codeAt(secret) })).json).toMatchObject({
      code: 100,
      message: '密码不正确',
    });
    expect((await otpRow(u.id))?.secret).toBeNull();
    // The owner signs in with the password alone, as before.
    await signIn('otpthief01', '198.51.100.90');
  });

  it("wrong passwords at setup and enable count with disable's and the personal center's (5 in 10 minutes)", async () => {
    const u: U = await api.user('otpguess01');
    for (let i = 0; i < 3; i++) await post(u, 'setup', { password: `Guess${i}xxx` });
    await api.call(
      'PUT',
      '/api/user/updatePassword',
      { password: 'Guess9xxx', password1: 'Other1234' },
      u.token,
    );
    await post(u, 'enable', { password: 'Guess8xxx', code: '123456' });
    const blocked = await post(u, 'setup', { password: PASSWORD });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await otpRow(u.id)).toBeUndefined();
    await passwordFailures.reset(String(u.id));
    // A right password gives the slots back.
    expect((await post(u, 'setup', { password: PASSWORD })).json.code).toBe(0);
  });
});

describe('turning it on or off ends the other sessions', () => {
  it("enable answers a fresh token; every older one (this tab's too) has ended; disable the same", async () => {
    const u: U = await api.user('otpsession1');
    const laptop = await signIn('otpsession1', '198.51.100.91');
    const phone = await signIn('otpsession1', '198.51.100.92');
    const { secret } = (await post(u, 'setup', { password: PASSWORD }, laptop)).json.result;
    const on = await post(u, 'enable', { password: PASSWORD, code: codeAt(secret) }, laptop);
    expect(on.json).toMatchObject({ code: 0, message: '两步验证已开启，其他设备需要重新登录' });
    expect(on.json.result.recovery_codes).toHaveLength(10);
    const fresh = on.json.result.token as string;
    expect(await alive(fresh)).toBe(true);
    for (const old of [phone, laptop, u.token]) expect(await alive(old)).toBe(false);

    // Someone else's session from before cannot turn it off either (it has ended).
    clock += STEP_MS;
    vi.setSystemTime(clock);
    expect((await post(u, 'disable', { password: PASSWORD, code: codeAt(secret) }, phone)).status).toBe(401);
    const second = await api.callFrom('198.51.100.93', 'POST', '/api/user/login', {
      username: 'otpsession1',
      password: PASSWORD,
      otp: codeAt(secret),
    });
    expect(second.json.code).toBe(0);
    const other = second.json.result.token as string;
    const off = await post(u, 'disable', { password: PASSWORD, code: codeAt(secret, 1) }, fresh);
    expect(off.json).toMatchObject({ code: 0, message: '两步验证已关闭，其他设备需要重新登录' });
    expect(Object.keys(off.json.result)).toEqual(['token']);
    expect(await alive(off.json.result.token)).toBe(true);
    for (const old of [fresh, other]) expect(await alive(old)).toBe(false);
  });
});

describe('the account is mailed when two-factor goes on or off', () => {
  const mails = (addr: string) =>
    db
      .selectFrom('mail_outbox')
      .select(['kind', 'to_addr', 'status', 'subject'])
      .where('to_addr', '=', addr)
      .orderBy('id')
      .execute();
  const withAddress = async (name: string, addr: string, confirmed: boolean) => {
    const u: U = await api.user(name);
    await db
      .updateTable('user')
      .set({ email: addr, email_confirmed: confirmed ? addr : '' })
      .where('id', '=', u.id)
      .execute();
    return u;
  };
  const onAndOff = async (u: U) => {
    const { secret } = (await post(u, 'setup', { password: PASSWORD })).json.result;
    const on = await post(u, 'enable', { password: PASSWORD, code: codeAt(secret) });
    expect(on.json.code).toBe(0);
    const off = await post(
      u,
      'disable',
      { password: PASSWORD, code: codeAt(secret, 1) },
      on.json.result.token,
    );
    expect(off.json.code).toBe(0);
  };

  it('a confirmed address gets one mail for each; an unconfirmed one is sent nothing', async () => {
    await onAndOff(await withAddress('otpmail01', 'otpmail01@reader.test', true));
    expect(await mails('otpmail01@reader.test')).toEqual([
      {
        kind: 'account',
        to_addr: 'otpmail01@reader.test',
        status: 'pending',
        subject: expect.stringContaining('两步验证已开启'),
      },
      {
        kind: 'account',
        to_addr: 'otpmail01@reader.test',
        status: 'pending',
        subject: expect.stringContaining('两步验证已关闭'),
      },
    ]);
    await onAndOff(await withAddress('otpmail02', 'otpmail02@reader.test', false));
    const unconfirmed = await mails('otpmail02@reader.test');
    expect(unconfirmed.filter((m) => m.status !== 'skipped')).toEqual([]);
  });
});
