import type { Locator, Page } from '@playwright/test';
import { useTheme } from './admin-console.ts';
import { expect, test } from './fixtures.ts';

/**
 * On /talk: a one-author blog's 说说 repeat neither the blogger's name nor avatar on
 * each card (the date leads the card's head, as in Halo's 瞬间), and the 置顶 tag reads at 4.5:1 in
 * both themes. The demo data pins talks, so the first card carries the tag.
 */

const cards = (page: Page) => page.locator('[data-talk-id]');

test('no talk card shows the author’s name or avatar; the date comes first in its head', async ({ page }) => {
  await page.goto('/talk');
  const n = await cards(page).count();
  expect(n).toBeGreaterThan(1);
  // The blogger of the demo site (who wrote every talk), as the API names them.
  const res = await page.request.post('/api/talk/blogGetTalkList', { data: { current: 1, size: 1 } });
  const first = (await res.json()).result.list[0] as { nick_name: string };
  expect(first.nick_name).toBeTruthy();
  for (const card of await cards(page).all()) {
    const head = card.locator('header').first();
    await expect(head).not.toContainText(first.nick_name);
    // No picture in the head at all: an avatar is an <img> or the letter placeholder of Avatar.tsx.
    await expect(head.locator('img, [class*="avatar" i]')).toHaveCount(0);
    const lead = await head.evaluate((h) => {
      const firstLeaf = (el: Element): Element =>
        el.firstElementChild ? firstLeaf(el.firstElementChild) : el;
      return firstLeaf(h).tagName;
    });
    expect(lead).toBe('TIME');
  }
});

/**
 * The WCAG contrast of an element's text against what is behind it: its own background composited
 * over its ancestors' (the tag's is a translucent tint over the card). Colours are read back from a
 * canvas pixel, so any CSS colour syntax (color-mix, color(srgb …)) is measured alike.
 */
function contrastOnCard(el: Locator): Promise<number> {
  return el.evaluate((node) => {
    const ctx = document.createElement('canvas').getContext('2d', { willReadFrequently: true });
    if (!ctx) throw new Error('no canvas');
    const rgba = (css: string) => {
      ctx.clearRect(0, 0, 1, 1);
      ctx.fillStyle = css;
      ctx.fillRect(0, 0, 1, 1);
      const [r, g, b, a] = ctx.getImageData(0, 0, 1, 1).data;
      return [r, g, b, a / 255];
    };
    const layers: number[][] = [];
    for (let n: Element | null = node; n; n = n.parentElement) {
      const c = rgba(getComputedStyle(n).backgroundColor);
      if (c[3] > 0) layers.push(c);
      if (c[3] === 1) break;
    }
    // Paint from the page's white up (an opaque layer is always reached on this site).
    let back = [255, 255, 255];
    for (const [r, g, b, a] of layers.reverse())
      back = [r * a + back[0] * (1 - a), g * a + back[1] * (1 - a), b * a + back[2] * (1 - a)];
    const [tr, tg, tb, ta] = rgba(getComputedStyle(node).color);
    const text = [tr * ta + back[0] * (1 - ta), tg * ta + back[1] * (1 - ta), tb * ta + back[2] * (1 - ta)];
    const lum = (c: number[]) => {
      const [r, g, b] = c.map((v) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const [hi, lo] = [lum(text), lum(back)].sort((a, b) => b - a);
    return (hi + 0.05) / (lo + 0.05);
  });
}

for (const theme of ['light', 'dark'] as const) {
  test(`the 置顶 tag reads at 4.5:1 in the ${theme} theme`, async ({ page }) => {
    await useTheme(page, theme);
    await page.goto('/talk');
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    const pin = cards(page).first().getByText('置顶', { exact: true });
    await expect(pin).toBeVisible();
    const ratio = await contrastOnCard(pin);
    expect(ratio).toBeGreaterThanOrEqual(4.5);
  });
}
