import { Hono } from 'hono';
import { z } from 'zod';
import { id } from '../../lib/contract/fields.ts';
import { waitMinutes } from '../../lib/lockout.ts';
import { clientIp } from '../core/client-ip.ts';
import { invalid, notFound, orThrow, tooMany } from '../core/errors.ts';
import { logger } from '../core/log.ts';
import { MSG } from '../core/messages.ts';
import { SharedLimiter } from '../core/shared-limit.ts';
import { SharedLockout } from '../core/shared-lockout.ts';
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

const MINUTE = 60_000;
/**
 * Wrong passwords per article, from every address (many addresses guessing one article's password side
 * by side): 30 in 15 minutes close the article's password box for 15 minutes, each further time twice as
 * long (at most 4 hours; forgotten a day after the last one ended). Its readers, the right password too,
 * wait meanwhile: a short pause is the price of a password that cannot be guessed at scale.
 */
export const articlePasswordFailures = new SharedLockout('article-password', {
  max: 30,
  windowMs: 15 * MINUTE,
  baseMs: 15 * MINUTE,
  capMs: 4 * 60 * MINUTE,
  forgetMs: 24 * 60 * MINUTE,
});

const articleLocked = (seconds: number) =>
  `这篇文章的密码错误次数过多，已暂停输入，请 ${waitMinutes(seconds * 1000)} 分钟后再试`;

const doc = {
  unlock: apiDoc({
    summary: '输入加密文章的密码',
    body: UnlockBody,
    description:
      '密码正确时回答文章与正文（含渲染好的 html 与目录 toc）；错误为 code 100「密码错误」。每个地址 10 分钟内最多错 5 次；每篇文章 15 分钟内被输错 30 次后暂停输入一段时间（答 429，首次 15 分钟，之后逐次加倍）。',
  }),
};

export const articleUnlockRoutes = new Hono<ApiEnv>().post('/article/unlock', doc.unlock, async (c) => {
  const input = await body(c, UnlockBody);
  const ip = clientIp(c);
  const wait = await unlockFailures.take(ip);
  if (wait) throw tooMany(wait, '密码错误次数过多，请稍后再试');
  const article = String(input.id);
  const locked = await articlePasswordFailures.take(article);
  if (locked) {
    // Not checked: the address keeps its slot.
    await unlockFailures.refund(ip);
    throw tooMany(locked, articleLocked(locked));
  }
  const opens = await passwordOpens(input.id, input.password);
  if (opens === null) {
    await articlePasswordFailures.refund(article);
    throw notFound(MSG.article);
  }
  if (!opens) {
    const pausedMs = await articlePasswordFailures.failed(article);
    if (pausedMs)
      logger.warn(
        { articleId: input.id, minutes: waitMinutes(pausedMs) },
        'article password paused: many wrong',
      );
    throw invalid(MSG.articlePassword);
  }
  await unlockFailures.refund(ip);
  await articlePasswordFailures.refund(article);
  const opened = orThrow(await articles.getArticle(input.id, { unlocked: true }), notFound(MSG.article));
  const { html, toc } = await articles.renderedArticle(opened);
  return ok(c, { ...opened, html, toc });
});
