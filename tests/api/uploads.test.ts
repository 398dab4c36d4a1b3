import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_IMAGE_BYTES, sniffImage } from '../../src/server/services/uploads.ts';
import { setupTestApi } from './helpers.ts';

const api = setupTestApi();

const PNG = Uint8Array.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
]);
const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46]);
const GIF = new TextEncoder().encode('GIF89a\x01\x00\x01\x00');
const WEBP = new TextEncoder().encode('RIFF\x24\x00\x00\x00WEBPVP8 ');

function form(bytes: Uint8Array<ArrayBuffer>, name: string, type: string): FormData {
  const fd = new FormData();
  fd.append('file', new File([bytes], name, { type }));
  return fd;
}

describe('magic bytes decide the type', () => {
  it('recognises jpeg, png, webp and gif, and nothing else', () => {
    expect(sniffImage(JPEG)?.ext).toBe('jpg');
    expect(sniffImage(PNG)?.ext).toBe('png');
    expect(sniffImage(GIF)?.ext).toBe('gif');
    expect(sniffImage(WEBP)?.ext).toBe('webp');
    expect(sniffImage(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImage(new TextEncoder().encode('RIFF\x24\x00\x00\x00WAVEfmt '))).toBeNull();
    expect(sniffImage(new Uint8Array())).toBeNull();
  });
});

describe('POST /api/upload/img', () => {
  it('needs a login', async () => {
    const res = await api.call('POST', '/api/upload/img', form(PNG, 'a.png', 'image/png'));
    expect(res.status).toBe(401);
  });

  it('stores an image under a server-made name in uploads/<yyyy-mm>/ and returns its url', async () => {
    const me = await api.user();
    // The client's name and declared type are ignored: a PNG called photo.gif is stored as .png.
    const res = await api.call(
      'POST',
      '/api/upload/img',
      form(PNG, '../../evil name.gif', 'image/gif'),
      me.token,
    );
    expect(res.json.code).toBe(0);
    const url = res.json.result.url as string;
    expect(url).toMatch(/^\/uploads\/\d{4}-\d{2}\/[0-9a-f]{32}\.png$/);
    const file = path.join(api.dataDir, url);
    expect(existsSync(file)).toBe(true);
    expect(Buffer.compare(readFileSync(file), Buffer.from(PNG))).toBe(0);
    const second = await api.call('POST', '/api/upload/img', form(JPEG, 'a.jpg', 'image/jpeg'), me.token);
    expect(second.json.result.url).toMatch(/\.jpg$/);
    expect(second.json.result.url).not.toBe(url);
  });

  it('refuses a renamed non-image', async () => {
    const me = await api.user();
    const script = new TextEncoder().encode('<script>alert(1)</script>');
    const res = await api.call('POST', '/api/upload/img', form(script, 'cat.png', 'image/png'), me.token);
    expect(res.status).toBe(400);
    expect(res.json.message).toBe('只能上传 JPG、PNG、WEBP、GIF 格式的图片');
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script/></svg>');
    expect(
      (await api.call('POST', '/api/upload/img', form(svg, 'a.svg', 'image/svg+xml'), me.token)).status,
    ).toBe(400);
  });

  it('refuses an oversize upload with a clear message', async () => {
    const me = await api.user();
    const big = new Uint8Array(MAX_IMAGE_BYTES + 1);
    big.set(PNG);
    const res = await api.call('POST', '/api/upload/img', form(big, 'big.png', 'image/png'), me.token);
    expect(res.status).toBe(413);
    expect(res.json).toEqual({ code: 413, message: '图片大小不能超过 5MB' });
  });

  it('stops reading an endless body without a length once it passes the limit', async () => {
    const me = await api.user();
    let sent = 0;
    const chunk = new Uint8Array(1024 * 1024);
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const res = await api.app.request(
      '/api/upload/img',
      {
        method: 'POST',
        body: endless,
        headers: { authorization: `Bearer ${me.token}`, 'content-type': 'multipart/form-data; boundary=x' },
        duplex: 'half',
      } as RequestInit,
      { ip: '127.0.0.1' },
    );
    expect(res.status).toBe(413);
    expect(sent).toBeLessThan(MAX_IMAGE_BYTES + 4 * 1024 * 1024);
  });

  it('refuses a body that is not a form with a file', async () => {
    const me = await api.user();
    // JSON is not a form: refused before the route, like any other type but multipart.
    expect((await api.call('POST', '/api/upload/img', { file: 'x' }, me.token)).status).toBe(415);
    const fd = new FormData();
    fd.append('file', 'just text');
    expect((await api.call('POST', '/api/upload/img', fd, me.token)).status).toBe(400);
    const garbage = await api.call('POST', '/api/upload/img', '--x\r\nbroken', me.token, {
      'content-type': 'multipart/form-data; boundary=x',
    });
    expect(garbage.status).toBe(400);
  });
});
