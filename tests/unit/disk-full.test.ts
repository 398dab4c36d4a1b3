import { writeFileSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { asDiskFull, DiskFullError, diskFullMessage, isDiskFull } from '../../src/server/core/disk-full.ts';
import { wireAnswer } from '../../src/server/core/errors.ts';
import { MSG } from '../../src/server/core/messages.ts';

/** Which errors mean the storage ran out, and what they answer. */

/** The error a real write to /dev/full throws (ENOSPC from the kernel, no fs mocked). */
function enospc(): unknown {
  try {
    writeFileSync('/dev/full', 'x');
  } catch (err) {
    return err;
  }
  throw new Error('/dev/full accepted a write');
}

/** SQLite's own SQLITE_FULL: a database that may not grow past its pages. */
function sqliteFull(): unknown {
  const db = new DatabaseSync(':memory:');
  try {
    db.exec('CREATE TABLE t (x TEXT)');
    const pages = (db.prepare('PRAGMA page_count').get() as { page_count: number }).page_count;
    db.exec(`PRAGMA max_page_count = ${pages}`);
    db.prepare('INSERT INTO t VALUES (?)').run('x'.repeat(100_000));
  } catch (err) {
    return err;
  } finally {
    db.close();
  }
  throw new Error('SQLite grew past max_page_count');
}

describe('isDiskFull', () => {
  it('knows a full disk from Node, SQLite and PostgreSQL', () => {
    expect(isDiskFull(enospc())).toBe(true);
    expect(isDiskFull(sqliteFull())).toBe(true);
    expect(isDiskFull(Object.assign(new Error('quota'), { code: 'EDQUOT' }))).toBe(true);
    // pg's DatabaseError for "could not extend file": SQLSTATE disk_full.
    expect(isDiskFull(Object.assign(new Error('could not extend file'), { code: '53100' }))).toBe(true);
    expect(isDiskFull(new Error('wrapped', { cause: enospc() }))).toBe(true);
  });

  it('says no to everything else', () => {
    expect(isDiskFull(new Error('boom'))).toBe(false);
    expect(isDiskFull(Object.assign(new Error('gone'), { code: 'ENOENT' }))).toBe(false);
    expect(isDiskFull(Object.assign(new Error('busy'), { code: 'ERR_SQLITE_ERROR', errcode: 5 }))).toBe(
      false,
    );
    // Too many connections is class 53 too, but no full disk.
    expect(isDiskFull(Object.assign(new Error('too many'), { code: '53300' }))).toBe(false);
    expect(isDiskFull(null)).toBe(false);
    expect(isDiskFull('ENOSPC')).toBe(false);
  });
});

describe('a full disk on the wire', () => {
  it('is a 507 naming what failed, or that saving failed for a bare one', () => {
    const upload = asDiskFull(enospc(), MSG.diskFullUpload);
    expect(upload).toBeInstanceOf(DiskFullError);
    expect(wireAnswer(upload)).toEqual({
      status: 507,
      body: { code: 507, message: '存储空间不足，上传失败' },
      headers: {},
      refused: false,
    });
    expect(wireAnswer(asDiskFull(sqliteFull(), MSG.diskFullBackup))?.body).toEqual({
      code: 507,
      message: '存储空间不足，备份失败',
    });
    expect(wireAnswer(sqliteFull())?.body).toEqual({ code: 507, message: '存储空间不足，保存失败' });
    expect(diskFullMessage(new Error('boom'))).toBeNull();
  });

  it('leaves any other error as it is', () => {
    const other = new Error('boom');
    expect(asDiskFull(other, MSG.diskFullUpload)).toBe(other);
    expect(wireAnswer(other)).toBeNull();
  });
});
