import { Hono } from 'hono';
import { z } from 'zod';
import { id } from '../../lib/contract/fields.ts';
import { clientIp } from '../core/client-ip.ts';
import { invalid, notFound, orThrow, tooMany } from '../core/errors.ts';
import { MSG } from '../core/messages.ts';
import { SharedLimiter } from '../core/shared-limit.ts';
import type { ApiEnv } from '../http/context.ts';
import { ok } from '../http/envelope.ts';
import { apiDoc } from '../http/openapi.ts';
import { passwordOpens } from '../services/articles/locked.ts';
import * as articles from '../services/articles.ts';
import { body } from './validate.ts';

/** Opening a password-protected article (docs/api/public.md#password-protected-articles). Public. */

const UnlockBody = z.object({
  id: id(),
  password: z.string({ error: '请输入文章密码' }).min(1, '请输入文章密码').max(64, '密码错误'),
});

/**
 * Wrong article passwords per address, as the sign-in's (api/users.ts loginFailures): taken before the
 * hash, given back when the password was right, so only failures count; 5 in 10 minutes. A limiter of
 * its own: guessing at an article does not lock its reader out of signing in.
 */
export const unlockFailures = new SharedLimiter('article-unlock', 5, 10 * 60_000);

const doc = {
  unlock: apiDoc({
    summary: '输入加密文章的密码',
    body: UnlockBody,
    description:
      '密码正确时回答文章与正文（含渲染好的 html 与目录 toc）；错误为 code 100「密码错误」。每个地址 10 分钟内最多错 5 次。',
  }),
};

export const articleUnlockRoutes = new Hono<ApiEnv>().post('/article/unlock', doc.unlock, async (c) => {
  const input = await body(c, UnlockBody);
  const ip = clientIp(c);
  const wait = await unlockFailures.take(ip);
  if (wait) throw tooMany(wait, '密码错误次数过多，请稍后再试');
  const opens = await passwordOpens(input.id, input.password);
  if (opens === null) throw notFound(MSG.article);
  if (!opens) throw invalid(MSG.articlePassword);
  await unlockFailures.refund(ip);
  const article = orThrow(await articles.getArticle(input.id, { unlocked: true }), notFound(MSG.article));
  const { html, toc } = await articles.renderedArticle(article);
  return ok(c, { ...article, html, toc });
});
