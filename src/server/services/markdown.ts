import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import GithubSlugger from 'github-slugger';
import type { Element, ElementContent, Root, RootContent } from 'hast';
import { toString as hastToString } from 'hast-util-to-string';
import rehypeRaw from 'rehype-raw';
import rehypeSanitize, { defaultSchema, type Options as SanitizeSchema } from 'rehype-sanitize';
import rehypeStringify from 'rehype-stringify';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { bundledLanguages, createHighlighter, createOnigurumaEngine, type Highlighter } from 'shiki';
import { unified } from 'unified';
import { readableOn } from '../../lib/contrast.ts';

/**
 * The Markdown pipeline (DESIGN.md): GFM → HTML tree → sanitize → heading ids → Shiki, once per
 * article version, in the render worker (article-html.ts). Shiki paints every code block with all
 * eight code themes of SPEC §9 at once, as CSS variables (`--sh-atom`, `--sh-atom-bg`, …, gathered
 * into one class per colour set by styleClasses), so the reader's code-theme switch is only an
 * attribute change in the browser. The SPEC names are highlight.js themes; each maps to the closest
 * bundled Shiki theme:
 */
export const CODE_THEME_MAP = {
  atom: 'one-dark-pro', // atom-one-dark
  a11y: 'github-dark-high-contrast', // a11y-dark: high-contrast colours on dark grey
  github: 'github-light', // github
  gradient: 'synthwave-84', // gradient-dark: neon on a purple gradient
  kimbie: 'gruvbox-dark-medium', // kimbie-dark: warm browns and oranges
  paraiso: 'rose-pine', // paraiso-dark: rose, gold and violet on plum
  qtcreator: 'light-plus', // qtcreator-light: Qt Creator's VS-like light scheme
  stackoverflow: 'slack-ochin', // stackoverflow-light: blue keywords on pale grey
} as const;

export type TocItem = { id: string; text: string; level: number };
export type Rendered = { html: string; toc: TocItem[] };

