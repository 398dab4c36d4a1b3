import { describe, expect, it } from 'vitest';
import { db } from '../../src/server/db/connection.ts';
import { checkApprovedLinks } from '../../src/server/services/link-health.ts';
import { publicLinks } from '../../src/server/services/links.ts';
import { setupTestApi } from './helpers.ts';

/**
 * A friend link's group (`category`), set by the admin through backUpdate (absent:
 * the original's console, which never sends it, changes nothing), listed with the links; /link/list
 * reads the approved ones group by group, each with whether its site is down now.
 */
const api = setupTestApi();
const as = (method: string, url: string, body?: unknown) => api.call(method, url, body, api.adminToken);

const site = (n: string) => ({
  site_name: `分组站${n}`,
  site_desc: '一个博客',
  site_avatar: '',
  url: `https://groups.example/${n}`,
});

/** A link the admin adds (pending) and approves; its id. */
async function approved(n: string, extra: Record<string, unknown> = {}): Promise<number> {
  expect((await as('POST', '/api/links/backUpdate', { ...site(n), ...extra })).json.code).toBe(0);
  const row = await db
    .selectFrom('link')
    .select('id')
    .where('url', '=', site(n).url)
    .executeTakeFirstOrThrow();
  expect((await as('PUT', '/api/links/approve', { idList: [row.id] })).json.code).toBe(0);
  return row.id;
}

const groupOf = async (id: number) =>
  (await db.selectFrom('link').select('category').where('id', '=', id).executeTakeFirstOrThrow()).category;

describe('friend-link groups', () => {
  it('backUpdate sets the group (trimmed), an edit changes it, the lists answer it', async () => {
    const id = await approved('a', { category: '  技术博客 ' });
    expect(await groupOf(id)).toBe('技术博客');
    expect(
      (await as('POST', '/api/links/backUpdate', { id, ...site('a'), category: '朋友' })).json,
    ).toMatchObject({ code: 0, message: '修改成功' });
    expect(await groupOf(id)).toBe('朋友');
    const listed = (await api.call('POST', '/api/links/getLinksList', { size: 50 })).json.result.list;
    expect(listed.find((l: { id: number }) => l.id === id)).toMatchObject({ id, category: '朋友' });
    const all = (await as('POST', '/api/links/getLinksList', { size: 50 })).json.result.list;
    expect(all.find((l: { id: number }) => l.id === id)?.category).toBe('朋友');
    // An empty group takes the link out of its group.
    await as('POST', '/api/links/backUpdate', { id, ...site('a'), category: ' ' });
    expect(await groupOf(id)).toBe('');
  });

  it('the original console (no group in the body, or null) keeps it; a new link has none', async () => {
    const id = await approved('b', { category: '工具' });
    for (const body of [
      { id, ...site('b'), status: 2 },
      { id, ...site('b'), category: null },
    ]) {
      expect((await as('POST', '/api/links/backUpdate', body)).json.code).toBe(0);
      expect(await groupOf(id)).toBe('工具');
    }
    const plain = await approved('c');
    expect(await groupOf(plain)).toBe('');
    // An application has none, and a user cannot choose one.
    const user = await api.user();
    const res = await api.call('POST', '/api/links/add', { ...site('d'), category: '置顶' }, user.token);
    expect(await groupOf(res.json.result.id)).toBe('');
  });

  it('refuses a group longer than 20 characters, or not text, in Chinese', async () => {
    const id = await approved('e', { category: '旧' });
    const long = await as('POST', '/api/links/backUpdate', { id, ...site('e'), category: '长'.repeat(21) });
    expect(long.json.code).toBe(100);
    expect(long.json.message).toContain('分组不能超过20个字');
    const odd = await as('POST', '/api/links/backUpdate', { id, ...site('e'), category: 5 });
    expect(odd.json.message).toContain('分组必须是文字');
    expect(await groupOf(id)).toBe('旧');
    expect(
      (await as('POST', '/api/links/backUpdate', { id, ...site('e'), category: '长'.repeat(20) })).json.code,
    ).toBe(0);
  });

  it('/link/list reads groups by name, none last, oldest first in each, with only whether it is down', async () => {
    await db.deleteFrom('link').execute();
    const none = await approved('f');
    const b2 = await approved('g', { category: 'b' });
    const zh = await approved('h', { category: '朋友' });
    const a = await approved('i', { category: 'a' });
    const b1 = await approved('j', { category: 'b' });
    await db
      .updateTable('link')
      .set({ createdAt: '2020-01-01T00:00:00.000Z' })
      .where('id', '=', b1)
      .execute();
    await db.updateTable('link').set({ downAt: '2026-01-01T00:00:00.000Z' }).where('id', '=', zh).execute();
    const page = await publicLinks({ current: 1, size: 50 });
    expect(page.list.map((l) => l.id)).toEqual([a, b1, b2, zh, none]);
    expect(page.list.find((l) => l.id === zh)).toEqual({
      id: zh,
      site_name: '分组站h',
      site_desc: '一个博客',
      site_avatar: '',
      url: 'https://groups.example/h',
      category: '朋友',
      down: true,
    });
    expect(page.list.find((l) => l.id === a)?.down).toBe(false);
    // Pages follow the same order.
    expect((await publicLinks({ current: 2, size: 2 })).list.map((l) => l.id)).toEqual([b2, zh]);
  });

  it('the background run says when a listed link went down or came back, and only then', async () => {
    await db.deleteFrom('link').execute();
    // Loopback is no public address: the run counts it down without asking it.
    const id = await approved('k');
    await db.updateTable('link').set({ url: 'http://127.0.0.1:9/' }).where('id', '=', id).execute();
    let told = 0;
    const run = () => checkApprovedLinks({ onShownChange: () => told++ });
    await run();
    expect(told).toBe(1);
    await run();
    expect(told).toBe(1);
    await db.updateTable('link').set({ downAt: null }).where('id', '=', id).execute();
    await run();
    expect(told).toBe(2);
  });
});
