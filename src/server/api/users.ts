import { Hono } from 'hono';
import { z } from 'zod';
import type { Registered } from '../../lib/contract/admin-users.ts';
import { id } from '../../lib/contract/fields.ts';
import type { NeedOtp } from '../../lib/contract/users.ts';
import { checkEmail, typedEmail } from '../../lib/email.ts';
import { foldUsername } from '../../lib/names.ts';
import { ROLE } from '../../lib/role.ts';
import {
  checkLoginPassword,
  checkLoginUsername,
  checkPassword,
  checkUsername,
  NICK_MAX,
  normalizeUsername,
} from '../../lib/validation.ts';
import { clientIp } from '../core/client-ip.ts';
import { conflict, invalid, notFound, tooMany } from '../core/errors.ts';
import { MSG } from '../core/messages.ts';
import { SharedLimiter, takeAllShared } from '../core/shared-limit.ts';
import type { ApiEnv } from '../http/context.ts';
import { ok, refusal } from '../http/envelope.ts';
import { apiDoc } from '../http/openapi.ts';
import { signToken, verifyPassword } from '../services/auth.ts';
import { sendConfirmation } from '../services/mail/confirm.ts';
import { otpEnabled } from '../services/two-factor.ts';
import * as users from '../services/users.ts';
import { AUDIT_EVENTS } from './audit-actions.ts';
import { auditEvent } from './audit-events.ts';
import { requireUser } from './auth.ts';
import { clearFailures, delayFor, noteFailure, slowIfGuessed } from './login-slowdown.ts';
import { checkSecondStep } from './second-step.ts';
import { body, params } from './validate.ts';

const TEN_MINUTES = 10 * 60_000;
/**
 * Failed logins, each counted before the password is hashed and given back when it succeeds:
 * 5 per address in 10 minutes whatever the usernames (a spray), and 5 per username and address.
 * A username is never locked for everyone: guesses from one address do not stop the owner's right
 * password from another address that has not failed.
 */
export const loginFailures = {
  byNameAtIp: new SharedLimiter('login-name-ip', 5, TEN_MINUTES),
  byIp: new SharedLimiter('login-ip', 5, TEN_MINUTES),
};
/** Wrong current passwords in the personal center (and for turning 2FA off), per user. */
export const passwordFailures = new SharedLimiter('password', 5, TEN_MINUTES);
/**
 * Register attempts per address (taken names too, so the answer 用户名已存在 cannot be used to list
 * accounts): enough for a family or an office, not for a script.
 */
const registrations = new SharedLimiter('register', 10, 60 * 60_000);

const LOGIN_FAILED = '用户名或密码错误';

const str = (max: number) => z.string().max(max);

const RegisterInput = z.object({
  username: str(100),
  password: str(100),
  nick_name: str(100).optional().default(''),
  email: str(120).optional().default(''),
});

/** `otp`: the second step when the account has 2FA on (6 digits, or a recovery code). */
const LoginInput = z.object({ username: str(100), password: str(100), otp: str(32).optional() });

/** Avatars are our own uploads or an http(s) address: never javascript:, data: or relative tricks. */
const avatarUrl = z
  .string()
  .trim()
  .max(500)
  .refine((v) => v === '' || /^\/uploads\/[\w\-./]+$/.test(v) || /^https?:\/\/[^\s"'<>]+$/i.test(v), {
    message: '头像地址不正确',
  })
  .refine((v) => !v.includes('..'), { message: '头像地址不正确' });

const OwnInfoInput = z
  .object({
    nick_name: z.string().trim().min(1, '昵称不能为空').max(NICK_MAX, `昵称最多 ${NICK_MAX} 个字`),
    avatar: avatarUrl,
    qq: z
      .string()
      .trim()
      .refine((v) => v === '' || /^[1-9]\d{4,11}$/.test(v), { message: 'QQ 号格式不正确' }),
  })
  .partial()
  .strip();

const PasswordInput = z.object({ password: str(100), password1: str(100) });
const UserPath = z.object({ id: id() });

