import { Hono } from 'hono';
import { z } from 'zod';
import { COMMENT_MAX } from '../../lib/community.ts';
import { choiceFilter, id, num, pageFields, textFilter, timeFilter } from '../../lib/contract/fields.ts';
import { clientIp } from '../core/client-ip.ts';
import { notFound, tooMany } from '../core/errors.ts';
import { SharedLimiter } from '../core/shared-limit.ts';
import type { ApiEnv } from '../http/context.ts';
import { ok } from '../http/envelope.ts';
import { isAdmin } from '../services/auth.ts';
import * as comments from '../services/comments.ts';
import { listCommentsAdmin } from '../services/comments-admin.ts';
import { requireAdmin, requireUser } from './auth.ts';
import { body, params } from './validate.ts';
import { viewerOf } from './viewer.ts';

const type = num(z.literal([1, 2, 3], '评论类型错误'));
const content = z
  .string({ error: '请输入评论内容' })
  .trim()
  .min(1, '请输入评论内容')
  .max(COMMENT_MAX, `评论不能超过${COMMENT_MAX}个字`);

const ParentQuery = z.object({
  type,
  for_id: id(),
  ...pageFields,
  order: z.enum(['new', 'hot'], '排序只能是 new 或 hot').default('new'),
});
const ChildrenQuery = z.object({ parent_id: id(), ...pageFields });
// Author fields (from_id, from_name…) are not in these shapes, so whatever a client sends is dropped.
const AddBody = z.object({ type, for_id: id(), content });
const ApplyBody = AddBody.extend({ parent_id: id(), to_id: id() });

const DeleteParams = z.object({
  id: id(),
  parent_id: num(z.number().int().min(0).max(Number.MAX_SAFE_INTEGER)),
});
const BackListBody = z.object({
  ...pageFields,
  content: textFilter(COMMENT_MAX),
  from_name: textFilter(50),
  to_name: textFilter(50),
  time: timeFilter,
  // Ours: one author's comments, for the console's user panel.
  from_id: choiceFilter(id()),
});

/** Ten comments a minute per user is plenty for a person and stops a script. */
const perUser = new SharedLimiter('comment', 10, 60_000);

async function author(c: Parameters<typeof requireUser>[0]) {
  const user = requireUser(c);
  const wait = await perUser.take(String(user.id));
  if (wait) throw tooMany(wait, '评论太频繁了，请稍后再试');
  return {
    id: user.id,
    nick_name: user.nick_name,
    isAdmin: isAdmin(user),
    ip: clientIp(c),
    userAgent: c.req.header('user-agent') ?? '',
  };
}

/** Comments under articles (1), talks (2) and guestbook messages (3), with one level of replies. */
export const commentRoutes = new Hono<ApiEnv>()
  .post('/comment/frontGetParentComment', async (c) =>
    ok(c, await comments.listParents(await body(c, ParentQuery), viewerOf(c))),
  )
  .post('/comment/frontGetChildrenComment', async (c) =>
    ok(c, await comments.listChildren(await body(c, ChildrenQuery), viewerOf(c))),
  )
  .post('/comment/getCommentTotal', async (c) => {
    const input = await body(c, z.object({ type, for_id: id() }));
    return ok(c, await comments.commentTotal(input.type, input.for_id, viewerOf(c).isAdmin === true));
  })
  .post('/comment/add', async (c) => {
    const who = await author(c);
    const res = await comments.addComment(await body(c, AddBody), who);
    if (!res.ok) throw notFound(res.reason);
    return ok(c, res.comment, '评论成功');
  })
  .post('/comment/apply', async (c) => {
    const who = await author(c);
    const res = await comments.applyComment(await body(c, ApplyBody), who);
    if (!res.ok) throw notFound(res.reason);
    return ok(c, res.comment, '回复成功');
  })
  .delete('/comment/delete/:id/:parent_id', async (c) => {
    const user = requireUser(c);
    const p = params(c, DeleteParams);
    await comments.deleteComment(p.id, p.parent_id, { id: user.id, isAdmin: isAdmin(user) });
    return ok(c, null, '删除成功');
  })
  // Moderation (the original's back* routes): every comment, any one deleted.
  .post('/comment/backGetCommentList', async (c) => {
    requireAdmin(c);
    return ok(c, await listCommentsAdmin(await body(c, BackListBody)));
  })
  .delete('/comment/backDelete/:id/:parent_id', async (c) => {
    const admin = requireAdmin(c);
    const p = params(c, DeleteParams);
    return ok(
      c,
      await comments.deleteComment(p.id, p.parent_id, { id: admin.id, isAdmin: true }),
      '删除成功',
    );
  });
