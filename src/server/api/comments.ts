import { Hono } from 'hono';
import { z } from 'zod';
import { COMMENT_MAX } from '../../lib/community.ts';
import { reviewStatusFilter } from '../../lib/contract/admin-comments.ts';
import { choiceFilter, id, num, pageFields, textFilter, timeFilter } from '../../lib/contract/fields.ts';
import { clientIp } from '../core/client-ip.ts';
import { notFound, tooMany } from '../core/errors.ts';
import { SharedLimiter } from '../core/shared-limit.ts';
import type { ApiEnv } from '../http/context.ts';
import { ok } from '../http/envelope.ts';
import { apiDoc } from '../http/openapi.ts';
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
  // Ours: one state of the moderation queue (docs/owner-guide.md#评论审核).
  review_status: reviewStatusFilter,
});

const TotalBody = z.object({ type, for_id: id() });

/** Each route in the API reference (GET /api/openapi.json). */
const doc = {
  parents: apiDoc({
    summary: '一级评论',
    body: ParentQuery,
    description: 'type：1 文章、2 说说、3 留言；order 为 new（最新）或 hot（最热）。',
  }),
  children: apiDoc({ summary: '评论的回复', body: ChildrenQuery }),
  total: apiDoc({ summary: '评论数', body: TotalBody }),
  add: apiDoc({ summary: '发表评论', access: 'login', body: AddBody, description: '每分钟最多 10 条。' }),
  apply: apiDoc({ summary: '回复评论', access: 'login', body: ApplyBody }),
  delete: apiDoc({
    summary: '删除评论',
    access: 'login',
    path: DeleteParams,
    description: '作者或管理员；parent_id 为 0 时是一级评论（连同它的回复）。',
  }),
  backList: apiDoc({ summary: '评论列表（后台）', access: 'admin', body: BackListBody }),
  backDelete: apiDoc({ summary: '删除任意评论（后台）', access: 'admin', path: DeleteParams }),
};

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

/** A written comment's answer: live, or waiting for the owner's review (the writer is told which). */
function added(c: Parameters<typeof requireUser>[0], res: comments.AddResult, done: string) {
  if (!res.ok) throw notFound(res.reason);
  return ok(c, res.comment, res.comment.review_status === 'pending' ? IN_REVIEW : done);
}

const IN_REVIEW = '已提交，站长审核通过后显示';

/** Comments under articles (1), talks (2) and guestbook messages (3), with one level of replies. */
export const commentRoutes = new Hono<ApiEnv>()
  .post('/comment/frontGetParentComment', doc.parents, async (c) =>
    ok(c, await comments.listParents(await body(c, ParentQuery), viewerOf(c))),
  )
  .post('/comment/frontGetChildrenComment', doc.children, async (c) =>
    ok(c, await comments.listChildren(await body(c, ChildrenQuery), viewerOf(c))),
  )
  .post('/comment/getCommentTotal', doc.total, async (c) => {
    const input = await body(c, TotalBody);
    return ok(c, await comments.commentTotal(input.type, input.for_id, viewerOf(c).isAdmin === true));
  })
  .post('/comment/add', doc.add, async (c) => {
    const who = await author(c);
    return added(c, await comments.addComment(await body(c, AddBody), who), '评论成功');
  })
  .post('/comment/apply', doc.apply, async (c) => {
    const who = await author(c);
    return added(c, await comments.applyComment(await body(c, ApplyBody), who), '回复成功');
  })
  .delete('/comment/delete/:id/:parent_id', doc.delete, async (c) => {
    const user = requireUser(c);
    const p = params(c, DeleteParams);
    await comments.deleteComment(p.id, p.parent_id, { id: user.id, isAdmin: isAdmin(user) });
    return ok(c, null, '删除成功');
  })
  // Moderation (the original's back* routes): every comment, any one deleted.
  .post('/comment/backGetCommentList', doc.backList, async (c) => {
    requireAdmin(c);
    return ok(c, await listCommentsAdmin(await body(c, BackListBody)));
  })
  .delete('/comment/backDelete/:id/:parent_id', doc.backDelete, async (c) => {
    const admin = requireAdmin(c);
    const p = params(c, DeleteParams);
    return ok(
      c,
      await comments.deleteComment(p.id, p.parent_id, { id: admin.id, isAdmin: true }),
      '删除成功',
    );
  });
