import { describe, expect, it } from 'vitest';
import {
  cycleHeading,
  type Formatted,
  imageMarkdown,
  insertBlock,
  keyLabel,
  type LineEdit,
  setHeading,
  TABLE_SELECT,
  TABLE_TEMPLATE,
  toggleCodeBlock,
  toggleHeading,
  toggleInline,
  toggleLines,
  toggleLink,
} from '../../src/lib/markdown-format.ts';
import { previewOffset } from '../../src/lib/scroll-sync.ts';

/** Text written with the selection as « and » (| for a cursor), formatted, written the same way. */
function run(marked: string, f: (doc: string, from: number, to: number) => Formatted): string {
  const from = marked.search(/[«|]/);
  const doc = marked.replace(/[«»|]/g, '');
  const to = marked.includes('|') ? from : marked.indexOf('»') - 1;
  const r = f(doc, from, to);
  let out = doc;
  // From the end backwards; changes at one place go in the order given, as CodeMirror applies them.
  const order = r.changes.map((c, i) => ({ ...c, i })).sort((a, b) => b.from - a.from || b.i - a.i);
  for (const c of order) out = out.slice(0, c.from) + c.insert + out.slice(c.to);
  const [a, b] = [Math.min(r.anchor, r.head), Math.max(r.anchor, r.head)];
  return a === b
    ? `${out.slice(0, a)}|${out.slice(a)}`
    : `${out.slice(0, a)}«${out.slice(a, b)}»${out.slice(b)}`;
}

const lines = (text: string, edits: LineEdit[]) => {
  const ls = text.split('\n');
  for (const e of [...edits].sort((a, b) => b.from - a.from))
    ls[e.line] = ls[e.line].slice(0, e.from) + e.insert + ls[e.line].slice(e.to);
  return ls.join('\n');
};

describe('toggleInline', () => {
  const bold = (d: string, f: number, t: number) => toggleInline(d, f, t, 'bold');
  const italic = (d: string, f: number, t: number) => toggleInline(d, f, t, 'italic');
  it('wraps, and unwraps inside or around the selection', () => {
    expect(run('a «word» b', bold)).toBe('a **«word»** b');
    expect(run('a **«word»** b', bold)).toBe('a «word» b');
    expect(run('a «**word**» b', bold)).toBe('a «word» b');
    expect(run('x «中文» y', (d, f, t) => toggleInline(d, f, t, 'strike'))).toBe('x ~~«中文»~~ y');
    expect(run('x ~~«中文»~~ y', (d, f, t) => toggleInline(d, f, t, 'strike'))).toBe('x «中文» y');
    expect(run('x «code» y', (d, f, t) => toggleInline(d, f, t, 'code'))).toBe('x `«code»` y');
    expect(run('x `«code»` y', (d, f, t) => toggleInline(d, f, t, 'code'))).toBe('x «code» y');
  });
  it('tells bold and italic apart', () => {
    expect(run('**«a»**', italic)).toBe('***«a»***');
    expect(run('***«a»***', italic)).toBe('**«a»**');
    expect(run('***«a»***', bold)).toBe('*«a»*');
    expect(run('*«a»*', italic)).toBe('«a»');
    expect(run('*«a»*', bold)).toBe('***«a»***');
  });
  it('keeps edge spaces outside, and toggles an empty pair at the cursor', () => {
    expect(run('« word »', bold)).toBe(' **«word»** ');
    expect(run('a|b', bold)).toBe('a**|**b');
    expect(run('a**|**b', bold)).toBe('a|b');
  });
});

