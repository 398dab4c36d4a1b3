import rehypeShikiFromHighlighter from '@shikijs/rehype/core';
import type { Element, ElementContent, Root, RootContent } from 'hast';
import { toString as hastToString } from 'hast-util-to-string';
import { bundledLanguages, type Highlighter, type ShikiTransformer } from 'shiki';
import type { Plugin } from 'unified';
import { readableOn } from '../../lib/contrast.ts';

/**
 * Code blocks: Shiki paints every block with all eight code themes (docs/product.md#reading-themes) at
 * once, as CSS variables (`--sh-atom`, `--sh-atom-bg`, …), so the reader's code-theme switch is only an
 * attribute change in the browser. Three rehype steps, in this order:
 *
 * 1. rehypeCodeBlocks: every `<pre>` whose first element is a `<code>` gets its language settled
 *    (lower case, a few shell aliases, `text` when Shiki has no grammar for it) and is wrapped with
 *    the header that holds the language and the copy button.
 * 2. rehypeCodeHighlight: @shikijs/rehype on the one highlighter of this thread, with the
 *    `readable-colours` transformer.
 * 3. rehypeCodeColours: the theme variables move from the `<pre>` to the wrapper (so the header
 *    shares them) and every colour set becomes one short class (styleClasses).
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

const LANG_ALIASES: Record<string, string> = { sh: 'bash', shell: 'bash', zsh: 'bash', console: 'bash' };

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

const hasClass = (node: Element, name: string) => {
  const cls = node.properties.className;
  return Array.isArray(cls) && cls.includes(name);
};

function languageOf(node: Element): string {
  const cls = node.properties?.className;
  const list = Array.isArray(cls) ? cls.map(String) : [];
  const found = list.find((c) => c.startsWith('language-'));
  return found ? found.slice('language-'.length).toLowerCase() : '';
}

/** The code blocks' highlighter (made on first use, only when a document has a code block). */
type HighlighterSource = () => Promise<Highlighter>;

/**
 * Step 1. The language label shows what the author wrote (`sh`, or `text` when nothing); the grammar
 * is the alias's, or `text` when Shiki has none. The block's `<pre>` keeps only its code's text, so
 * @shikijs/rehype (which looks at a `<pre>`'s first child only) highlights exactly these blocks.
 */
export const rehypeCodeBlocks: Plugin<[HighlighterSource], Root> = (highlighter) => async (tree) => {
  const blocks: { parent: Root | Element; index: number; code: Element; lang: string }[] = [];
  const walk = (parent: Root | Element) => {
    parent.children.forEach((child, index) => {
      if (child.type !== 'element') return;
      const code = child.tagName === 'pre' ? child.children.find((c) => c.type === 'element') : undefined;
      if (code && code.type === 'element' && code.tagName === 'code') {
        blocks.push({ parent, index, code, lang: languageOf(code) });
        return;
      }
      walk(child);
    });
  };
  walk(tree);
  if (!blocks.length) return;
  const loaded = (await highlighter()).getLoadedLanguages();
  for (const { parent, index, code, lang } of blocks) {
    const name = LANG_ALIASES[lang] ?? lang;
    const grammar = name && (loaded.includes(name) || name in bundledLanguages) ? name : 'text';
    const text: ElementContent = { type: 'text', value: hastToString(code) };
    const pre = el('pre', {}, [el('code', { className: [`language-${grammar}`] }, [text])]);
    // The block keeps the source position of the `<pre>` it replaces: the console's preview marks its line.
    const { position } = parent.children[index];
    parent.children[index] = el('div', { className: ['code-block'] }, [
      el('div', { className: ['code-head'] }, [
        el('span', { className: ['code-lang'] }, [{ type: 'text', value: lang || 'text' }]),
        el('button', { type: 'button', className: ['code-copy'], ariaLabel: '复制代码' }, [
          { type: 'text', value: '复制' },
        ]),
      ]),
      pre,
    ]) as RootContent & ElementContent;
    parent.children[index].position = position;
  }
};

const THEME_COLOR = /--sh-([a-z0-9]+):(#[0-9a-fA-F]{3,8})/g;

/**
 * Some bundled themes have token colours under WCAG's 4.5:1 against their own background (comments,
 * mostly): each is nudged just enough to pass, theme by theme, so every code theme stays readable.
 * The block's own default colours (on the `<pre>`, the backgrounds' source) are left as they are.
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
  for (const child of pre.children) if (child.type === 'element') walk(child);
}

/** Shiki transformer: every token colour readable on its theme's background (makeReadable). */
const readableColours: ShikiTransformer = {
  name: 'blog:readable-colours',
  pre(node) {
    makeReadable(node, String(node.properties.style ?? ''));
  },
};

/** Step 2: @shikijs/rehype on the thread's highlighter, set up once it exists. */
export const rehypeCodeHighlight: Plugin<[HighlighterSource], Root> = (highlighter) => {
  let run: Promise<(tree: Root) => unknown> | undefined;
  return async (tree) => {
    // Nothing to paint: no highlighter is made for an article without code.
    if (!hasCodeBlock(tree)) return;
    run ??= highlighter().then(
      (hl) =>
        rehypeShikiFromHighlighter(hl, {
          themes: CODE_THEME_MAP,
          defaultColor: false,
          cssVariablePrefix: '--sh-',
          // Languages are settled by rehypeCodeBlocks; a bundled grammar loads on first use.
          lazy: true,
          fallbackLanguage: 'text',
          // Shiki gives up on a line after 500 ms by default and paints the rest of it one colour; the
          // first line of a language compiles its grammar and can take that long on a busy machine,
          // and the result is cached. Renders run in their own thread (article-html.ts), so waiting
          // is fine.
          tokenizeTimeLimit: 10_000,
          transformers: [readableColours],
        }) as (tree: Root) => unknown,
    );
    await (await run)(tree);
  };
};

function hasCodeBlock(node: Root | Element): boolean {
  return node.children.some(
    (child) => child.type === 'element' && (hasClass(child, 'code-block') || hasCodeBlock(child)),
  );
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

/**
 * Step 3. Per document, since the class names are numbered per article: a Shiki transformer sees one
 * block at a time and none of the document.
 */
export const rehypeCodeColours: Plugin<[], Root> = () => (tree) => {
  const wrappers: Element[] = [];
  const walk = (node: Root | Element) => {
    for (const child of node.children) {
      if (child.type !== 'element') continue;
      if (!hasClass(child, 'code-block')) {
        walk(child);
        continue;
      }
      // @shikijs/rehype leaves its result as a fragment (a root holding the `<pre>`) in the block.
      const painted = child.children[1] as unknown as Root | Element;
      const pre = (painted.type === 'root' ? painted.children[0] : painted) as Element;
      child.children[1] = pre;
      // The theme variables move to the wrapper so the header (language, copy button) shares the colours.
      child.properties.style = String(pre.properties.style ?? '');
      delete pre.properties.style;
      wrappers.push(child);
    }
  };
  walk(tree);
  const css = styleClasses(wrappers);
  if (css) tree.children.unshift(el('style', {}, [{ type: 'text', value: css }]));
};
