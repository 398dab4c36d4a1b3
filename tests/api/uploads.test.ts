import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { crc32, deflateSync, inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { encodePng } from '../../src/server/services/music/png.ts';
import { MAX_IMAGE_BYTES, sniffImage } from '../../src/server/services/uploads.ts';
import { serveUpload } from '../../src/server/uploads/serve.ts';
import { setupTestApi } from './helpers.ts';

const api = setupTestApi();

const PNG = new Uint8Array(encodePng(2, 2, () => [10, 20, 30]));
const JPEG = new Uint8Array(
  readFileSync(path.join(import.meta.dirname, '../fixtures/images/exif-orientation6.jpg')),
);
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
    expect(second.json.code).toBe(0);
    expect(second.json.result.url).toMatch(/\.jpg$/);
    expect(second.json.result.url).not.toBe(url);
    // Written under a partial name first, then named: no partial file is left beside them.
    const names = readdirSync(path.dirname(file));
    expect(names).toContain(path.basename(second.json.result.url));
    expect(names.filter((n) => n.startsWith('.'))).toEqual([]);
  });

  it('refuses a renamed non-image', async () => {
    const me = await api.user();
    const script = new TextEncoder().encode('<script>alert(1)</script>');
    const res = await api.call('POST', '/api/upload/img', form(script, 'cat.png', 'image/png'), me.token);
    expect(res.json.code).toBe(100);
    expect(res.json.message).toBe('只能上传 JPG、PNG、WEBP、GIF 格式的图片');
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script/></svg>');
    expect(
      (await api.call('POST', '/api/upload/img', form(svg, 'a.svg', 'image/svg+xml'), me.token)).json.code,
    ).toBe(100);
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
    expect((await api.call('POST', '/api/upload/img', fd, me.token)).json.code).toBe(100);
    const garbage = await api.call('POST', '/api/upload/img', '--x\r\nbroken', me.token, {
      'content-type': 'multipart/form-data; boundary=x',
    });
    expect(garbage.json.code).toBe(100);
  });
});

