import { describe, expect, it } from 'vitest';
import { imageIdentity } from '../../src/lib/community.ts';
import { foldUsername, nameSkeleton, posesAsBlogger } from '../../src/lib/names.ts';

describe('foldUsername: one key for names that differ only in case or width', () => {
  it.each([
    ['Admin', 'admin'],
    ['ADMIN', 'admin'],
    ['ａｄｍｉｎ', 'admin'],
    ['ＡＤＭＩＮ', 'admin'],
    ['  Admin ', 'admin'],
    ['ﬁlename1', 'filename1'],
    ['Ⓐdmin', 'admin'],
    ['小明同学', '小明同学'],
    ['user_01', 'user_01'],
  ])('%s → %s', (name, key) => expect(foldUsername(name)).toBe(key));

  it('keeps names apart that only look alike (that is the nick-name rule, not uniqueness)', () => {
    expect(foldUsername('аdmin')).not.toBe('admin'); // Cyrillic а
  });
});

describe('posesAsBlogger: nick and guest names may not read as the blogger', () => {
  const admins = { names: ['博主', 'admin'], blogName: '' };
  it.each([
    '博主',
    '博 主',
    ' 博主 ',
    '博\u200B主',
    '\uFEFF博主\u2060',
    '博\u200C\u200D主',
    '【博主】',
    '博主！',
    '~博-主~',
    '\u3164博主',
    '愽主',
    'admin',
    'ADMIN',
    'ａｄｍｉｎ',
    'аdmin', // Cyrillic а
    'Αdmin', // Greek Alpha
    'АDМІN', // Cyrillic capitals
    'adm\u200Bin',
    'ädmin',
    'a d m i n',
    // Names containing 博主 (or its spelling ＢＯ主), not only 博主 itself.
    '博主大人',
    '博主的粉丝',
    '我是博主',
    '【博 主】本人',
    'ＢＯ主',
    'bo主',
    'Bo 主',
    'ＢＯ主大大',
    'Bо主', // Cyrillic о
  ])('%j is refused', (name) => expect(posesAsBlogger(name, admins)).toBe(true));

  it.each(['小博', '主博', '博学的主人', 'bob主', 'admin2', 'administrator', '游客', '', '\u200B', '!!!'])(
    '%j is allowed',
    (name) => expect(posesAsBlogger(name, admins)).toBe(false),
  );

  it("an admin's own nick name is the blogger's too (the whole name only)", () => {
    const blogger = { names: ['老王', 'boss1'], blogName: '' };
    expect(posesAsBlogger('老 王', blogger)).toBe(true);
    expect(posesAsBlogger('ＢＯＳＳ１', blogger)).toBe(true);
    expect(posesAsBlogger('老王2', blogger)).toBe(false);
  });

  it("a name containing the blog's name, in any width or case, is the blogger's", () => {
    const blogger = { names: [], blogName: 'Moon 小站' };
    for (const name of ['moon小站', 'ＭＯＯＮ小站', 'Moon 小站 站长', '我的moon-小站'])
      expect(posesAsBlogger(name, blogger), name).toBe(true);
    for (const name of ['Moon', '小站', 'moon的小站'])
      expect(posesAsBlogger(name, blogger), name).toBe(false);
    // A one-letter blog name is refused only as the whole name.
    const short = { names: [], blogName: 'Ｘ' };
    expect(posesAsBlogger('x', short)).toBe(true);
    expect(posesAsBlogger('xavier', short)).toBe(false);
  });

  it('the skeleton drops what cannot be seen', () => {
    expect(nameSkeleton('Ｂ\u200Bo\u00ADb ')).toBe('bob');
  });
});

describe('imageIdentity: one picture however its address is spelled', () => {
  it.each([
    ['/uploads/2026-01/a.png', '/uploads/2026-01/a.png'],
    ['  /uploads/2026-01/a.png ', '/uploads/2026-01/a.png'],
    ['https://blog.example/uploads/2026-01/a.png', '/uploads/2026-01/a.png'],
    ['http://other.example/uploads//2026-01/./a.png?v=2#x', '/uploads/2026-01/a.png'],
    ['/uploads/2026-01/%61.png', '/uploads/2026-01/a.png'],
    ['https://CDN.example/me.png#top', 'https://cdn.example/me.png'],
    ['https://cdn.example/me.png?seed=1', 'https://cdn.example/me.png?seed=1'],
    ['', ''],
  ])('%j → %j', (url, identity) => expect(imageIdentity(url)).toBe(identity));

  it('keeps different pictures apart', () => {
    expect(imageIdentity('/uploads/2026-01/a.png')).not.toBe(imageIdentity('/uploads/2026-01/b.png'));
    expect(imageIdentity('https://cdn.example/a?seed=1')).not.toBe(
      imageIdentity('https://cdn.example/a?seed=2'),
    );
  });
});
