import { Hono } from 'hono';
import { z } from 'zod';
import { id, num } from '../../lib/contract/fields.ts';
import { notFound, orThrow } from '../core/errors.ts';
import { MSG } from '../core/messages.ts';
import type { ApiEnv } from '../http/context.ts';
import { ok } from '../http/envelope.ts';
import { apiDoc } from '../http/openapi.ts';
import * as likes from '../services/likes.ts';
import { body } from './validate.ts';
import { viewerOf } from './viewer.ts';

const LikeBody = z.object({
  type: num(z.literal([1, 2, 3, 4], '点赞类型错误')),
  for_id: id(),
});

/** Each route in the API reference (GET /api/openapi.json). */
const doc = {
  add: apiDoc({
    summary: '点赞',
    body: LikeBody,
    description: 'type：1 文章、2 说说、3 留言、4 评论。每个用户（游客按地址）对每样东西一次。',
  }),
  cancel: apiDoc({ summary: '取消点赞', body: LikeBody }),
  isLiked: apiDoc({ summary: '是否已点赞', body: LikeBody }),
  info: apiDoc({ summary: '点赞数与是否已点赞', body: LikeBody }),
};

/** Likes on articles, talks, messages and comments: one per user, or per address for guests. */
export const likeRoutes = new Hono<ApiEnv>()
  .post('/like/addLike', doc.add, async (c) => {
    const { type, for_id } = await body(c, LikeBody);
    const res = await likes.addLike(type, for_id, viewerOf(c));
    return ok(c, { is_like: true, count: res.count }, '点赞成功');
  })
  .post('/like/cancelLike', doc.cancel, async (c) => {
    const { type, for_id } = await body(c, LikeBody);
    const res = await likes.cancelLike(type, for_id, viewerOf(c));
    return ok(c, { is_like: false, count: res.count }, '取消点赞成功');
  })
  .post('/like/getIsLikeByIdOrIpAndType', doc.isLiked, async (c) => {
    const { type, for_id } = await body(c, LikeBody);
    return ok(c, await likes.isLiked(type, for_id, viewerOf(c)));
  })
  // Not in the original contract: the count beside the state, for pages that do not know it yet.
  .post('/like/getLikeInfo', doc.info, async (c) => {
    const { type, for_id } = await body(c, LikeBody);
    return ok(c, orThrow(await likes.likeInfo(type, for_id, viewerOf(c)), notFound(MSG.likeTarget)));
  });
