import type { Element, Root, Text } from 'hast';
import { toString as hastToString } from 'hast-util-to-string';
import type { Plugin } from 'unified';
import type { TocItem } from '../../lib/contract/articles.ts';

/**
 * Heading ids are rehype-slug's (GitHub's slugs through github-slugger, Chinese kept, a repeated
 * heading gets `-1`, `-2` …), given after sanitizing, around it two steps of ours:
 *
 * - rehypeOwnHeadingIds (before rehype-slug): an author's `id` on a heading is dropped, so every
 *   heading gets our id and authors' ids never clash with ours. A screen-reader-only heading (GFM's
 *   「脚注」) is not a section: it keeps its id and gets none, and takes no slug; nor does a heading
 *   inside a heading (hostile HTML can nest them). The slug is made from the text as a reader sees
 *   it, without the white space at its edges (`## 标题 ![](x.png)` is 标题, not 标题-): that white
 *   space is set aside for rehype-slug, then put back.
 * - rehypeToc (after it): the white space back, the table of contents (h1–h3 with text), and
 *   `heading-N` for a heading whose text gives no slug (only an emoji, only an image).
 */

export type { TocItem };

/** rehype-slug leaves a heading that has an id alone: this one stands for "none", and is removed after. */
const NO_ID = 'blog:no-id';

const isSection = (node: Element) => {
  const cls = node.properties.className;
  return !(Array.isArray(cls) && cls.includes('sr-only'));
};

const rankOf = (node: Element) => Number(/^h([1-6])$/.exec(node.tagName)?.[1] ?? 0);

function eachHeading(node: Root | Element, visit: (heading: Element, rank: number) => void): void {
  for (const child of node.children) {
    if (child.type !== 'element') continue;
    const rank = rankOf(child);
    if (rank) visit(child, rank);
    else eachHeading(child, visit);
  }
}

function textsOf(node: Element, into: Text[] = []): Text[] {
  for (const child of node.children) {
    if (child.type === 'text') into.push(child);
    else if (child.type === 'element') textsOf(child, into);
  }
  return into;
}

/** Trims the heading's text at its edges (as String.prototype.trim), noting every value it changed. */
function trimEdges(heading: Element, saved: Map<Text, string>): void {
  const texts = textsOf(heading);
  const trim = (list: Text[], cut: (value: string) => string) => {
    for (const text of list) {
      const value = cut(text.value);
      if (value !== text.value) {
        if (!saved.has(text)) saved.set(text, text.value);
        text.value = value;
      }
      if (value) return;
    }
  };
  trim(texts, (v) => v.trimStart());
  trim(texts.reverse(), (v) => v.trimEnd());
}

function markNested(node: Element): void {
  for (const child of node.children) {
    if (child.type !== 'element') continue;
    if (rankOf(child)) child.properties.id ??= NO_ID;
    markNested(child);
  }
}

type HeadingData = { toc?: TocItem[]; headingEdges?: Map<Text, string> };

export const rehypeOwnHeadingIds: Plugin<[], Root> = () => (tree, file) => {
  const saved = new Map<Text, string>();
  eachHeading(tree, (heading) => {
    if (isSection(heading)) {
      delete heading.properties.id;
      trimEdges(heading, saved);
    } else heading.properties.id ??= NO_ID;
    markNested(heading);
  });
  (file.data as HeadingData).headingEdges = saved;
};

/** The table of contents a rendered article carries (rehypeToc). */
export const tocOf = (file: { data: object }): TocItem[] => (file.data as HeadingData).toc ?? [];

export const rehypeToc: Plugin<[], Root> = () => (tree, file) => {
  const data = file.data as HeadingData;
  for (const [text, value] of data.headingEdges ?? []) text.value = value;
  data.headingEdges = undefined;
  const toc: TocItem[] = [];
  const unmark = (node: Element) => {
    if (node.properties.id === NO_ID) delete node.properties.id;
    for (const child of node.children) if (child.type === 'element') unmark(child);
  };
  eachHeading(tree, (heading, level) => {
    if (isSection(heading)) {
      const text = hastToString(heading).trim();
      if (!heading.properties.id) heading.properties.id = `heading-${toc.length + 1}`;
      if (level <= 3 && text) toc.push({ id: String(heading.properties.id), text, level });
    }
    unmark(heading);
  });
  data.toc = toc;
};
