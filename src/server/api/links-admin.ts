import { Hono } from 'hono';
import { z } from 'zod';
import { id } from '../../lib/contract/fields.ts';
import type { ApiEnv } from '../http/context.ts';
import { ok } from '../http/envelope.ts';
import { apiDoc } from '../http/openapi.ts';
import { checkLink, linkHealthList } from '../services/link-health.ts';
import { rejectLink } from '../services/links-review.ts';
import { requireAdmin } from './auth.ts';
import { body, params } from './validate.ts';

const RejectBody = z.object({
  id: id(),
  reason: z
    .preprocess((v) => (v === null ? undefined : v), z.string('原因必须是文字').optional())
    .transform((v) => (v ?? '').trim())
    .pipe(z.string().max(200, '原因不能超过200个字')),
});

const IdPath = z.object({ id: id() });

/** The console's friend-link review and health, beside the original admin app's link routes. */
const doc = {
  reject: apiDoc({
    summary: '拒绝友链申请',
    access: 'admin',
    body: RejectBody,
    description: '申请人会收到通知（带原因）。',
  }),
  health: apiDoc({ summary: '友链健康状况', access: 'admin' }),
  check: apiDoc({ summary: '立即检测一条友链', access: 'admin', path: IdPath }),
};

export const linkAdminRoutes = new Hono<ApiEnv>()
  // A waiting application refused: removed, its applicant told (with the reason when given).
  .put('/links/reject', doc.reject, async (c) => {
    const admin = requireAdmin(c);
    const input = await body(c, RejectBody);
    await rejectLink(input.id, input.reason, admin);
    return ok(c, true, '已拒绝');
  })
  .get('/links/getLinkHealth', doc.health, async (c) => {
    requireAdmin(c);
    return ok(c, await linkHealthList());
  })
  // 立即检测: the same check as the background run (HEAD then GET, 8 s), for one link, now.
  .put('/links/check/:id', doc.check, async (c) => {
    requireAdmin(c);
    return ok(c, await checkLink(params(c, IdPath).id));
  });
