/**
 * The Markdown editor's formatting rules (docs/owner-guide.md#编辑器工具栏与快捷键), on plain strings
 * so they are tested without an editor: the console's CodeMirror commands (src/admin/editor/commands.ts)
 * apply the changes they return.
 */

/** A change in the coordinates of the text it was computed on. */
export type Edit = { from: number; to: number; insert: string };

/** Changes, and the selection afterwards in the coordinates of the changed text. */
export type Formatted = { changes: Edit[]; anchor: number; head: number };

export type InlineStyle = 'bold' | 'italic' | 'strike' | 'code';

/**
 * Each inline style: its marker character, how many it writes, and whether a run of that many markers
 * holds it. Bold and italic share `*` (underscores do not work inside Chinese words): a run of 2 is
 * bold only, 3 is both, so italic is an odd run and bold a run of 2 or more.
 */
const INLINE: Record<InlineStyle, { char: string; size: number; has: (run: number) => boolean }> = {
  bold: { char: '*', size: 2, has: (n) => n >= 2 },
  italic: { char: '*', size: 1, has: (n) => n % 2 === 1 },
  strike: { char: '~', size: 2, has: (n) => n >= 2 },
  code: { char: '`', size: 1, has: (n) => n === 1 },
};

const runAt = (text: string, at: number, char: string, step: 1 | -1) => {
  let n = 0;
  for (let i = step === 1 ? at : at - 1; i >= 0 && i < text.length && text[i] === char; i += step) n++;
  return n;
};

/**
 * Wraps the selection in the style's markers, or takes them off when it has them: inside the
 * selection (`**a**` selected) or just around it (`a` selected in `**a**`). Spaces at the selection's
 * edges stay outside the markers, where Markdown needs them.
 */
export function toggleInline(doc: string, from: number, to: number, style: InlineStyle): Formatted {
  const { char, size, has } = INLINE[style];
  let a = from;
  let b = to;
  while (a < b && /\s/.test(doc[a])) a++;
  while (b > a && /\s/.test(doc[b - 1])) b--;
  const text = doc.slice(a, b);
  const lead = runAt(text, 0, char, 1);
  const trail = runAt(text, text.length, char, -1);
  if (lead + trail <= text.length && lead < text.length && has(Math.min(lead, trail))) {
    return {
      changes: [
        { from: a, to: a + size, insert: '' },
        { from: b - size, to: b, insert: '' },
      ],
      anchor: a,
      head: b - 2 * size,
    };
  }
  if (has(Math.min(runAt(doc, a, char, -1), runAt(doc, b, char, 1)))) {
    return {
      changes: [
        { from: a - size, to: a, insert: '' },
        { from: b, to: b + size, insert: '' },
      ],
      anchor: a - size,
      head: b - size,
    };
  }
  const mark = char.repeat(size);
  return {
    changes: [
      { from: a, to: a, insert: mark },
      { from: b, to: b, insert: mark },
    ],
    anchor: a + size,
    head: b + size,
  };
}

export type LineStyle = 'quote' | 'bullet' | 'ordered' | 'task';

/** A change inside one of the lines given: `line` is its index, `from`/`to` offsets in it. */
export type LineEdit = { line: number; from: number; to: number; insert: string };

const HEADING = /^(#{1,6})(?:[ \t]+|$)/;
const QUOTE = /^>[ \t]?/;
const LIST = /^([ \t]*)([-*+][ \t]+\[[ xX]\][ \t]+|[-*+][ \t]+|\d{1,9}[.)][ \t]+)/;

const headingLevel = (line: string) => HEADING.exec(line)?.[1].length ?? 0;

/** The lines a line command works on: those with text, or all of them when none has (a new, empty line). */
const targets = (lines: string[]) => {
  const full = lines.flatMap((l, i) => (l.trim() ? [i] : []));
  return full.length ? full : lines.map((_, i) => i);
};

