import { Hono } from 'hono';
import { ModerationList } from '../../lib/contract/admin-comments.ts';
import type { ApiEnv } from '../http/context.ts';
import { ok } from '../http/envelope.ts';
import { apiDoc } from '../http/openapi.ts';
import { listModeration } from '../services/moderation.ts';
import { requireAdmin } from './auth.ts';
import { body } from './validate.ts';

/**
 * The console's 评论与留言: comments and guestbook messages in one list, so one page of it
 * is one query (the two tables merged by time in SQL, paged there). Deleting goes through the original
 * admin app's own routes (comment/backDelete, message/backDelete).
 */
const doc = apiDoc({ summary: '评论与留言（后台）', access: 'admin', body: ModerationList });

export const moderationRoutes = new Hono<ApiEnv>().post('/comment/getModerationList', doc, async (c) => {
  requireAdmin(c);
  return ok(c, await listModeration(await body(c, ModerationList)));
});
