/**
 * A Markdown body cut into its top-level blocks, so that each can be rendered on its own and the one
 * that keeps the renderer past its budget can be named to the owner by line
 * (server/services/render-locate.ts). The cut is at blank lines, as CommonMark ends most blocks, but
 * never inside a fenced code block or a `$$` math block: a blank line there belongs to the code or the
 * formula, and rendering half a fence would be a different document (the rest of the body would
 * become code) and point at the wrong place.
 *
 * Deliberately simpler than a parser, since it has to be fast and linear on exactly the bodies the
 * parser chokes on (a 192 KB single line): fences are recognised at any indentation, so one inside a
 * list item counts; the price is that an indented code block whose text looks like a fence opener
 * joins the blocks after it, which only makes the answer coarser, never wrong about where a block
 * starts.
 */

/** One block: its first line (1-based, as the editor numbers lines), its length and its text. */
export type MarkdownBlock = { line: number; chars: number; text: string };

/** CommonMark's line endings: LF, CRLF and a lone CR all end a line (micromark counts lines so). */
const LINE_END = /\r\n?|\n/g;
/** A line with nothing but spaces and tabs ends a block. */
const BLANK = /^[ \t]*$/;
/** ``` or ~~~ (three or more) opens a fence; what follows is its info string. */
const FENCE = /^[ \t]*(`{3,}|~{3,})(.*)$/;
/** `$$` (two or more) opens a math block (remark-math's flow math); what follows is its meta. */
const MATH = /^[ \t]*(\${2,})(.*)$/;

/**
 * The line that closes the fence or math block `line` opens, or null if it opens none. The rules are
 * the parsers' (CommonMark, micromark-extension-math): the closing run is of the same character, at
 * least as long, with only spaces after it; a backtick fence's info string and a math block's meta
 * cannot hold their own character (`$$x$$` on one line is inline math, not a block).
 */
function closerOf(line: string): RegExp | null {
  const fence = FENCE.exec(line);
  const math = fence ? null : MATH.exec(line);
  const [, run, rest] = fence ?? math ?? [];
  if (run === undefined) return null;
  const char = run[0];
  if ((char === '`' || char === '$') && rest.includes(char)) return null;
  return new RegExp(`^[ \\t]*\\${char}{${run.length},}[ \\t]*$`);
}

/**
 * The top-level blocks of `markdown`, in order. A block's length runs from the start of its first
 * line to the end of its last one (line endings inside count, the one after it does not), in UTF-16
 * units like `String.length`. A fence or math block left open runs to the end of the body, as the
 * parsers read it.
 */
export function markdownBlocks(markdown: string): MarkdownBlock[] {
  const blocks: MarkdownBlock[] = [];
  let start = -1; // offset of the current block's first line, -1 between blocks
  let startLine = 0;
  let end = 0; // offset just past the current block's last line, before its line ending
  let closer: RegExp | null = null;
  const flush = () => {
    if (start < 0) return;
    const text = markdown.slice(start, end);
    blocks.push({ line: startLine, chars: text.length, text });
    start = -1;
  };
  let offset = 0;
  for (let lineNo = 1; ; lineNo++) {
    LINE_END.lastIndex = offset;
    const eol = LINE_END.exec(markdown);
    const lineEnd = eol ? eol.index : markdown.length;
    const line = markdown.slice(offset, lineEnd);
    if (closer) {
      // Inside a fence or math block: every line, blank or not, is part of it.
      if (closer.test(line)) closer = null;
      end = lineEnd;
    } else if (BLANK.test(line)) {
      flush();
    } else {
      if (start < 0) {
        start = offset;
        startLine = lineNo;
      }
      end = lineEnd;
      closer = closerOf(line);
    }
    if (!eol) break;
    offset = eol.index + eol[0].length;
  }
  flush();
  return blocks;
}
