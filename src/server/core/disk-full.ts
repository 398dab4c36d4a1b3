import { MSG } from './messages.ts';

/**
 * A full disk (docs/decisions/0014-whole-files-and-full-disk.md) is a condition the blogger can fix, not a
 * bug: the answer says so (HTTP 507 with a Chinese message, through wireAnswer) instead of a generic 500,
 * and the process goes on, so the next request works as soon as space is freed.
 */

/** Node's codes for "no room": the disk itself, or the user's quota on it. */
const NO_ROOM = new Set(['ENOSPC', 'EDQUOT']);
/** SQLite's SQLITE_FULL ("database or disk is full"), the low byte of an extended result code. */
const SQLITE_FULL = 13;
/** PostgreSQL's disk_full (class 53, insufficient resources). */
const PG_DISK_FULL = '53100';

/** A full disk met while doing something the blogger asked for; the message names what failed. */
export class DiskFullError extends Error {
  constructor(message: string, cause?: unknown) {
    super(message, { cause });
  }
}

/**
 * Whether an error means the storage ran out: a file write's ENOSPC or EDQUOT, SQLite's SQLITE_FULL
 * (VACUUM INTO, or an ordinary write when DATA_DIR is full), PostgreSQL's disk_full; causes included.
 */
export function isDiskFull(err: unknown): boolean {
  let e = err;
  for (let depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    if (e instanceof DiskFullError) return true;
    const { code, errcode } = e as { code?: unknown; errcode?: unknown };
    if (typeof code === 'string' && (NO_ROOM.has(code) || code === PG_DISK_FULL)) return true;
    if (code === 'ERR_SQLITE_ERROR' && typeof errcode === 'number' && (errcode & 0xff) === SQLITE_FULL)
      return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** `err` as a DiskFullError saying `message` when it is a full disk; any other error as it is. */
export const asDiskFull = (err: unknown, message: string): unknown =>
  isDiskFull(err) && !(err instanceof DiskFullError) ? new DiskFullError(message, err) : err;

/**
 * What a full disk answers (HTTP 507), or null for any other error: the message of a DiskFullError
 * (what failed: an upload, a backup), else that saving failed (a database write on a full disk).
 */
export function diskFullMessage(err: unknown): string | null {
  if (err instanceof DiskFullError) return err.message;
  return isDiskFull(err) ? MSG.diskFullSave : null;
}
