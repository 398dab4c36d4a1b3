import { Hono } from 'hono';
import { z } from 'zod';
import { blankAsAbsent, id, num, pageFields } from '../../lib/contract/fields.ts';
import type { ApiEnv } from '../http/context.ts';
import { ok } from '../http/envelope.ts';
import { apiDoc } from '../http/openapi.ts';
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
const doc = {
  list: apiDoc({
    summary: '说说列表（后台）',
    access: 'admin',
    body: ListBody,
    description: 'status：1 公开、2 私密、3 回收站，不给为全部。',
  }),
  delete: apiDoc({
    summary: '删除说说',
    access: 'admin',
    path: WithStatus,
    description: 'status 为说说当前的状态：1、2 时移到回收站，3 时彻底删除。',
  }),
  togglePublic: apiDoc({ summary: '公开或设为私密', access: 'admin', path: NewStatus }),
  toggleTop: apiDoc({ summary: '置顶或取消置顶', access: 'admin', path: NewTop }),
  revert: apiDoc({ summary: '从回收站恢复说说', access: 'admin', path: OneTalk }),
};

export const talkAdminRoutes = new Hono<ApiEnv>()
  .post('/talk/getTalkList', doc.list, async (c) => {
    requireAdmin(c);
    return ok(c, await talks.adminListTalks(await body(c, ListBody)));
  })
  .delete('/talk/deleteTalkById/:id/:status', doc.delete, async (c) => {
    requireAdmin(c);
    const { id: talkId, status } = params(c, WithStatus);
    const count = await talks.deleteTalkFrom(talkId, status);
    return ok(c, count, status === 3 ? '彻底删除成功' : '已移到回收站');
  })
  .put('/talk/togglePublic/:id/:status', doc.togglePublic, async (c) => {
    requireAdmin(c);
    const { id: talkId, status } = params(c, NewStatus);
    await talks.setTalkPublic(talkId, status);
    return ok(c, true, status === 1 ? '已公开' : '已设为私密');
  })
  .put('/talk/toggleTop/:id/:is_top', doc.toggleTop, async (c) => {
    requireAdmin(c);
    const { id: talkId, is_top } = params(c, NewTop);
    await talks.setTalkTop(talkId, is_top);
    return ok(c, true, is_top === 1 ? '置顶成功' : '已取消置顶');
  })
  .put('/talk/revertTalk/:id', doc.revert, async (c) => {
    requireAdmin(c);
    await talks.revertTalk(params(c, OneTalk).id);
    return ok(c, true, '恢复成功');
  });