describe('what an upload may hold', () => {
  const html = '<html><body><script>alert(document.domain)</script></body></html>';
  const withTrailer = (image: Uint8Array) =>
    new Uint8Array(Buffer.concat([Buffer.from(image), Buffer.from(html)])) as Uint8Array<ArrayBuffer>;

  it('an image/HTML polyglot is stored without what follows the image; EXIF text is gone', async () => {
    const me = await api.user();
    const png = await api.call(
      'POST',
      '/api/upload/img',
      form(withTrailer(PNG), 'p.png', 'image/png'),
      me.token,
    );
    expect(png.json.code).toBe(0);
    const stored = readFileSync(path.join(api.dataDir, png.json.result.url));
    expect(Buffer.compare(stored, Buffer.from(PNG))).toBe(0);
    const jpg = await api.call(
      'POST',
      '/api/upload/img',
      form(withTrailer(JPEG), 'p.jpg', 'image/jpeg'),
      me.token,
    );
    const kept = readFileSync(path.join(api.dataDir, jpg.json.result.url)).toString('latin1');
    expect(kept).not.toContain('<script');
    // The fixture's EXIF carries a description (a stand-in for GPS): removed with the rest of EXIF.
    expect(JPEG.length).toBeGreaterThan(kept.length);
    expect(Buffer.from(JPEG).toString('latin1')).toContain('GPS-ish secret');
    expect(kept).not.toContain('GPS-ish secret');
  });

  it('refuses a header claiming 100 000 × 100 000 pixels, and files that do not parse', async () => {
    const me = await api.user();
    const huge = Uint8Array.from(PNG);
    new DataView(huge.buffer).setUint32(16, 100_000);
    new DataView(huge.buffer).setUint32(20, 100_000);
    const big = await api.call('POST', '/api/upload/img', form(huge, 'h.png', 'image/png'), me.token);
    expect(big.json.code).toBe(100);
    expect(big.json.message).toBe('图片尺寸过大：每边不能超过 16384 像素，总像素不能超过 5000 万');
    const cut = PNG.slice(0, PNG.length - 12);
    const broken = await api.call('POST', '/api/upload/img', form(cut, 'b.png', 'image/png'), me.token);
    expect(broken.json.code).toBe(100);
    expect(broken.json.message).toBe('图片文件已损坏或格式不正确');
  });

  it('refuses a PNG damaged inside: a chunk failing its CRC, rows cut short, garbage in the data', async () => {
    const me = await api.user();
    const chunk = (type: string, data: Buffer) => {
      const head = Buffer.alloc(8);
      head.writeUInt32BE(data.length, 0);
      head.write(type, 4, 'latin1');
      const crc = Buffer.alloc(4);
      crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
      return Buffer.concat([head, data, crc]);
    };
    const png = Buffer.from(encodePng(32, 32, (x, y) => [x * 8, y * 8, 128]));
    const ihdr = png.subarray(8, 33);
    const idatLength = png.readUInt32BE(33);
    const idat = png.subarray(41, 41 + idatLength);
    const rows = inflateSync(idat);
    const build = (data: Buffer) =>
      Buffer.concat([png.subarray(0, 8), ihdr, chunk('IDAT', data), chunk('IEND', Buffer.alloc(0))]);
    const flipped = Buffer.from(png);
    flipped[41 + 10] ^= 0xff; // inside IDAT: its CRC no longer matches
    const damaged = {
      'crc.png': flipped,
      // Valid chunks, every CRC right: the damage is in what they carry.
      'cut-stream.png': build(idat.subarray(0, idat.length >> 1)),
      'cut-rows.png': build(deflateSync(rows.subarray(0, rows.length >> 1))),
      'garbage.png': build(Buffer.from('not a zlib stream at all, just words')),
      'after-header.png': Buffer.concat([
        png.subarray(0, 33),
        Buffer.from('garbage'.repeat(8)),
        png.subarray(33),
      ]),
    };
    for (const [name, bytes] of Object.entries(damaged)) {
      const answer = await api.call(
        'POST',
        '/api/upload/img',
        form(new Uint8Array(bytes) as Uint8Array<ArrayBuffer>, name, 'image/png'),
        me.token,
      );
      expect([name, answer.json.code, answer.json.message]).toEqual([
        name,
        100,
        '图片文件已损坏或格式不正确',
      ]);
    }
    // The same picture whole is taken.
    const whole = await api.call(
      'POST',
      '/api/upload/img',
      form(build(idat), 'whole.png', 'image/png'),
      me.token,
    );
    expect(whole.json.code, whole.json.message).toBe(0);
  });

  it('/uploads does not follow a symlink out of the uploads folder', async () => {
    const outside = path.join(api.dataDir, 'outside.txt');
    writeFileSync(outside, 'secret outside uploads');
    const dir = path.join(api.dataDir, 'uploads', 'links');
    mkdirSync(dir, { recursive: true });
    symlinkSync(outside, path.join(dir, 'leak.png'));
    symlinkSync(api.dataDir, path.join(dir, 'data'));
    writeFileSync(path.join(dir, 'real.png'), PNG);
    symlinkSync(path.join(dir, 'real.png'), path.join(dir, 'alias.png'));
    const server = http.createServer((req, res) => serveUpload(req, res, (req.url ?? '').split('?')[0]));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      for (const url of ['/uploads/links/leak.png', '/uploads/links/data/outside.txt']) {
        const res = await fetch(base + url);
        expect(res.status, url).toBe(404);
        expect(await res.text()).not.toContain('secret');
      }
      // A link that stays inside the folder still works.
      expect((await fetch(`${base}/uploads/links/alias.png`)).status).toBe(200);
      expect((await fetch(`${base}/uploads/links/real.png`)).status).toBe(200);
    } finally {
      server.close();
    }
  });

  it('/uploads never serves a file still being written, nor a link to one', async () => {
    const dir = path.join(api.dataDir, 'uploads', 'partial');
    mkdirSync(dir, { recursive: true });
    // The partial name core/whole-file.ts writes to before the file takes its own.
    writeFileSync(path.join(dir, '.partial-0123456789abcdef'), PNG.slice(0, 10));
    symlinkSync(path.join(dir, '.partial-0123456789abcdef'), path.join(dir, 'early.png'));
    const server = http.createServer((req, res) => serveUpload(req, res, (req.url ?? '').split('?')[0]));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      for (const url of ['/uploads/partial/.partial-0123456789abcdef', '/uploads/partial/early.png'])
        expect((await fetch(base + url)).status, url).toBe(404);
    } finally {
      server.close();
    }
  });
});
