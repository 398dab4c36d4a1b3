import { Hono } from 'hono';
import { z } from 'zod';
import { id } from '../../lib/contract/fields.ts';
import { invalid } from '../core/errors.ts';
import { MSG } from '../core/messages.ts';
import type { ApiEnv } from '../http/context.ts';
import { ok } from '../http/envelope.ts';
import { apiDoc } from '../http/openapi.ts';
import * as todos from '../services/todos.ts';
import { requireUser } from './auth.ts';
import { body, params } from './validate.ts';

const content = z
  .string()
  .trim()
  .min(1, '请输入待办内容')
  .max(todos.ITEM_MAX_LENGTH, `待办内容最多 ${todos.ITEM_MAX_LENGTH} 个字`);

const TodoPatch = z.object({ content: content.optional(), done: z.boolean().optional() }).strip();
const IdParam = z.object({ id: id() });
const TodoAdd = z.object({ content });

/** Each route in the API reference (GET /api/openapi.json). */
const doc = {
  list: apiDoc({ summary: '我的待办', access: 'login' }),
  add: apiDoc({ summary: '添加待办', access: 'login', body: TodoAdd }),
  update: apiDoc({ summary: '修改待办', access: 'login', path: IdParam, body: TodoPatch }),
  delete: apiDoc({ summary: '删除待办', access: 'login', path: IdParam }),
};

/** The header's to-do widget: each user sees and changes only their own list. */
export const todoRoutes = new Hono<ApiEnv>()
  .get('/todo/list', doc.list, async (c) => ok(c, await todos.listTodos(requireUser(c).id)))
  .post('/todo/add', doc.add, async (c) => {
    const me = requireUser(c);
    const input = await body(c, TodoAdd);
    return ok(c, await todos.addTodo(me.id, input.content), '添加成功');
  })
  .put('/todo/update/:id', doc.update, async (c) => {
    const me = requireUser(c);
    const { id: todoId } = params(c, IdParam);
    const patch = await body(c, TodoPatch);
    if (patch.content === undefined && patch.done === undefined) throw invalid(MSG.nothingToChange);
    return ok(c, await todos.updateTodo(me.id, todoId, patch), '修改成功');
  })
  .delete('/todo/delete/:id', doc.delete, async (c) => {
    const me = requireUser(c);
    const { id: todoId } = params(c, IdParam);
    await todos.deleteTodo(me.id, todoId);
    return ok(c, null, '删除成功');
  });
