import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, expect, it } from 'vitest';
import { runNode } from '../api/processes.ts';

/**
 * A process opening the SQLite file while another holds it (the last connection to close folds and
 * deletes the WAL under an exclusive lock: the CLI exiting while a server or another CLI starts)
 * waits for the lock instead of failing with "database is locked". connection.ts gives the busy
 * timeout at open; set after the journal_mode pragma, that first statement failed at once (five
 * processes starting at once hit it in a CI run of tests/api/boot.test.ts).
 */

const dataDir = mkdtempSync(path.join(tmpdir(), 'blog-open-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const file = path.join(dataDir, 'blog.db');

const connection = path.resolve(import.meta.dirname, '../../src/server/db/connection.ts');
const child = `
import { closeDatabase, openDatabase } from ${JSON.stringify(connection)};
import { sql } from 'kysely';
console.log('opening');
const db = await openDatabase({ dataDir: ${JSON.stringify(dataDir)}, databaseUrl: undefined });
const { rows } = await sql\`select count(*) as n from t\`.execute(db);
await closeDatabase();
console.log(rows[0].n);
`;

it('opening the database while another process holds its lock waits for the lock', async () => {
  const setup = new DatabaseSync(file);
  setup.exec('PRAGMA journal_mode = WAL; create table t (x)');
  setup.close();
  // Holds the file's exclusive lock from its first write until it closes, as a closing process does.
  const holder = new DatabaseSync(file);
  holder.exec('PRAGMA locking_mode = EXCLUSIVE; insert into t values (1)');

  const run = await runNode(['--no-warnings', '--input-type=module', '-e', child], {}, (out) => {
    // The lock goes a moment after the child starts opening (well within its 5 s busy timeout).
    if (out.startsWith('opening') && holder.isOpen) setTimeout(() => holder.isOpen && holder.close(), 300);
  });
  if (holder.isOpen) holder.close();
  expect(run.err).toBe('');
  expect(run.code).toBe(0);
  expect(run.out).toBe('opening\n1\n');
}, 30_000);
