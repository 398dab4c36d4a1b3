import { Hono } from 'hono';
import { z } from 'zod';
import type { FreshToken, OtpEnabled } from '../../lib/contract/users.ts';
import { conflict, invalid, notFound, orThrow, tooMany } from '../core/errors.ts';
import { MSG } from '../core/messages.ts';
import type { ApiEnv } from '../http/context.ts';
import { ok } from '../http/envelope.ts';
import { apiDoc } from '../http/openapi.ts';
import { signToken, verifyPassword } from '../services/auth.ts';
import * as twoFactor from '../services/two-factor.ts';
import * as users from '../services/users.ts';
import { AUDIT_EVENTS } from './audit-actions.ts';
import { auditEvent } from './audit-events.ts';
import { requireUser } from './auth.ts';
import { checkSecondStep } from './second-step.ts';
import { passwordFailures } from './users.ts';
import { body } from './validate.ts';

/**
 * Two-factor sign-in, for every signed-in account (the personal center and the console's
 * 账号与安全 call these): setup makes a pending secret, enable confirms it with a code and answers the
 * ten recovery codes once, disable needs a code. All three need the account's password (a stolen session
 * alone must not bind another authenticator nor take the recovery codes). Enabling and disabling end
 * every other session, answer this tab a fresh token, mail the account's address and are written to the
 * audit log (两步验证).
 */

const password = z.string('请输入密码').max(100);

const SetupInput = z.object({ password });

const EnableInput = z.object({
  password,
  code: z
    .string('请输入验证码')
    .trim()
    .regex(/^\d{6}$/, '请输入验证器上的 6 位数字'),
});

const DisableInput = z.object({
  password,
  code: z.string('请输入验证码').trim().min(1, '请输入验证码或恢复码').max(32),
});

/** Each route in the API reference (GET /api/openapi.json). */
const doc = {
  setup: apiDoc({
    summary: '开始设置两步验证',
    access: 'login',
    body: SetupInput,
    description: '需要密码。生成待确认的密钥，回答密钥与给验证器扫描的二维码。',
  }),
  enable: apiDoc({
    summary: '开启两步验证',
    access: 'login',
    body: EnableInput,
    description:
      '需要密码，并用验证器上的 6 位数字确认；回答 10 个恢复码（只给这一次）与新 token：该账号其他已签发的 token 全部失效。',
  }),
  disable: apiDoc({
    summary: '关闭两步验证',
    access: 'login',
    body: DisableInput,
    description:
      '需要密码，以及验证码或恢复码；回答新 token：该账号其他已签发的 token 全部失效。验证码错误过多时暂停验证码（答 429），恢复码仍可用。',
  }),
};

/**
 * The account's password, counted with the personal center's wrong passwords (5 per user in 10
 * minutes): taken before the hash, given back when right.
 */
async function checkPassword(userId: number, typed: string): Promise<void> {
  const key = String(userId);
  const wait = await passwordFailures.take(key);
  if (wait) throw tooMany(wait, '尝试次数过多，请稍后再试');
  const hash = await users.passwordHashOf(userId);
  if (!hash || !(await verifyPassword(typed, hash))) throw invalid(MSG.otpPasswordWrong);
  await passwordFailures.reset(key);
}

export const twoFactorRoutes = new Hono<ApiEnv>()
  .post('/user/2fa/setup', doc.setup, async (c) => {
    const me = requireUser(c);
    const input = await body(c, SetupInput);
    await checkPassword(me.id, input.password);
    const self = orThrow(await users.getPublicUser(me.id, me.id), notFound(MSG.user));
    const made = await twoFactor.setupOtp({ id: me.id, username: self.username ?? String(me.id) });
    if (!made.ok) throw conflict(MSG.otpAlreadyOn);
    return ok(c, made.setup, '请用验证器扫描二维码');
  })
  .post('/user/2fa/enable', doc.enable, async (c) => {
    const me = requireUser(c);
    const input = await body(c, EnableInput);
    await checkPassword(me.id, input.password);
    const done = await twoFactor.enableOtp(me.id, input.code);
    if (!done.ok) throw invalid(done.reason === 'code' ? MSG.otpWrong : MSG.otpNoSetup);
    auditEvent(c, AUDIT_EVENTS.otpEnabled, { user: me, ids: [me.id], label: me.nick_name });
    const answer: OtpEnabled = { ...done.codes, token: await signToken(done.user) };
    return ok(c, answer, '两步验证已开启，其他设备需要重新登录');
  })
  .post('/user/2fa/disable', doc.disable, async (c) => {
    const me = requireUser(c);
    const input = await body(c, DisableInput);
    if (!(await twoFactor.otpEnabled(me.id))) throw conflict(MSG.otpNotOn);
    await checkPassword(me.id, input.password);
    // The code is counted per account with the sign-in's (api/second-step.ts), not as a wrong password.
    const step = await checkSecondStep(c, { id: me.id, label: me.nick_name }, input.code);
    if (!step.ok)
      throw step.reason === 'wrong' ? invalid(MSG.otpWrong) : tooMany(step.retryAfter, step.message);
    const user = await twoFactor.disableOtp(me.id);
    auditEvent(c, AUDIT_EVENTS.otpDisabled, { user: me, ids: [me.id], label: me.nick_name });
    const answer: FreshToken = { token: await signToken(user) };
    return ok(c, answer, '两步验证已关闭，其他设备需要重新登录');
  });
