import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { zipSync } from 'fflate';
import { Header } from 'tar';
import { expect } from 'vitest';
import type { setupTestApi } from './helpers.ts';

/** The archives the import tests send (tests/api/import-bombs.test.ts, import-names.test.ts), built here. */

/** A zip of `files` (name → bytes), deflated at level 9 as an attacker would (0: stored, for many tiny files). */
export const zipOf = (files: Record<string, Uint8Array>, level: 0 | 9 = 9) => zipSync(files, { level });

/** A zip of a folder of the fixtures, every file under `top/`. */
export function zipFolder(dir: string, top: string): Uint8Array {
  const files: Record<string, Uint8Array> = {};
  for (const rel of readdirSync(dir, { recursive: true, encoding: 'utf8' }))
    if (statSync(path.join(dir, rel)).isFile())
      files[`${top}/${rel.split(path.sep).join('/')}`] = readFileSync(path.join(dir, rel));
  return zipOf(files);
}

/**
 * `zip` with every entry's uncompressed size said to be `size`, in its central directory and its local
 * header: a directory that lies about what the data inflates to.
 */
export function lyingSizes(zip: Uint8Array, size: number): Uint8Array {
  const out = Buffer.from(zip);
  const end = out.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = out.readUInt16LE(end + 10);
  let at = out.readUInt32LE(end + 16);
  for (let i = 0; i < count; i++) {
    out.writeUInt32LE(size, at + 24);
    out.writeUInt32LE(size, out.readUInt32LE(at + 42) + 22);
    at += 46 + out.readUInt16LE(at + 28) + out.readUInt16LE(at + 30) + out.readUInt16LE(at + 32);
  }
  return out;
}

/** A .tar.gz of `entries`, headers written by node-tar, gzipped at level 9. */
export function tarGzOf(
  entries: { path: string; body?: Buffer; type?: string; linkpath?: string }[],
): Buffer {
  const blocks: Buffer[] = [];
  for (const e of entries) {
    const body = e.body ?? Buffer.alloc(0);
    const header = new Header({
      path: e.path,
      mode: 0o644,
      size: body.length,
      type: (e.type ?? 'File') as 'File',
      linkpath: e.linkpath,
      mtime: new Date(0),
    });
    header.encode();
    blocks.push(header.block as Buffer, body, Buffer.alloc((512 - (body.length % 512)) % 512));
  }
  blocks.push(Buffer.alloc(1024));
  return gzipSync(Buffer.concat(blocks), { level: 9 });
}

/** Sends `bytes` to the console's import as the file `name`. */
export function sendImport(api: ReturnType<typeof setupTestApi>, name: string, bytes: Uint8Array | string) {
  const form = new FormData();
  form.append('file', new Blob([bytes as BlobPart]), name);
  return api.call('POST', '/api/upload/import', form, api.adminToken);
}

/** What DATA_DIR/imports holds (staged uploads, unpacked archives): nothing once an import is done. */
export function importsLeft(api: ReturnType<typeof setupTestApi>): string[] {
  try {
    return readdirSync(path.join(api.dataDir, 'imports'));
  } catch {
    return [];
  }
}

/** An answer names no folder of the server: neither DATA_DIR nor the temporary folder nor the app's. */
export function expectNoPath(text: string, api: ReturnType<typeof setupTestApi>): void {
  expect(text).not.toContain(api.dataDir);
  expect(text).not.toMatch(/\/tmp\/|\/var\/|\/home\/|\/root\/|\/work\//);
}
