/**
 * What a rendered article body needs beyond the page's own assets (docs/owner-guide.md#数学公式与图表):
 * KaTeX's stylesheet when it has math, the diagram script when it has a mermaid block. Read from the
 * sanitized HTML the render pipeline made (src/server/services/markdown-math.ts): the author's own
 * HTML cannot carry either mark, as the sanitizer drops its classes and data attributes.
 */

/** The hast property of a diagram placeholder (`data-diagram` in the HTML). */
export const DIAGRAM_ATTRIBUTE = 'dataDiagram';

type BodyFeatures = { math: boolean; diagram: boolean };

export function bodyFeatures(html: string): BodyFeatures {
  return { math: html.includes('class="katex'), diagram: html.includes('data-diagram') };
}
