import type { Locator } from '@playwright/test';
import { createUser, tokenFor } from './accounts.ts';
import { useTheme } from './admin-console.ts';
import { hydrated, unique } from './community.ts';
import { expect, test } from './fixtures.ts';

/**
 * A guestbook message's chosen text color stays readable (4.5:1) on the card in
 * both themes (the original client's default grey #676767 was grey on dark grey), and images in an
 * article's body are dimmed a little in the dark theme.
 */

/** The WCAG contrast of an element's computed text color against its own computed background. */
function contrastOf(el: Locator): Promise<number> {
  return el.evaluate((node) => {
    const rgb = (c: string) => (c.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
    const lum = (c: number[]) => {
      const [r, g, b] = c.map((v) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const style = getComputedStyle(node);
    const [hi, lo] = [lum(rgb(style.color)), lum(rgb(style.backgroundColor))].sort((a, b) => b - a);
    return (hi + 0.05) / (lo + 0.05);
  });
}

for (const theme of ['light', 'dark'] as const) {
  test(`a message in the default grey is readable in the ${theme} theme`, async ({ page, request }) => {
    const user = await createUser();
    const text = unique('灰色留言');
    const made = await request.post('/api/message/add', {
      data: { message: text, tag: '留言', color: '#676767' },
      headers: { authorization: `Bearer ${tokenFor(user)}` },
    });
    const id = (await made.json()).result.id as number;
    await useTheme(page, theme);
    for (const path of [`/message/detail?id=${id}`, '/message/list']) {
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      if (path === '/message/list') await hydrated(page, '[data-layout]');
      const note = page.locator(`[data-message-text]:has-text("${text}")`).first();
      await expect(note).toBeVisible();
      expect(await contrastOf(note), path).toBeGreaterThanOrEqual(4.5);
    }
  });
}

test('images in an article body are dimmed in the dark theme only', async ({ page }) => {
  const brightness = async () => {
    await page.goto('/article?id=1');
    await expect(page.locator('html')).toHaveAttribute('data-theme', /light|dark/);
    const img = page.locator('.md-body img').first();
    await img.scrollIntoViewIfNeeded();
    return img.evaluate((el) => getComputedStyle(el).filter);
  };
  await useTheme(page, 'light');
  expect(await brightness()).toBe('none');
  // A second init script, run after the first: the dark theme.
  await useTheme(page, 'dark');
  expect(await brightness()).toMatch(/^brightness\(0\.\d+\)$/);
});
