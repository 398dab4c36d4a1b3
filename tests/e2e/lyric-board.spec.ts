import type { Locator, Page } from '@playwright/test';
import { CONTROLS_HIDE_MS } from '../../src/lib/music-rules.ts';
import { useTheme } from './admin-console.ts';
import { expect, test } from './fixtures.ts';
import { openPlayer, playDemoSong } from './music-player.ts';

/**
 * The lyric board's controls and the player's, clicked as a reader clicks them (the pointer moves to a
 * control and presses) on a machine as slow as a loaded one (the CPU throttled 4×): while the board's
 * controls fade out after 2 s, once they have faded, and as they come back on the pointer's move; the
 * board closes every time and leaves the player's own controls clickable; no toast covers the board's
 * controls; Back leaves no board over the page.
 */

/** What a press at the centre of `target` would land on, '' when it is the target (or inside it). */
function blocker(target: Locator): Promise<string> {
  return target.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    if (hit && el.contains(hit)) return '';
    if (!hit) return 'nothing';
    const name = `${hit.tagName.toLowerCase()}${hit.className ? `.${String(hit.className).split(' ')[0]}` : ''}`;
    return `${name} ${hit.textContent?.trim().slice(0, 30) ?? ''}`.trim();
  });
}

/** A reader's click: the pointer moves to the control's centre and presses there. */
async function press(page: Page, target: Locator, what: string) {
  expect(await blocker(target), `${what}: what covers it`).toBe('');
  const box = await target.boundingBox();
  if (!box) throw new Error(`${what} has no box`);
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

/** The slider's value is set where the pointer presses it: `at` of its width. */
async function pressSlider(page: Page, slider: Locator, at: number) {
  expect(await blocker(slider)).toBe('');
  const box = await slider.boundingBox();
  if (!box) throw new Error('the slider has no box');
  await page.mouse.click(box.x + box.width * at, box.y + box.height / 2);
}

/** The board as a reader sees it, read in one go (each call to a slowed page costs a good while). */
type BoardState = { open: boolean; type: string; controls: string; sizes: string[] };

/**
 * The board's state and, for the control labelled one of `labels`, its centre and what a press there
 * lands on ('' when the control itself).
 */
function aim(page: Page, labels: string[]) {
  return page.evaluate((labels) => {
    const board = document.querySelector('[data-lyric-board]') as HTMLElement;
    const open = !board.hidden;
    const state = {
      open,
      type: board.dataset.lyricType ?? '',
      controls: open ? (board.dataset.controls ?? '') : '',
      sizes: [...board.querySelectorAll('[data-font-size]')].map((e) => e.textContent ?? ''),
    };
    const button = [...board.querySelectorAll<HTMLElement>('[data-board-controls] button')].find((b) =>
      labels.includes(b.getAttribute('aria-label') ?? b.textContent?.trim() ?? ''),
    );
    if (!button) return { state, x: 0, y: 0, covered: `no ${labels.join('/')}` };
    const r = button.getBoundingClientRect();
    const [x, y] = [r.x + r.width / 2, r.y + r.height / 2];
    const hit = document.elementFromPoint(x, y);
    const covered =
      hit && button.contains(hit)
        ? ''
        : `${hit?.tagName.toLowerCase()}.${String(hit?.className ?? '').split(' ')[0]} ${hit?.textContent?.trim().slice(0, 30) ?? ''}`;
    return { state, x, y, covered };
  }, labels);
}

const boardState = async (page: Page) => (await aim(page, [])).state;

/**
 * The pointer leaves the controls and rests until they fade (2 s from its move). `fading`: the fade is
 * held halfway as it starts (the press comes while they still show, dimmed); `faded`: it has run out.
 */
async function fade(page: Page, phase: 'fading' | 'faded') {
  await page.evaluate((phase) => {
    const board = document.querySelector('[data-lyric-board]') as HTMLElement;
    const controls = board.querySelector('[data-board-controls]') as HTMLElement;
    const w = window as { hiddenAfterMove?: boolean };
    w.hiddenAfterMove = false;
    // Held as the board marks them hidden, before a frame runs (a slow frame could run the whole fade).
    const watch = new MutationObserver(() => {
      if (board.dataset.controls !== 'hidden') return;
      watch.disconnect();
      w.hiddenAfterMove = true;
      if (phase === 'fading')
        for (const a of controls.getAnimations()) {
          a.pause();
          a.currentTime = 150;
        }
    });
    window.addEventListener(
      'pointermove',
      () => watch.observe(board, { attributeFilter: ['data-controls'] }),
      {
        capture: true,
        once: true,
      },
    );
  }, phase);
  const view = page.viewportSize() ?? { width: 375, height: 812 };
  await page.mouse.move(8, view.height - 8);
  // The page's clock (installed by the test) skips the reader's 2 s of stillness.
  await page.clock.fastForward(CONTROLS_HIDE_MS);
  await page.waitForFunction(
    (phase) => {
      if (!(window as { hiddenAfterMove?: boolean }).hiddenAfterMove) return false;
      const shown = Number(
        getComputedStyle(document.querySelector('[data-board-controls]') as Element).opacity,
      );
      return phase === 'fading' ? shown > 0 && shown < 1 : shown === 0;
    },
    // Bounded by the test's own budget: on a busy machine with the CPU slowed 4× the fade may take long.
    phase,
  );
}

/** `plays`: the control starts or pauses the song (the board looks the same; the audio is checked). */
type Control = { labels: string[]; effect: (before: BoardState) => BoardState; plays?: boolean };

/** Each of the board's controls and what a click on it does to the board. */
const BOARD_CONTROLS: Control[] = [
  { labels: ['单行歌词'], effect: (b) => ({ ...b, type: 'SPECIAL' }) },
  { labels: ['滚动歌词'], effect: (b) => ({ ...b, type: 'COMMON' }) },
  ...(['标题', '歌手', '歌词'] as const).flatMap((label, i) =>
    (
      [
        ['增大', 0.1],
        ['减小', -0.1],
      ] as const
    ).map(([dir, step]) => ({
      labels: [`${label}字号${dir}`],
      effect: (b: BoardState) => ({
        ...b,
        sizes: b.sizes.map((s, j) =>
          j === i ? `${label} ${(Number(s.split(' ')[1]) + step).toFixed(1)}` : s,
        ),
      }),
    })),
  ),
  { labels: ['播放', '暂停'], effect: (b) => b, plays: true },
  { labels: ['关闭歌词'], effect: (b) => ({ ...b, open: false, controls: '' }) },
];

const paused = (page: Page) =>
  page.locator('audio[data-music-audio]').evaluate((a: HTMLAudioElement) => a.paused);

/** A reader's click on a board control: the pointer moves to its centre and presses; then its effect. */
async function pressBoard(page: Page, control: Control) {
  const name = control.labels.join('/');
  const was = control.plays ? await paused(page) : undefined;
  const { state, x, y, covered } = await aim(page, control.labels);
  expect(covered, `${name}: what covers it`).toBe('');
  await page.mouse.click(x, y);
  // The press's move brought the controls back (unless it closed the board).
  const expected = control.effect(state);
  if (expected.open) expected.controls = 'shown';
  await expect.poll(() => boardState(page), name).toEqual(expected);
  if (control.plays) await expect.poll(() => paused(page), name).toBe(!was);
}

// Four long tests (a fade for each control, on a slowed page): they may share both workers.
test.describe.configure({ mode: 'parallel' });

for (const [width, theme] of [
  [1440, 'light'],
  [375, 'dark'],
] as const)
  for (const phase of ['fading', 'faded'] as const)
    test(`at ${width} px (${theme}, CPU 4× slower) each control of the board takes a reader's click ${phase === 'fading' ? 'as they fade' : 'once faded'}${phase === 'faded' ? ', then the player’s' : ''}`, async ({
      page,
    }) => {
      test.setTimeout(240_000);
      await page.setViewportSize({ width, height: width < 800 ? 812 : 900 });
      await useTheme(page, theme);
      await page.clock.install();
      await page.goto('/home');
      await openPlayer(page);
      await playDemoSong(page);
      const panel = page.locator('[data-music-panel]');
      const board = page.locator('[data-lyric-board]');
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      const openBoard = async () => {
        await press(page, panel.getByRole('button', { name: '歌词', exact: true }), '歌词');
        await expect(board).toBeVisible();
      };
      await openBoard();
      for (const control of BOARD_CONTROLS)
        await test.step(control.labels.join('/'), async () => {
          await fade(page, phase);
          await pressBoard(page, control);
        });
      // The last one closed the board.
      if (phase === 'fading') return;

      // A move alone brings them back, and they take the click at once.
      await openBoard();
      await fade(page, 'faded');
      await page.mouse.move(width / 2, 300);
      await expect(board).toHaveAttribute('data-controls', 'shown');
      await pressBoard(page, BOARD_CONTROLS[BOARD_CONTROLS.length - 1]);

      // The board closed leaves the player's own controls clickable.
      const now = panel.locator('[data-now-playing]');
      for (const name of ['下一首', '上一首']) {
        const before = await now.textContent();
        await press(page, panel.getByRole('button', { name, exact: true }), name);
        await expect(now).not.toHaveText(before ?? '');
      }
      const play = panel.locator('[data-music-toggle]');
      await expect(play).toHaveAttribute('aria-label', /^(播放|暂停)$/);
      const was = await paused(page);
      await press(page, play, '播放/暂停');
      await expect.poll(() => paused(page)).toBe(!was);
      const mode = panel.locator('[data-play-model]');
      const model = await mode.getAttribute('data-play-model');
      await press(page, mode, '播放模式');
      await expect(mode).not.toHaveAttribute('data-play-model', model ?? '');
      await pressSlider(page, panel.getByLabel('音量'), 0.25);
      await expect.poll(async () => Number(await panel.getByLabel('音量').inputValue())).toBeLessThan(40);
      await pressSlider(page, panel.getByLabel('播放进度'), 0.6);
      await expect
        .poll(async () => Number(await panel.getByLabel('播放进度').getAttribute('data-progress')))
        .toBeGreaterThan(40);
      await openBoard();
      await page.keyboard.press('Escape');
      await expect(board).toBeHidden();
      await press(page, panel.getByRole('button', { name: '关闭播放器' }), '关闭播放器');
      await expect(panel).toBeHidden();
    });

test('at 375 px the first visit’s toasts leave the board’s controls clickable (?showSpecial)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/home?showSpecial');
  const board = page.locator('[data-lyric-board]');
  await expect(board).toBeVisible();
  // Looked at in one go while a toast is on screen: what covers each control.
  const covered = () =>
    board.evaluate((el) => {
      if (!document.querySelector('[data-toaster] [data-toast]')) return ['(no toast on screen yet)'];
      const out: string[] = [];
      for (const b of el.querySelectorAll<HTMLElement>('[data-board-controls] button')) {
        const r = b.getBoundingClientRect();
        const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
        if (!hit || !b.contains(hit))
          out.push(`${b.getAttribute('aria-label') ?? b.textContent}: ${hit?.textContent}`);
      }
      return out;
    });
  await expect.poll(covered).toEqual([]);
});

test('Back from a page with the lyric board open leaves no board over the page it returns to', async ({
  page,
}) => {
  await page.goto('/home');
  await page.locator('#site-header nav[aria-label="主菜单"]').getByRole('link', { name: '说说' }).click();
  await expect(page).toHaveURL(/\/talk$/);
  await openPlayer(page);
  const board = page.locator('[data-lyric-board]');
  await page.locator('[data-music-panel]').getByRole('button', { name: '歌词', exact: true }).click();
  await expect(board).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/home$/);
  await expect(board).toBeHidden();
  const search = page.locator('#site-header').getByRole('button', { name: '搜索', exact: true });
  await expect.poll(() => blocker(search)).toBe('');
});
