import mermaid from 'mermaid';

/**
 * ```` ```mermaid ```` blocks drawn in the reader's browser (docs/owner-guide.md#数学公式与图表): the
 * server leaves a `<figure data-diagram>` with the source as text (services/markdown-math.ts). This
 * module, and mermaid with it, loads only where a body has one. A diagram is drawn in the page's
 * theme and drawn again when the theme switches; one that mermaid cannot read keeps its source on
 * show, with a note.
 */

let drawn = 0;

const themeOf = () => (document.documentElement.dataset.theme === 'dark' ? 'dark' : 'default');

async function drawAll(figures: HTMLElement[]): Promise<void> {
  // strict: labels are text (mermaid's own sanitizer), no click handlers or HTML in them.
  mermaid.initialize({
    startOnLoad: false,
    securityLevel: 'strict',
    theme: themeOf(),
    suppressErrorRendering: true,
  });
  for (const figure of figures) {
    const source = figure.querySelector<HTMLElement>('.diagram-source');
    if (!source) continue;
    let out = figure.querySelector<HTMLElement>('.diagram-svg');
    try {
      const { svg } = await mermaid.render(`diagram-${++drawn}`, source.textContent ?? '');
      if (!out) {
        out = document.createElement('div');
        out.className = 'diagram-svg';
        figure.prepend(out);
      }
      out.innerHTML = svg;
      figure.dataset.drawn = '';
      delete figure.dataset.failed;
    } catch {
      out?.remove();
      delete figure.dataset.drawn;
      figure.dataset.failed = '图表无法绘制，下面是它的源码';
    }
  }
}

export async function drawDiagrams(root: HTMLElement, signal?: AbortSignal): Promise<void> {
  const figures = [...root.querySelectorAll<HTMLElement>('[data-diagram]')];
  if (!figures.length || signal?.aborted) return;
  await drawAll(figures);
  // The reader's light/dark switch (src/lib/theme-bootstrap.ts sets data-theme on <html>).
  const observer = new MutationObserver(() => {
    // A body replaced without a signal (an unlocked article left through the router): stop with it.
    if (!figures[0].isConnected) observer.disconnect();
    else void drawAll(figures);
  });
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  signal?.addEventListener('abort', () => observer.disconnect());
}
