import { beforeAll, describe, expect, test } from 'vitest';
import { createApiApp } from '../../src/server/api/app.ts';
import { auditSettled } from '../../src/server/api/audit.ts';
import { db } from '../../src/server/db/connection.ts';
import { pageCacheStats } from '../../src/server/page-cache.ts';
import {
  claimKey,
  KEEP_MS,
  LEASE_MS,
  purgeIdempotency,
  requestHash,
  startIdempotencyPurge,
} from '../../src/server/services/idempotency.ts';
import { type Answer, jobParts, setupTestApi } from './helpers.ts';

/**
 * A write sent again (docs/decisions/0008-idempotency-keys.md) with its Idempotency-Key (the console's
 * retry after a lost answer) gets the first answer and makes no second row, on SQLite and on PostgreSQL.
 */

const api = setupTestApi();

beforeAll(() => {
  api.app = createApiApp({ writesPerMinute: 10_000 });
});

let made = 0;
const newKey = () => `test-key-${Date.now().toString(36)}-${++made}`;

const asAdmin = (method: string, url: string, body: unknown, key?: string) =>
  api.call(method, url, body, api.adminToken, key === undefined ? {} : { 'Idempotency-Key': key });

type Counted = 'article' | 'talk' | 'photo' | 'todo' | 'audit_log' | 'idempotency_key';
const count = async (table: Counted, where: [string, unknown]) =>
  Number(
    (
      await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where(where[0] as never, '=', where[1] as never)
        .executeTakeFirstOrThrow()
    ).n,
  );

const auditRows = async (action: string) => {
  await auditSettled();
  return count('audit_log', ['action', action]);
};

/** The first answer is a plain one; the second is the same status and body, marked as replayed. */
function expectReplay(first: Answer, second: Answer) {
  expect(first.json.code).toBe(0);
  expect(first.headers.get('idempotent-replayed')).toBeNull();
  expect(second.status).toBe(first.status);
  expect(second.json).toEqual(first.json);
  expect(second.headers.get('idempotent-replayed')).toBe('true');
  expect(second.headers.get('content-type')).toBe(first.headers.get('content-type'));
}

describe('the same key twice: the first answer, one row', () => {
  test('an article: one row, one audit entry, the pages dropped once', async () => {
    const key = newKey();
    const body = { article_title: `幂等文章 ${key}`, article_content: '只该写入一次的正文', status: 1 };
    const invalidations = pageCacheStats.invalidations;
    const first = await asAdmin('POST', '/api/article/add', body, key);
    const second = await asAdmin('POST', '/api/article/add', body, key);
    expectReplay(first, second);
    expect(await count('article', ['article_title', body.article_title])).toBe(1);
    expect(pageCacheStats.invalidations).toBe(invalidations + 1);
    // The log is written after the answer: on a busy machine it may not be there yet.
    await auditSettled();
    const audited = await db
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', '新建文章')
      .where('thing_id', '=', String(first.json.result.id))
      .execute();
    expect(audited).toHaveLength(1);
  });

  test('a talk', async () => {
    const key = newKey();
    const body = { content: `幂等说说 ${key}`, talkImgList: [], status: 1, is_top: 2 };
    const before = await auditRows('发表说说');
    const first = await asAdmin('POST', '/api/talk/publishTalk', body, key);
    const second = await asAdmin('POST', '/api/talk/publishTalk', body, key);
    expectReplay(first, second);
    expect(await count('talk', ['content', body.content])).toBe(1);
    expect(await auditRows('发表说说')).toBe(before + 1);
  });

  test('photos: the batch is added once', async () => {
    const album = await asAdmin('POST', '/api/photoAlbum/add', {
      album_name: `幂等相册 ${newKey()}`,
      album_cover: '',
      description: '',
    });
    expect(album.json.code).toBe(0);
    const albumId = album.json.result.id;
    const key = newKey();
    const body = {
      photoList: [
        { album_id: albumId, url: '/uploads/2026-01/idem-a.png' },
        { album_id: albumId, url: '/uploads/2026-01/idem-b.png' },
      ],
    };
    const first = await asAdmin('POST', '/api/photo/add', body, key);
    const second = await asAdmin('POST', '/api/photo/add', body, key);
    expectReplay(first, second);
    expect(await count('photo', ['album_id', albumId])).toBe(2);
  });
});

