import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/** Helpers of the owner console's browser tests (tests/e2e/admin-*.spec.ts). */

/** The console is on screen (the gate let the admin in). */
export async function consoleReady(page: Page, title: string) {
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible({ timeout: 15_000 });
}

/** Saves the theme the way the site does (staticData in local storage) before any page script runs. */
export async function useTheme(page: Page, theme: 'light' | 'dark') {
  await page.addInitScript((t) => {
    const key = btoa(encodeURIComponent('staticData'));
    localStorage.setItem(key, btoa(encodeURIComponent(JSON.stringify({ theme: t }))));
  }, theme);
}

/**
 * Replaces the editor's text with `text`, pasted (no key runs a list's continuation, and typing a long
 * body would take minutes).
 */
export async function pasteDoc(page: Page, text: string) {
  const content = page.locator('.cm-content');
  await content.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  await content.evaluate((el, t) => {
    const data = new DataTransfer();
    data.setData('text/plain', t);
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}
