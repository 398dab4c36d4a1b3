import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { uploadedImagePath } from '../../src/server/services/chat.ts';
import { encodePng } from '../../src/server/services/music/png.ts';
import { serveUpload } from '../../src/server/uploads/serve.ts';
import { setupTestApi } from './helpers.ts';

/**
 * UPLOADS_DIR (a shared volume in a cluster) holds the uploads and the demo pictures;
 * nothing goes to DATA_DIR/uploads any more when it is set elsewhere.
 */

const shared = mkdtempSync(path.join(tmpdir(), 'blog-shared-uploads-'));
afterAll(() => rmSync(shared, { recursive: true, force: true }));
const api = setupTestApi({ seed: true, env: { UPLOADS_DIR: shared } });

const PNG = new Uint8Array(encodePng(2, 2, () => [10, 20, 30]));

async function served(url: string): Promise<{ status: number; bytes: Buffer }> {
  const server = http.createServer((req, res) => serveUpload(req, res, (req.url ?? '').split('?')[0]));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}${url}`);
    return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) };
  } finally {
    server.close();
  }
}

describe('UPLOADS_DIR', () => {
  it('holds the demo pictures, served under /uploads', async () => {
    const demo = readdirSync(path.join(shared, 'demo'));
    expect(demo.length).toBeGreaterThan(0);
    expect((await served(`/uploads/demo/${demo[0]}`)).status).toBe(200);
    expect(existsSync(path.join(api.dataDir, 'uploads'))).toBe(false);
  });

  it('receives an upload, which /uploads serves and chat accepts as an uploaded picture', async () => {
    const me = await api.user();
    const fd = new FormData();
    fd.append('file', new File([PNG], 'a.png', { type: 'image/png' }));
    const res = await api.call('POST', '/api/upload/img', fd, me.token);
    expect(res.json.code).toBe(0);
    const url = res.json.result.url as string;
    const file = path.join(shared, url.slice('/uploads/'.length));
    expect(Buffer.compare(readFileSync(file), Buffer.from(PNG))).toBe(0);
    const got = await served(url);
    expect(got.status).toBe(200);
    expect(Buffer.compare(got.bytes, Buffer.from(PNG))).toBe(0);
    expect(uploadedImagePath(url)).toBe(url);
    expect(existsSync(path.join(api.dataDir, 'uploads'))).toBe(false);
  });

  it('counts in the data sizes, outside DATA_DIR as MUSIC_DIR does', async () => {
    const r = (await api.call('GET', '/api/backup/getDataSize', undefined, api.adminToken)).json.result;
    expect(r.uploads).toBeGreaterThan(0);
    expect(r.total).toBeGreaterThanOrEqual(r.database + r.uploads);
  });
});
