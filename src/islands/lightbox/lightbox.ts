import { keyAction, stepIndex, swipeStep } from '../../lib/lightbox.ts';
import styles from './lightbox.module.css';

/**
 * A small picture viewer shared by talks and photo albums: arrows and Escape on the keyboard, swipes
 * on touch screens, a click on the backdrop closes. No library: one overlay built on first use.
 */
export function openLightbox(
  urls: string[],
  start = 0,
  originals: string[] = [],
  captions: string[] = [],
): void {
  if (urls.length === 0 || document.querySelector('[data-lightbox-open]')) return;
  let index = stepIndex(start, 0, urls.length);
  const opener = document.activeElement as HTMLElement | null;

  const root = document.createElement('div');
  root.className = styles.root;
  root.setAttribute('role', 'dialog');
  root.setAttribute('aria-modal', 'true');
  root.setAttribute('aria-label', '图片预览');
  root.dataset.lightboxOpen = '';

  const img = document.createElement('img');
  img.className = styles.image;
  img.alt = '';
  img.draggable = false;

  const counter = document.createElement('div');
  counter.className = styles.counter;
  counter.setAttribute('aria-live', 'polite');

  const button = (label: string, cls: string, text: string, onClick: () => void) => {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = `${styles.button} ${cls}`;
    b.setAttribute('aria-label', label);
    b.textContent = text;
    b.addEventListener('click', (e) => {
      e.stopPropagation();
      onClick();
    });
    return b;
  };
  // The 1,600 px variant is shown; 原图 opens the stored original (docs/architecture.md#image-variants).
  const original = document.createElement('a');
  original.className = styles.original;
  original.target = '_blank';
  original.rel = 'noopener';
  original.textContent = '原图';
  original.addEventListener('click', (e) => e.stopPropagation());
  const close = button('关闭', styles.close, '×', () => done());
  const prev = button('上一张', styles.prev, '‹', () => show(-1));
  const next = button('下一张', styles.next, '›', () => show(1));
  if (urls.length < 2) {
    prev.hidden = true;
    next.hidden = true;
  }

  function show(delta: number) {
    index = stepIndex(index, delta, urls.length);
    img.src = urls[index];
    img.dataset.index = String(index);
    const full = originals[index];
    original.hidden = !full || full === urls[index];
    if (full) original.href = full;
    // An album photo's caption (docs/owner-guide.md#内容) is its alt text and is read with the count.
    img.alt = captions[index] ?? '';
    counter.textContent = captions[index]
      ? `${index + 1} / ${urls.length} · ${captions[index]}`
      : `${index + 1} / ${urls.length}`;
  }

  function onKey(e: KeyboardEvent) {
    const action = keyAction(e.key);
    if (!action) return;
    e.preventDefault();
    if (action === 'close') done();
    else show(action === 'prev' ? -1 : 1);
  }

  let startX = 0;
  let startY = 0;
  let tracking = false;
  let swiped = false;
  root.addEventListener('pointerdown', (e) => {
    tracking = true;
    startX = e.clientX;
    startY = e.clientY;
  });
  root.addEventListener('pointerup', (e) => {
    if (!tracking) return;
    tracking = false;
    const step = swipeStep(e.clientX - startX, e.clientY - startY);
    if (step) {
      show(step);
      swiped = true;
    }
  });
  root.addEventListener('click', (e) => {
    // A swipe ends in a click too: only a plain click on the backdrop closes.
    if (swiped) {
      swiped = false;
      return;
    }
    if (e.target === root) done();
  });

  function done() {
    document.removeEventListener('keydown', onKey, true);
    document.removeEventListener('astro:before-swap', done);
    document.documentElement.style.overflow = '';
    root.remove();
    opener?.focus?.();
  }

  root.append(img, counter, original, prev, next, close);
  document.body.append(root);
  document.documentElement.style.overflow = 'hidden';
  document.addEventListener('keydown', onKey, true);
  document.addEventListener('astro:before-swap', done);
  show(0);
  close.focus();
}

/**
 * Server-rendered galleries: any element with `data-lightbox-src` inside a `data-lightbox` group opens
 * the viewer on the group's pictures. One listener on the document serves every page.
 */
export function bindLightboxGroups(): void {
  const w = window as unknown as { __lightboxBound?: boolean };
  if (w.__lightboxBound) return;
  w.__lightboxBound = true;
  document.addEventListener('click', (e) => {
    const item = (e.target as Element | null)?.closest?.('[data-lightbox-src]');
    const group = item?.closest('[data-lightbox]');
    if (!item || !group) return;
    e.preventDefault();
    const items = [...group.querySelectorAll('[data-lightbox-src]')];
    openLightbox(
      items.map((el) => el.getAttribute('data-lightbox-src') ?? ''),
      items.indexOf(item),
      items.map((el) => el.getAttribute('data-lightbox-original') ?? ''),
      items.map((el) => el.getAttribute('data-lightbox-caption') ?? ''),
    );
  });
}