describe('line commands', () => {
  it('headings set, toggle and cycle on every line with text', () => {
    expect(lines('a\n\nb', toggleHeading(['a', '', 'b'], 2))).toBe('## a\n\n## b');
    expect(lines('## a\n## b', toggleHeading(['## a', '## b'], 2))).toBe('a\nb');
    expect(lines('# a', toggleHeading(['# a'], 3))).toBe('### a');
    expect(lines('', setHeading([''], 1))).toBe('# ');
    let text = 'a';
    const seen = [];
    for (let i = 0; i < 4; i++) {
      text = lines(text, cycleHeading(text.split('\n')));
      seen.push(text);
    }
    expect(seen).toEqual(['# a', '## a', '### a', 'a']);
  });
  it('quotes on and off', () => {
    expect(lines('a\nb', toggleLines(['a', 'b'], 'quote'))).toBe('> a\n> b');
    expect(lines('> a\nb', toggleLines(['> a', 'b'], 'quote'))).toBe('> a\n> b');
    expect(lines('> a\n>b', toggleLines(['> a', '>b'], 'quote'))).toBe('a\nb');
  });
  it('lists replace each other, number from 1 and keep the indent', () => {
    const t = 'a\n\nb\n  c';
    expect(lines(t, toggleLines(t.split('\n'), 'bullet'))).toBe('- a\n\n- b\n  - c');
    expect(lines(t, toggleLines(t.split('\n'), 'ordered'))).toBe('1. a\n\n2. b\n  3. c');
    const b = '- a\n* b';
    expect(lines(b, toggleLines(b.split('\n'), 'bullet'))).toBe('a\nb');
    expect(lines(b, toggleLines(b.split('\n'), 'task'))).toBe('- [ ] a\n- [ ] b');
    const k = '- [x] a\n- [ ] b';
    expect(lines(k, toggleLines(k.split('\n'), 'task'))).toBe('a\nb');
    expect(lines('3. a', toggleLines(['3. a'], 'bullet'))).toBe('- a');
  });
});

describe('blocks', () => {
  const js = (d: string, f: number, t: number) => toggleCodeBlock(d, f, t, 'js');
  it('fences the selected lines, and takes fences off', () => {
    expect(run('p\n«a\nb»\nq', js)).toBe('p\n```js\n«a\nb»\n```\nq');
    expect(run('p\n«```js\na\nb\n```»\nq', js)).toBe('p\n«a\nb»\nq');
    expect(run('|', js)).toBe('```js\n|\n```');
    expect(run('x\n|', (d, f, t) => toggleCodeBlock(d, f, t, ''))).toBe('x\n```\n|\n```');
  });
  it('puts a rule or table on lines of its own, never under text', () => {
    const hr = (d: string, f: number) => insertBlock(d, f, '---');
    expect(run('para|', hr)).toBe('para\n\n---\n|');
    expect(run('para\n|', hr)).toBe('para\n\n---\n|');
    expect(run('|', hr)).toBe('---\n|');
    expect(run('a|\nb', hr)).toBe('a\n\n---\n|\nb');
    expect(run('a|\n\nb', hr)).toBe('a\n\n---|\n\nb');
    const table = (d: string, f: number) => insertBlock(d, f, TABLE_TEMPLATE, TABLE_SELECT);
    expect(run('|', table)).toBe(
      `| «列 1» | 列 2 | 列 3 |${TABLE_TEMPLATE.slice(TABLE_TEMPLATE.indexOf('\n'))}\n`,
    );
  });
  it('links the selection, an address, or takes the link off', () => {
    expect(run('see «docs»', toggleLink)).toBe('see [docs](«https://»)');
    expect(run('«https://a.cn/x»', toggleLink)).toBe('[«链接文字»](https://a.cn/x)');
    expect(run('|', toggleLink)).toBe('[«链接文字»](https://)');
    expect(run('«[docs](https://a.cn)»', toggleLink)).toBe('«docs»');
  });
  it('writes an image with its name as the alt text', () => {
    expect(imageMarkdown('猫[1].JPG', '/u/a.jpg')).toBe('![猫1](/u/a.jpg)');
  });
});

describe('keyLabel', () => {
  it('names the keys as each keyboard does', () => {
    expect(keyLabel('Mod-Shift-x', false)).toBe('Ctrl+Shift+X');
    expect(keyLabel('Mod-Shift-x', true)).toBe('⌘⇧X');
    expect(keyLabel('Mod-Alt-1', false, true)).toBe('Control+Alt+1');
    expect(keyLabel('Mod-b', true, true)).toBe('Meta+B');
  });
});

describe('previewOffset', () => {
  const anchors = [
    { line: 1, top: 0 },
    { line: 5, top: 100 },
    { line: 9, top: 500 },
  ];
  it('places the source line between the blocks around it', () => {
    expect(previewOffset(1, anchors, { line: 20, top: 1000 })).toBe(0);
    expect(previewOffset(7, anchors, { line: 20, top: 1000 })).toBe(300);
    expect(previewOffset(14.5, anchors, { line: 20, top: 1000 })).toBe(750);
    expect(previewOffset(3, [{ line: 5, top: 80 }], { line: 9, top: 200 })).toBe(40);
  });
});
