import type { Element, Root } from 'hast';
import type { Plugin } from 'unified';

/**
 * For the console's preview only: each top-level block gets the source line it starts on as
 * `data-source-line`, so the preview scrolls with the editor (src/lib/scroll-sync.ts). Runs last, after
 * the sanitizer (which keeps positions): a block a later step wrapped (a table, a code block) takes the
 * line of the first element inside it that has one.
 */
export const rehypeSourceLines: Plugin<[], Root> = () => (tree) => {
  const lineOf = (node: Element): number | undefined => {
    if (node.position) return node.position.start.line;
    for (const child of node.children) {
      if (child.type !== 'element') continue;
      const line = lineOf(child);
      if (line) return line;
    }
    return undefined;
  };
  for (const child of tree.children) {
    if (child.type !== 'element') continue;
    const line = lineOf(child);
    if (line) child.properties = { ...child.properties, dataSourceLine: line };
  }
};