describe('what a key does not replay', () => {
  test('the same key with another body is 422, and writes nothing', async () => {
    const key = newKey();
    const first = await asAdmin('POST', '/api/talk/publishTalk', { content: `第一条 ${key}` }, key);
    expect(first.json.code).toBe(0);
    const other = await asAdmin('POST', '/api/talk/publishTalk', { content: `第二条 ${key}` }, key);
    expect(other.status).toBe(422);
    expect(other.json).toEqual({ code: 422, message: '同一个 Idempotency-Key 不能用于不同的请求' });
    expect(await count('talk', ['content', `第二条 ${key}`])).toBe(0);
    // The query string is part of the request too.
    const queried = await asAdmin('POST', '/api/talk/publishTalk?x=1', { content: `第一条 ${key}` }, key);
    expect(queried.status).toBe(422);
  });

  test('a refusal releases the key: the corrected request goes through with the same key', async () => {
    const taken = `幂等标签${++made}`;
    expect((await asAdmin('POST', '/api/tag/add', { tag_name: taken })).json.code).toBe(0);
    const key = newKey();
    const refused = await asAdmin('POST', '/api/tag/add', { tag_name: taken }, key);
    expect(refused.json).toMatchObject({ code: 100 });
    expect(await count('idempotency_key', ['idem_key', key])).toBe(0);
    const fixed = await asAdmin('POST', '/api/tag/add', { tag_name: `${taken}改` }, key);
    expect(fixed.json.code).toBe(0);
    expect(fixed.headers.get('idempotent-replayed')).toBeNull();
  });

  test('an error answer releases the key too, and is the envelope', async () => {
    const key = newKey();
    const missing = await asAdmin('POST', '/api/no/such/route', { a: 1 }, key);
    expect(missing.status).toBe(404);
    expect(missing.json).toEqual({ code: 404, message: '接口没有找到' });
    const denied = await api.call('POST', '/api/talk/publishTalk', { content: '访客' }, undefined, {
      'Idempotency-Key': key,
    });
    expect(denied.status).toBe(401);
    expect(await count('idempotency_key', ['idem_key', key])).toBe(0);
  });

  test('keys are per user: the same key and body from two users are two writes', async () => {
    const [a, b] = [await api.user(), await api.user()];
    const key = newKey();
    const body = { content: `同一个键 ${key}` };
    const byA = await api.call('POST', '/api/todo/add', body, a.token, { 'Idempotency-Key': key });
    const byB = await api.call('POST', '/api/todo/add', body, b.token, { 'Idempotency-Key': key });
    for (const res of [byA, byB]) {
      expect(res.json.code).toBe(0);
      expect(res.headers.get('idempotent-replayed')).toBeNull();
    }
    expect(byB.json.result.id).not.toBe(byA.json.result.id);
    expect(await count('todo', ['content', body.content])).toBe(2);
    // A guest's key is its own scope again (and a guest's refusal releases it like any other).
    const guest = await api.call('POST', '/api/todo/add', body, undefined, { 'Idempotency-Key': key });
    expect(guest.status).toBe(401);
    expect(await count('idempotency_key', ['idem_key', key])).toBe(2);
  });

  test('a GET ignores the header, valid or not', async () => {
    for (const key of ['a key with spaces', newKey()]) {
      for (let i = 0; i < 2; i++) {
        const res = await api.call('GET', '/api/config', undefined, api.adminToken, {
          'Idempotency-Key': key,
        });
        expect(res.json.code).toBe(0);
        expect(res.headers.get('idempotent-replayed')).toBeNull();
      }
      expect(await count('idempotency_key', ['idem_key', key])).toBe(0);
    }
  });

  test('a malformed key is refused before the write, with a Chinese message', async () => {
    const content = `坏键 ${newKey()}`;
    for (const key of ['', 'has space', 'x'.repeat(256), 'caf\u00e9', 'tab\there']) {
      const res = await asAdmin('POST', '/api/talk/publishTalk', { content }, key);
      expect(res.status, JSON.stringify(key)).toBe(200);
      expect(res.json).toEqual({ code: 100, message: 'Idempotency-Key 必须是 1 到 255 个可见的 ASCII 字符' });
    }
    expect(await count('talk', ['content', content])).toBe(0);
    // 255 visible characters are a key.
    const longest = `${newKey()}~`.padEnd(255, '!');
    expect((await asAdmin('POST', '/api/talk/publishTalk', { content }, longest)).json.code).toBe(0);
  });
});

