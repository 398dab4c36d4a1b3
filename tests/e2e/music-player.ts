import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/** The music player's steps shared by its specs, against the demo library of the test server. */

/** Opens the panel once the launcher's script has wired it up (it marks itself ready). */
export async function openPlayer(page: Page) {
  await expect(page.locator('[data-music-player]')).toHaveAttribute('data-ready', '');
  await page.getByRole('button', { name: '音乐播放器' }).click();
  await expect(page.locator('[data-music-panel]')).toBeVisible();
}

export const currentTime = (page: Page) =>
  page.locator('audio[data-music-audio]').evaluate((a: HTMLAudioElement) => a.currentTime);

/** Plays a song of the first (demo) folder from the open panel until its audio is running. */
export async function playDemoSong(page: Page, name = '清晨的风') {
  const panel = page.locator('[data-music-panel]');
  await panel.locator(`[data-song-row="${name}"]`).getByRole('button', { name }).click();
  await expect(panel.locator('[data-now-playing]')).toHaveText(name);
  await expect.poll(() => currentTime(page), { timeout: 10_000 }).toBeGreaterThan(0.3);
}
