import { describe, expect, test } from 'vitest';
import { parseLrc } from '../../src/lib/lrc.ts';
import { lrcTag, toNeteaseLrc } from '../../src/lib/lrc-wire.ts';

describe('toNeteaseLrc', () => {
  test('a line with several time tags becomes one line per tag, sorted by time', () => {
    const text = '[00:19.20][00:24.00]副歌\n[00:21.50]中间\n[00:05.00]开头\n';
    expect(toNeteaseLrc(text)).toBe('[00:05.00]开头\n[00:19.20]副歌\n[00:21.50]中间\n[00:24.00]副歌\n');
  });

  test('every line carries exactly one time tag', () => {
    const out = toNeteaseLrc('[00:01.00][00:02.00][01:03.25]一\n[00:01.50]二');
    for (const line of out.trimEnd().split('\n')) expect(line).toMatch(/^\[\d{2,3}:\d{2}\.\d{2,3}\][^[]*$/);
  });

  test('metadata lines stay at the head in their order; [offset:] is applied to the times and dropped', () => {
    const text = '[00:02.00]第一句\n[ti:歌名]\n[ar:歌手]\n[offset:500]\n[by:小站]\n[00:00.20][00:03.00]开头';
    expect(toNeteaseLrc(text)).toBe(
      '[ti:歌名]\n[ar:歌手]\n[by:小站]\n[00:00.00]开头\n[00:01.50]第一句\n[00:02.50]开头\n',
    );
    expect(toNeteaseLrc('[offset:-250]\n[00:01.00]晚一点')).toBe('[00:01.25]晚一点\n');
  });

  test('lines at the same time keep their order (a line, then its translation)', () => {
    expect(toNeteaseLrc('[00:02.00][00:01.00]原文\n[00:01.00]译文')).toBe(
      '[00:01.00]原文\n[00:01.00]译文\n[00:02.00]原文\n',
    );
  });

  test('tag spellings become [mm:ss.xx], with a third digit only when the time needs it', () => {
    expect(toNeteaseLrc('[1:02]一\n[00:03.5]二\n[00:04.125]三\n[00:05:50]四\n[120:00.00]五')).toBe(
      '[00:03.50]二\n[00:04.125]三\n[00:05.50]四\n[01:02.00]一\n[120:00.00]五\n',
    );
    expect(lrcTag(0)).toBe('[00:00.00]');
    expect(lrcTag(61_005)).toBe('[01:01.005]');
    expect(lrcTag(-3)).toBe('[00:00.00]');
  });

  test('blank lines, BOM and CRLF are gone; untimed text in a timed lyric is dropped; JSON credit lines stay', () => {
    const credit = '{"t":0,"c":[{"tx":"作词: "},{"tx":"某人"}]}';
    expect(toNeteaseLrc(`\uFEFF${credit}\r\n\r\n说明文字\r\n[00:01.00]一\r\n`)).toBe(
      `${credit}\n[00:01.00]一\n`,
    );
  });

  test('a lyric without any time tag is returned unchanged; empty stays empty', () => {
    expect(toNeteaseLrc('没有时间轴的歌词\n第二行\n')).toBe('没有时间轴的歌词\n第二行\n');
    expect(toNeteaseLrc('')).toBe('');
  });

  test('our own parser reads the expanded text exactly as it read the original', () => {
    const text = '[ti:歌]\n[00:10.00][00:30.00]副歌\n[00:20.00]中间\n[00:20.00]middle';
    const trans = '[00:10.00][00:30.00]chorus';
    expect(parseLrc(toNeteaseLrc(text), toNeteaseLrc(trans))).toEqual(parseLrc(text, trans));
    expect(parseLrc(toNeteaseLrc(text), toNeteaseLrc(trans))[2]).toEqual({
      time: 30_000,
      text: '副歌',
      trans: 'chorus',
    });
    const shifted = '[offset:100]\n[00:10.00][00:30.00]副歌';
    expect(parseLrc(toNeteaseLrc(shifted))).toEqual(parseLrc(shifted));
  });
});
