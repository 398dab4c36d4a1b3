import { Hono } from 'hono';
import { z } from 'zod';
import { blankAsAbsent, id, num, pageFields } from '../../lib/contract/fields.ts';
import type { ApiEnv } from '../http/context.ts';
import { ok } from '../http/envelope.ts';
import * as talks from '../services/talks-admin.ts';
import { requireAdmin } from './auth.ts';
import { body, params } from './validate.ts';

const ListBody = z.object({
  ...pageFields,
  // Tabs public, private, recycle bin; absent (or 0 / "" / null) means all three.
  status: blankAsAbsent(num(z.literal([1, 2, 3], 'status 只能是 1、2 或 3'))),
});
const OneTalk = z.object({ id: id() });
const WithStatus = z.object({ id: id(), status: num(z.literal([1, 2, 3], 'status 只能是 1、2 或 3')) });
const NewStatus = z.object({ id: id(), status: num(z.literal([1, 2], 'status 只能是 1 或 2')) });
const NewTop = z.object({ id: id(), is_top: num(z.literal([1, 2], 'is_top 只能是 1 或 2')) });

/**
 * The owner's talk routes of the original admin app (docs/api/admin.md#talks-albums-and-photos), all admin.
 */
export const talkAdminRoutes = new Hono<ApiEnv>()
  .post('/talk/getTalkList', async (c) => {
    requireAdmin(c);
    return ok(c, await talks.adminListTalks(await body(c, ListBody)));
  })
  .delete('/talk/deleteTalkById/:id/:status', async (c) => {
    requireAdmin(c);
    const { id: talkId, status } = params(c, WithStatus);
    const count = await talks.deleteTalkFrom(talkId, status);
    return ok(c, count, status === 3 ? '彻底删除成功' : '已移到回收站');
  })
  .put('/talk/togglePublic/:id/:status', async (c) => {
    requireAdmin(c);
    const { id: talkId, status } = params(c, NewStatus);
    await talks.setTalkPublic(talkId, status);
    return ok(c, true, status === 1 ? '已公开' : '已设为私密');
  })
  .put('/talk/toggleTop/:id/:is_top', async (c) => {
    requireAdmin(c);
    const { id: talkId, is_top } = params(c, NewTop);
    await talks.setTalkTop(talkId, is_top);
    return ok(c, true, is_top === 1 ? '置顶成功' : '已取消置顶');
  })
  .put('/talk/revertTalk/:id', async (c) => {
    requireAdmin(c);
    await talks.revertTalk(params(c, OneTalk).id);
    return ok(c, true, '恢复成功');
  });
