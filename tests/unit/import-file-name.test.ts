import { describe, expect, it } from 'vitest';
import { hidePaths, hidePathsIn } from '../../src/lib/hide-paths.ts';
import { IMPORT_NAME_INVALID, IMPORT_NAME_TOO_LONG, importFileName } from '../../src/lib/import-file-name.ts';

describe('importFileName', () => {
  it('keeps the last part, with anything unusual made _', () => {
    expect(importFileName('export.xml')).toEqual({ name: 'export.xml' });
    expect(importFileName('../../etc/passwd')).toEqual({ name: 'passwd' });
    expect(importFileName('C:\\Users\\我\\博客 备份.zip')).toEqual({ name: '博客_备份.zip' });
    expect(importFileName('a\0b.xml')).toEqual({ name: 'a_b.xml' });
    expect(importFileName('.hidden.xml')).toEqual({ name: '.hidden.xml' });
  });

  it('refuses a name that is nothing or only dots', () => {
    for (const name of ['', ' ', '/', '.', '..', '...', 'a/..', 'x\\.'])
      expect(importFileName(name)).toEqual({ error: IMPORT_NAME_INVALID });
  });

  it('refuses more than 80 characters: the file system takes 255 bytes', () => {
    expect(importFileName(`${'文'.repeat(78)}.md`)).toEqual({ error: IMPORT_NAME_TOO_LONG });
    const kept = importFileName(`${'文'.repeat(77)}.md`);
    expect('name' in kept && Buffer.byteLength(kept.name)).toBeLessThanOrEqual(255);
    // An emoji is two UTF-16 units, each made _: still within the bytes.
    const emoji = importFileName('😀'.repeat(80));
    expect('name' in emoji && Buffer.byteLength(emoji.name)).toBeLessThanOrEqual(255);
  });
});

describe('hidePaths', () => {
  const roots = ['/srv/blog/data', '/tmp'];

  it('cuts a path under a root to its last name part', () => {
    expect(hidePaths("ENOENT: open '/srv/blog/data/imports/abc/x.xml'", roots)).toBe("ENOENT: open 'x.xml'");
    expect(hidePaths('link /tmp/blog-archive-in-1/nope -> /tmp/blog-archive-in-1/link', roots)).toBe(
      'link nope -> link',
    );
    expect(hidePaths('a.md（/srv/blog/data/imports/unpack-1/source/a.md）', roots)).toBe('a.md（a.md）');
    expect(hidePaths('目录 /srv/blog/data 不可写', roots)).toBe('目录  不可写');
  });

  it('leaves other text and look-alike names alone', () => {
    expect(hidePaths('/tmpfile and /srv/blog/database', roots)).toBe('/tmpfile and /srv/blog/database');
    expect(hidePaths('mysql:// 地址', ['/'])).toBe('mysql:// 地址');
  });

  it('hidePathsIn reaches every string of an answer', () => {
    expect(hidePathsIn({ notes: ['/tmp/x/a.md'], n: 1, lines: [{ where: '/tmp/b' }] }, roots)).toEqual({
      notes: ['a.md'],
      n: 1,
      lines: [{ where: 'b' }],
    });
  });
});
