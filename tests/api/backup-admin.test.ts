import { readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, test } from 'vitest';
import { auditSettled } from '../../src/server/api/audit.ts';
import { db } from '../../src/server/db/connection.ts';
import { PG_DUMP_HINT } from '../../src/server/services/backup.ts';
import { onPostgres } from '../setup/database.ts';
import { setupTestApi } from './helpers.ts';

/** Backups from the browser and the data folder's size (/admin/backups). */

const api = setupTestApi({ seed: true });

const download = (token?: string) =>
  api.app.request(
    '/api/backup/download',
    { headers: token ? { authorization: `Bearer ${token}` } : {} },
    { ip: '127.0.0.1' },
  );

describe('GET /api/backup/download', () => {
  // On PostgreSQL the backup is pg_dump's: the download says how, and writes nothing.
  test.runIf(onPostgres)('on PostgreSQL answers with the pg_dump way and makes no file', async () => {
    const res = await download(api.adminToken);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ code: 100, message: PG_DUMP_HINT });
    expect(readdirSync(path.join(api.dataDir, 'tmp'))).toEqual([]);
  });

  test.skipIf(onPostgres)(
    'is a valid SQLite database with the current rows, as a dated attachment never cached',
    async () => {
      // A row written just before: the backup has it.
      const tag = await api.call('POST', '/api/tag/add', { tag_name: '备份前的标签' }, api.adminToken);
      expect(tag.json.code).toBe(0);
      const res = await download(api.adminToken);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-disposition')).toMatch(
        /^attachment; filename="blog-backup-\d{8}-\d{6}\.db"$/,
      );
      expect(res.headers.get('cache-control')).toContain('no-store');
      expect(res.headers.get('content-type')).toBe('application/vnd.sqlite3');
      const bytes = new Uint8Array(await res.arrayBuffer());
      expect(Buffer.from(bytes.subarray(0, 16)).toString('latin1')).toBe('SQLite format 3\0');
      const file = path.join(api.dataDir, 'downloaded.db');
      writeFileSync(file, bytes);
      const copy = new DatabaseSync(file, { readOnly: true });
      try {
        expect(copy.prepare('PRAGMA integrity_check').get()).toEqual({ integrity_check: 'ok' });
        for (const table of ['article', 'tag', 'user', 'comment', 'talk'] as const) {
          const live = await db
            .selectFrom(table)
            .select(db.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow();
          const { n } = copy.prepare(`SELECT count(*) AS n FROM "${table}"`).get() as { n: number };
          expect(n, table).toBe(Number(live.n));
        }
        expect(copy.prepare('SELECT tag_name FROM tag WHERE tag_name = ?').get('备份前的标签')).toBeTruthy();
      } finally {
        copy.close();
      }
      // The copy made for the download is gone once it was sent.
      await expect.poll(() => readdirSync(path.join(api.dataDir, 'tmp'))).toEqual([]);
      // The audit log says who took a copy of the database.
      await auditSettled();
      const log = await db
        .selectFrom('audit_log')
        .select(['action', 'user_id'])
        .where('thing_type', '=', '备份')
        .execute();
      expect(log).toEqual([{ action: '下载数据库备份', user_id: api.adminId }]);
    },
  );

  test('is refused to visitors and users', async () => {
    expect((await download()).status).toBe(401);
    const user = await api.user();
    const res = await download(user.token);
    expect(res.status).toBe(403);
    expect((await res.json()).code).toBe(403);
  });
});

describe('GET /api/backup/getDataSize', () => {
  test('gives the database, uploads, music and total sizes in bytes', async () => {
    const res = await api.call('GET', '/api/backup/getDataSize', undefined, api.adminToken);
    expect(res.json.code).toBe(0);
    const r = res.json.result;
    expect(r.dialect).toBe(onPostgres ? 'postgres' : 'sqlite');
    expect(r.pgDump).toBe(onPostgres ? PG_DUMP_HINT : null);
    expect(r.database).toBeGreaterThan(0);
    for (const k of ['uploads', 'music', 'total']) expect(Number.isInteger(r[k]), k).toBe(true);
    expect(r.total).toBeGreaterThanOrEqual(r.database + r.uploads + r.music);
    expect(r.measuredAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const user = await api.user();
    expect((await api.call('GET', '/api/backup/getDataSize', undefined, user.token)).status).toBe(403);
  });
});
