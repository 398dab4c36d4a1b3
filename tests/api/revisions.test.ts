import { describe, expect, it } from 'vitest';
import { auditSettled } from '../../src/server/api/audit.ts';
import { db } from '../../src/server/db/connection.ts';
import { KEEP } from '../../src/server/services/articles/revisions.ts';
import { setupTestApi } from './helpers.ts';

/**
 * Article revisions (docs/api/admin.md#revisions): every save that changes the title or text keeps
 * one, the autosave keeps none, the newest 50 and every published one stay, a restore is a new one.
 */
const api = setupTestApi();

async function call(method: string, url: string, body?: unknown) {
  const { json } = await api.call(method, url, body, api.adminToken);
  return json;
}

async function add(fields: Record<string, unknown>) {
  const json = await call('POST', '/api/article/add', {
    article_title: '历史',
    article_content: '第一版',
    ...fields,
  });
  expect(json.code, json.message).toBe(0);
  return json.result.id as number;
}

async function save(id: number, fields: Record<string, unknown>) {
  const json = await call('PUT', '/api/article/update', { id, ...fields });
  expect(json.code, json.message).toBe(0);
}

type Summary = { id: number; createdAt: string; size: number; user_id: number; nick_name: string };
async function revisions(id: number): Promise<Summary[]> {
  const json = await call('GET', `/api/article/revisions/${id}`);
  expect(json.code, json.message).toBe(0);
  return json.result;
}

describe('article revisions', () => {
  it('keeps one per save that changes the text, none per autosave, and reads each back', async () => {
    const id = await add({ article_title: '历史一' });
    await save(id, { article_content: '第二版，长一些' });
    await save(id, { is_top: 1 }); // neither title nor text: no new version
    const auto = await call('PUT', '/api/article/autosave', { id, article_content: '打字中' });
    expect(auto.code, auto.message).toBe(0);
    const list = await revisions(id);
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({ size: '第二版，长一些'.length, user_id: api.adminId });
    expect(Object.keys(list[0]).sort()).toEqual(
      ['createdAt', 'id', 'nick_name', 'published', 'size', 'user_id'].sort(),
    );
    const first = await call('GET', `/api/article/revision/${list[1].id}`);
    expect(first.result).toMatchObject({
      article_title: '历史一',
      article_content: '第一版',
      article_id: id,
    });
  });

  it('restores a revision as a new one, and logs it', async () => {
    const id = await add({ article_title: '恢复前' });
    await save(id, { article_title: '恢复后', article_content: '改过的正文' });
    const [, oldest] = await revisions(id);
    const restored = await call('PUT', `/api/article/revision/restore/${oldest.id}`);
    expect(restored.code, restored.message).toBe(0);
    expect(restored.result.id).toBe(id);
    const article = await db
      .selectFrom('article')
      .select(['article_title', 'article_content'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(article).toEqual({ article_title: '恢复前', article_content: '第一版' });
    const list = await revisions(id);
    expect(list).toHaveLength(3);
    const newest = await call('GET', `/api/article/revision/${list[0].id}`);
    expect(newest.result.article_content).toBe('第一版');
    await auditSettled();
    const row = await db
      .selectFrom('audit_log')
      .select(['thing_id', 'label'])
      .where('action', '=', '恢复历史版本')
      .executeTakeFirst();
    expect(row?.label).toContain('恢复前');
    expect(row?.thing_id).toBe(String(id));
  });

  it(`keeps the newest ${KEEP} and every published one`, async () => {
    const id = await add({ article_title: '很多版本', status: 1 }); // published: kept for good
    await save(id, { status: 3 });
    for (let n = 0; n < KEEP + 5; n++) await save(id, { article_content: `草稿 ${n}` });
    const list = await revisions(id);
    expect(list).toHaveLength(KEEP + 1);
    expect(list.at(-1)?.size).toBe('第一版'.length);
    const second = await call('GET', `/api/article/revision/${list.at(-2)?.id}`);
    expect(second.result.article_content).toBe('草稿 5');
  });

  it('answers missing revisions and articles as missing, and goes with the article', async () => {
    expect((await call('GET', '/api/article/revision/999999')).message).toBe('历史版本不存在');
    expect((await call('PUT', '/api/article/revision/restore/999999')).message).toBe('历史版本不存在');
    expect((await call('GET', '/api/article/revisions/999999')).message).toBe('文章不存在');
    const id = await add({ article_title: '将删除' });
    expect((await call('DELETE', `/api/article/delete/${id}`)).code).toBe(0);
    const left = await db.selectFrom('article_revision').select('id').where('article_id', '=', id).execute();
    expect(left).toEqual([]);
  });
});
