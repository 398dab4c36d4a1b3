import { uptimeText } from '../../lib/uptime.ts';

/**
 * Ticks the footer's 运行时间 once a second. The server rendered it when the page was made, and the page
 * cache may serve that page for days: the figure is recomputed from the start at once on every page.
 */
let timer: ReturnType<typeof setInterval> | undefined;

function tick(): void {
  const el = document.querySelector<HTMLElement>('[data-uptime]');
  if (!el) {
    clearInterval(timer);
    timer = undefined;
    return;
  }
  el.textContent = uptimeText(el.dataset.uptime ?? '', Date.now());
}

document.addEventListener('astro:page-load', () => {
  tick();
  timer ??= setInterval(tick, 1000);
});