/** Sanitize schema: GitHub's, plus what our own later steps and safe authoring need. */
const schema: SanitizeSchema = {
  ...defaultSchema,
  // Heading ids are added after sanitizing, so authors' ids never clash with ours.
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

const LANG_ALIASES: Record<string, string> = { sh: 'bash', shell: 'bash', zsh: 'bash', console: 'bash' };

function languageOf(node: Element): string {
  const cls = node.properties?.className;
  const list = Array.isArray(cls) ? cls.map(String) : [];
  const found = list.find((c) => c.startsWith('language-'));
  return found ? found.slice('language-'.length).toLowerCase() : '';
}

const el = (
  tagName: string,
  properties: Element['properties'],
  children: ElementContent[] = [],
): Element => ({
  type: 'element',
  tagName,
  properties,
  children,
});

const THEME_COLOR = /--sh-([a-z0-9]+):(#[0-9a-fA-F]{3,8})/g;

/**
 * Some bundled themes have token colours under WCAG's 4.5:1 against their own background (comments,
 * mostly): each is nudged just enough to pass, theme by theme, so every code theme stays readable.
 */
function makeReadable(pre: Element, rootStyle: string): void {
  const backgrounds = new Map<string, string>();
  for (const m of rootStyle.matchAll(/--sh-([a-z0-9]+)-bg:(#[0-9a-fA-F]{3,8})/g)) backgrounds.set(m[1], m[2]);
  const fix = (style: string) =>
    style.replace(THEME_COLOR, (all, theme: string, color: string) => {
      const bg = backgrounds.get(theme);
      return bg ? `--sh-${theme}:${readableOn(color, bg)}` : all;
    });
  const walk = (node: Element) => {
    if (typeof node.properties.style === 'string') node.properties.style = fix(node.properties.style);
    for (const child of node.children) if (child.type === 'element') walk(child);
  };
  walk(pre);
}

/**
 * Shiki writes all eight themes' colours on every token (some 170 bytes each), yet an article's
 * tokens share a few dozen distinct colour sets. Each set becomes one short class whose rule is
 * written once, in a <style> heading the article: the same variables reach the same elements, so
 * the code-theme switch in markdown.css works unchanged, and the page is a fraction of the size.
 * Returns the rules ('' when nothing was styled).
 */
export function styleClasses(roots: Element[]): string {
  const classes = new Map<string, string>();
  const walk = (node: Element) => {
    const style = node.properties.style;
    // Shiki's own colour variables only; anything else (never expected) stays inline.
    if (typeof style === 'string' && /^[\w\s#:;.%(),-]+$/.test(style)) {
      let name = classes.get(style);
      if (!name) {
        name = `sh${classes.size.toString(36)}`;
        classes.set(style, name);
      }
      delete node.properties.style;
      const cls = node.properties.className;
      node.properties.className = Array.isArray(cls) ? [...cls, name] : cls ? [String(cls), name] : [name];
    }
    for (const child of node.children) if (child.type === 'element') walk(child);
  };
  for (const root of roots) walk(root);
  return [...classes].map(([style, name]) => `.md-body .${name}{${style}}`).join('');
}

/** Highlights every `<pre><code>` in place and wraps it with a header holding the copy button. */
async function highlightCode(tree: Root): Promise<void> {
  const blocks: { parent: Root | Element; index: number; code: string; lang: string }[] = [];
  const walk = (parent: Root | Element) => {
    parent.children.forEach((child, index) => {
      if (child.type !== 'element') return;
      const code = child.tagName === 'pre' ? child.children.find((c) => c.type === 'element') : undefined;
      if (code && code.type === 'element' && code.tagName === 'code') {
        blocks.push({ parent, index, code: hastToString(code).replace(/\n$/, ''), lang: languageOf(code) });
        return;
      }
      walk(child);
    });
  };
  walk(tree);
  if (!blocks.length) return;
  const hl = await getHighlighter();
  const wrappers: Element[] = [];
  for (const block of blocks) {
    const name = LANG_ALIASES[block.lang] ?? block.lang;
    let lang = 'text';
    if (name && (hl.getLoadedLanguages().includes(name) || name in bundledLanguages)) {
      await hl.loadLanguage(name as keyof typeof bundledLanguages);
      lang = name;
    }
    const highlighted = hl.codeToHast(block.code, {
      lang,
      themes: CODE_THEME_MAP,
      defaultColor: false,
      cssVariablePrefix: '--sh-',
      // Shiki gives up on a line after 500 ms by default and paints the rest of it one colour; the
      // first line of a language compiles its grammar and can take that long on a busy machine, and
      // the result is cached. Renders run in their own thread (article-html.ts), so waiting is fine.
      tokenizeTimeLimit: 10_000,
    });
    const pre = highlighted.children[0] as Element;
    // The theme variables move to the wrapper so the header (language, copy button) shares the colours.
    const style = String(pre.properties.style ?? '');
    delete pre.properties.style;
    makeReadable(pre, style);
    const label = block.lang || 'text';
    const wrapper = el('div', { className: ['code-block'], style }, [
      el('div', { className: ['code-head'] }, [
        el('span', { className: ['code-lang'] }, [{ type: 'text', value: label }]),
        el('button', { type: 'button', className: ['code-copy'], ariaLabel: '复制代码' }, [
          { type: 'text', value: '复制' },
        ]),
      ]),
      pre,
    ]);
    block.parent.children[block.index] = wrapper as RootContent & ElementContent;
    wrappers.push(wrapper);
  }
  const css = styleClasses(wrappers);
  if (css) tree.children.unshift(el('style', {}, [{ type: 'text', value: css }]));
}

/** Heading ids (GitHub style, Chinese kept), the table of contents, lazy images, safe links. */
function decorate(tree: Root, toc: TocItem[]): void {
  const slugger = new GithubSlugger();
  const walk = (node: Root | Element) => {
    for (const child of node.children) {
      if (child.type !== 'element') continue;
      const level = /^h([1-6])$/.exec(child.tagName)?.[1];
      const classes = child.properties?.className;
      if (level && !(Array.isArray(classes) && classes.includes('sr-only'))) {
        const text = hastToString(child).trim();
        const id = slugger.slug(text) || `heading-${toc.length + 1}`;
        child.properties = { ...child.properties, id };
        if (Number(level) <= 3 && text) toc.push({ id, text, level: Number(level) });
        continue;
      }
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
}

const processor = unified()
  .use(remarkParse)
  .use(remarkGfm)
  // The sanitizer prefixes every id with `user-content-`; footnote ids are left bare here so they are
  // prefixed once, and decorate() points the footnote links at them.
  .use(remarkRehype, {
    allowDangerousHtml: true,
    clobberPrefix: '',
    footnoteLabel: '脚注',
    footnoteBackLabel: (i: number) => `返回引用 ${i + 1}`,
  })
  .use(rehypeRaw)
  .use(rehypeSanitize, schema);
const serializer = unified().use(rehypeStringify);

/** Markdown to safe HTML plus its table of contents. */
export async function renderMarkdown(markdown: string): Promise<Rendered> {
  const tree = (await processor.run(processor.parse(markdown))) as Root;
  const toc: TocItem[] = [];
  decorate(tree, toc);
  await highlightCode(tree);
  return { html: serializer.stringify(tree), toc };
}
