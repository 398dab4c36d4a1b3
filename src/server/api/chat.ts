import { Hono } from 'hono';
import { z } from 'zod';
import { CHAT_PAGE_SIZE } from '../../lib/chat.ts';
import { broadcastChat } from '../chat/registry.ts';
import * as chat from '../services/chat.ts';
import { requireAdmin, requireUser } from './auth.ts';
import type { ApiEnv } from './context.ts';
import { ok } from './envelope.ts';
import { body, id, pageSize, params } from './validate.ts';

const ListInput = z.object({
  size: pageSize(CHAT_PAGE_SIZE),
  // Messages older than this id; absent, null, 0 or "" (the original client's first page) mean the newest.
  last_id: z.union([id(), z.literal(0), z.literal('0'), z.literal(''), z.null()]).optional(),
});

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
  });
