import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { Hono } from 'hono';
import { toWireDate } from '../../lib/wire-date.ts';
import { logger } from '../core/log.ts';
import type { ApiEnv } from '../http/context.ts';
import { ok } from '../http/envelope.ts';
import { apiDoc } from '../http/openapi.ts';
import { backupToTemp, dataSizes, PG_DUMP_HINT } from '../services/backup.ts';
import { requireAdmin } from './auth.ts';

/** `blog-backup-20261124-103000.db`, in China time like every date of the site. */
const backupName = () => `blog-backup-${toWireDate(new Date()).replace(/-|:/g, '').replace(' ', '-')}.db`;

/** Backups and the data folder's size (/admin/backups), admin-only. */
const doc = {
  size: apiDoc({
    summary: '数据大小',
    access: 'admin',
    description: '数据库、上传文件与音乐所占的空间（字节）。',
  }),
  download: apiDoc({
    summary: '下载数据库备份',
    access: 'admin',
    description: 'SQLite 时回答数据库文件的一致副本；PostgreSQL 时答 code 100 与 pg_dump 的用法。',
    raw: { type: 'application/vnd.sqlite3', description: '数据库文件（附件）' },
  }),
};

export const backupAdminRoutes = new Hono<ApiEnv>()
  .get('/backup/getDataSize', doc.size, async (c) => {
    requireAdmin(c);
    const sizes = await dataSizes();
    return ok(c, { ...sizes, pgDump: sizes.dialect === 'postgres' ? PG_DUMP_HINT : null });
  })
  .get('/backup/download', doc.download, async (c) => {
    requireAdmin(c);
    // A consistent copy first (the CLI's VACUUM INTO), then streamed; the copy goes once sent or dropped.
    const file = await backupToTemp();
    const stream = createReadStream(file);
    stream.once('close', () => {
      rm(file, { force: true }).catch((err) => logger.warn({ err }, 'backup copy not removed'));
    });
    return c.body(Readable.toWeb(stream) as ReadableStream, 200, {
      'Content-Type': 'application/vnd.sqlite3',
      'Content-Disposition': `attachment; filename="${backupName()}"`,
      'Cache-Control': 'no-store, private',
      'X-Content-Type-Options': 'nosniff',
    });
  });
