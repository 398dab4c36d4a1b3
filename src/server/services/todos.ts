import type { Todo } from '../../lib/contract/todos.ts';
import { conflict, notFound } from '../core/errors.ts';
import { MSG } from '../core/messages.ts';
import { db } from '../db/connection.ts';

/** Enough for a personal list; a client cannot grow one without bound. */
export const ITEM_LIMIT = 100;
export const ITEM_MAX_LENGTH = 100;

export type { Todo };

const FIELDS = ['id', 'content', 'done', 'createdAt'] as const;
const toTodo = (r: { id: number; content: string; done: number; createdAt: string }): Todo => ({
  ...r,
  done: r.done === 1,
});

export async function listTodos(userId: number): Promise<Todo[]> {
  const rows = await db
    .selectFrom('todo')
    .select(FIELDS)
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  return rows.map(toTodo);
}

/** The new to-do, or null when the user's list is full. */
export async function addTodo(userId: number, content: string): Promise<Todo> {
  return db.transaction().execute(async (trx) => {
    const { n } = await trx
      .selectFrom('todo')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    if (Number(n) >= ITEM_LIMIT) throw conflict(`待办事项最多 ${ITEM_LIMIT} 条，先删掉一些吧`);
    const stamp = new Date().toISOString();
    const row = await trx
      .insertInto('todo')
      .values({ user_id: userId, content, done: 0, createdAt: stamp, updatedAt: stamp })
      .returning(FIELDS)
      .executeTakeFirstOrThrow();
    return toTodo(row);
  });
}

/** Changes the owner's to-do; null when it does not exist or belongs to someone else. */
export async function updateTodo(
  userId: number,
  id: number,
  patch: { content?: string; done?: boolean },
): Promise<Todo> {
  const row = await db
    .updateTable('todo')
    .set({
      ...(patch.content !== undefined ? { content: patch.content } : {}),
      ...(patch.done !== undefined ? { done: patch.done ? 1 : 0 } : {}),
      updatedAt: new Date().toISOString(),
    })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returning(FIELDS)
    .executeTakeFirst();
  if (!row) throw notFound(MSG.todo);
  return toTodo(row);
}

export async function deleteTodo(userId: number, id: number): Promise<void> {
  const res = await db
    .deleteFrom('todo')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (Number(res.numDeletedRows) === 0) throw notFound(MSG.todo);
}
