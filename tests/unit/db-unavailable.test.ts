import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/local-services/common.ts';
import { isDatabaseUnavailable, unavailablePage } from '../../src/server/core/db-unavailable.ts';
import { invalid, wireAnswer } from '../../src/server/core/errors.ts';

/**
 * Which errors mean "the database cannot be reached now" (answered 503, the process goes
 * on) and which are a query's own failure (a bug or a rule: 500 or the domain's answer). The errors
 * are real ones where they are cheap to make here; the cluster step makes the rest for real
 * (tests/cluster/faults.test.ts: a restart's 57P01, terminated sessions, a refused connect).
 */
const dir = mkdtempSync(path.join(tmpdir(), 'blog-dbdown-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const caught = async (work: () => unknown): Promise<unknown> => {
  try {
    await work();
  } catch (err) {
    return err;
  }
  throw new Error('no error');
};

describe('isDatabaseUnavailable', () => {
  it('a PostgreSQL that does not listen (ECONNREFUSED, as during a restart)', async () => {
    const client = new pg.Client({ host: '127.0.0.1', port: await freePort(), user: 'x' });
    const err = await caught(() => client.connect());
    expect(isDatabaseUnavailable(err)).toBe(true);
  });

  it("PostgreSQL's own codes for 'not now' and node-postgres's closed connections", () => {
    for (const code of ['57P01', '57P02', '57P03', '08006', '08001', '53300'])
      expect(isDatabaseUnavailable(Object.assign(new Error('x'), { code })), code).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(
      isDatabaseUnavailable(new AggregateError([Object.assign(new Error('x'), { code: 'ECONNREFUSED' })])),
    ).toBe(true);
  });

  it('SQLite locked by another process past the busy timeout', () => {
    const file = path.join(dir, 'locked.db');
    const holder = new DatabaseSync(file);
    holder.exec('CREATE TABLE t (x)');
    holder.exec('BEGIN EXCLUSIVE');
    const other = new DatabaseSync(file, { timeout: 0 });
    let err: unknown;
    try {
      other.exec('INSERT INTO t VALUES (1)');
    } catch (e) {
      err = e;
    }
    holder.exec('ROLLBACK');
    other.close();
    holder.close();
    expect(isDatabaseUnavailable(err)).toBe(true);
  });

  it("not a query's own failure: a constraint, a syntax error, a domain refusal, anything else", () => {
    const db = new DatabaseSync(':memory:');
    db.exec('CREATE TABLE t (x UNIQUE)');
    db.exec('INSERT INTO t VALUES (1)');
    let unique: unknown;
    try {
      db.exec('INSERT INTO t VALUES (1)');
    } catch (e) {
      unique = e;
    }
    expect(isDatabaseUnavailable(unique)).toBe(false);
    for (const code of ['23505', '42601', '42P01', 'ENOENT'])
      expect(isDatabaseUnavailable(Object.assign(new Error('x'), { code })), code).toBe(false);
    expect(isDatabaseUnavailable(invalid('标题不能为空'))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});

describe('what it is answered', () => {
  it('the API: 503, the Chinese message, Retry-After', () => {
    const answer = wireAnswer(Object.assign(new Error('terminating connection'), { code: '57P01' }));
    expect(answer).toMatchObject({
      status: 503,
      body: { code: 503, message: '数据库暂时不可用，请稍后再试' },
      headers: { 'Retry-After': '5' },
    });
  });

  it('a page: a 503 in Chinese that is never stored and reloads itself', async () => {
    const res = unavailablePage();
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const html = await res.text();
    expect(html).toContain('<html lang="zh-CN">');
    expect(html).toContain('数据库暂时不可用，请稍后再试');
    expect(html).toContain('http-equiv="refresh"');
  });
});