/** Each route in the API reference (GET /api/openapi.json). */
const doc = {
  register: apiDoc({ summary: '注册', body: RegisterInput, description: '回答新用户的 id 与用户名。' }),
  login: apiDoc({
    summary: '登录',
    body: LoginInput,
    description:
      '回答 token、id、username 与 role。开启两步验证的账号只带密码时答 code 100 与 `{need_otp: true}`，再带 otp（6 位数字或恢复码）重发。',
  }),
  publicInfo: apiDoc({ summary: '用户的公开资料', path: UserPath }),
  updateOwn: apiDoc({ summary: '修改自己的资料', access: 'login', body: OwnInfoInput }),
  password: apiDoc({
    summary: '修改密码',
    access: 'login',
    body: PasswordInput,
    description: 'password 为原密码，password1 为新密码。成功后旧 token 全部失效，回答里是新 token。',
  }),
  logout: apiDoc({ summary: '退出登录', access: 'login', description: '该用户已签发的 token 全部失效。' }),
  ownStatistic: apiDoc({ summary: '自己的统计', access: 'login' }),
};

/**
 * Throws the rule's own message (docs/product.md#login-and-register-forms) as a refusal (code 100) when a
 * check fails.
 */
function rule(message: string) {
  if (message) throw invalid(message);
}

