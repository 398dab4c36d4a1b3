import { Hono } from 'hono';
import { z } from 'zod';
import { ok, refuse } from '../core/errors.ts';
import * as likes from '../services/likes.ts';
import type { ApiEnv } from './context.ts';
import { body, id, num } from './validate.ts';
import { viewerOf } from './viewer.ts';

const LikeBody = z.object({
  type: num(z.literal([1, 2, 3, 4], '点赞类型错误')),
  for_id: id(),
});

const MISSING = '点赞的内容不存在';

/** Likes on articles, talks, messages and comments: one per user, or per address for guests. */
export const likeRoutes = new Hono<ApiEnv>()
  .post('/like/addLike', async (c) => {
    const { type, for_id } = await body(c, LikeBody);
    const res = await likes.addLike(type, for_id, viewerOf(c));
    if (!res.ok) throw refuse(res.reason === 'missing' ? MISSING : '已经点过赞了');
    return ok(c, { is_like: true, count: res.count }, '点赞成功');
  })
  .post('/like/cancelLike', async (c) => {
    const { type, for_id } = await body(c, LikeBody);
    const res = await likes.cancelLike(type, for_id, viewerOf(c));
    if (!res.ok) throw refuse(res.reason === 'missing' ? MISSING : '还没有点赞');
    return ok(c, { is_like: false, count: res.count }, '取消点赞成功');
  })
  .post('/like/getIsLikeByIdOrIpAndType', async (c) => {
    const { type, for_id } = await body(c, LikeBody);
    return ok(c, await likes.isLiked(type, for_id, viewerOf(c)));
  })
  // Not in the original contract: the count beside the state, for pages that do not know it yet.
  .post('/like/getLikeInfo', async (c) => {
    const { type, for_id } = await body(c, LikeBody);
    const info = await likes.likeInfo(type, for_id, viewerOf(c));
    if (!info) throw refuse(MISSING);
    return ok(c, info);
  });
