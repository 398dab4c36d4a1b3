import { BROKEN_ATTR, IMAGE_PLACEHOLDER } from '../../lib/image-placeholder.ts';

/**
 * Every `<img>` that fails to load shows the placeholder instead of the broken-image glyph: one
 * listener for the whole document (error events do not bubble, so it listens in the capture phase;
 * the CSP allows no inline onerror). It covers server-rendered pages, islands and cards added later.
 * Images that failed before this script ran are found by a scan on each page load.
 */
function replace(img: HTMLImageElement): void {
  const src = img.getAttribute('src');
  if (img.hasAttribute(BROKEN_ATTR) || !src) return;
  img.setAttribute(BROKEN_ATTR, src);
  img.removeAttribute('srcset');
  img.src = IMAGE_PLACEHOLDER;
}

document.addEventListener(
  'error',
  (e) => {
    if (e.target instanceof HTMLImageElement) replace(e.target);
  },
  true,
);
// A script that gives the element a new address (an island's re-render) makes it a picture again.
document.addEventListener(
  'load',
  (e) => {
    const img = e.target;
    if (
      img instanceof HTMLImageElement &&
      img.hasAttribute(BROKEN_ATTR) &&
      img.getAttribute('src') !== IMAGE_PLACEHOLDER
    )
      img.removeAttribute(BROKEN_ATTR);
  },
  true,
);

function scan(): void {
  for (const img of document.images) {
    if (img.complete && !img.hasAttribute(BROKEN_ATTR) && img.getAttribute('src'))
      img.decode().catch(() => {
        if (img.complete && !img.naturalWidth) replace(img);
      });
  }
}
scan();
document.addEventListener('astro:page-load', scan);
