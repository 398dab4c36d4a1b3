import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { db } from '../../src/server/db/connection.ts';
import { setupTestApi } from './helpers.ts';

const api = setupTestApi();
const WXR = path.resolve(import.meta.dirname, '../fixtures/import/wordpress/export.xml');

const send = (name: string, bytes: Uint8Array<ArrayBuffer> | string) => {
  const form = new FormData();
  form.append('file', new Blob([bytes]), name);
  return api.call('POST', '/api/upload/import', form, api.adminToken);
};

describe('the console imports (/admin/import)', () => {
  it('upload → dry run (nothing written) → run → report; a second time creates nothing', async () => {
    const prepared = await send('export.xml', readFileSync(WXR, 'utf8'));
    expect(prepared.json.code, prepared.json.message).toBe(0);
    const { token, report } = prepared.json.result;
    expect(report).toMatchObject({ dryRun: true, format: 'wxr', created: { article: 3, comment: 3 } });
    expect(await db.selectFrom('article').select('id').execute()).toEqual([]);

    const run = await api.call('POST', '/api/import/run', { token }, api.adminToken);
    expect(run.json.code, run.json.message).toBe(0);
    expect(run.json.result).toMatchObject({ dryRun: false, created: { article: 3, comment: 3 }, failed: [] });
    // The token is spent.
    expect((await api.call('POST', '/api/import/run', { token }, api.adminToken)).json.message).toContain(
      '过期',
    );

    const again = await send('export.xml', readFileSync(WXR, 'utf8'));
    expect(again.json.result.report).toMatchObject({ created: {}, already: { article: 3, comment: 3 } });

    const actions = (await db.selectFrom('audit_log').select('action').execute()).map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(['导入试运行', '导入']));
  });

  it('a file it cannot read is refused in Chinese, naming the file and not the server folders', async () => {
    const bad = await send('notes.txt', 'just text');
    expect(bad.json.code).toBe(100);
    expect(bad.json.message).toBe(
      '无法识别的导入来源：notes.txt（支持 WordPress 导出的 .xml、Markdown 文件夹或 .zip、mysql:// 地址（原项目或 Typecho）、Typecho 的 SQLite 数据库文件、本站的 .tar.gz 归档、Waline / Twikoo / Artalk 评论导出的 .json、Disqus 评论导出的 .xml）',
    );
    const broken = await send(
      'broken.xml',
      '<?xml version="1.0"?>\n<rss xmlns:wp="http://wordpress.org/export/1.2/">\n<channel>\n</rss>',
    );
    expect(broken.json.message).toMatch(/^broken\.xml 第 \d+ 行：XML 格式错误/);
  });

  it('下载全站归档: a gzip with the manifest first', async () => {
    const res = await api.app.request(
      '/api/import/archive',
      { headers: { authorization: `Bearer ${api.adminToken}` } },
      { ip: '127.0.0.1' },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="blog-site-\d{8}-\d{6}\.tar\.gz"$/,
    );
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([bytes[0], bytes[1]]).toEqual([0x1f, 0x8b]);
  });
});
