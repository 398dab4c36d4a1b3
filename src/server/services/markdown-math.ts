import type { Element, Root } from 'hast';
import { toString as hastToString } from 'hast-util-to-string';
import rehypeKatex from 'rehype-katex';
import type { PluggableList, Plugin } from 'unified';
import { DIAGRAM_ATTRIBUTE } from '../../lib/body-features.ts';

/**
 * Math and diagrams (docs/owner-guide.md#数学公式与图表). remark-math reads `$…$` and `$$…$$` into
 * `<code class="language-math">` (inside a `<pre>` for a block, as a ```` ```math ```` fence also
 * gives); after the sanitizer, rehype-katex replaces them with KaTeX's HTML, so its markup (inline
 * styles, SVG) is ours and not the author's. KaTeX's stylesheet and fonts are linked by the pages
 * whose body has math (src/lib/body-features.ts).
 *
 * ```` ```mermaid ```` blocks become a placeholder holding their source as text: no kept library draws
 * mermaid without a browser, so the reader's browser does (islands/article/diagrams.ts, loaded only
 * where there is one); without scripts the source stays readable.
 */
export const rehypeMath: PluggableList = [
  // Chinese in math mode is fine (KaTeX's strict mode would log it as a warning in every render).
  [rehypeKatex, { strict: 'ignore', output: 'htmlAndMathml' }],
];

/** The block's `<pre>` → `<figure class="diagram" data-diagram><pre class="diagram-source">…</pre></figure>`. */
export const rehypeDiagrams: Plugin<[], Root> = () => (tree) => {
  const walk = (node: Root | Element) => {
    node.children.forEach((child, index) => {
      if (child.type !== 'element') return;
      const code = child.tagName === 'pre' ? child.children.find((c) => c.type === 'element') : undefined;
      const classes = code?.type === 'element' ? code.properties.className : undefined;
      if (code && Array.isArray(classes) && classes.includes('language-mermaid')) {
        node.children[index] = {
          type: 'element',
          tagName: 'figure',
          properties: { className: ['diagram'], [DIAGRAM_ATTRIBUTE]: '' },
          children: [
            {
              type: 'element',
              tagName: 'pre',
              properties: { className: ['diagram-source'] },
              children: [{ type: 'text', value: hastToString(code).replace(/\n$/, '') }],
            },
          ],
        };
        return;
      }
      walk(child);
    });
  };
  walk(tree);
};
