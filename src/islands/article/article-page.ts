/**
 * The article page's interactive parts, as one small module instead of React roots: the table of
 * contents following the scroll, copy buttons on code blocks, the preview/code theme switch, the
 * image-loading placeholder, the admin's note on a body shown as plain text, and the reading-time
 * report when the reader leaves. It runs on every `astro:page-load` that shows an article and undoes
 * itself before the next swap.
 */
import { addArticleView, addReadingDuration } from '../../lib/api/articles.ts';
import { formatCount, likeLabel } from '../../lib/count.ts';
import { ReadingClock } from '../../lib/reading.ts';
import type { CodeTheme, PreviewTheme } from '../../lib/theme.ts';
import { $likes, likeKey, loadLike, toggleLike } from '../../stores/like.ts';
import { $userInfo } from '../../stores/session.ts';
import { $staticData, setCodeTheme, setPreviewTheme } from '../../stores/ui.ts';

let cleanup: (() => void) | null = null;

function setupToc(root: HTMLElement, signal: AbortSignal): void {
  const links = [...document.querySelectorAll<HTMLAnchorElement>('[data-toc] a[href^="#"]')];
  if (!links.length) return;
  const headings = [...new Set(links.map((a) => decodeURIComponent(a.hash.slice(1))))]
    .map((id) => document.getElementById(id))
    .filter((h): h is HTMLElement => Boolean(h) && root.contains(h));
  let active = '';
  let frame = 0;
  const update = () => {
    frame = 0;
    // The current section: the last heading that has scrolled above a line under the header.
    const line = 120;
    let current = headings[0]?.id ?? '';
    for (const h of headings) {
      if (h.getBoundingClientRect().top - line <= 0) current = h.id;
      else break;
    }
    if (current === active) return;
    active = current;
    for (const a of links) {
      const on = decodeURIComponent(a.hash.slice(1)) === current;
      a.classList.toggle('active', on);
      if (on) a.setAttribute('aria-current', 'location');
      else a.removeAttribute('aria-current');
      // Keep the active entry visible inside a scrolling TOC panel.
      if (on && a.closest('[data-toc-scroll]')) {
        const box = a.closest<HTMLElement>('[data-toc-scroll]');
        if (box && (a.offsetTop < box.scrollTop || a.offsetTop > box.scrollTop + box.clientHeight - 30))
          box.scrollTo({ top: a.offsetTop - box.clientHeight / 3 });
      }
    }
  };
  const onScroll = () => {
    if (!frame) frame = requestAnimationFrame(update);
  };
  window.addEventListener('scroll', onScroll, { passive: true, signal });
  window.addEventListener('resize', onScroll, { passive: true, signal });
  signal.addEventListener('abort', () => cancelAnimationFrame(frame));
  update();
}

function setupCopy(root: HTMLElement, signal: AbortSignal): void {
  root.addEventListener(
    'click',
    (e) => {
      const button = (e.target as HTMLElement).closest<HTMLButtonElement>('.code-copy');
      if (!button) return;
      const code = button.closest('.code-block')?.querySelector('pre code');
      // The copy helper loads with the first copy: a reader who only reads never needs it.
      void import('../common/copy.ts').then(({ copyText }) => copyText(code?.textContent ?? ''));
    },
    { signal },
  );
}

function setupThemeSwitch(signal: AbortSignal): void {
  const box = document.querySelector<HTMLElement>('[data-theme-switch]');
  if (!box) return;
  const mark = () => {
    const { previewTheme, codeTheme } = $staticData.get();
    for (const b of box.querySelectorAll<HTMLButtonElement>('[data-preview]'))
      b.setAttribute('aria-pressed', String(b.dataset.preview === previewTheme));
    for (const b of box.querySelectorAll<HTMLButtonElement>('[data-code]'))
      b.setAttribute('aria-pressed', String(b.dataset.code === codeTheme));
  };
  box.addEventListener(
    'click',
    (e) => {
      const button = (e.target as HTMLElement).closest<HTMLButtonElement>('button');
      // The buttons are rendered from the theme lists, so their names are valid.
      const preview = button?.dataset.preview as PreviewTheme | undefined;
      const code = button?.dataset.code as CodeTheme | undefined;
      if (preview) setPreviewTheme(preview);
      if (code) setCodeTheme(code);
    },
    { signal },
  );
  // Close the panel on a click elsewhere.
  document.addEventListener(
    'click',
    (e) => {
      const details = box.querySelector('details');
      if (details?.open && !box.contains(e.target as Node)) details.open = false;
    },
    { signal },
  );
  const stop = $staticData.subscribe(mark);
  signal.addEventListener('abort', stop);
}

/** The image-loading placeholder: cleared when the image has arrived (or failed). */
function setupImages(root: HTMLElement, signal: AbortSignal): void {
  for (const img of root.querySelectorAll<HTMLImageElement>('img[data-pending]')) {
    const done = () => {
      img.removeAttribute('data-pending');
      if (!img.naturalWidth) img.setAttribute('data-failed', '');
    };
    if (img.complete) done();
    else {
      img.addEventListener('load', done, { once: true, signal });
      img.addEventListener('error', done, { once: true, signal });
    }
  }
}

