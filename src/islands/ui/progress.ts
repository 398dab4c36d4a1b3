/**
 * SPEC §2: a progress bar without spinner on every client-router navigation. The same markup and
 * motion as nprogress (#nprogress > .bar > .peg, styled in global.css: start at 8 %, trickle towards
 * the end, fill and fade on arrival) in a few lines instead of a library on every first load.
 */
const SPEED = 200;
let el: HTMLElement | null = null;
let value: number | null = null;
let trickle: ReturnType<typeof setInterval> | undefined;
/** Counts navigations, so the fade of an earlier one leaves a newer bar alone. */
let run = 0;

function render(): HTMLElement {
  if (!el) {
    el = document.createElement('div');
    el.id = 'nprogress';
    const bar = document.createElement('div');
    bar.className = 'bar';
    bar.style.transform = 'translate3d(-100%,0,0)';
    bar.setAttribute('role', 'progressbar');
    bar.setAttribute('aria-label', '页面加载中');
    const peg = document.createElement('div');
    peg.className = 'peg';
    bar.append(peg);
    el.append(bar);
  }
  // The client router replaces <body>: put the bar back into the new one.
  if (!el.isConnected) document.body.append(el);
  return el;
}

function set(n: number): void {
  value = Math.min(Math.max(n, 0.08), 1);
  const bar = render().firstElementChild as HTMLElement;
  void bar.offsetWidth; // lay the bar out where it is, so the move below animates
  bar.style.transition = `transform ${SPEED}ms ease`;
  bar.style.transform = `translate3d(${(value - 1) * 100}%,0,0)`;
}

export function startProgress(): void {
  run++;
  clearInterval(trickle);
  if (el) el.style.opacity = '1';
  set(0);
  // Creep towards the end in ever smaller steps while the next page loads.
  trickle = setInterval(() => value !== null && value < 0.994 && set(value + (1 - value) * 0.1), 800);
}

export function doneProgress(): void {
  if (value === null) return;
  clearInterval(trickle);
  set(1);
  const shown = el as HTMLElement;
  const mine = run;
  setTimeout(() => {
    if (mine !== run) return; // a new navigation started meanwhile
    shown.style.transition = `opacity ${SPEED}ms linear`;
    shown.style.opacity = '0';
    setTimeout(() => {
      if (mine !== run) return;
      shown.remove();
      value = null;
    }, SPEED);
  }, SPEED);
}
