import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { IMPORT_NAME_INVALID, IMPORT_NAME_TOO_LONG } from '../../src/lib/import-file-name.ts';
import { setupTestApi } from './helpers.ts';
import { expectNoPath, importsLeft, sendImport, tarGzOf, zipOf } from './import-archives.ts';

/**
 * The console's import refuses what it cannot take in Chinese (HTTP 200, code 100: the envelope's
 * refusal), never a 500, never a folder of the server, and leaves nothing in DATA_DIR/imports or the
 * temporary folder.
 */

const api = setupTestApi();
const WXR = readFileSync(
  path.resolve(import.meta.dirname, '../fixtures/import/wordpress/export.xml'),
  'utf8',
);

/** The archive folders an import would have left in the OS's temporary folder (before: its own prefixes). */
const leftInTmp = () => readdirSync(tmpdir()).filter((n) => /^blog-(import|archive-in)-[\w]{6}$/.test(n));

async function expectRefused(name: string, bytes: Uint8Array | string, message: string | RegExp) {
  const tmpBefore = leftInTmp();
  const res = await sendImport(api, name, bytes);
  expect(res.status).toBe(200);
  expect(res.json.code).toBe(100);
  if (typeof message === 'string') expect(res.json.message).toBe(message);
  else expect(res.json.message).toMatch(message);
  expectNoPath(res.json.message, api);
  expect(importsLeft(api)).toEqual([]);
  expect(leftInTmp()).toEqual(tmpBefore);
}

describe('import file names and refused archives', () => {
  it('`..`, `.`, `/` and nothing are refused as names, before anything is kept', async () => {
    for (const name of ['..', '.', '/', 'dir/..', '...', ' '])
      await expectRefused(name, WXR, IMPORT_NAME_INVALID);
  });

  it('a name too long for a file system (300 letters, 100 Chinese characters) is refused', async () => {
    await expectRefused(`${'a'.repeat(300)}.xml`, WXR, IMPORT_NAME_TOO_LONG);
    await expectRefused(`${'文'.repeat(100)}.xml`, WXR, IMPORT_NAME_TOO_LONG);
  });

  it('a name of 80 Chinese characters and a Windows path are taken (its last part)', async () => {
    const long = await sendImport(api, `${'文'.repeat(76)}.xml`, WXR);
    expect(long.json.code, long.json.message).toBe(0);
    const windows = await sendImport(api, 'C:\\Users\\我\\export.xml', WXR);
    expect(windows.json.code, windows.json.message).toBe(0);
    expect(windows.json.result.report.format).toBe('wxr');
    // A NUL (or any other character a file name should not hold) becomes `_`.
    const nul = await sendImport(api, 'a\0b.xml', WXR);
    expect(nul.json.code, nul.json.message).toBe(0);
    for (const { json } of [long, windows, nul]) {
      const run = await api.call('POST', '/api/import/run', { token: json.result.token }, api.adminToken);
      expect(run.json.code, run.json.message).toBe(0);
      expectNoPath(JSON.stringify(run.json), api);
    }
    expect(importsLeft(api)).toEqual([]);
  });

  it('a .tar.gz whose link points nowhere: no temporary path, no folder left', async () => {
    const bad = tarGzOf([{ path: 'link', type: 'Link', linkpath: 'nowhere' }, { path: 'manifest.json' }]);
    // The link is skipped (the site's archive holds files only); the empty manifest is not ours.
    await expectRefused('bad.tar.gz', bad, 'bad.tar.gz：manifest.json 不是有效的 JSON');
  });

  it('a .tar.gz with `..` in a name, or many files after a broken one, leaves nothing behind', async () => {
    await expectRefused(
      'up.tar.gz',
      tarGzOf([{ path: '../escape', body: Buffer.from('x') }]),
      /^up\.tar\.gz：(无法解开归档（.*\.\..*）|文件名不安全：\.\.\/escape)$/,
    );
    const many = Array.from({ length: 300 }, (_, i) => ({ path: `d${i}/f`, body: Buffer.alloc(4096, 65) }));
    await expectRefused(
      'broken.tar.gz',
      tarGzOf([{ path: '../first', body: Buffer.from('x') }, ...many]),
      /^broken\.tar\.gz：/,
    );
  });

  it('an archive whose manifest names a file outside it is refused', async () => {
    const manifest = {
      format: 'blog-site-archive',
      version: 1,
      schema: '0000',
      tables: [],
      files: [{ path: '../../../etc/passwd', bytes: 1, sha256: 'x' }],
    };
    const tgz = tarGzOf([{ path: 'manifest.json', body: Buffer.from(JSON.stringify(manifest)) }]);
    await expectRefused('evil.tar.gz', tgz, 'evil.tar.gz：归档里的文件名不安全：../../../etc/passwd');
  });

  it('a zip entry too long for the file system, or a file where a folder must be: refused in words', async () => {
    await expectRefused(
      'long.zip',
      zipOf({ [`posts/${'a'.repeat(300)}.md`]: new Uint8Array(1) }),
      /^long\.zip：无法解开其中的 posts\/a+…（文件名太长）$/,
    );
    await expectRefused(
      'clash.zip',
      zipOf({ 'posts/a': new Uint8Array(1), 'posts/a/b.md': new Uint8Array(1) }),
      'clash.zip：无法解开其中的 posts/a/b.md（与同名的文件冲突）',
    );
    await expectRefused(
      'clash2.zip',
      zipOf({ 'posts/a/b.md': new Uint8Array(1), 'posts/a': new Uint8Array(1) }),
      'clash2.zip：无法解开其中的 posts/a（与同名的文件夹冲突）',
    );
    await expectRefused('up.zip', zipOf({ '../up.md': new Uint8Array(1) }), 'up.zip：文件名不安全：../up.md');
  });

  it('a broken zip names the file only', async () => {
    const zip = zipOf({ 'a.md': randomBytes(10_000) });
    await expectRefused('cut.zip', zip.subarray(0, 200), /^cut\.zip：不是有效的 zip 文件（.+）$/);
  });
});
