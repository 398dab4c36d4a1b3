import { Hono } from 'hono';
import { z } from 'zod';
import { idList, pageFields } from '../../lib/contract/fields.ts';
import { escapeText, MAIL_KIND_LABELS } from '../../lib/mail.ts';
import { invalid } from '../core/errors.ts';
import type { ApiEnv } from '../http/context.ts';
import { ok } from '../http/envelope.ts';
import { apiDoc } from '../http/openapi.ts';
import {
  listFailedMails,
  listOutbox,
  mailPreferences,
  mailStatus,
  OUTBOX_STATUSES,
  retryMails,
  sendTestMail,
  setMailPreferences,
  unsubscribe,
} from '../services/mail/admin.ts';
import { readUnsubscribeToken } from '../services/mail/tokens.ts';
import { requireAdmin, requireUser } from './auth.ts';
import { body, query } from './validate.ts';

/**
 * Mail (docs/api/public.md#mail, docs/api/admin.md#mail). The unsubscribe address is the one every mail
 * names in its `List-Unsubscribe` header and its 退订 link: a GET shows a page asking to confirm (a mail
 * scanner opening links unsubscribes nobody), a POST unsubscribes — the confirm button, or the mail
 * client's one-click POST of RFC 8058 (a form body `List-Unsubscribe=One-Click`, from no page of ours:
 * api/app.ts lets this path take form bodies from anywhere, the signed token being its only authority).
 */
export const UNSUBSCRIBE_PATH = '/api/mail/unsubscribe';

const BAD_TOKEN = '退订链接无效或已失效，请登录后在个人中心关闭邮件提醒';

/** A small page of its own (light, as visitor pages are): no layout, no script. */
export const page = (title: string, inner: string) =>
  `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title></head><body style="margin:0;background:#f4f5f7;color:#222;font:16px/1.7 -apple-system,'PingFang SC','Microsoft YaHei',sans-serif"><main style="max-width:480px;margin:12vh auto;padding:24px;background:#fff;border-radius:8px">${inner}<p style="margin-top:24px"><a href="/" style="color:#49b1f5">返回首页</a></p></main></body></html>`;

function tokenOf(c: { req: { query: (k: string) => string | undefined } }) {
  const token = c.req.query('token') ?? '';
  const found = readUnsubscribeToken(token);
  if (!found) throw invalid(BAD_TOKEN);
  return { token, ...found };
}

const Preferences = z
  .object({
    reply: z.boolean({ error: '开关只能是 true 或 false' }),
    review: z.boolean({ error: '开关只能是 true 或 false' }),
    link: z.boolean({ error: '开关只能是 true 或 false' }),
  })
  .partial()
  .strip();

const Token = z.object({ token: z.string().max(2000).describe('邮件里退订链接带的签名令牌') });
const Page = z.object(pageFields);
const RetryBody = idList('邮件');
const OutboxQuery = z.object({
  ...pageFields,
  status: z
    .enum(OUTBOX_STATUSES, '状态只能是 pending、sending、sent、failed、held、folded 或 skipped')
    .optional(),
  to: z.string().max(300).optional().describe('只看发给这个地址的'),
});

