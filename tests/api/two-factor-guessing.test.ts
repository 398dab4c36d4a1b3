import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditSettled } from '../../src/server/api/audit.ts';
import { accountFailures } from '../../src/server/api/login-slowdown.ts';
import { otpChecks, otpFailures } from '../../src/server/api/second-step.ts';
import { MSG } from '../../src/server/core/messages.ts';
import { db } from '../../src/server/db/connection.ts';
import { setMailer } from '../../src/server/services/mail/outbox.ts';
import { type Answer, setupTestApi } from './helpers.ts';

/**
 * Someone who knows an account's password guesses its 6-digit second step from many addresses at
 * once. Each address alone is under its limit, so only a count per account stops it: at most one check
 * of the account's code at a time, and 10 wrong codes lock the code step (for 15 minutes, then 30, …)
 * while the owner still gets in with a recovery code and is told (a notification, a mail, an audit row).
 * The clock (Date only) is held still and moved on by the test.
 */
const api = setupTestApi();
const PASSWORD = 'Passw0rd!';
const STEP_MS = 30_000;
let clock = Math.floor(Date.now() / STEP_MS) * STEP_MS + 1000;
const setClock = (ms: number) => {
  clock = ms;
  vi.setSystemTime(clock);
};
const codeAt = (secret: string, stepsAhead = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: clock + stepsAhead * STEP_MS });

/** Six digits that are none of the codes the account would take now (its step and one either way). */
function wrongCodes(secret: string, n: number, seed: number): string[] {
  const good = new Set([-1, 0, 1].map((d) => codeAt(secret, d)));
  const out: string[] = [];
  for (let i = 0; out.length < n; i++) {
    const code = String((seed * 7919 + i * 104_729) % 1_000_000).padStart(6, '0');
    if (!good.has(code)) out.push(code);
  }
  return out;
}

const LOCKED = /^两步验证码错误次数过多，验证码已暂停使用，请 \d+ 分钟后再试，或改用恢复码$/;

const login = (username: string, otp: string, ip: string) =>
  api.callFrom(ip, 'POST', '/api/user/login', { username, password: PASSWORD, otp });

/** A user with 2FA on (and a confirmed address, for the mail); the recovery codes. */
async function withOtp(name: string) {
  const u = await api.user(name);
  const addr = `${name}@reader.test`;
  await db.updateTable('user').set({ email: addr, email_confirmed: addr }).where('id', '=', u.id).execute();
  const { secret } = (await api.call('POST', '/api/user/2fa/setup', { password: PASSWORD }, u.token)).json
    .result;
  const on = await api.call(
    'POST',
    '/api/user/2fa/enable',
    { password: PASSWORD, code: codeAt(secret) },
    u.token,
  );
  expect(on.json.code).toBe(0);
  // The enabling code's step is spent: the account's own codes start at the next one.
  setClock(clock + STEP_MS);
  return {
    ...u,
    token: on.json.result.token as string,
    secret,
    recovery: on.json.result.recovery_codes as string[],
  };
}

const kinds = (answers: Answer[]) => {
  const count = { wrong: 0, busy: 0, locked: 0, other: 0 };
  for (const a of answers) {
    if (a.json.message === MSG.otpWrong) count.wrong++;
    else if (a.json.message === MSG.otpBusy) count.busy++;
    else if (LOCKED.test(a.json.message)) count.locked++;
    else count.other++;
  }
  return count;
};

beforeAll(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: clock });
  setMailer({ mailer: { sendMail: async () => undefined }, from: () => 'blog@blog.test', wake: () => {} });
});
afterAll(() => {
  setMailer(null);
  vi.useRealTimers();
});

