import { describe, expect, it } from 'vitest';
import { plainText } from '../../src/lib/article.ts';
import {
  addToHistory,
  charLength,
  cleanHistory,
  EXCERPT_SOURCE_MAX,
  escapeLike,
  excerptSource,
  ftsPhrase,
  HISTORY_LIMIT,
  highlight,
  moveActive,
  normalizeQuery,
  removeFromHistory,
  searchExcerpt,
} from '../../src/lib/search.ts';

describe('search query rules', () => {
  it('normalizes the query: trimmed, single spaces, at most 50 characters', () => {
    expect(normalizeQuery('  全文   检索 \n')).toBe('全文 检索');
    expect(normalizeQuery('   ')).toBe('');
    expect(charLength(normalizeQuery('字'.repeat(80)))).toBe(50);
    // Cutting never splits a character made of two UTF-16 units.
    expect(normalizeQuery('😀'.repeat(60))).toBe('😀'.repeat(50));
    expect(charLength('😀ab')).toBe(3);
  });

  it('quotes FTS phrases and escapes LIKE patterns', () => {
    expect(ftsPhrase('a OR b')).toBe('"a OR b"');
    expect(ftsPhrase('say "hi"')).toBe('"say ""hi"""');
    expect(ftsPhrase('(((')).toBe('"((("');
    expect(escapeLike('50%_\\x')).toBe('50\\%\\_\\\\x');
    expect(escapeLike('普通')).toBe('普通');
  });

  it('makes excerpts around the hit from readable text, code as a fallback', () => {
    const md = `# 标题\n\n${'前文'.repeat(40)}**重点**在此${'后文'.repeat(40)}\n\n\`\`\`ts\nconst 秘密 = 1\n\`\`\``;
    const around = searchExcerpt(md, '重点');
    expect(around).toMatch(/^….*重点在此.*…$/);
    expect(around).not.toContain('**');
    expect(searchExcerpt(md, '秘密')).toContain('const 秘密 = 1');
    expect(searchExcerpt(md, '标题').startsWith('标题')).toBe(true);
    // A hit in what plain text drops shows the source around it.
    expect(searchExcerpt('变量 snake_case 很常见', 'e_c')).toBe('变量 snake_case 很常见');
    expect(searchExcerpt('见 [文档](https://example.com/x)', 'example')).toContain('https://example.com/x');
    // No hit anywhere: the opening of the text.
    expect(searchExcerpt('短文', '无')).toBe('短文');
  });

  // Unmatched `<`, `[`, `![`, `[a](` or blank lines (the fence check's `^\s*` spanned them) made the old
  // stripping regexes backtrack over the rest of the text from every position (O(n²): ~20 s for 200 KB,
  // minutes for these 300 KB). Linear now, so each of these finishes far inside vitest's timeout; the old
  // code times out.
  it.each([
    ['<', '<'],
    ['[', '['],
    ['![', '!['],
    ['[a](', '[a]('],
    ['blank lines', '\n'],
  ])('stays linear on 300 KB of unmatched %s', (_name, unit) => {
    const junk = unit.repeat(Math.ceil(300_000 / unit.length));
    const md = `开头的话${junk}结尾藏着关键词`;
    expect(searchExcerpt(md, '关键词')).toContain('结尾藏着关键词');
    expect(searchExcerpt(md, '没有的词')).toMatch(/^开头的话/);
    expect(plainText(md).startsWith('开头的话')).toBe(true);
  });
});

describe('excerpt work per result', () => {
  it('reads a bounded window of a long article around its first hit', () => {
    const long = `${'前文一行。\n'.repeat(20_000)}这里是远处的命中词，后面还有。\n${'后文一行。\n'.repeat(20_000)}`;
    const window = excerptSource(long, '命中词');
    expect(window.text.length).toBeLessThanOrEqual(EXCERPT_SOURCE_MAX);
    expect(window.text).toContain('远处的命中词');
    expect(window.text.startsWith('前文一行')).toBe(true);
    expect(window).toMatchObject({ cutStart: true, cutEnd: true });
    expect(searchExcerpt(long, '命中词')).toMatch(/^….*这里是远处的命中词，后面还有.*…$/);
    // No hit: the opening, also bounded.
    expect(excerptSource(long, '没有').text.length).toBeLessThanOrEqual(EXCERPT_SOURCE_MAX);
    expect(searchExcerpt(long, '没有')).toMatch(/^前文一行。 前文一行.*…$/);
    // Ordinary articles are read whole.
    expect(excerptSource('短文', '短')).toEqual({ text: '短文', cutStart: false, cutEnd: false });
  });
});

describe('search history', () => {
  it('puts the newest first without duplicates and keeps at most 10', () => {
    let list: string[] = [];
    for (let i = 0; i < 12; i++) list = addToHistory(list, `词${i}`);
    expect(list).toHaveLength(HISTORY_LIMIT);
    expect(list[0]).toBe('词11');
    expect(list.at(-1)).toBe('词2');
    list = addToHistory(list, ' 词5 ');
    expect(list[0]).toBe('词5');
    expect(list.filter((q) => q === '词5')).toHaveLength(1);
    expect(addToHistory(list, '   ')).toEqual(list);
    expect(removeFromHistory(list, '词5')).not.toContain('词5');
  });

  it('cleans whatever storage held', () => {
    expect(cleanHistory(null)).toEqual([]);
    expect(cleanHistory('x')).toEqual([]);
    expect(cleanHistory(['a', 1, ' a ', '', 'b', { q: 1 }])).toEqual(['a', 'b']);
    expect(cleanHistory(Array.from({ length: 30 }, (_, i) => `q${i}`))).toHaveLength(HISTORY_LIMIT);
  });
});

describe('highlight', () => {
  it('marks every case-insensitive occurrence and keeps the text whole', () => {
    const parts = highlight('Vue 与 vue 生态，VUE', 'vue');
    expect(parts.filter((p) => p.hit).map((p) => p.text)).toEqual(['Vue', 'vue', 'VUE']);
    expect(parts.map((p) => p.text).join('')).toBe('Vue 与 vue 生态，VUE');
  });

  it('treats markup in the text as text (the renderer escapes it)', () => {
    const parts = highlight('<img src=x onerror=alert(1)> 检索', '检索');
    expect(parts).toEqual([
      { text: '<img src=x onerror=alert(1)> ', hit: false },
      { text: '检索', hit: true },
    ]);
  });

  it('handles empty and absent queries', () => {
    expect(highlight('文字', '')).toEqual([{ text: '文字', hit: false }]);
    expect(highlight('文字', '无')).toEqual([{ text: '文字', hit: false }]);
    expect(highlight('', '字')).toEqual([]);
  });
});

describe('moveActive', () => {
  it('moves and wraps around the options', () => {
    expect(moveActive(-1, 1, 3)).toBe(0);
    expect(moveActive(-1, -1, 3)).toBe(2);
    expect(moveActive(2, 1, 3)).toBe(0);
    expect(moveActive(0, -1, 3)).toBe(2);
    expect(moveActive(1, 1, 3)).toBe(2);
    expect(moveActive(0, 1, 0)).toBe(-1);
  });
});