describe('two requests with one key at once', () => {
  test('one row; the other is 409 with Retry-After or the same answer replayed', async () => {
    const key = newKey();
    const body = { article_title: `并发文章 ${key}`, article_content: '同时到达的两次请求' };
    const answers = await Promise.all([
      asAdmin('POST', '/api/article/add', body, key),
      asAdmin('POST', '/api/article/add', body, key),
    ]);
    expect(await count('article', ['article_title', body.article_title])).toBe(1);
    const done = answers.filter((a) => a.json.code === 0);
    // Which one runs first is the scheduler's: the other may come after it and be its replay.
    const original = done.filter((a) => a.headers.get('idempotent-replayed') === null);
    expect(original).toHaveLength(1);
    for (const a of answers) {
      if (a.json.code === 0) expect(a.json).toEqual(original[0].json);
      else {
        expect(a.status).toBe(409);
        expect(a.json).toEqual({ code: 409, message: '该请求正在处理中，请稍后再试' });
        expect(Number(a.headers.get('retry-after'))).toBeGreaterThan(0);
      }
    }
    // Once the first has answered, the key replays it.
    expectReplay(original[0], await asAdmin('POST', '/api/article/add', body, key));
  });

  test('a pending claim is 409 within its lease; one older than the lease is taken over', async () => {
    const key = newKey();
    const body = { content: `接管的说说 ${key}` };
    const scope = { userId: api.adminId, method: 'POST', path: '/api/talk/publishTalk', key };
    // A claim by a process that died before it recorded its answer.
    expect((await claimKey(scope, requestHash('', JSON.stringify(body)))).kind).toBe('owned');
    const busy = await asAdmin('POST', '/api/talk/publishTalk', body, key);
    expect(busy.status).toBe(409);
    const stale = new Date(Date.now() - LEASE_MS - 1000).toISOString();
    await db.updateTable('idempotency_key').set({ createdAt: stale }).where('idem_key', '=', key).execute();
    const taken = await asAdmin('POST', '/api/talk/publishTalk', body, key);
    expect(taken.json.code).toBe(0);
    expect(taken.headers.get('idempotent-replayed')).toBeNull();
    expect(await count('talk', ['content', body.content])).toBe(1);
    expectReplay(taken, await asAdmin('POST', '/api/talk/publishTalk', body, key));
  });
});

describe('keys are kept a day', () => {
  test('the purge removes the keys claimed more than a day ago, and only those', async () => {
    const [old, fresh] = [newKey(), newKey()];
    for (const key of [old, fresh])
      expect((await asAdmin('POST', '/api/todo/add', { content: `清理 ${key}` }, key)).json.code).toBe(0);
    const dayAgo = new Date(Date.now() - KEEP_MS - 60_000).toISOString();
    await db.updateTable('idempotency_key').set({ createdAt: dayAgo }).where('idem_key', '=', old).execute();
    expect(await purgeIdempotency(jobParts())).toBe(1);
    expect(await count('idempotency_key', ['idem_key', old])).toBe(0);
    expect(await count('idempotency_key', ['idem_key', fresh])).toBe(1);
    // Gone, the key is a new one: the same request writes again.
    const again = await asAdmin('POST', '/api/todo/add', { content: `清理 ${old}` }, old);
    expect(again.headers.get('idempotent-replayed')).toBeNull();
    expect(await count('todo', ['content', `清理 ${old}`])).toBe(2);
  });

  test('the periodic purge runs at start and stops', async () => {
    const key = newKey();
    await asAdmin('POST', '/api/todo/add', { content: `定时清理 ${key}` }, key);
    const dayAgo = new Date(Date.now() - KEEP_MS - 60_000).toISOString();
    await db.updateTable('idempotency_key').set({ createdAt: dayAgo }).where('idem_key', '=', key).execute();
    const job = startIdempotencyPurge(jobParts());
    expect(await job.first).toBe(1);
    job.stop();
    expect(await count('idempotency_key', ['idem_key', key])).toBe(0);
  });
});
