/**
 * Where an item is in a source file, for the report's `第 N 行`: the readers of WordPress exports and
 * of the comment tools' exports find their items' lines the same way, in one pass over the text.
 */

/** From an offset in `text` to its line (1-based). */
export function lineOf(text: string): (offset: number) => number {
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return (offset) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  };
}

/** The line of every match of `pattern`'s first (or second) group, an id, in `text`; the first wins. */
export function linesOfIds(text: string, pattern: RegExp): Map<string, number> {
  const at = lineOf(text);
  const lines = new Map<string, number>();
  for (const m of text.matchAll(pattern)) {
    const id = m[1] ?? m[2];
    if (id !== undefined && !lines.has(id)) lines.set(id, at(m.index ?? 0));
  }
  return lines;
}
