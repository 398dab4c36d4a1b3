import { Hono } from 'hono';
import { z } from 'zod';
import { id, num } from '../../lib/contract/fields.ts';
import { notFound, orThrow } from '../core/errors.ts';
import { MSG } from '../core/messages.ts';
import type { ApiEnv } from '../http/context.ts';
import { ok } from '../http/envelope.ts';
import * as likes from '../services/likes.ts';
import { body } from './validate.ts';
import { viewerOf } from './viewer.ts';

const LikeBody = z.object({
  type: num(z.literal([1, 2, 3, 4], '点赞类型错误')),
  for_id: id(),
});

/** Likes on articles, talks, messages and comments: one per user, or per address for guests. */
export const likeRoutes = new Hono<ApiEnv>()
  .post('/like/addLike', async (c) => {
    const { type, for_id } = await body(c, LikeBody);
    const res = await likes.addLike(type, for_id, viewerOf(c));
    return ok(c, { is_like: true, count: res.count }, '点赞成功');
  })
  .post('/like/cancelLike', async (c) => {
    const { type, for_id } = await body(c, LikeBody);
    const res = await likes.cancelLike(type, for_id, viewerOf(c));
    return ok(c, { is_like: false, count: res.count }, '取消点赞成功');
  })
  .post('/like/getIsLikeByIdOrIpAndType', async (c) => {
    const { type, for_id } = await body(c, LikeBody);
    return ok(c, await likes.isLiked(type, for_id, viewerOf(c)));
  })
  // Not in the original contract: the count beside the state, for pages that do not know it yet.
  .post('/like/getLikeInfo', async (c) => {
    const { type, for_id } = await body(c, LikeBody);
    return ok(c, orThrow(await likes.likeInfo(type, for_id, viewerOf(c)), notFound(MSG.likeTarget)));
  });
