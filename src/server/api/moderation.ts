import { Hono } from 'hono';
import { ModerationList, ReviewBody } from '../../lib/contract/admin-comments.ts';
import type { ApiEnv } from '../http/context.ts';
import { ok } from '../http/envelope.ts';
import { apiDoc } from '../http/openapi.ts';
import { listModeration } from '../services/moderation.ts';
import { reviewComments, reviewCounts, reviewMessages } from '../services/review.ts';
import { requireAdmin } from './auth.ts';
import { body } from './validate.ts';

const VERDICT = { published: '已通过', spam: '已标为垃圾' } as const;

/**
 * The console's 评论与留言: comments and guestbook messages in one list, so one page of it
 * is one query (the two tables merged by time in SQL, paged there). Deleting goes through the original
 * admin app's own routes (comment/backDelete, message/backDelete). The moderation queue
 * (docs/owner-guide.md#评论审核): the verdicts and the tabs' counts.
 */
const doc = {
  list: apiDoc({ summary: '评论与留言（后台）', access: 'admin', body: ModerationList }),
  counts: apiDoc({
    summary: '审核队列的数目',
    access: 'admin',
    description: '全部、待审核与垃圾的评论与留言数。',
  }),
  comments: apiDoc({ summary: '审核评论', access: 'admin', body: ReviewBody }),
  messages: apiDoc({ summary: '审核留言', access: 'admin', body: ReviewBody }),
};

export const moderationRoutes = new Hono<ApiEnv>()
  .post('/comment/getModerationList', doc.list, async (c) => {
    requireAdmin(c);
    return ok(c, await listModeration(await body(c, ModerationList)));
  })
  .get('/comment/reviewCounts', doc.counts, async (c) => {
    requireAdmin(c);
    return ok(c, await reviewCounts());
  })
  .put('/comment/review', doc.comments, async (c) => {
    const owner = requireAdmin(c);
    const input = await body(c, ReviewBody);
    return ok(c, await reviewComments(input.idList, input.status, owner), VERDICT[input.status]);
  })
  .put('/message/review', doc.messages, async (c) => {
    const owner = requireAdmin(c);
    const input = await body(c, ReviewBody);
    return ok(c, await reviewMessages(input.idList, input.status, owner), VERDICT[input.status]);
  });
