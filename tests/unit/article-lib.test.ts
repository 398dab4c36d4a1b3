import { describe, expect, it } from 'vitest';
import {
  excerptAround,
  formatDuration,
  isSafeUrl,
  listHref,
  plainText,
  readingMinutes,
  typeLabel,
} from '../../src/lib/article.ts';
import { slugify } from '../../src/lib/slug.ts';

describe('article helpers', () => {
  it('reading minutes: at least 1, about 400 characters a minute', () => {
    expect(readingMinutes(0)).toBe(1);
    expect(readingMinutes(100)).toBe(1);
    expect(readingMinutes(2000)).toBe(5);
    expect(readingMinutes(Number.NaN)).toBe(1);
  });

  it('formats spent reading time', () => {
    expect(formatDuration(42)).toBe('42秒');
    expect(formatDuration(90)).toBe('1分30秒');
    expect(formatDuration(120)).toBe('2分');
    expect(formatDuration(3600 * 2 + 300)).toBe('2小时5分');
    expect(formatDuration(-3)).toBe('0秒');
  });

  it('plain text drops code, markup, link targets and images', () => {
    expect(
      plainText('# 标题\n\n**粗体** [链接](https://x.y) ![图](/a.png)\n\n```js\ncode()\n```\n<b>x</b>'),
    ).toBe('标题 粗体 链接 图 x');
  });

  it('excerpts around a match, case-insensitive, with ellipses', () => {
    const text = `${'前'.repeat(50)}TypeScript${'后'.repeat(50)}`;
    const ex = excerptAround(text, 'typescript', 5);
    expect(ex).toBe('…前前前前前TypeScript后后后后后…');
    expect(excerptAround('短文本', '无', 40)).toBe('短文本');
    expect(excerptAround('a'.repeat(100), 'zz', 10)).toBe(`${'a'.repeat(20)}…`);
  });

  it('slugs from titles: ASCII words, Chinese in pinyin', () => {
    expect(slugify('Hello, World! 你好')).toBe('hello-world-ni-hao');
    // Chinese in pinyin, one syllable a word; a character with two readings gets its word's.
    expect(slugify('类型收窄')).toBe('lei-xing-shou-zhai');
    expect(slugify('HTML视频播放增强脚本使用指南')).toBe(
      'html-shi-pin-bo-fang-zeng-qiang-jiao-ben-shi-yong-zhi-nan',
    );
    expect(slugify('HTML标签重点划注')).toBe('html-biao-qian-zhong-dian-hua-zhu');
    expect(slugify('重庆长大的女孩')).toBe('chong-qing-zhang-da-de-nv-hai');
    // Long ones are cut between words; nothing spelled in ASCII is '' (the caller makes one).
    expect(slugify('常见算法'.repeat(10)).length).toBeLessThanOrEqual(60);
    expect(slugify('常见算法'.repeat(10))).toMatch(/^[a-z]+(-[a-z]+)*$/);
    expect(slugify('こんにちは')).toBe('');
    expect(slugify('Café  Déjà-vu')).toBe('cafe-deja-vu');
  });

  it('safe URLs: http(s) or site paths only', () => {
    expect(isSafeUrl('')).toBe(true);
    expect(isSafeUrl('/uploads/a.png')).toBe(true);
    expect(isSafeUrl('https://example.com/a')).toBe(true);
    expect(isSafeUrl('//evil.example')).toBe(false);
    expect(isSafeUrl('/\\evil.example')).toBe(false);
    expect(isSafeUrl('/\t/evil.example')).toBe(false);
    expect(isSafeUrl('/\n/evil.example')).toBe(false);
    expect(isSafeUrl('/a/\\b')).toBe(true);
    expect(isSafeUrl('javascript:alert(1)')).toBe(false);
    expect(isSafeUrl('data:text/html,x')).toBe(false);
  });

  it('labels and links', () => {
    expect([1, 2, 3].map(typeLabel)).toEqual(['原创', '转载', '翻译']);
    expect(listHref('tag', 3, 'C&C')).toBe('/articleList?id=3&type=tag&name=C%26C');
  });
});

describe('query parameters', () => {
  it('page and id parameters', async () => {
    const { pageParam, idParam } = await import('../../src/lib/article.ts');
    expect(pageParam('3')).toBe(3);
    expect([null, '', '0', '-1', '1.5', 'x', '1e9'].map(pageParam)).toEqual([1, 1, 1, 1, 1, 1, 1]);
    expect(idParam('12')).toBe(12);
    expect([null, '', '0', '-3', '1.0', 'abc', '9'.repeat(20)].map(idParam)).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
  });
});

describe('copy helper texts', () => {
  it('the copy helper messages; long content shortened in the toast', async () => {
    const { copiedMessage, NOTHING_TO_COPY } = await import('../../src/islands/common/copy.ts');
    expect(NOTHING_TO_COPY).toBe('没有需要复制的目标内容');
    expect(copiedMessage('npm i')).toBe('复制成功，剪贴板内容：npm i');
    expect(copiedMessage('x'.repeat(300))).toBe(`复制成功，剪贴板内容：${'x'.repeat(200)}…`);
  });
});

describe('xml escaping', () => {
  it('escapes markup and drops control characters', async () => {
    const { xmlEscape } = await import('../../src/lib/xml.ts');
    expect(xmlEscape(`<a href="x">Tom & Jerry's</a>\u0001`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&apos;s&lt;/a&gt;',
    );
  });
});
