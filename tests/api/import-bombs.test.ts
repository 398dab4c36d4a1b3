import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { auditSettled } from '../../src/server/api/audit.ts';
import { DiskFullError, diskFullMessage } from '../../src/server/core/disk-full.ts';
import { db } from '../../src/server/db/connection.ts';
import { planFor } from '../../src/server/services/import/detect.ts';
import { unzipTo } from '../../src/server/services/import/unpack.ts';
import { setupTestApi } from './helpers.ts';
import {
  expectNoPath,
  importsLeft,
  lyingSizes,
  sendImport,
  tarGzOf,
  zipFolder,
  zipOf,
} from './import-archives.ts';

/**
 * Decompression bombs (docs/security.md#import-archives): an archive is unpacked under DATA_DIR and
 * refused past IMPORT_MAX_UNPACKED_MB (16 MB here, the default is 1024) or 20,000 files, counting the
 * bytes actually inflated; the refusal says so in Chinese, is in the audit log, and leaves nothing.
 */

const api = setupTestApi({ env: { IMPORT_MAX_UNPACKED_MB: '16' } });
const HEXO = path.resolve(import.meta.dirname, '../fixtures/import/hexo');
const MB = 1024 * 1024;
const TOO_LARGE = (name: string) => `${name}：压缩包解压后超过 16 MB，已拒绝导入`;
const TOO_MANY = (name: string) => `${name}：压缩包里的文件超过 20,000 个，已拒绝导入`;

const temp: string[] = [];
afterAll(() => {
  for (const d of temp) rmSync(d, { recursive: true, force: true });
});

/** The audit log's refused imports. */
async function refusals() {
  await auditSettled();
  return db
    .selectFrom('audit_log')
    .select(['kind', 'action', 'label', 'user_id'])
    .where('kind', '=', '拒绝导入')
    .execute();
}

/** `bytes` sent as `name` is refused with `message`, logged, and nothing stays in DATA_DIR. */
async function expectRefused(name: string, bytes: Uint8Array, message: string) {
  const before = (await refusals()).length;
  const res = await sendImport(api, name, bytes);
  expect(res.json).toMatchObject({ code: 100, message });
  expectNoPath(res.json.message, api);
  expect(importsLeft(api)).toEqual([]);
  const rows = await refusals();
  expect(rows).toHaveLength(before + 1);
  expect(rows.at(-1)).toMatchObject({ action: '拒绝导入压缩包', user_id: api.adminId });
  expect(rows.at(-1)?.label).toContain(message);
}

describe('import archives within limits', () => {
  it('a zip bomb (64 MB of zeros in a few KB) is refused', async () => {
    const bomb = zipOf({ 'bomb.md': new Uint8Array(64 * MB) });
    expect(bomb.length).toBeLessThan(128 * 1024);
    await expectRefused('bomb.zip', bomb, TOO_LARGE('bomb.zip'));
  });

  it('a zip whose central directory lies about the sizes is stopped by the bytes inflated', async () => {
    const lying = lyingSizes(
      zipOf({ 'a.md': new Uint8Array(40 * MB), 'b.md': new Uint8Array(40 * MB) }),
      1000,
    );
    await expectRefused('lying.zip', lying, TOO_LARGE('lying.zip'));
  });

  it('a zip of more than 20,000 tiny files is refused', async () => {
    const files: Record<string, Uint8Array> = {};
    for (let i = 0; i <= 20_000; i++) files[`p/${i}.md`] = new Uint8Array(0);
    await expectRefused('many.zip', zipOf(files, 0), TOO_MANY('many.zip'));
  });

  it('a .tar.gz bomb (past node-tar’s own ratio check) is refused', async () => {
    // A byte in every 200 keeps the ratio under node-tar's 1000×: its own check lets this through.
    const body = Buffer.alloc(20 * MB);
    for (let i = 0; i < body.length; i += 200) body[i] = (i / 200) & 0xff;
    const bomb = tarGzOf([{ path: 'manifest.json', body }]);
    expect(body.length / bomb.length).toBeLessThan(1000);
    await expectRefused('site.tar.gz', bomb, TOO_LARGE('site.tar.gz'));
  });

  it('a .tar.gz of more than 20,000 files is refused', async () => {
    const entries = Array.from({ length: 20_001 }, (_, i) => ({ path: `uploads/${i}.png` }));
    await expectRefused('many.tar.gz', tarGzOf(entries), TOO_MANY('many.tar.gz'));
  });

  it('a Hexo blog zipped imports as before, unpacked under DATA_DIR and gone after', async () => {
    const dir = mkdtempSync(path.join(api.dataDir, 'zips-'));
    temp.push(dir);
    const file = path.join(dir, 'blog.zip');
    writeFileSync(file, zipFolder(HEXO, 'blog'));
    const plan = await planFor(file);
    // While the plan is open its files are in DATA_DIR/imports.
    expect(importsLeft(api)).toEqual([expect.stringMatching(/^unpack-/)]);
    await plan.close?.();
    expect(importsLeft(api)).toEqual([]);

    const prepared = await sendImport(api, 'blog.zip', zipFolder(HEXO, 'blog'));
    expect(prepared.json.code, prepared.json.message).toBe(0);
    expect(prepared.json.result.report).toMatchObject({ format: 'markdown', created: { article: 2 } });
    expectNoPath(JSON.stringify(prepared.json), api);
    const run = await api.call(
      'POST',
      '/api/import/run',
      { token: prepared.json.result.token },
      api.adminToken,
    );
    expect(run.json.result).toMatchObject({ created: { article: 2 } });
    expectNoPath(JSON.stringify(run.json), api);
    expect(importsLeft(api)).toEqual([]);
  });

  it('a blog’s node_modules, .git and public folders are neither unpacked nor counted', async () => {
    const files: Record<string, Uint8Array> = {
      'source/_posts/kept.md': new TextEncoder().encode('---\ntitle: 留下的文章\n---\n\n正文\n'),
    };
    for (let i = 0; i <= 20_000; i++) files[`node_modules/pkg${i}/index.js`] = new Uint8Array(0);
    files['.git/objects/big'] = new Uint8Array(20 * MB);
    files['public/index.html'] = new Uint8Array(1024);
    const res = await sendImport(api, 'with-deps.zip', zipOf(files, 0));
    expect(res.json.code, res.json.message).toBe(0);
    expect(res.json.result.report.created).toEqual({ article: 1 });
  });

  it('a full disk while unpacking is the 507 of an import (存储空间不足，导入失败)', async () => {
    // /dev/full answers every write with ENOSPC: the entry's file is made to be it.
    const dir = mkdtempSync(path.join(api.dataDir, 'full-'));
    temp.push(dir);
    const file = path.join(dir, 'post.zip');
    writeFileSync(file, zipOf({ 'posts/a.md': new Uint8Array(4096) }));
    const into = path.join(dir, 'into');
    mkdirSync(path.join(into, 'posts'), { recursive: true });
    symlinkSync('/dev/full', path.join(into, 'posts/a.md'));
    const refused = await unzipTo(file, into, 'post.zip').catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(DiskFullError);
    expect(diskFullMessage(refused)).toBe('存储空间不足，导入失败');
    expect(readdirSync(path.join(into, 'posts'))).toEqual(['a.md']);
  });
});