/** Makes every line (with text) a heading of `level`, or plain text for 0. */
export function setHeading(lines: string[], level: number): LineEdit[] {
  return targets(lines).flatMap((i) => {
    const old = HEADING.exec(lines[i])?.[0] ?? '';
    const insert = level ? `${'#'.repeat(level)} ` : '';
    return old === insert ? [] : [{ line: i, from: 0, to: old.length, insert }];
  });
}

/** Heading `level` on the lines, or plain text when they all are that heading already. */
export function toggleHeading(lines: string[], level: number): LineEdit[] {
  const all = targets(lines).every((i) => headingLevel(lines[i]) === level);
  return setHeading(lines, all ? 0 : level);
}

/** The heading button: the first line's level steps H1 → H2 → H3 → text, and every line follows. */
export function cycleHeading(lines: string[]): LineEdit[] {
  const level = headingLevel(lines[targets(lines)[0]] ?? '');
  return setHeading(lines, level >= 3 ? 0 : level + 1);
}

const listKind = (line: string): LineStyle | null => {
  const marker = LIST.exec(line)?.[2];
  if (!marker) return null;
  return marker.includes('[') ? 'task' : /^\d/.test(marker) ? 'ordered' : 'bullet';
};

/**
 * A quote or list on every line (with text), or off when they all have it. A list replaces another
 * kind's marker (a bullet becomes `1.`) and keeps the indent; numbers count from 1 over the lines.
 */
export function toggleLines(lines: string[], style: LineStyle): LineEdit[] {
  const rows = targets(lines);
  if (style === 'quote') {
    const all = rows.every((i) => QUOTE.test(lines[i]));
    return rows.flatMap((i) => {
      const old = QUOTE.exec(lines[i])?.[0];
      if (all) return [{ line: i, from: 0, to: old?.length ?? 0, insert: '' }];
      return old === undefined ? [{ line: i, from: 0, to: 0, insert: '> ' }] : [];
    });
  }
  const all = rows.every((i) => listKind(lines[i]) === style);
  return rows.map((i, n) => {
    const m = LIST.exec(lines[i]);
    const indent = /^[ \t]*/.exec(lines[i])?.[0].length ?? 0;
    const marker = all ? '' : style === 'bullet' ? '- ' : style === 'task' ? '- [ ] ' : `${n + 1}. `;
    return { line: i, from: indent, to: m ? m[0].length : indent, insert: marker };
  });
}

const FENCE = /^[ \t]{0,3}(`{3,}|~{3,})/;

/** The whole lines a selection touches (a selection ending at a line's start leaves that line out). */
function lineSpan(doc: string, from: number, to: number) {
  const end = to > from && doc[to - 1] === '\n' ? to - 1 : to;
  const start = doc.lastIndexOf('\n', from - 1) + 1;
  const nl = doc.indexOf('\n', end);
  return { start, end: nl < 0 ? doc.length : nl };
}

/**
 * Fences the selected lines as a code block in `lang` ('' for none); lines already between fences (the
 * fences selected with them) lose the fences. On an empty line, an empty block with the cursor inside.
 */
export function toggleCodeBlock(doc: string, from: number, to: number, lang: string): Formatted {
  const { start, end } = lineSpan(doc, from, to);
  const lines = doc.slice(start, end).split('\n');
  const open = lines.length > 1 ? FENCE.exec(lines[0]) : null;
  const last = lines[lines.length - 1].trim();
  if (open && last.startsWith(open[1][0].repeat(open[1].length)) && /^(`+|~+)$/.test(last)) {
    const inner = lines.slice(1, -1).join('\n');
    const firstEnd = start + lines[0].length + 1;
    const lastStart = end - lines[lines.length - 1].length - (inner ? 1 : 0);
    return {
      changes: [
        { from: start, to: firstEnd, insert: '' },
        { from: Math.max(lastStart, firstEnd), to: end, insert: '' },
      ],
      anchor: start,
      head: start + inner.length,
    };
  }
  const head = `\`\`\`${lang}\n`;
  return {
    changes: [
      { from: start, to: start, insert: head },
      { from: end, to: end, insert: '\n```' },
    ],
    anchor: start + head.length,
    head: end + head.length,
  };
}

