import { lstat, mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { sql } from 'kysely';
import type { DataSizes } from '../../lib/contract/admin-backup.ts';
import { config } from '../config.ts';
import { asDiskFull } from '../core/disk-full.ts';
import { invalid } from '../core/errors.ts';
import { MSG } from '../core/messages.ts';
import { placeWhole, syncFile } from '../core/whole-file.ts';
import { db, dialect, sqlite } from '../db/connection.ts';

/**
 * Backups of the database (the CLI's `backup <file>` and the console's download) and the size
 * of the data folder.
 */

/**
 * The tables whose rows no backup holds (docs/decisions/0012-backups-without-secrets.md): the SQLite copy
 * is emptied of them before anyone gets it (leaveOut, below), and the pg_dump of PG_DUMP_HINT leaves their
 * data out. Their tables stay, empty, so a restored database is whole; its first start makes a new signing
 * key.
 * - `secret`: the site's secrets (migration 0020). With the token signing key anyone holding the file
 *   could mint an admin token for the live site, whatever the passwords; every later secret (an SMTP
 *   password…) goes in this table, and so never into a backup.
 * - `music_session`: the player's NetEase logins, sealed with a key derived from the signing key (so
 *   of no use to a restored site, which signs them out) but held in clear by a row from before sealing.
 * Password hashes (argon2id) stay: without them a restored site has no accounts.
 */
export const NOT_IN_BACKUPS = ['secret', 'music_session'] as const;

/** What the console and the download say on PostgreSQL, where the backup is pg_dump's job. */
export const PG_DUMP_HINT = `当前使用 PostgreSQL 数据库，网页端无法下载备份：请在服务器上用 pg_dump 备份，例如 pg_dump -Fc ${NOT_IN_BACKUPS.map((t) => `--exclude-table-data=${t}`).join(' ')} "$DATABASE_URL" > blog-backup.dump（这些 --exclude-table-data 参数使备份不含签名密钥等机密和音乐登录会话）。恢复时先新建一个空数据库，用 pg_restore -d 新数据库的地址 blog-backup.dump 导入，再把 DATABASE_URL 指向它；首次启动会生成新的签名密钥，所有人需要重新登录。上传的图片（UPLOADS_DIR）和音乐（MUSIC_DIR）是文件，默认在数据目录里，请一并复制。`;

/** A consistent copy of the SQLite database (VACUUM INTO a new file); refused on PostgreSQL. */
function vacuumInto(file: string): void {
  if (!sqlite || dialect !== 'sqlite') throw invalid(PG_DUMP_HINT);
  sqlite.prepare('VACUUM INTO ?').run(path.resolve(file));
}

/**
 * Empties the tables of NOT_IN_BACKUPS in a fresh copy, before it is handed out or named. With
 * secure_delete the rows' bytes are overwritten with zeros (not only unlinked: the file's free space
 * would still hold them), and the journal stays in memory, so no file ever holds them again (a copy
 * that fails is removed whole). A few rows: no second VACUUM, which would block the event loop as
 * long as the first.
 */
function leaveOut(file: string): void {
  const copy = new DatabaseSync(file);
  try {
    copy.exec('PRAGMA journal_mode = MEMORY; PRAGMA secure_delete = ON');
    for (const table of NOT_IN_BACKUPS) copy.exec(`DELETE FROM "${table}"`);
  } finally {
    copy.close();
  }
}

/** The copy a backup hands out: consistent, with no secret (above). */
function copyWithoutSecrets(file: string): void {
  vacuumInto(file);
  leaveOut(file);
}

/**
 * Writes a consistent copy of the SQLite database to `file` (VACUUM INTO: one read transaction, so
 * writes made meanwhile are either all in it or all out), without secrets (NOT_IN_BACKUPS), whole or
 * not at all: a full disk leaves no cut-short copy that looks like a backup, and throws
 * 存储空间不足，备份失败. As VACUUM INTO itself, it takes the place of an empty file only. Refused on
 * PostgreSQL.
 */
export async function backupTo(file: string): Promise<void> {
  const target = path.resolve(file);
  const empty = await stat(target).then(
    (st) => st.isFile() && st.size === 0,
    () => false,
  );
  try {
    await placeWhole(
      target,
      async (partial) => {
        copyWithoutSecrets(partial);
        await syncFile(partial);
      },
      { replace: empty },
    );
  } catch (err) {
    throw asDiskFull(err, MSG.diskFullBackup);
  }
}

/**
 * A fresh backup in DATA_DIR/tmp under a unique name, for the download (the caller removes it). Only
 * this request reads it, so it needs no partial name; on a full disk it is removed and the download
 * answers 507 存储空间不足，备份失败.
 */
export async function backupToTemp(): Promise<string> {
  const dir = path.join(config.dataDir, 'tmp');
  const file = path.join(
    dir,
    `backup-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}.db`,
  );
  try {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    copyWithoutSecrets(file);
  } catch (err) {
    await rm(file, { force: true });
    throw asDiskFull(err, MSG.diskFullBackup);
  }
  return file;
}

/** Bytes of every regular file under `dir` (symbolic links are not followed; a missing folder is 0). */
async function folderBytes(dir: string, skip?: string): Promise<number> {
  let names: string[];
  try {
    names = await readdir(dir, { recursive: true });
  } catch {
    return 0;
  }
  let total = 0;
  for (const name of names) {
    const full = path.join(dir, name);
    if (skip && (full === skip || full.startsWith(skip + path.sep))) continue;
    try {
      const st = await lstat(full);
      if (st.isFile()) total += st.size;
    } catch {
      /* removed meanwhile */
    }
  }
  return total;
}

async function fileBytes(file: string): Promise<number> {
  try {
    return (await lstat(file)).size;
  } catch {
    return 0;
  }
}

const FRESH_MS = 60_000;
let cached: { at: number; sizes: Promise<DataSizes> } | undefined;

async function measure(): Promise<DataSizes> {
  const dataDir = config.dataDir;
  const dbFile = path.join(dataDir, 'blog.db');
  // SQLite: the file and its WAL; PostgreSQL: the database's size on the server.
  const database =
    dialect === 'sqlite'
      ? (await fileBytes(dbFile)) + (await fileBytes(`${dbFile}-wal`)) + (await fileBytes(`${dbFile}-shm`))
      : Number(
          (await sql<{ n: number }>`SELECT pg_database_size(current_database()) AS n`.execute(db)).rows[0].n,
        );
  const uploads = await folderBytes(config.uploadsDir);
  const music = await folderBytes(config.musicDir);
  const outside = (dir: string) => !dir.startsWith(dataDir + path.sep);
  // The whole data folder (the database, uploads, the music index…), plus UPLOADS_DIR and MUSIC_DIR
  // when they live elsewhere; backups being written (tmp) do not count.
  const rest = await folderBytes(dataDir, path.join(dataDir, 'tmp'));
  return {
    dialect,
    database,
    uploads,
    music,
    // On PostgreSQL the database is not in the data folder: added to it.
    total:
      rest +
      (outside(config.uploadsDir) ? uploads : 0) +
      (outside(config.musicDir) ? music : 0) +
      (dialect === 'postgres' ? database : 0),
    measuredAt: new Date().toISOString(),
  };
}

/**
 * The data folder's sizes, measured at most once a minute (an asynchronous walk that never blocks the
 * server; a console reload within the minute gets the same figures).
 */
export function dataSizes(): Promise<DataSizes> {
  if (!cached || Date.now() - cached.at > FRESH_MS) {
    const sizes = measure();
    cached = { at: Date.now(), sizes };
    sizes.catch(() => {
      cached = undefined;
    });
  }
  return cached.sizes;
}
