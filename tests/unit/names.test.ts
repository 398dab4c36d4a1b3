import { describe, expect, it } from 'vitest';
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
  const admins = ['博主', 'admin'];
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
  ])('%j is refused', (name) => expect(posesAsBlogger(name, admins)).toBe(true));

  it.each(['博主的粉丝', '小博', '主博', 'admin2', 'administrator', '游客', '', '\u200B', '!!!'])(
    '%j is allowed',
    (name) => expect(posesAsBlogger(name, admins)).toBe(false),
  );

  it("an admin's own nick name is the blogger's too", () => {
    expect(posesAsBlogger('老 王', ['老王', 'boss1'])).toBe(true);
    expect(posesAsBlogger('ＢＯＳＳ１', ['老王', 'boss1'])).toBe(true);
    expect(posesAsBlogger('老王2', ['老王', 'boss1'])).toBe(false);
  });

  it('the skeleton drops what cannot be seen', () => {
    expect(nameSkeleton('Ｂ\u200Bo\u00ADb ')).toBe('bob');
  });
});
