import { describe, expect, test } from 'vitest';
import { lineGap, lyricIndexAt, parseLrc } from '../../src/lib/lrc.ts';

describe('parseLrc', () => {
  test('time tag precisions: [mm:ss], [mm:ss.x], [mm:ss.xx], [mm:ss.xxx], [mm:ss:xx]', () => {
    const lines = parseLrc('[00:01]一\n[00:02.5]二\n[00:03.25]三\n[00:04.125]四\n[01:05:50]五');
    expect(lines.map((l) => l.time)).toEqual([1000, 2500, 3250, 4125, 65_500]);
    expect(lines.map((l) => l.text)).toEqual(['一', '二', '三', '四', '五']);
  });

  test('several time tags on one line make one line per time, sorted', () => {
    const lines = parseLrc('[00:10.00][00:30.00]副歌\n[00:20.00]中间');
    expect(lines).toEqual([
      { time: 10_000, text: '副歌' },
      { time: 20_000, text: '中间' },
      { time: 30_000, text: '副歌' },
    ]);
  });

  test('metadata tags are not lines; [offset:] shifts every line (positive = sooner)', () => {
    const text = '[ti:歌名]\n[ar:歌手]\n[al:专辑]\n[by:小站]\n[offset:500]\n[00:02.00]第一句\n[00:00.20]开头';
    expect(parseLrc(text)).toEqual([
      { time: 0, text: '开头' },
      { time: 1500, text: '第一句' },
    ]);
    expect(parseLrc('[offset:-250]\n[00:01.00]晚一点')[0].time).toBe(1250);
  });

  test('credit lines: plain ones stay, NeteaseCloudMusicApi JSON ones become text', () => {
    const text =
      '{"t":0,"c":[{"tx":"作词: "},{"tx":"某人"}]}\n{"t":1000,"c":[{"tx":"作曲: "},{"tx":"另一人"}]}\n{bad json\n[00:02.00]作词 : 小站\n[00:03.00]正文';
    expect(parseLrc(text).map((l) => [l.time, l.text])).toEqual([
      [0, '作词: 某人'],
      [1000, '作曲: 另一人'],
      [2000, '作词 : 小站'],
      [3000, '正文'],
    ]);
  });

  test('translations are paired by time, from a second text or a same-time line', () => {
    const lines = parseLrc(
      '[00:01.00]你好\n[00:02.00]再见\n[00:03.00]无译',
      '[00:01.00]Hello\n[00:02.005]Goodbye\n[00:09.00]Orphan',
    );
    expect(lines).toEqual([
      { time: 1000, text: '你好', trans: 'Hello' },
      { time: 2000, text: '再见', trans: 'Goodbye' },
      { time: 3000, text: '无译' },
    ]);
    const inline = parseLrc('[00:01.00]原文\n[00:01.00]Original\n[00:02.00]下一句');
    expect(inline).toEqual([
      { time: 1000, text: '原文', trans: 'Original' },
      { time: 2000, text: '下一句' },
    ]);
  });

  test('blank, untimed and empty input give no lines; CRLF and BOM are fine', () => {
    expect(parseLrc('')).toEqual([]);
    expect(parseLrc('just text\n\n')).toEqual([]);
    expect(parseLrc('\uFEFF[00:01.00]甲\r\n[00:02.00]乙\r\n')).toHaveLength(2);
  });
});

describe('lyric index', () => {
  const times = [0, 1000, 2500, 4000];
  test('the last line that has started; -1 before the first', () => {
    expect(lyricIndexAt(times, -1)).toBe(-1);
    expect(lyricIndexAt(times, 0)).toBe(0);
    expect(lyricIndexAt(times, 999)).toBe(0);
    expect(lyricIndexAt(times, 1000)).toBe(1);
    expect(lyricIndexAt(times, 3999)).toBe(2);
    expect(lyricIndexAt(times, 99_999)).toBe(3);
    expect(lyricIndexAt([], 5)).toBe(-1);
    expect(lyricIndexAt([1000], 5)).toBe(-1);
  });
  test('the gap to the next line (the last runs to the end)', () => {
    expect(lineGap(times, 1, 10_000)).toBe(1500);
    expect(lineGap(times, 3, 10_000)).toBe(6000);
    expect(lineGap(times, -1, 10_000)).toBe(0);
  });
});
