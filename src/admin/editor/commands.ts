import { EditorSelection, type EditorState, type StateCommand } from '@codemirror/state';
import {
  cycleHeading,
  type Formatted,
  type InlineStyle,
  insertBlock,
  type LineEdit,
  type LineStyle,
  TABLE_SELECT,
  TABLE_TEMPLATE,
  toggleCodeBlock,
  toggleHeading,
  toggleInline,
  toggleLines,
  toggleLink,
} from '../../lib/markdown-format.ts';

/**
 * The toolbar's and shortcuts' CodeMirror commands (actions.ts): each is one transaction (one undo
 * step) applying the rules of lib/markdown-format.ts to the editor's selection.
 */

type Range = (doc: string, from: number, to: number) => Formatted;

/** A rule per selection range (every cursor of a multiple selection gets its own). */
const perRange =
  (rule: Range): StateCommand =>
  ({ state, dispatch }) => {
    const doc = state.doc.toString();
    const tr = state.changeByRange((r) => {
      const f = rule(doc, r.from, r.to);
      return { changes: f.changes, range: EditorSelection.range(f.anchor, f.head) };
    });
    dispatch(state.update(tr, { scrollIntoView: true, userEvent: 'input.format' }));
    return true;
  };

/** A rule on the main selection only (a block is inserted once). */
const onMain =
  (rule: Range): StateCommand =>
  ({ state, dispatch }) => {
    const { from, to } = state.selection.main;
    const f = rule(state.doc.toString(), from, to);
    dispatch(
      state.update({
        changes: f.changes,
        selection: EditorSelection.single(f.anchor, f.head),
        scrollIntoView: true,
        userEvent: 'input.format',
      }),
    );
    return true;
  };

/** The numbers of the lines the selection touches, each once, in order. */
function selectedLines(state: EditorState): number[] {
  const seen = new Set<number>();
  for (const r of state.selection.ranges) {
    const first = state.doc.lineAt(r.from).number;
    let last = state.doc.lineAt(r.to).number;
    // A selection ending at a line's start (a triple-click, Shift+Down) leaves that line out.
    if (last > first && state.doc.line(last).from === r.to) last--;
    for (let n = first; n <= last; n++) seen.add(n);
  }
  return [...seen].sort((a, b) => a - b);
}

/** A rule over every selected line; cursors stay after a marker put in front of them. */
const perLine =
  (rule: (lines: string[]) => LineEdit[]): StateCommand =>
  ({ state, dispatch }) => {
    const numbers = selectedLines(state);
    const edits = rule(numbers.map((n) => state.doc.line(n).text));
    const changes = state.changes(
      edits.map((e) => {
        const line = state.doc.line(numbers[e.line]);
        return { from: line.from + e.from, to: line.from + e.to, insert: e.insert };
      }),
    );
    dispatch(
      state.update({
        changes,
        selection: state.selection.map(changes, 1),
        scrollIntoView: true,
        userEvent: 'input.format',
      }),
    );
    return true;
  };

export const inline = (style: InlineStyle) => perRange((doc, from, to) => toggleInline(doc, from, to, style));
export const heading = (level?: number) =>
  perLine((lines) => (level ? toggleHeading(lines, level) : cycleHeading(lines)));
export const lines = (style: LineStyle) => perLine((ls) => toggleLines(ls, style));
export const link = perRange(toggleLink);
export const codeBlock = (lang: string) =>
  onMain((doc, from, to) => toggleCodeBlock(doc, from, to, lang === 'plain' ? '' : lang));
export const table = onMain((doc, _from, to) => insertBlock(doc, to, TABLE_TEMPLATE, TABLE_SELECT));
export const rule = onMain((doc, _from, to) => insertBlock(doc, to, '---'));

/** Puts text in place of the main selection, the cursor after it. */
export const insertText =
  (text: string): StateCommand =>
  ({ state, dispatch }) => {
    const { from, to } = state.selection.main;
    dispatch(
      state.update({
        changes: { from, to, insert: text },
        selection: { anchor: from + text.length },
        scrollIntoView: true,
        userEvent: 'input',
      }),
    );
    return true;
  };
