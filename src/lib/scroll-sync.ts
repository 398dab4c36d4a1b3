/**
 * The editor's preview follows the source (docs/owner-guide.md#编辑器工具栏与快捷键): the preview's
 * top-level blocks carry the source line they start on (data-source-line), and the line at the top of
 * the source is placed at the top of the preview, between the blocks around it in proportion.
 */

/** A rendered block: the source line it starts on, and its offset from the top of the preview. */
export type Anchor = { line: number; top: number };

/**
 * The preview's scroll offset for a source position (`line`, fractional: 12.5 is halfway through line
 * 12). `anchors` are in document order; `end` is the line after the last and the preview's full height.
 */
export function previewOffset(line: number, anchors: Anchor[], end: Anchor): number {
  let prev: Anchor = { line: 1, top: 0 };
  let next = end;
  for (const a of anchors) {
    if (a.line <= line) prev = a;
    else {
      next = a;
      break;
    }
  }
  if (next.line <= prev.line) return prev.top;
  const part = Math.min(1, Math.max(0, (line - prev.line) / (next.line - prev.line)));
  return prev.top + (next.top - prev.top) * part;
}
