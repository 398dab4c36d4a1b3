import { Hono } from 'hono';
import { z } from 'zod';
import { id, pageFields } from '../../lib/contract/fields.ts';
import type { ApiEnv } from '../http/context.ts';
import { ok } from '../http/envelope.ts';
import { apiDoc } from '../http/openapi.ts';
import { isAdmin } from '../services/auth.ts';
import * as notify from '../services/notify.ts';
import { requireUser } from './auth.ts';
import { body, params } from './validate.ts';

const IdParam = z.object({ id: id() });
const NotifyPage = z.object(pageFields).strip();

/** Each route in the API reference (GET /api/openapi.json). */
const doc = {
  list: apiDoc({ summary: '我的通知', access: 'login', body: NotifyPage, description: '带未读数 unread。' }),
  read: apiDoc({ summary: '标记为已读', access: 'login', path: IdParam }),
  delete: apiDoc({ summary: '删除通知', access: 'login', path: IdParam }),
};

/**
 * The notification drawer (docs/api/public.md#notifications-and-chat-history). The receiver is always the
 * token's user: a `userId` in the body is ignored, and someone else's notification reads as missing.
 */
export const notifyRoutes = new Hono<ApiEnv>()
  .post('/notify/getNotifyList', doc.list, async (c) => {
    const me = requireUser(c);
    const { current, size } = await body(c, NotifyPage);
    return ok(c, await notify.listNotify(me.id, current, size, { admin: isAdmin(me) }));
  })
  .put('/notify/update/:id', doc.read, async (c) => {
    const me = requireUser(c);
    const { id: notifyId } = params(c, IdParam);
    await notify.markNotifyRead(me.id, notifyId);
    return ok(c, null);
  })
  .put('/notify/delete/:id', doc.delete, async (c) => {
    const me = requireUser(c);
    const { id: notifyId } = params(c, IdParam);
    await notify.deleteNotify(me.id, notifyId);
    return ok(c, null, '删除成功');
  });