/**
 * Puts a block (a rule, a table) on lines of its own after the cursor's line, with blank lines
 * around it where Markdown needs them (a `---` right under text would make that text a heading).
 * `select` is a part of the block to select, as offsets in it; else the cursor goes after it.
 */
export function insertBlock(doc: string, pos: number, block: string, select?: [number, number]): Formatted {
  const start = doc.lastIndexOf('\n', pos - 1) + 1;
  const nl = doc.indexOf('\n', pos);
  const end = nl < 0 ? doc.length : nl;
  const empty = !doc.slice(start, end).trim();
  const prevFull = start > 0 && doc.slice(doc.lastIndexOf('\n', start - 2) + 1, start - 1).trim() !== '';
  const at = empty ? start : end;
  const before = empty ? (prevFull ? '\n' : '') : '\n\n';
  const nextEnd = doc.indexOf('\n', nl + 1);
  const next = nl < 0 ? null : doc.slice(nl + 1, nextEnd < 0 ? doc.length : nextEnd);
  // A line for the cursor at the end of the text, a blank line before text that follows.
  const after = next === null || next.trim() !== '' ? '\n' : '';
  const insert = `${before}${block}${after}`;
  const base = at + before.length;
  const [anchor, head] = select
    ? [base + select[0], base + select[1]]
    : [at + insert.length, at + insert.length];
  return { changes: [{ from: at, to: empty ? end : at, insert }], anchor, head };
}

/** The table button's template: three columns, two rows, the first header selected. */
export const TABLE_TEMPLATE =
  '| 列 1 | 列 2 | 列 3 |\n| --- | --- | --- |\n| 内容 | 内容 | 内容 |\n| 内容 | 内容 | 内容 |';
export const TABLE_SELECT: [number, number] = [2, 5];

const LINK = /^\[([^\]\n]*)\]\(([^)\n]*)\)$/;

/**
 * A link: the selected text becomes its text with `https://` selected for the address; a selected
 * address becomes its target with 链接文字 selected; a selected link turns back into its text.
 */
export function toggleLink(doc: string, from: number, to: number): Formatted {
  const text = doc.slice(from, to);
  const link = LINK.exec(text);
  if (link) return { changes: [{ from, to, insert: link[1] }], anchor: from, head: from + link[1].length };
  if (/^https?:\/\/\S+$/.test(text)) {
    const label = '链接文字';
    return {
      changes: [{ from, to, insert: `[${label}](${text})` }],
      anchor: from + 1,
      head: from + 1 + label.length,
    };
  }
  const label = text || '链接文字';
  const at = from + label.length + 3;
  return {
    changes: [{ from, to, insert: `[${label}](https://)` }],
    ...(text ? { anchor: at, head: at + 8 } : { anchor: from + 1, head: from + 1 + label.length }),
  };
}

/** An image's Markdown: the alt text is the file's name without its extension, brackets and breaks. */
export function imageMarkdown(name: string, url: string): string {
  const alt = name.replace(/[[\]\n\r]/g, '').replace(/\.[a-z0-9]+$/i, '');
  return `![${alt}](${url})`;
}

/**
 * A key binding as CodeMirror writes it (`Mod-Shift-x`) the way the owner's keyboard labels it:
 * `Ctrl+Shift+X`, or `⌘⇧X` on a Mac; `aria` gives the aria-keyshortcuts form.
 */
export function keyLabel(key: string, mac: boolean, aria = false): string {
  const parts = key.split('-');
  const last = parts.pop() ?? '';
  const names = aria
    ? { Mod: mac ? 'Meta' : 'Control', Shift: 'Shift', Alt: 'Alt' }
    : mac
      ? { Mod: '⌘', Shift: '⇧', Alt: '⌥' }
      : { Mod: 'Ctrl', Shift: 'Shift', Alt: 'Alt' };
  const mods = parts.map((p) => names[p as keyof typeof names] ?? p);
  return [...mods, last.toUpperCase()].join(mac && !aria ? '' : '+');
}