export const userRoutes = new Hono<ApiEnv>()
  .post('/user/register', doc.register, async (c) => {
    const input = await body(c, RegisterInput);
    const username = normalizeUsername(input.username);
    rule(checkUsername(username));
    rule(checkPassword(input.password));
    // One mailbox in the plain form (lib/email.ts): never a list, a header line or a display name.
    const email = typedEmail(input.email);
    rule(checkEmail(email));
    const nick = input.nick_name.trim();
    if ([...nick].length > NICK_MAX) throw invalid(`昵称最多 ${NICK_MAX} 个字`);
    const ip = clientIp(c);
    // Checked and counted in one step, before the database is asked (so a parallel burst gets no more
    // than the limit), and for taken names too (so 用户名已存在 cannot list the accounts).
    const wait = await registrations.take(ip);
    if (wait) throw tooMany(wait, '注册过于频繁，请稍后再试');
    if (await users.usernameTaken(username)) throw conflict(MSG.usernameTaken);
    // Without a nick name the username is shown in its place; with one, the username still shows in
    // the console and the personal center: neither may pose as the blogger.
    await users.refuseBloggerLook(nick ? { nick_name: nick, username } : { nick_name: username });
    let userId: number;
    try {
      userId = await users.createUser({
        username,
        password: input.password,
        nick_name: nick,
        email,
        ip,
      });
    } catch (err) {
      // Two registrations racing for one (folded) name: the unique index decides, the loser is told plainly.
      if (await users.usernameTaken(username)) throw conflict(MSG.usernameTaken);
      throw err;
    }
    // The address gets its confirmation link; no other mail goes to it until it is followed.
    if (email) await sendConfirmation(userId);
    // The admin app's register page prefills its login form with result.username.
    const registered: Registered = { id: userId, username };
    return ok(c, registered, '注册成功');
  })
  .post('/user/login', doc.login, async (c) => {
    const input = await body(c, LoginInput);
    const username = normalizeUsername(input.username);
    rule(checkLoginUsername(username));
    rule(checkLoginPassword(input.password));
    const ip = clientIp(c);
    // The username as folded (`ADMIN` is `admin`), and only together with the address: a username
    // counter of its own would let anyone lock its owner out.
    const nameKey = `${foldUsername(username)}\n${ip}`;
    // Taken before the hash, so a parallel burst gets no more than the limit evaluated.
    const wait = await takeAllShared([
      [loginFailures.byNameAtIp, nameKey],
      [loginFailures.byIp, ip],
    ]);
    if (wait) throw tooMany(wait, '登录失败次数过多，请稍后再试');
    // Failures of this account from every address: past a threshold it answers slower.
    const account = foldUsername(username);
    const failures = await slowIfGuessed(c, account, ip);
    const failed = async (message: string, ids: number[] = []) => {
      await noteFailure(account);
      const slowed = delayFor(failures) ? `（该账号近 15 分钟失败 ${failures} 次，已减速）` : '';
      auditEvent(c, AUDIT_EVENTS.loginFailed, { ids, label: `${username} · ${message}${slowed}` });
    };
    const user = await users.checkCredentials(username, input.password);
    if (!user) {
      await failed(LOGIN_FAILED);
      throw invalid(LOGIN_FAILED);
    }
    // A right password is not a failure: the address gets back the slot this attempt took but keeps
    // its earlier failures, so a spray from one address cannot be laundered through an account the
    // sprayer owns.
    const passwordRight = async () => {
      await loginFailures.byIp.refund(ip);
      await loginFailures.byNameAtIp.reset(nameKey);
    };
    // Said only to whoever knows the password, so it tells a guesser nothing about the account.
    if (user.disabled_at) {
      await passwordRight();
      throw conflict(MSG.accountDisabled);
    }
    // The second step: without a code the password alone was right, which is no failure; a wrong
    // code keeps the address's slots and counts for the account's code step (api/second-step.ts), not
    // as a wrong password. A code not checked (another check in flight, the code step locked) is said
    // in the code step, with Retry-After.
    let recovery = false;
    if (await otpEnabled(user.id)) {
      const otp = input.otp?.trim();
      if (!otp) {
        await passwordRight();
        return refusal<NeedOtp>(c, MSG.otpRequired, { need_otp: true });
      }
      const step = await checkSecondStep(c, { id: user.id, label: user.username }, otp);
      if (!step.ok && step.reason === 'wrong') {
        auditEvent(c, AUDIT_EVENTS.loginFailed, { ids: [user.id], label: `${username} · ${MSG.otpWrong}` });
        return refusal<NeedOtp>(c, MSG.otpWrong, { need_otp: true });
      }
      if (!step.ok) {
        await passwordRight();
        c.header('Retry-After', String(Math.max(1, Math.ceil(step.retryAfter))));
        return refusal<NeedOtp>(c, step.message, { need_otp: true });
      }
      recovery = step.kind === 'recovery';
    }
    await passwordRight();
    await clearFailures(account);
    if (recovery)
      auditEvent(c, AUDIT_EVENTS.recoveryUsed, {
        user: { id: user.id, nick_name: user.nick_name },
        ids: [user.id],
        label: user.username,
      });
    return ok(
      c,
      { token: await signToken(user), id: user.id, username: user.username, role: user.role },
      '登录成功',
    );
  })
  .get('/user/getUserInfoById/:id', doc.publicInfo, async (c) => {
    const { id: userId } = params(c, UserPath);
    const user = await users.getPublicUser(userId, c.get('user')?.id);
    if (!user) throw notFound(MSG.user);
    return ok(c, user);
  })
  .put('/user/updateOwnUserInfo', doc.updateOwn, async (c) => {
    const me = requireUser(c);
    const patch = await body(c, OwnInfoInput);
    if (Object.keys(patch).length === 0) throw invalid(MSG.nothingToChange);
    // The blogger (an admin) may look like themselves; nobody else may.
    if (me.role !== ROLE.admin) await users.refuseBloggerLook(patch);
    await users.updateOwnInfo(me.id, patch);
    return ok(c, await users.getPublicUser(me.id, me.id), '修改成功');
  })
  .put('/user/updatePassword', doc.password, async (c) => {
    const me = requireUser(c);
    const input = await body(c, PasswordInput);
    if (!input.password) throw invalid('请输入原密码');
    rule(checkPassword(input.password1));
    const key = String(me.id);
    // Taken before the hash and given back when the password was right (only failures count).
    const wait = await passwordFailures.take(key);
    if (wait) throw tooMany(wait, '尝试次数过多，请稍后再试');
    const hash = await users.passwordHashOf(me.id);
    if (!hash || !(await verifyPassword(input.password, hash))) throw invalid('原密码错误');
    await passwordFailures.reset(key);
    if (input.password === input.password1) throw invalid('新密码不能与原密码相同');
    // Every older token ends here; this session continues with the fresh token in the answer.
    const row = await users.setPassword(me.id, input.password1);
    return ok(c, { token: await signToken(row) }, '密码修改成功');
  })
  .post('/user/logout', doc.logout, async (c) => {
    const me = requireUser(c);
    await users.bumpTokenVersion(me.id);
    return ok(c, null, '退出成功');
  })
  .get('/user/getOwnStatistic', doc.ownStatistic, async (c) => {
    const me = requireUser(c);
    return ok(c, await users.ownStatistic(me.id));
  });
