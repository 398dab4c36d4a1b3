import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import { z } from 'zod';
import { hidePaths, hidePathsIn } from '../../lib/hide-paths.ts';
import { toWireDate } from '../../lib/wire-date.ts';
import { config } from '../config.ts';
import { asDiskFull, isDiskFull } from '../core/disk-full.ts';
import { ApiError, DomainError, invalid } from '../core/errors.ts';
import { logger } from '../core/log.ts';
import { MSG } from '../core/messages.ts';
import type { ApiContext, ApiEnv } from '../http/context.ts';
import { ok } from '../http/envelope.ts';
import { apiDoc } from '../http/openapi.ts';
import { planFor } from '../services/import/detect.ts';
import { UnpackRefused } from '../services/import/refused.ts';
import { dryRun, runImport } from '../services/import/run.ts';
import { stage, staged, unstage } from '../services/import/staging.ts';
import { AUDIT_EVENTS } from './audit-actions.ts';
import { auditEvent } from './audit-events.ts';
import { requireAdmin } from './auth.ts';
import { body } from './validate.ts';

/**
 * The console's 导入与导出 (/admin/import, docs/owner-guide.md#导入与导出): a file (or a mysql://
 * address) is sent and answered with its dry run; the run follows with the token; the whole-site
 * archive downloads. Admin-only.
 */

/** The largest file the console takes (a larger site imports with the CLI, reading the file where it is). */
export const MAX_IMPORT_BYTES = 200 * 1024 * 1024;
const TOO_BIG = '文件不能超过 200MB；更大的来源请在服务器上用 npm run blog -- import 导入';

const admit = createMiddleware<ApiEnv>(async (c, next) => {
  requireAdmin(c);
  const type = c.req.header('content-type') ?? '';
  if (!type.toLowerCase().startsWith('multipart/form-data'))
    throw invalid('请用表单上传（字段 file，或字段 source 填 mysql:// 地址）');
  await next();
});

const limit = bodyLimit({
  maxSize: MAX_IMPORT_BYTES + 64 * 1024,
  onError: () => {
    throw new ApiError(413, TOO_BIG);
  },
});

/** The server's folders: an answer names a file by its name, never where it is (lib/hide-paths.ts). */
const serverFolders = () => [config.dataDir, config.uploadsDir, config.musicDir, tmpdir(), process.cwd()];

/**
 * What an import that could not start answers: a refusal of the request and a full disk (507) as they
 * are; anything else a refusal naming the file as it was sent, no folder of the server. An archive
 * refused for what it would unpack to is kept in the audit log.
 */
function refusal(c: ApiContext, err: unknown, where: string): unknown {
  if (err instanceof UnpackRefused)
    auditEvent(c, AUDIT_EVENTS.importRefused, {
      user: c.get('user'),
      label: hidePaths(err.message, serverFolders()),
    });
  if (err instanceof ApiError || err instanceof DomainError) return err;
  if (isDiskFull(err)) return asDiskFull(err, MSG.diskFullImport);
  const message = (err instanceof Error ? err.message : String(err)).replaceAll(where, path.basename(where));
  return invalid(hidePaths(message, serverFolders()));
}

const RunBody = z.object({ token: z.string().min(1, '缺少导入编号').max(64) });

const doc = {
  prepare: apiDoc({
    summary: '导入：上传并试运行',
    access: 'admin',
    upload: {
      file: 'file',
      fields: { source: '不上传文件时：原项目或 Typecho 数据库的 mysql:// 地址（只连接公网地址）' },
    },
    description:
      'WordPress 导出的 .xml、Markdown 文件夹的 .zip、Typecho 的 SQLite 数据库、Waline / Twikoo 的 .json、Artalk 的 .artrans、Disqus 的 .xml、本站的 .tar.gz 归档，或 mysql:// 地址；回答 `{token, report}`：试运行的报告（将新建、不导入及原因、错误），不写入任何内容。',
  }),
  run: apiDoc({
    summary: '导入：正式运行',
    access: 'admin',
    body: RunBody,
    description: '用试运行回答的 token 正式导入；回答导入报告。已导入的不会重复创建。',
  }),
  archive: apiDoc({
    summary: '下载全站归档',
    access: 'admin',
    description: '每张表的数据、上传的文件和音乐库，以及带校验和的清单（.tar.gz，不含机密）。',
    raw: { type: 'application/gzip', description: '全站归档（附件）' },
  }),
};

const archiveName = () => `blog-site-${toWireDate(new Date()).replace(/-|:/g, '').replace(' ', '-')}.tar.gz`;

export const importAdminRoutes = new Hono<ApiEnv>()
  // Under /api/upload/ like the other uploads: multipart, and the app's 2 MB JSON limit does not apply.
  .post('/upload/import', doc.prepare, admit, limit, async (c) => {
    let form: FormData;
    try {
      form = await c.req.raw.formData();
    } catch {
      throw invalid('请求体格式错误');
    }
    const file = form.get('file');
    const source = form.get('source');
    let token: string;
    let where: string;
    if (file && typeof file !== 'string') {
      if (file.size === 0) throw invalid('文件是空的');
      ({ token, source: where } = await stage({
        name: file.name,
        bytes: new Uint8Array(await file.arrayBuffer()),
      }));
    } else if (typeof source === 'string' && /^mysql:\/\//i.test(source.trim())) {
      ({ token, source: where } = await stage({ url: source.trim() }));
    } else throw invalid('请选择要导入的文件，或填写 mysql:// 地址');
    try {
      const plan = await planFor(where);
      try {
        return ok(c, { token, report: hidePathsIn(await dryRun(plan), serverFolders()) });
      } finally {
        await plan.close?.();
      }
    } catch (err) {
      await unstage(token);
      throw refusal(c, err, where);
    }
  })
  .post('/import/run', doc.run, async (c) => {
    requireAdmin(c);
    const { token } = await body(c, RunBody);
    const where = await staged(token);
    const plan = await planFor(where).catch((err: unknown) => {
      throw refusal(c, err, where);
    });
    try {
      const report = hidePathsIn(await runImport(plan), serverFolders());
      await unstage(token);
      return ok(c, report, report.failed.length ? `导入完成，${report.failed.length} 项失败` : '导入完成');
    } finally {
      await plan.close?.();
    }
  })
  .get('/import/archive', doc.archive, async (c) => {
    requireAdmin(c);
    const dir = await mkdtemp(path.join(tmpdir(), 'blog-archive-dl-'));
    const file = path.join(dir, 'site.tar.gz');
    const { exportArchive } = await import('../services/archive/export.ts');
    await exportArchive(file).catch(async (err) => {
      await rm(dir, { recursive: true, force: true });
      throw err;
    });
    const stream = createReadStream(file);
    stream.once('close', () => {
      rm(dir, { recursive: true, force: true }).catch((err) =>
        logger.warn({ err }, 'archive copy not removed'),
      );
    });
    return c.body(Readable.toWeb(stream) as ReadableStream, 200, {
      'Content-Type': 'application/gzip',
      'Content-Disposition': `attachment; filename="${archiveName()}"`,
      'Cache-Control': 'no-store, private',
      'X-Content-Type-Options': 'nosniff',
    });
  });
