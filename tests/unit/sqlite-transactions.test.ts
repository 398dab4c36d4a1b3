import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { sql } from 'kysely';
import { afterAll, expect, it } from 'vitest';
import { closeDatabase, openDatabase } from '../../src/server/db/connection.ts';

/**
 * A transaction that reads before it writes, while another process writes to the same SQLite file
 * (the CLI beside a running server, a test writing into the server's database). With a deferred BEGIN
 * the other write slipped in after the read, and the transaction's own write then failed at once with
 * SQLITE_BUSY_SNAPSHOT: a request answered 503 in 18 ms on a browser test, with no busy wait at all.
 * Taken IMMEDIATE, the transaction holds the write lock from its start; the other process waits (here:
 * is refused at once, its timeout 0) and the transaction completes.
 */

const dataDir = mkdtempSync(path.join(tmpdir(), 'blog-tx-'));
afterAll(async () => {
  await closeDatabase();
  rmSync(dataDir, { recursive: true, force: true });
});

it('a read-then-write transaction is not failed by another process writing in between', async () => {
  const db = await openDatabase({ dataDir, databaseUrl: undefined });
  await sql`create table t (x integer)`.execute(db);
  await sql`insert into t values (1)`.execute(db);
  let otherWrote = true;
  await db.transaction().execute(async (trx) => {
    await sql`select x from t`.execute(trx);
    const other = new DatabaseSync(path.join(dataDir, 'blog.db'), { timeout: 0 });
    try {
      other.exec('insert into t values (2)');
    } catch {
      otherWrote = false; // the transaction holds the write lock: the other process must wait
    } finally {
      other.close();
    }
    await sql`insert into t values (3)`.execute(trx);
  });
  expect(otherWrote).toBe(false);
  const { rows } = await sql<{ x: number }>`select x from t order by x`.execute(db);
  expect(rows.map((r) => r.x)).toEqual([1, 3]);
});