const doc = {
  unsubscribePage: apiDoc({
    summary: '退订确认页',
    description: '邮件里的退订链接打开的网页：说明退订什么，按钮确认；打开本身不退订。',
    query: Token,
    raw: { type: 'text/html', description: '确认退订的网页' },
  }),
  unsubscribe: apiDoc({
    summary: '退订一类邮件',
    description:
      '不用登录，凭签名令牌：确认页的按钮（回答网页），或邮件客户端按 RFC 8058 的一键退订（表单 `List-Unsubscribe=One-Click`，回答信封）。',
    query: Token,
  }),
  preferences: apiDoc({ summary: '我的邮件提醒', access: 'login' }),
  setPreferences: apiDoc({ summary: '修改邮件提醒', access: 'login', body: Preferences }),
  status: apiDoc({
    summary: '邮件状态',
    access: 'admin',
    description: '是否已开启（SMTP_URL）、发件人、站长邮箱，以及待发与失败的邮件数。',
  }),
  test: apiDoc({ summary: '发送测试邮件', access: 'admin', description: '立即发到站长邮箱，不经队列。' }),
  failed: apiDoc({ summary: '发送失败的邮件', access: 'admin', query: Page }),
  outbox: apiDoc({
    summary: '邮件队列',
    access: 'admin',
    query: OutboxQuery,
    description:
      '发件箱里的邮件，新的在前，带状态与原因：held 超出收件人上限、等待合并到摘要，folded 已合并到摘要（digest_id），skipped 未发送（reason：unconfirmed 未验证地址，capped 超出上限的验证邮件）。',
  }),
  retry: apiDoc({ summary: '重试邮件', access: 'admin', body: RetryBody }),
};

export const mailRoutes = new Hono<ApiEnv>()
  .get('/mail/unsubscribe', doc.unsubscribePage, (c) => {
    const { token, email, kind } = tokenOf(c);
    const label = escapeText(MAIL_KIND_LABELS[kind]);
    return c.html(
      page(
        '退订邮件',
        `<h1 style="font-size:20px;margin:0 0 12px">退订邮件</h1><p>不再给 <b>${escapeText(email)}</b> 发送「${label}」这类邮件？退订后，登录即可在个人中心重新打开。</p><form method="post" action="${UNSUBSCRIBE_PATH}?token=${escapeText(encodeURIComponent(token))}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit" style="padding:8px 20px;border:0;border-radius:6px;background:#49b1f5;color:#fff;font-size:16px;cursor:pointer">确认退订</button></form>`,
      ),
      200,
      { 'Cache-Control': 'no-store' },
    );
  })
  .post('/mail/unsubscribe', doc.unsubscribe, async (c) => {
    const done = await unsubscribe(c.req.query('token') ?? '');
    if (!done) throw invalid(BAD_TOKEN);
    const { email, kind } = done;
    const label = MAIL_KIND_LABELS[kind];
    // The confirm button of the page above is a browser: it gets a page back; a mail client gets the envelope.
    if (c.req.header('accept')?.includes('text/html'))
      return c.html(
        page(
          '已退订',
          `<h1 style="font-size:20px;margin:0 0 12px">已退订</h1><p>${escapeText(email)} 不会再收到「${escapeText(label)}」这类邮件。登录后可在个人中心重新打开。</p>`,
        ),
        200,
        { 'Cache-Control': 'no-store' },
      );
    return ok(c, { email, kind }, '已退订');
  })
  .get('/mail/preferences', doc.preferences, async (c) => ok(c, await mailPreferences(requireUser(c).id)))
  .put('/mail/preferences', doc.setPreferences, async (c) => {
    const user = requireUser(c);
    return ok(c, await setMailPreferences(user.id, await body(c, Preferences)), '保存成功');
  })
  .get('/mail/status', doc.status, async (c) => {
    requireAdmin(c);
    return ok(c, await mailStatus());
  })
  .post('/mail/test', doc.test, async (c) => {
    requireAdmin(c);
    const to = await sendTestMail();
    return ok(c, { to }, `测试邮件已发送到 ${to}`);
  })
  .get('/mail/outbox', doc.outbox, async (c) => {
    requireAdmin(c);
    return ok(c, await listOutbox(query(c, OutboxQuery)));
  })
  .get('/mail/failed', doc.failed, async (c) => {
    requireAdmin(c);
    return ok(c, await listFailedMails(query(c, Page)));
  })
  .put('/mail/retry', doc.retry, async (c) => {
    requireAdmin(c);
    const { idList: ids } = await body(c, RetryBody);
    return ok(c, await retryMails(ids), '已重新排队');
  });
