import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { Config } from '../config.ts';
import { logger } from '../core/log.ts';
import { adoptDatabase, type OpenDatabase, type OpenOptions, openDatabase } from '../db/connection.ts';

/** The server's database: a lost PostgreSQL connection is logged (and survived, db/connection.ts). */
const SERVER_DATABASE: OpenOptions = {
  connectionLost: (err) =>
    logger.warn({ err: err.message }, 'database: connection lost; new connections are made as needed'),
};

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
 * - PostgreSQL: a session advisory lock, held by a connection of its own (outside the pool, which
 *   may be a single connection) while the work runs; it goes with the session if the process dies.
 */
const heldTooLong = () =>
  new Error(
    `another process has held the boot lock for ${WAIT_MS / 1000} s (migrating or seeding): start again`,
  );

export async function underBootLock<T>(
  cfg: Config,
  work: () => Promise<T>,
  given?: OpenDatabase,
): Promise<T> {
  // The database the site was given (createSite's `database`) is used as it is; else it is opened.
  const open = async () => {
    if (given) adoptDatabase(given);
    else await openDatabase(cfg, SERVER_DATABASE);
  };
  if (cfg.databaseUrl) return underAdvisoryLock(cfg, work, open);
  mkdirSync(cfg.dataDir, { recursive: true, mode: 0o700 });
  const lock = new DatabaseSync(path.join(cfg.dataDir, 'boot.lock'), { timeout: WAIT_MS });
  try {
    // Waits (blocking: nothing else runs in a starting process) while another process holds it.
    try {
      lock.exec('BEGIN EXCLUSIVE');
    } catch (err) {
      throw (err as { errcode?: number }).errcode === 5 ? heldTooLong() : err;
    }
    await open();
    return await work();
  } finally {
    if (lock.isTransaction) lock.exec('COMMIT');
    lock.close();
  }
}

async function underAdvisoryLock<T>(
  cfg: Config,
  work: () => Promise<T>,
  open: () => Promise<void>,
): Promise<T> {
  const pg = await import('pg');
  const session = new pg.default.Client({ connectionString: cfg.databaseUrl });
  // A database that goes away during the boot fails the query under way (the start is tried again,
  // boot/database.ts); the client's 'error' event must not end the process meanwhile.
  session.on('error', () => {});
  await session.connect();
  try {
    await session.query(`set lock_timeout = ${WAIT_MS}`);
    await session.query('select pg_advisory_lock($1)', [PG_BOOT_LOCK]).catch((err) => {
      throw (err as { code?: string }).code === '55P03' ? heldTooLong() : err;
    });
    await open();
    return await work();
  } finally {
    // Ending the session releases the lock (also when the work failed).
    await session.end().catch(() => {});
  }
}