describe('parallel guessing of the 6-digit code', () => {
  // Each guess costs a password hash: up to a minute on a busy machine.
  it('from many addresses at once: at most 10 codes are checked, then the code step is refused; a recovery code signs in', {
    timeout: 60_000,
  }, async () => {
    const u = await withOtp('otpguess01');
    const total = { wrong: 0, busy: 0, locked: 0, other: 0 };
    // Waves of 25 parallel guesses, each from an address of its own (every address is far under its limit).
    for (let wave = 0; wave < 20 && total.locked === 0; wave++) {
      const codes = wrongCodes(u.secret, 25, wave + 1);
      const answers = await Promise.all(
        codes.map((code, i) => login(u.username, code, `10.46.${wave}.${i + 1}`)),
      );
      for (const a of answers) expect(a.json.result).toEqual({ need_otp: true });
      const k = kinds(answers);
      for (const key of Object.keys(total) as (keyof typeof total)[]) total[key] += k[key];
    }
    expect(total.other).toBe(0);
    // Exactly the threshold was checked; everything after it was refused unchecked.
    expect(total.wrong).toBe(10);
    expect(total.locked).toBeGreaterThan(0);

    // The right code is refused now too, with the wait.
    const right = await login(u.username, codeAt(u.secret), '10.47.0.1');
    expect(right.json).toMatchObject({ code: 100, result: { need_otp: true } });
    expect(right.json.message).toMatch(LOCKED);
    expect(right.json.message).toContain('15 分钟');
    const wait = Number(right.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(15 * 60);
    // A recovery code is still taken (once), and the refused right code was not spent meanwhile.
    const back = await login(u.username, u.recovery[0], '10.47.0.2');
    expect(back.json.code).toBe(0);
    expect(back.json.result.id).toBe(u.id);
    expect((await login(u.username, u.recovery[0], '10.47.0.3')).json.message).toBe(MSG.otpWrong);

    // Wrong codes are no wrong passwords: the account's password slowdown saw none of them.
    expect(await accountFailures.count(u.username)).toBe(0);

    // The owner was told: a notification leading to the personal center, a mail, an audit row.
    const notes = await db
      .selectFrom('notify')
      .select(['type', 'to_id', 'message'])
      .where('user_id', '=', u.id)
      .execute();
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ type: 5, to_id: u.id });
    expect(notes[0].message).toContain('15 分钟');
    const mails = await db
      .selectFrom('mail_outbox')
      .select(['kind', 'subject', 'status'])
      .where('to_addr', '=', `${u.username}@reader.test`)
      .orderBy('id')
      .execute();
    expect(mails.map((m) => m.kind)).toEqual(['account', 'account']);
    expect(mails[1].subject).toContain('验证码错误次数过多');
    await auditSettled();
    const audit = await api.call(
      'POST',
      '/api/audit/getAuditList',
      // Nobody is signed in at a sign-in: the row names the account as its subject, not as who acted.
      { current: 1, size: 50, kind: '两步验证' },
      api.adminToken,
    );
    const locked = (audit.json.result.list as { action: string; thing_id: string; label: string }[]).filter(
      (r) => r.action === '两步验证码错误过多，暂停验证码登录' && r.thing_id === String(u.id),
    );
    expect(locked).toHaveLength(1);
    expect(locked[0].thing_id).toBe(String(u.id));
    expect(JSON.stringify(audit.json.result.list)).not.toContain(u.recovery[0]);
  });

  it('a second check while one of the account is in flight is refused at once, and nothing is spent', async () => {
    const u = await withOtp('otpbusy01');
    const release = await otpChecks.take(String(u.id));
    expect(release).not.toBeNull();
    const code = codeAt(u.secret);
    const busy = await login(u.username, code, '10.48.0.1');
    expect(busy.json).toEqual({ code: 100, message: MSG.otpBusy, result: { need_otp: true } });
    expect(busy.headers.get('retry-after')).toBe('1');
    // Turning it off goes through the same check.
    const off = await api.call('POST', '/api/user/2fa/disable', { password: PASSWORD, code }, u.token);
    expect(off.status).toBe(429);
    expect(off.json.message).toBe(MSG.otpBusy);
    await release?.();
    // The refused attempts neither spent the code nor counted as wrong.
    expect((await login(u.username, code, '10.48.0.2')).json.code).toBe(0);
    expect(await otpFailures.lockedFor(String(u.id))).toBe(0);
  });
});

describe('the lockout', () => {
  it('counts the wrong codes of turning it off too, grows with each lockout, and lets a recovery code turn it off', async () => {
    const u = await withOtp('otplock01');
    const off = (code: string) =>
      api.call('POST', '/api/user/2fa/disable', { password: PASSWORD, code }, u.token);
    // Five wrong at the sign-in, five at turning it off (the password right each time).
    const codes = wrongCodes(u.secret, 10, 99);
    for (const [i, code] of codes.slice(0, 5).entries())
      expect((await login(u.username, code, `10.49.0.${i + 1}`)).json.message).toBe(MSG.otpWrong);
    for (const code of codes.slice(5)) expect((await off(code)).json.message).toBe(MSG.otpWrong);
    const refused = await off(codeAt(u.secret));
    expect(refused.status).toBe(429);
    expect(refused.json.message).toMatch(LOCKED);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(15 * 60);

    // After the first lockout, ten more wrong codes lock it for twice as long.
    setClock(clock + 15 * 60_000 + STEP_MS);
    for (const [i, code] of wrongCodes(u.secret, 10, 7).entries())
      expect((await login(u.username, code, `10.49.1.${i + 1}`)).json.message).toBe(MSG.otpWrong);
    const longer = await login(u.username, codeAt(u.secret), '10.49.2.1');
    expect(longer.json.message).toContain('30 分钟');
    const wait = Number(longer.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(15 * 60);
    expect(wait).toBeLessThanOrEqual(30 * 60);

    // A recovery code turns it off meanwhile (the owner's way out), with a fresh token.
    const done = await off(u.recovery[3]);
    expect(done.json.code).toBe(0);
    expect(typeof done.json.result.token).toBe('string');
    expect(await db.selectFrom('user_otp').select('user_id').where('user_id', '=', u.id).execute()).toEqual(
      [],
    );
  });
});
