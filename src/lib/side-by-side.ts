import { diffLines } from 'diff';

/**
 * Two texts side by side, line against line (the console's 历史版本 panel): the `diff` library finds the
 * changed runs, and here each run of removed lines is paired with the run of added lines after it, so a
 * changed line sits beside what it became and an added or removed one beside a blank.
 */

export type Side = { text: string; kind: 'same' | 'removed' | 'added' } | null;
export type Row = { left: Side; right: Side };

const linesOf = (value: string) => {
  const lines = value.split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines;
};

/** Every line ends in a newline, so a last line without one still equals the same line followed by more. */
const ended = (text: string) => (text.endsWith('\n') ? text : `${text}\n`);

export function sideBySide(before: string, after: string): Row[] {
  const rows: Row[] = [];
  let removed: string[] = [];
  const flush = (added: string[]) => {
    for (let i = 0; i < Math.max(removed.length, added.length); i++)
      rows.push({
        left: i < removed.length ? { text: removed[i], kind: 'removed' } : null,
        right: i < added.length ? { text: added[i], kind: 'added' } : null,
      });
    removed = [];
  };
  for (const part of diffLines(ended(before), ended(after))) {
    const lines = linesOf(part.value);
    if (part.removed) {
      removed.push(...lines);
    } else if (part.added) {
      flush(lines);
    } else {
      flush([]);
      for (const text of lines) rows.push({ left: { text, kind: 'same' }, right: { text, kind: 'same' } });
    }
  }
  flush([]);
  return rows;
}