/**
 * A body whose render ran out of time is shown as plain text (services/render-pool.ts); the note
 * saying so is in the shared HTML, hidden, and shown while the admin is signed in.
 */
function setupRenderNote(signal: AbortSignal): void {
  const note = document.querySelector<HTMLElement>('[data-render-note]');
  if (!note) return;
  const stop = $userInfo.subscribe((user) => {
    note.hidden = user?.role !== 1;
  });
  signal.addEventListener('abort', stop);
}

/** One view per page view; the answer refreshes the count the cached HTML shows. */
function countView(articleId: string): void {
  addArticleView(articleId)
    .then((result) => {
      const el = document.querySelector('[data-view-count]');
      if (el && result) el.textContent = formatCount(result.view_times);
    })
    .catch(() => {});
}

/**
 * The article's like button under the body. Its state is the like store's, shared with the like above
 * the comments: the state is asked for when the button scrolls into view. The store
 * and its API calls are a chunk of their own without React (astro.config.mjs, group `likes`, with the
 * article's own calls, ~0.7 KB gzip), imported with this script: importing it on view instead made
 * tests/e2e/scroll.spec.ts's Back/Forward test flaky (a scroll-restore race).
 */
function setupLike(signal: AbortSignal): void {
  const button = document.querySelector<HTMLButtonElement>('[data-article-like]');
  if (!button) return;
  const forId = Number(button.dataset.articleLike);
  const count = button.querySelector('[data-like-count]');
  const show = (state: { is_like: boolean; count: number } | undefined) => {
    if (!state) return;
    button.setAttribute('aria-pressed', String(state.is_like));
    button.setAttribute('aria-label', likeLabel(state.is_like, state.count));
    if (count) count.textContent = formatCount(state.count);
    button.disabled = false;
  };
  const key = likeKey(1, forId);
  const stop = $likes.subscribe((all) => show(all[key]));
  signal.addEventListener('abort', stop);
  const observer = new IntersectionObserver((entries) => {
    if (!entries.some((e) => e.isIntersecting)) return;
    observer.disconnect();
    if (!signal.aborted) void loadLike(1, forId);
  });
  observer.observe(button);
  signal.addEventListener('abort', () => observer.disconnect());
  button.addEventListener(
    'click',
    async () => {
      if (button.disabled) return;
      await toggleLike(1, forId);
    },
    { signal },
  );
}

/** Reports reading time when the reader leaves or hides the tab (bounded again by the server). */
function setupReading(articleId: string, signal: AbortSignal): () => void {
  const clock = new ReadingClock(performance.now(), document.visibilityState === 'visible');
  const report = () => {
    // Milliseconds (docs/api/public.md#articles-and-taxonomy); under a second is kept for the next report.
    const ms = clock.take(performance.now(), 1000);
    if (ms === 0) return;
    // keepalive lets the request outlive the page; errors are of no interest to the reader.
    addReadingDuration(articleId, ms).catch(() => {});
  };
  document.addEventListener(
    'visibilitychange',
    () => {
      if (document.visibilityState === 'hidden') {
        report();
        clock.pause(performance.now());
      } else clock.resume(performance.now());
    },
    { signal },
  );
  window.addEventListener('pagehide', report, { signal });
  return report;
}

function init(): void {
  cleanup?.();
  cleanup = null;
  const shell = document.querySelector<HTMLElement>('[data-admin-preview]');
  if (shell) {
    // Only on the 404 of a hidden article: its code loads then, never on a public article.
    void import('./admin-preview.ts')
      .then(({ showAdminPreview }) => showAdminPreview(shell))
      .then((body) => {
        if (!body) return;
        const controller = new AbortController();
        setupCopy(body, controller.signal);
        setupImages(body, controller.signal);
        cleanup = () => controller.abort();
      });
  }
  const locked = document.querySelector<HTMLElement>('[data-unlock]');
  if (locked) {
    // Only on a password-protected article: its code loads then (islands/article/unlock.ts).
    void import('./unlock.ts')
      .then(({ setupUnlock }) => setupUnlock(locked))
      .then((body) => {
        if (!body) return;
        const controller = new AbortController();
        setupCopy(body, controller.signal);
        setupImages(body, controller.signal);
        cleanup = () => controller.abort();
      });
  }
  const root = document.querySelector<HTMLElement>('[data-article-body]');
  if (!root) return;
  const controller = new AbortController();
  const { signal } = controller;
  setupToc(root, signal);
  setupCopy(root, signal);
  setupThemeSwitch(signal);
  setupImages(root, signal);
  setupLike(signal);
  setupRenderNote(signal);
  countView(root.dataset.articleBody ?? '');
  const report = setupReading(root.dataset.articleBody ?? '', signal);
  cleanup = () => {
    report();
    controller.abort();
  };
}

document.addEventListener('astro:page-load', init);
// Leaving through the client router: report and detach before the next page replaces this one.
document.addEventListener('astro:before-swap', () => {
  cleanup?.();
  cleanup = null;
});
