import { describe, expect, it } from 'vitest';
import { ITEM_LIMIT } from '../../src/server/services/todos.ts';
import { setupTestApi } from './helpers.ts';

const api = setupTestApi();

describe('the to-do list (per user, owner only)', () => {
  it('adds, lists, ticks, edits and deletes the caller’s own items', async () => {
    const me = await api.user();
    const added = await api.call('POST', '/api/todo/add', { content: '  写周报  ', user_id: 1 }, me.token);
    expect(added.json.result).toMatchObject({ content: '写周报', done: false });
    const id = added.json.result.id;
    await api.call('POST', '/api/todo/add', { content: '买牛奶' }, me.token);
    const ticked = await api.call('PUT', `/api/todo/update/${id}`, { done: true }, me.token);
    expect(ticked.json.result).toMatchObject({ id, done: true });
    const edited = await api.call('PUT', `/api/todo/update/${id}`, { content: '写月报' }, me.token);
    expect(edited.json.result).toMatchObject({ content: '写月报', done: true });
    const list = await api.call('GET', '/api/todo/list', undefined, me.token);
    expect(list.json.result.map((t: { content: string }) => t.content)).toEqual(['写月报', '买牛奶']);
    expect((await api.call('DELETE', `/api/todo/delete/${id}`, undefined, me.token)).json.code).toBe(0);
    expect((await api.call('GET', '/api/todo/list', undefined, me.token)).json.result).toHaveLength(1);
  });

  it('keeps lists apart: nobody sees or changes another user’s items', async () => {
    const alice = await api.user();
    const bob = await api.user();
    const { json } = await api.call('POST', '/api/todo/add', { content: 'alice 的事' }, alice.token);
    const id = json.result.id;
    expect((await api.call('GET', '/api/todo/list', undefined, bob.token)).json.result).toEqual([]);
    const edit = await api.call('PUT', `/api/todo/update/${id}`, { done: true }, bob.token);
    expect(edit.json).toEqual({ code: 100, message: '待办事项不存在' });
    const del = await api.call('DELETE', `/api/todo/delete/${id}`, undefined, bob.token);
    expect(del.json.code).toBe(100);
    const still = await api.call('GET', '/api/todo/list', undefined, alice.token);
    expect(still.json.result).toMatchObject([{ id, done: false, content: 'alice 的事' }]);
  });

  it('needs a login and valid input', async () => {
    const me = await api.user();
    expect((await api.call('GET', '/api/todo/list')).status).toBe(401);
    expect((await api.call('POST', '/api/todo/add', { content: 'x' })).status).toBe(401);
    expect((await api.call('POST', '/api/todo/add', { content: '   ' }, me.token)).json.code).toBe(100);
    expect((await api.call('POST', '/api/todo/add', { content: 'x'.repeat(101) }, me.token)).json.code).toBe(
      100,
    );
    expect((await api.call('PUT', '/api/todo/update/1', {}, me.token)).json.code).toBe(100);
    expect((await api.call('PUT', '/api/todo/update/abc', { done: true }, me.token)).json.code).toBe(100);
  });

  it(`caps a list at ${ITEM_LIMIT} items`, async () => {
    const me = await api.user();
    for (let i = 0; i < ITEM_LIMIT; i++)
      await api.call('POST', '/api/todo/add', { content: `事项${i}` }, me.token);
    const over = await api.call('POST', '/api/todo/add', { content: '再来一条' }, me.token);
    expect(over.json.code).toBe(100);
  });
});
