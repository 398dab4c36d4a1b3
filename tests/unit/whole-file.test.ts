import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isPartialFile, placeWhole, writeWhole } from '../../src/server/core/whole-file.ts';

/** A file is there whole or not at all (the full disk itself: tests/cluster/full-disk.test.ts). */

let dir = '';
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'blog-whole-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('writeWhole', () => {
  it('writes the file under its name and leaves no partial file', async () => {
    await writeWhole(path.join(dir, 'a.png'), new Uint8Array([1, 2, 3]));
    expect(readdirSync(dir)).toEqual(['a.png']);
    expect([...readFileSync(path.join(dir, 'a.png'))]).toEqual([1, 2, 3]);
  });

  it('never replaces a file unless asked, and leaves nothing behind either way', async () => {
    writeFileSync(path.join(dir, 'a.lrc'), 'old');
    await expect(writeWhole(path.join(dir, 'a.lrc'), 'new')).rejects.toMatchObject({ code: 'EEXIST' });
    expect(readFileSync(path.join(dir, 'a.lrc'), 'utf8')).toBe('old');
    expect(readdirSync(dir)).toEqual(['a.lrc']);
    await writeWhole(path.join(dir, 'a.lrc'), 'new', { replace: true });
    expect(readFileSync(path.join(dir, 'a.lrc'), 'utf8')).toBe('new');
    expect(readdirSync(dir)).toEqual(['a.lrc']);
  });
});

describe('placeWhole', () => {
  it('removes the partial file when the write fails halfway, and throws what failed', async () => {
    let seen = '';
    const failure = new Error('cut short');
    await expect(
      placeWhole(path.join(dir, 'b.db'), (partial) => {
        seen = partial;
        writeFileSync(partial, 'half');
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(path.dirname(seen)).toBe(dir);
    expect(isPartialFile(seen)).toBe(true);
    expect(readdirSync(dir)).toEqual([]);
  });
});
