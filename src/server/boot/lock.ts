import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { sql } from 'kysely';
import type { Config } from '../config.ts';
import { db, openDatabase } from '../db/connection.ts';

/** How long a start waits for another process's boot (migrations, the demo seed) before giving up. */
const WAIT_MS = 5 * 60_000;

/** PostgreSQL advisory lock id of the boot: one per database, shared by every process of the site. */
const PG_BOOT_LOCK = 0x626c6f67; // "blog"

/**
 * Opens the database and runs `work` (migrations, the config row, the first admin, the seed, the
 * signing key) while no other process of the site does: N processes started at once run it one
 * after the other, and each later one finds it done.
 *
 * - SQLite: an exclusive transaction on DATA_DIR/boot.lock, a small SQLite file of its own (the
 *   database's own connection stays free for the work); SQLite's file locks hold across processes
 *   and go with a process that dies.
 * - PostgreSQL: a session advisory lock, held by one pooled connection set aside while the work runs
 *   on the others; it goes with the session if the process dies.
 */
export async function underBootLock<T>(cfg: Config, work: () => Promise<T>): Promise<T> {
  if (cfg.databaseUrl) {
    await openDatabase(cfg);
    return db.connection().execute(async (conn) => {
      await sql`select pg_advisory_lock(${PG_BOOT_LOCK})`.execute(conn);
      try {
        return await work();
      } finally {
        await sql`select pg_advisory_unlock(${PG_BOOT_LOCK})`.execute(conn);
      }
    });
  }
  mkdirSync(cfg.dataDir, { recursive: true, mode: 0o700 });
  const lock = new DatabaseSync(path.join(cfg.dataDir, 'boot.lock'), { timeout: WAIT_MS });
  try {
    // Waits (blocking: nothing else runs in a starting process) while another process holds it.
    lock.exec('BEGIN EXCLUSIVE');
    await openDatabase(cfg);
    return await work();
  } finally {
    if (lock.isTransaction) lock.exec('COMMIT');
    lock.close();
  }
}
