import { Hono } from 'hono';
import { z } from 'zod';
import { CHAT_PAGE_SIZE } from '../../lib/chat.ts';
import { ChatSearch } from '../../lib/contract/chat.ts';
import { id, pageSize } from '../../lib/contract/fields.ts';
import { broadcastChat, chatOnline, kickFromChat } from '../chat/registry.ts';
import { conflict } from '../core/errors.ts';
import type { ApiEnv } from '../http/context.ts';
import { ok } from '../http/envelope.ts';
import { apiDoc } from '../http/openapi.ts';
import * as chat from '../services/chat.ts';
import { requireAdmin, requireUser } from './auth.ts';
import { body, params } from './validate.ts';

const ListInput = z.object({
  size: pageSize(CHAT_PAGE_SIZE),
  // Messages older than this id; absent, null, 0 or "" (the original client's first page) mean the newest.
  last_id: z.union([id(), z.literal(0), z.literal('0'), z.literal(''), z.null()]).optional(),
});

/** The hub's answer to an admin's `offline` frame naming themselves. */
const CHAT_SELF_OFFLINE = '不能强制下线自己';

const IdPath = z.object({ id: id() });

/** Each route in the API reference (GET /api/openapi.json). */
const doc = {
  list: apiDoc({
    summary: '聊天记录',
    body: ListInput,
    description: 'last_id 之前（更早）的消息，不给时为最新的；回答里最新的在最后。',
  }),
  clear: apiDoc({ summary: '清空聊天记录', access: 'admin' }),
  deleteOne: apiDoc({
    summary: '撤回一条消息',
    access: 'login',
    path: IdPath,
    description: '发送者或管理员。',
  }),
  search: apiDoc({ summary: '搜索聊天记录（后台）', access: 'admin', body: ChatSearch }),
  online: apiDoc({ summary: '在线用户', access: 'admin' }),
  forceOffline: apiDoc({ summary: '强制下线', access: 'admin', path: IdPath }),
};

export const chatRoutes = new Hono<ApiEnv>()
  .post('/chat/getChatList', doc.list, async (c) => {
    const input = await body(c, ListInput);
    const lastId = Number(input.last_id) || undefined;
    return ok(c, await chat.listMessages({ size: input.size, last_id: lastId }));
  })
  .post('/chat/delete', doc.clear, async (c) => {
    requireAdmin(c);
    await chat.clearMessages();
    await broadcastChat({ type: 'clear' });
    return ok(c, null, '聊天记录已清空');
  })
  .delete('/chat/deleteOne/:id', doc.deleteOne, async (c) => {
    const user = requireUser(c);
    const { id: messageId } = params(c, IdPath);
    await chat.deleteMessage(user, messageId);
    await broadcastChat({ type: 'revert', message_id: messageId });
    return ok(c, null, '撤回成功');
  })
  // Ours: the console's chat screen. History search, who is online, force offline (the
  // popover's `offline` frame as a route).
  .post('/chat/backGetChatList', doc.search, async (c) => {
    requireAdmin(c);
    return ok(c, await chat.searchMessages(await body(c, ChatSearch)));
  })
  .get('/chat/getOnlineList', doc.online, async (c) => {
    requireAdmin(c);
    return ok(c, await chatOnline());
  })
  .put('/chat/forceOffline/:id', doc.forceOffline, async (c) => {
    const me = requireAdmin(c);
    const { id: userId } = params(c, IdPath);
    if (userId === me.id) throw conflict(CHAT_SELF_OFFLINE);
    await kickFromChat(userId);
    return ok(c, true, '已强制下线');
  });
