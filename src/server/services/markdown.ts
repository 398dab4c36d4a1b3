import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Element, Root } from 'hast';
import rehypeRaw from 'rehype-raw';
import rehypeSanitize, { defaultSchema, type Options as SanitizeSchema } from 'rehype-sanitize';
import rehypeSlug from 'rehype-slug';
import rehypeStringify from 'rehype-stringify';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { createHighlighter, createOnigurumaEngine, type Highlighter } from 'shiki';
import { type Plugin, unified } from 'unified';
import { CODE_THEME_MAP, rehypeCodeBlocks, rehypeCodeColours, rehypeCodeHighlight } from './markdown-code.ts';
import { rehypeOwnHeadingIds, rehypeToc, type TocItem, tocOf } from './markdown-headings.ts';
import { rehypeSourceLines } from './markdown-lines.ts';
import { rehypeDiagrams, rehypeMath } from './markdown-math.ts';

/**
 * The Markdown pipeline, once per article version, in a render thread
 * (render-pool.ts): GFM and math → HTML tree → sanitize → heading ids and the table of contents
 * (markdown-headings.ts) → lazy images, safe links, scrolling tables → KaTeX and the mermaid
 * placeholders (markdown-math.ts) → code blocks painted by Shiki
 * (markdown-code.ts, which also maps the highlight.js theme names of
 * docs/product.md#reading-themes to bundled Shiki themes).
 */
export { CODE_THEME_MAP, styleClasses } from './markdown-code.ts';
export type { TocItem } from './markdown-headings.ts';

/**
 * Why a body is shown as escaped plain text instead: its render ran past the budget, its thread died
 * under it, or the server was stopping (render-pool.ts); the owner chose plain text for a body the
 * renderer could not finish (`consent`), or it has not been rendered yet (`pending`: written outside
 * the services; articles/rendering.ts).
 */
export type PlainReason = 'timeout' | 'crashed' | 'stopped' | 'consent' | 'pending';

export type Rendered = { html: string; toc: TocItem[]; plain?: PlainReason };

/** Sanitize schema: GitHub's, plus what our own later steps and safe authoring need. */
const schema: SanitizeSchema = {
  ...defaultSchema,
  // Heading ids are added after sanitizing (markdown-headings.ts).
  attributes: {
    ...defaultSchema.attributes,
    img: [...(defaultSchema.attributes?.img ?? []), 'title', 'width', 'height'],
    code: [['className', /^language-[\w+#.-]+$/]],
  },
  protocols: { ...defaultSchema.protocols, href: ['http', 'https', 'mailto'], src: ['http', 'https'] },
  // Drop these elements with their content (a <style> must not leak its text into the page).
  strip: ['script', 'style', 'template', 'textarea', 'title', 'noscript'],
};

let highlighter: Promise<Highlighter> | undefined;
function getHighlighter(): Promise<Highlighter> {
  // One highlighter per thread (the render worker's), made on first use; languages load as needed.
  // Oniguruma (twice as fast as the JavaScript engine here), its WebAssembly read from the file: the
  // inlined loader decodes through the global Response, which the Astro runtime replaces.
  highlighter ??= createHighlighter({
    themes: Object.values(CODE_THEME_MAP),
    langs: [],
    engine: createOnigurumaEngine(readFile(fileURLToPath(import.meta.resolve('shiki/onig.wasm')))),
  });
  return highlighter;
}

const el = (
  tagName: string,
  properties: Element['properties'],
  children: Element['children'] = [],
): Element => ({
  type: 'element',
  tagName,
  properties,
  children,
});

/** Lazy images, safe links, scrolling tables. Section headings' contents are left as they are. */
const rehypeDecorate: Plugin<[], Root> = () => (tree) => {
  const walk = (node: Root | Element) => {
    for (const child of node.children) {
      if (child.type !== 'element') continue;
      const classes = child.properties?.className;
      if (/^h[1-6]$/.test(child.tagName) && !(Array.isArray(classes) && classes.includes('sr-only')))
        continue;
      if (child.tagName === 'img') {
        // The image-loading placeholder: the page script clears data-pending once the image is in.
        child.properties = { ...child.properties, loading: 'lazy', decoding: 'async', dataPending: '' };
      } else if (child.tagName === 'a') {
        const href = String(child.properties?.href ?? '');
        // Footnote links point at ids the sanitizer prefixed (see clobberPrefix below).
        if (
          href.startsWith('#') &&
          (child.properties?.dataFootnoteRef !== undefined ||
            child.properties?.dataFootnoteBackref !== undefined)
        )
          child.properties = { ...child.properties, href: `#user-content-${href.slice(1)}` };
        if (/^https?:/i.test(href))
          child.properties = {
            ...child.properties,
            target: '_blank',
            rel: ['noopener', 'noreferrer', 'nofollow'],
          };
      } else if (child.tagName === 'table') {
        // Wide tables scroll inside the article instead of widening the page.
        const index = node.children.indexOf(child);
        node.children[index] = el('div', { className: ['table-wrap'] }, [child]);
      }
      walk(child);
    }
  };
  walk(tree);
};

const processor = unified()
  .use(remarkParse)
  .use(remarkGfm)
  // `$…$` and `$$…$$`; a lone `$` (a price) stays text: single dollars need a closing one on the line.
  .use(remarkMath)
  // The sanitizer prefixes every id with `user-content-`; footnote ids are left bare here so they are
  // prefixed once, and rehypeDecorate points the footnote links at them.
  .use(remarkRehype, {
    allowDangerousHtml: true,
    clobberPrefix: '',
    footnoteLabel: '脚注',
    footnoteBackLabel: (i: number) => `返回引用 ${i + 1}`,
  })
  .use(rehypeRaw)
  .use(rehypeSanitize, schema)
  .use(rehypeOwnHeadingIds)
  .use(rehypeSlug)
  .use(rehypeToc)
  .use(rehypeDecorate)
  .use(rehypeMath)
  .use(rehypeDiagrams)
  .use(rehypeCodeBlocks, getHighlighter)
  .use(rehypeCodeHighlight, getHighlighter)
  .use(rehypeCodeColours)
  .use(rehypeStringify);

/** The same, with each block's source line for the console's preview (markdown-lines.ts). */
const previewProcessor = processor().use(rehypeSourceLines);

/** Markdown to safe HTML plus its table of contents; `preview` marks the blocks' source lines. */
export async function renderMarkdown(markdown: string, preview = false): Promise<Rendered> {
  const file = await (preview ? previewProcessor : processor).process(markdown);
  return { html: String(file), toc: tocOf(file) };
}
