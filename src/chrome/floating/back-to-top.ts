import { throttle } from '../../lib/throttle.ts';

/** The back-to-top button of FloatingButtons.astro (beside it): shown after 200 px of scroll. */
const button = document.querySelector<HTMLButtonElement>('[data-back-to-top]');
if (button) {
  const update = throttle(() => {
    button.hidden = window.scrollY <= 200;
  }, 100);
  window.addEventListener('scroll', update, { passive: true });
  document.addEventListener('astro:page-load', update);
  button.addEventListener('click', () => window.scrollTo({ top: 0, behavior: 'smooth' }));
}
