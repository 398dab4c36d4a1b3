import { Hono } from 'hono';
import { z } from 'zod';
import { conflict, invalid, notFound, orThrow, tooMany } from '../core/errors.ts';
import { MSG } from '../core/messages.ts';
import type { ApiEnv } from '../http/context.ts';
import { ok } from '../http/envelope.ts';
import { apiDoc } from '../http/openapi.ts';
import { verifyPassword } from '../services/auth.ts';
import * as twoFactor from '../services/two-factor.ts';
import * as users from '../services/users.ts';
import { AUDIT_EVENTS } from './audit-actions.ts';
import { auditEvent } from './audit-events.ts';
import { requireUser } from './auth.ts';
import { passwordFailures } from './users.ts';
import { body } from './validate.ts';

/**
 * Two-factor sign-in, for every signed-in account (the personal center and the console's
 * 账号与安全 call these): setup makes a pending secret, enable confirms it with a code and answers the
 * ten recovery codes once, disable needs the password and a code. Enabling and disabling are written
 * to the audit log (两步验证).
 */

const EnableInput = z.object({
  code: z
    .string('请输入验证码')
    .trim()
    .regex(/^\d{6}$/, '请输入验证器上的 6 位数字'),
});

const DisableInput = z.object({
  password: z.string('请输入密码').max(100),
  code: z.string('请输入验证码').trim().min(1, '请输入验证码或恢复码').max(32),
});

/** Each route in the API reference (GET /api/openapi.json). */
const doc = {
  setup: apiDoc({
    summary: '开始设置两步验证',
    access: 'login',
    description: '生成待确认的密钥，回答密钥与给验证器扫描的二维码。',
  }),
  enable: apiDoc({
    summary: '开启两步验证',
    access: 'login',
    body: EnableInput,
    description: '用验证器上的 6 位数字确认；回答 10 个恢复码（只给这一次）。',
  }),
  disable: apiDoc({
    summary: '关闭两步验证',
    access: 'login',
    body: DisableInput,
    description: '需要密码，以及验证码或恢复码。',
  }),
};

export const twoFactorRoutes = new Hono<ApiEnv>()
  .post('/user/2fa/setup', doc.setup, async (c) => {
    const me = requireUser(c);
    const self = orThrow(await users.getPublicUser(me.id, me.id), notFound(MSG.user));
    const made = await twoFactor.setupOtp({ id: me.id, username: self.username ?? String(me.id) });
    if (!made.ok) throw conflict(MSG.otpAlreadyOn);
    return ok(c, made.setup, '请用验证器扫描二维码');
  })
  .post('/user/2fa/enable', doc.enable, async (c) => {
    const me = requireUser(c);
    const { code } = await body(c, EnableInput);
    const done = await twoFactor.enableOtp(me.id, code);
    if (!done.ok) throw invalid(done.reason === 'code' ? MSG.otpWrong : MSG.otpNoSetup);
    auditEvent(c, AUDIT_EVENTS.otpEnabled, { user: me, ids: [me.id], label: me.nick_name });
    return ok(c, done.codes, '两步验证已开启');
  })
  .post('/user/2fa/disable', doc.disable, async (c) => {
    const me = requireUser(c);
    const input = await body(c, DisableInput);
    if (!(await twoFactor.otpEnabled(me.id))) throw conflict(MSG.otpNotOn);
    const key = String(me.id);
    // Wrong passwords and codes count with the personal center's (5 per user in 10 minutes), taken
    // before the hash and given back when both were right.
    const wait = await passwordFailures.take(key);
    if (wait) throw tooMany(wait, '尝试次数过多，请稍后再试');
    const hash = await users.passwordHashOf(me.id);
    if (!hash || !(await verifyPassword(input.password, hash))) throw invalid(MSG.otpPasswordWrong);
    if (!(await twoFactor.spendCode(me.id, input.code))) throw invalid(MSG.otpWrong);
    await passwordFailures.reset(key);
    await twoFactor.disableOtp(me.id);
    auditEvent(c, AUDIT_EVENTS.otpDisabled, { user: me, ids: [me.id], label: me.nick_name });
    return ok(c, null, '两步验证已关闭');
  });
