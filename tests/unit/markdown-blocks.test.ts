import { describe, expect, it } from 'vitest';
import { markdownBlocks } from '../../src/lib/markdown-blocks.ts';

/**
 * The top-level blocks a body is cut into to find the one that renders too slowly
 * (src/server/services/render-locate.ts): at blank lines, never inside a fence or a `$$` math block.
 */
const cut = (markdown: string) => markdownBlocks(markdown).map(({ line, text }) => [line, text]);

describe('markdownBlocks', () => {
  it('cuts paragraphs, headings and lists at blank lines, with their first line and length', () => {
    const body = '# 标题\n\n第一段，\n接着第一段。\n\n\n- 一\n- 二\n';
    expect(markdownBlocks(body)).toEqual([
      { line: 1, chars: 4, text: '# 标题' },
      { line: 3, chars: 11, text: '第一段，\n接着第一段。' },
      { line: 7, chars: 7, text: '- 一\n- 二' },
    ]);
  });

  it('starts at line 1 for a body with no front matter, and skips leading blank lines', () => {
    expect(cut('正文从第一行开始')).toEqual([[1, '正文从第一行开始']]);
    expect(cut('\n  \n\t\n正文')).toEqual([[4, '正文']]);
    expect(cut('---\n\n正文')).toEqual([
      [1, '---'],
      [3, '正文'],
    ]);
    expect(markdownBlocks('')).toEqual([]);
    expect(markdownBlocks('\n\n  \n')).toEqual([]);
  });

  it('keeps a fence whole across the blank lines inside it', () => {
    const fence = '```ts\nconst a = 1;\n\n\nconst b = 2;\n```';
    expect(cut(`前言\n\n${fence}\n\n后记`)).toEqual([
      [1, '前言'],
      [3, fence],
      [10, '后记'],
    ]);
  });

  it('keeps a fence that interrupts a paragraph in that paragraph’s block', () => {
    expect(cut('看代码：\n```\na\n\nb\n```\n\n完')).toEqual([
      [1, '看代码：\n```\na\n\nb\n```'],
      [8, '完'],
    ]);
  });

  it('closes a fence only with a run of its own character at least as long', () => {
    const tildes = '~~~~ python\nprint(1)\n\n~~~\n```\n\n~~~~~  \n';
    expect(cut(`${tildes}\n尾`)).toEqual([
      [1, tildes.slice(0, -1)],
      [9, '尾'],
    ]);
    // Text after the run is not a closing fence.
    expect(cut('```\na\n\n``` b\n\nc\n```\n\nd')).toEqual([
      [1, '```\na\n\n``` b\n\nc\n```'],
      [9, 'd'],
    ]);
  });

  it('does not take inline code on its own line for a fence', () => {
    expect(cut('```inline``` code\n\n下一段')).toEqual([
      [1, '```inline``` code'],
      [3, '下一段'],
    ]);
    // A tilde fence's info string may hold backticks.
    expect(cut('~~~ `x`\n\n~~~\n\n下一段')).toEqual([
      [1, '~~~ `x`\n\n~~~'],
      [5, '下一段'],
    ]);
  });

  it('keeps an indented fence in a list item whole', () => {
    const body = [
      '1. 安装：',
      '',
      '   ```sh',
      '   npm install',
      '',
      '   npm start',
      '   ```',
      '',
      '2. 打开浏览器。',
      '   - 子项',
      '',
      '     ~~~',
      '     a',
      '',
      '     ~~~',
    ].join('\n');
    expect(cut(body)).toEqual([
      [1, '1. 安装：'],
      [3, '   ```sh\n   npm install\n\n   npm start\n   ```'],
      [9, '2. 打开浏览器。\n   - 子项'],
      [12, '     ~~~\n     a\n\n     ~~~'],
    ]);
  });

  it('runs a fence left open to the end of the body, as the parser reads it', () => {
    expect(cut('前\n\n```\n代码\n\n没有结尾')).toEqual([
      [1, '前'],
      [3, '```\n代码\n\n没有结尾'],
    ]);
  });

  it('keeps a $$ math block whole, but not inline $$…$$', () => {
    const math = '$$\n\\begin{aligned}\na &= b \\\\\n\nc &= d\n\\end{aligned}\n$$';
    expect(cut(`公式：\n\n${math}\n\n$$x^2$$\n\n完`)).toEqual([
      [1, '公式：'],
      [3, math],
      [11, '$$x^2$$'],
      [13, '完'],
    ]);
    // Closed only by at least as many dollars.
    expect(cut('$$$\na\n\n$$\nb\n$$$\n\nc')).toEqual([
      [1, '$$$\na\n\n$$\nb\n$$$'],
      [8, 'c'],
    ]);
  });

  it('counts lines the same with CRLF and lone CR line ends, and keeps them inside blocks', () => {
    const body = '# 标题\r\n\r\n```\r\na\r\n\r\nb\r\n```\r\n\r\n段落\r\n';
    expect(markdownBlocks(body)).toEqual([
      { line: 1, chars: 4, text: '# 标题' },
      { line: 3, chars: 16, text: '```\r\na\r\n\r\nb\r\n```' },
      { line: 9, chars: 2, text: '段落' },
    ]);
    expect(cut('一\r\r二\r三')).toEqual([
      [1, '一'],
      [3, '二\r三'],
    ]);
    // A line of spaces before the CRLF is blank too.
    expect(cut('一\r\n  \r\n二')).toEqual([
      [1, '一'],
      [3, '二'],
    ]);
  });

  it('answers a body of one giant line as one block, in one pass', () => {
    const giant = '[a]('.repeat(48_000);
    expect(markdownBlocks(giant)).toEqual([{ line: 1, chars: 192_000, text: giant }]);
    const blocks = markdownBlocks(`前\n\n${giant}\n\n后`);
    expect(blocks.map(({ line, chars }) => [line, chars])).toEqual([
      [1, 1],
      [3, 192_000],
      [5, 1],
    ]);
  });
});
