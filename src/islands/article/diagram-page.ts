/**
 * The article page's diagrams (pages/_components/article/Diagrams.astro loads this only where the
 * body has one): mermaid comes with islands/article/diagrams.ts, fetched when a body needs it. Called
 * on the first load and on every client-router page load; each body is drawn once, and its theme
 * watch ends when the router swaps the page.
 */
const started = new WeakSet<HTMLElement>();

export function drawPageDiagrams(): void {
  const root = document.querySelector<HTMLElement>('[data-article-body]');
  if (!root || started.has(root) || !root.querySelector('[data-diagram]')) return;
  started.add(root);
  const controller = new AbortController();
  document.addEventListener('astro:before-swap', () => controller.abort(), { once: true });
  void import('./diagrams.ts').then(({ drawDiagrams }) => drawDiagrams(root, controller.signal));
}
