import katexCss from 'katex/dist/katex.min.css?url';

/**
 * What a body put in place by a script needs (docs/owner-guide.md#数学公式与图表): an unlocked
 * article, the admin's preview of a hidden one, the console editor's preview. A page rendered with
 * math links KaTeX's stylesheet in its head already (pages/article.astro); these get it here, from
 * our own origin (the bundler copies it and its fonts), and diagrams drawn by islands/article/diagrams.ts.
 */

/** KaTeX's stylesheet in the document's head, once. */
export function linkKatex(): void {
  if (document.head.querySelector(`link[href="${katexCss}"]`)) return;
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = katexCss;
  document.head.append(link);
}

/** Links KaTeX's stylesheet if `root` has math, draws its diagrams if it has some (until `signal` aborts). */
export function enrichBody(root: HTMLElement, signal?: AbortSignal): void {
  if (root.querySelector('.katex')) linkKatex();
  if (root.querySelector('[data-diagram]'))
    void import('./diagrams.ts').then(({ drawDiagrams }) => drawDiagrams(root, signal));
}
