import { Hono } from 'hono';
import { z } from 'zod';
import { CHAT_PAGE_SIZE } from '../../lib/chat.ts';
import { ChatSearch } from '../../lib/contract/chat.ts';
import { id, pageSize } from '../../lib/contract/fields.ts';
import { broadcastChat, chatOnline, kickFromChat } from '../chat/registry.ts';
import { conflict } from '../core/errors.ts';
import type { ApiEnv } from '../http/context.ts';
import { ok } from '../http/envelope.ts';
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

export const chatRoutes = new Hono<ApiEnv>()
  .post('/chat/getChatList', async (c) => {
    const input = await body(c, ListInput);
    const lastId = Number(input.last_id) || undefined;
    return ok(c, await chat.listMessages({ size: input.size, last_id: lastId }));
  })
  .post('/chat/delete', async (c) => {
    requireAdmin(c);
    await chat.clearMessages();
    await broadcastChat({ type: 'clear' });
    return ok(c, null, '聊天记录已清空');
  })
  .delete('/chat/deleteOne/:id', async (c) => {
    const user = requireUser(c);
    const { id: messageId } = params(c, z.object({ id: id() }));
    await chat.deleteMessage(user, messageId);
    await broadcastChat({ type: 'revert', message_id: messageId });
    return ok(c, null, '撤回成功');
  })
  // Ours: the console's chat screen. History search, who is online, force offline (the
  // popover's `offline` frame as a route).
  .post('/chat/backGetChatList', async (c) => {
    requireAdmin(c);
    return ok(c, await chat.searchMessages(await body(c, ChatSearch)));
  })
  .get('/chat/getOnlineList', async (c) => {
    requireAdmin(c);
    return ok(c, await chatOnline());
  })
  .put('/chat/forceOffline/:id', async (c) => {
    const me = requireAdmin(c);
    const { id: userId } = params(c, z.object({ id: id() }));
    if (userId === me.id) throw conflict(CHAT_SELF_OFFLINE);
    await kickFromChat(userId);
    return ok(c, true, '已强制下线');
  });
