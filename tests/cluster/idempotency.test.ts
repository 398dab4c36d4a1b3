import { describe, expect, it } from 'vitest';
import { adminToken, call, node } from './client.ts';

/**
 * An Idempotency-Key is the site's, not a process's. The retry of a write whose
 * answer was lost goes, through nginx, to whichever process is up: sent to process 1 and then to
 * process 2, the key makes one article and both answer the same.
 */

const key = () => `cluster-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

async function articlesTitled(token: string, title: string): Promise<number> {
  const res = await call(
    node(0),
    'POST',
    '/api/article/getArticleList',
    { current: 1, size: 50, article_title: title },
    { token },
  );
  expect(res.json.code).toBe(0);
  return res.json.result.total;
}

describe('an Idempotency-Key across two processes', () => {
  it('sent to process 1 and then to process 2: one article, the same answer replayed', async () => {
    const token = await adminToken(node(0));
    const headers = { 'Idempotency-Key': key() };
    const body = { article_title: `集群幂等文章 ${Date.now()}`, article_content: '只写一次' };
    const first = await call(node(0), 'POST', '/api/article/add', body, { token, headers });
    expect(first.json.code).toBe(0);
    const second = await call(node(1), 'POST', '/api/article/add', body, { token, headers });
    expect(second.status).toBe(first.status);
    expect(second.json).toEqual(first.json);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(await articlesTitled(token, body.article_title)).toBe(1);
  });

  it('sent to both at once: one article; the other answer is 409 or the same answer', async () => {
    const token = await adminToken(node(0));
    const headers = { 'Idempotency-Key': key() };
    const body = { article_title: `集群并发文章 ${Date.now()}`, article_content: '同时到达两个进程' };
    const answers = await Promise.all(
      [node(0), node(1)].map((base) => call(base, 'POST', '/api/article/add', body, { token, headers })),
    );
    expect(await articlesTitled(token, body.article_title)).toBe(1);
    const done = answers.filter((a) => a.json.code === 0);
    expect(done.length).toBeGreaterThanOrEqual(1);
    for (const a of answers)
      if (a.json.code === 0) expect(a.json).toEqual(done[0].json);
      else expect(a.status).toBe(409);
  });
});
