import { Hono } from 'hono';
import { z } from 'zod';
import { COMMENT_MAX } from '../../lib/community.ts';
import { choiceFilter, id, num, pageFields, textFilter, timeFilter } from '../../lib/contract/fields.ts';
import type { ApiEnv } from '../http/context.ts';
import { ok } from '../http/envelope.ts';
import { listModeration } from '../services/moderation.ts';
import { requireAdmin } from './auth.ts';
import { body } from './validate.ts';

const ListBody = z.object({
  ...pageFields,
  type: choiceFilter(num(z.literal([1, 2, 3, 4], 'type 只能是 1、2、3 或 4'))),
  content: textFilter(COMMENT_MAX),
  from_id: choiceFilter(id()),
  from_name: textFilter(50),
  time: timeFilter,
});

/**
 * The console's 评论与留言 (issue 20): comments and guestbook messages in one list, so one page of it
 * is one query (the two tables merged by time in SQL, paged there). Deleting goes through ADMIN-API.md's
 * own routes (comment/backDelete, message/backDelete).
 */
export const moderationRoutes = new Hono<ApiEnv>().post('/comment/getModerationList', async (c) => {
  requireAdmin(c);
  return ok(c, await listModeration(await body(c, ListBody)));
});
