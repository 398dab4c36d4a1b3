import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { sql } from 'kysely';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { closeDatabase, openDatabase } from '../../src/server/db/connection.ts';
import { inlineLimits, limitSlots } from '../../src/server/db/literal-limits.ts';

/** SQLite gets a whole-number LIMIT written into the statement, every other value bound (literal-limits.ts). */

const written = (query: string, params: unknown[]) => {
  const slots = limitSlots(query);
  return slots ? inlineLimits(slots, params) : { sql: query, params };
};

describe('LIMIT values written into the statement', () => {
  it('writes each LIMIT in and keeps the other values, OFFSET included, as parameters', () => {
    expect(
      written('select "id" from "a" where "x" = ? order by "id" limit ? offset ?', ['甲', 6, 20]),
    ).toEqual({
      sql: 'select "id" from "a" where "x" = ? order by "id" limit 6 offset ?',
      params: ['甲', 20],
    });
    expect(
      written(
        'select * from (select "id" from "a" where "s" = ? limit ?) union all select * from (select "id" from "b" limit ?)',
        [1, 1, 3],
      ),
    ).toEqual({
      sql: 'select * from (select "id" from "a" where "s" = ? limit 1) union all select * from (select "id" from "b" limit 3)',
      params: [1],
    });
  });

  it('leaves a statement without LIMIT, and a question mark in a name or a string, as it is', () => {
    expect(limitSlots('select "id" from "a" where "b" = ?')).toBeUndefined();
    expect(written(`select "limit ?" from "a" where "b" = 'limit ?' and "c" = ? limit ?`, [5, 2])).toEqual({
      sql: `select "limit ?" from "a" where "b" = 'limit ?' and "c" = ? limit 2`,
      params: [5],
    });
  });

  it('binds a LIMIT that is not a whole number of zero or more', () => {
    for (const value of [null, -1, 2.5, '3', 2 ** 60])
      expect(written('select "id" from "a" limit ?', [value])).toEqual({
        sql: 'select "id" from "a" limit ?',
        params: [value],
      });
  });
});

describe('the SQLite adapter', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'blog-limits-'));
  afterAll(async () => {
    await closeDatabase();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('runs a Kysely LIMIT as a number in the statement, with the same rows', async () => {
    const db = await openDatabase({ dataDir, databaseUrl: undefined });
    await sql`create table t (x integer)`.execute(db);
    for (let i = 1; i <= 5; i++) await sql`insert into t values (${i})`.execute(db);
    const prepare = vi.spyOn(DatabaseSync.prototype, 'prepare');
    try {
      const rows = await (db as never as import('kysely').Kysely<{ t: { x: number } }>)
        .selectFrom('t')
        .select('x')
        .where('x', '>', 1)
        .orderBy('x')
        .limit(2)
        .offset(1)
        .execute();
      expect(rows).toEqual([{ x: 3 }, { x: 4 }]);
      expect(prepare.mock.calls.map(([text]) => text)).toContain(
        'select "x" from "t" where "x" > ? order by "x" limit 2 offset ?',
      );
    } finally {
      prepare.mockRestore();
    }
  });
});
