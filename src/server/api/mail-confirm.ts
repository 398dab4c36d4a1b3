import { Hono } from 'hono';
import { z } from 'zod';
import { checkEmail, EMAIL_INVALID, typedEmail } from '../../lib/email.ts';
import { escapeText } from '../../lib/mail.ts';
import { invalid, tooMany } from '../core/errors.ts';
import { SharedLimiter } from '../core/shared-limit.ts';
import type { ApiEnv } from '../http/context.ts';
import { ok } from '../http/envelope.ts';
import { apiDoc } from '../http/openapi.ts';
import { verifyPassword } from '../services/auth.ts';
import { mailPreferences } from '../services/mail/admin.ts';
import {
  CONFIRM_PATH,
  changeOwnEmail,
  confirmAddress,
  confirmationOf,
  sendConfirmation,
} from '../services/mail/confirm.ts';
import * as users from '../services/users.ts';
import { AUDIT_EVENTS } from './audit-actions.ts';
import { auditEvent } from './audit-events.ts';
import { requireUser } from './auth.ts';
import { page } from './mail.ts';
import { passwordFailures } from './users.ts';
import { body } from './validate.ts';

/**
 * An account's address and its confirmation (docs/api/public.md#mail, docs/security.md#mail). The
 * link mailed to the address opens a page asking to confirm (GET: a mail scanner opening links
 * confirms nothing); its button POSTs, which confirms. The personal center changes the address (with
 * the password: the address is where the account's security notices go) and asks for a new link.
 */

/**
 * New links per account (重新发送 and address changes alike): a few for a mistyped address or a lost
 * mail, never a way to mail one address after another.
 */
export const confirmMails = new SharedLimiter('mail-confirm', 3, 60 * 60_000);

const Token = z.object({ token: z.string().max(2000).describe('验证邮件里链接带的签名令牌') });

const AddressInput = z.object({
  email: z.string('请输入邮箱').max(300, EMAIL_INVALID).describe('新邮箱；空字符串删除邮箱'),
  password: z.string('请输入密码').max(100),
});

const doc = {
  page: apiDoc({
    summary: '邮箱验证页',
    description: '验证邮件里的链接打开的网页：说明验证哪个邮箱，按钮确认；打开本身不验证。',
    query: Token,
    raw: { type: 'text/html', description: '确认验证的网页' },
  }),
  confirm: apiDoc({
    summary: '验证邮箱',
    description:
      '不用登录，凭签名令牌（24 小时内有效，只能用一次；改邮箱或重新发送后旧链接失效）。浏览器（Accept: text/html）回答网页，其他回答信封。',
    query: Token,
  }),
  resend: apiDoc({
    summary: '重新发送验证邮件',
    access: 'login',
    description:
      '给账号现在的邮箱发一封新的验证邮件（旧链接随之失效）；每个账号每小时 3 封（与修改邮箱合计）。',
  }),
  address: apiDoc({
    summary: '修改邮箱',
    access: 'login',
    body: AddressInput,
    description:
      '需要密码。新邮箱在验证前收不到任何邮件：保存后给它发验证邮件，旧邮箱（已验证时）收到一封更改通知。email 为空则删除邮箱。回答同 GET /api/mail/preferences。',
  }),
};

/** Its answer: a page for the browser (the page's button), the envelope for anything else. */
const wantsPage = (accept: string | undefined) => accept?.includes('text/html') ?? false;

async function takeConfirmMail(userId: number): Promise<void> {
  const wait = await confirmMails.take(String(userId));
  if (wait) throw tooMany(wait, '验证邮件发送过于频繁，请稍后再试');
}

export const mailConfirmRoutes = new Hono<ApiEnv>()
  .get('/mail/confirm', doc.page, async (c) => {
    const token = c.req.query('token') ?? '';
    const { email, done } = await confirmationOf(token);
    const inner = done
      ? `<h1 style="font-size:20px;margin:0 0 12px">邮箱已验证</h1><p><b>${escapeText(email)}</b> 已经验证过了，不用再点。</p>`
      : `<h1 style="font-size:20px;margin:0 0 12px">验证邮箱</h1><p>确认 <b>${escapeText(email)}</b> 是你的邮箱？确认后，回复提醒等邮件会发到这里。</p><form method="post" action="${CONFIRM_PATH}?token=${escapeText(encodeURIComponent(token))}"><button type="submit" style="padding:8px 20px;border:0;border-radius:6px;background:#49b1f5;color:#fff;font-size:16px;cursor:pointer">确认验证</button></form>`;
    return c.html(page('验证邮箱', inner), 200, { 'Cache-Control': 'no-store' });
  })
  .post('/mail/confirm', doc.confirm, async (c) => {
    const done = await confirmAddress(c.req.query('token') ?? '');
    if (!done.already)
      auditEvent(c, AUDIT_EVENTS.emailConfirmed, {
        user: { id: done.userId, nick_name: done.nick_name },
        ids: [done.userId],
        label: done.nick_name,
      });
    const message = done.already ? '邮箱已验证过' : '邮箱验证成功';
    if (wantsPage(c.req.header('accept')))
      return c.html(
        page(
          message,
          `<h1 style="font-size:20px;margin:0 0 12px">${message}</h1><p>之后的邮件提醒会发到 ${escapeText(done.email)}，可以在个人中心的「邮件提醒」里开关。</p>`,
        ),
        200,
        { 'Cache-Control': 'no-store' },
      );
    return ok(c, { email: done.email }, message);
  })
  .post('/mail/confirm/resend', doc.resend, async (c) => {
    const me = requireUser(c);
    const prefs = await mailPreferences(me.id);
    if (!prefs.email) throw invalid('请先填写邮箱');
    if (prefs.confirmed) throw invalid('邮箱已验证');
    await takeConfirmMail(me.id);
    const sent = await sendConfirmation(me.id);
    if (sent === 'none') throw invalid('邮件未开启，暂时无法发送验证邮件，请联系博主');
    return ok(c, await mailPreferences(me.id), `验证邮件已发送到 ${prefs.email}`);
  })
  .put('/mail/address', doc.address, async (c) => {
    const me = requireUser(c);
    const input = await body(c, AddressInput);
    // The one address rule (lib/email.ts), its message as is.
    const email = typedEmail(input.email);
    if (checkEmail(email)) throw invalid(EMAIL_INVALID);
    // The password first, counted with the personal center's wrong passwords (taken before the hash).
    const key = String(me.id);
    const wait = await passwordFailures.take(key);
    if (wait) throw tooMany(wait, '尝试次数过多，请稍后再试');
    const hash = await users.passwordHashOf(me.id);
    if (!hash || !(await verifyPassword(input.password, hash))) throw invalid('密码错误');
    await passwordFailures.reset(key);
    if (email) await takeConfirmMail(me.id);
    await changeOwnEmail(me.id, email);
    // Named by the account, not the addresses (the console's lists do not show members' addresses).
    auditEvent(c, AUDIT_EVENTS.emailChanged, { user: me, ids: [me.id], label: me.nick_name });
    return ok(
      c,
      await mailPreferences(me.id),
      email ? `邮箱已保存，请查收 ${email} 里的验证邮件` : '邮箱已删除',
    );
  });
