import { rmSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { tinyWav } from '../api/fuzz-spec.ts';
import { admin, signIn } from './accounts.ts';
import { consoleReady, useTheme } from './admin-console.ts';
import { unique } from './community.ts';
import { expect, test } from './fixtures.ts';

/** 音乐库 (/admin/music): upload a song and its lyrics into a new folder, then play it from the site's player. */

test('a WAV and its .lrc uploaded into a new folder are listed with lyrics and play from the player search', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const folder = unique('上传测试');
  const song = unique('上传之歌');
  try {
    await signIn(page, admin());
    await page.goto('/admin/music');
    await consoleReady(page, '音乐库');
    await expect(page.getByRole('row').filter({ hasText: '清晨的风' })).toContainText('有歌词');

    await page.getByLabel('上传到文件夹').fill(folder);
    await page.locator('[data-upload="上传音乐"]').setInputFiles([
      { name: `01 ${song}.wav`, mimeType: 'audio/wav', buffer: Buffer.from(tinyWav(4000)) },
      {
        name: `01 ${song}.lrc`,
        mimeType: 'text/plain',
        buffer: Buffer.from(`[00:00.00]${song}的第一句\n[00:02.00]${song}的第二句\n`),
      },
      { name: 'notes.mp3', mimeType: 'audio/mpeg', buffer: Buffer.from('这不是音频') },
    ]);
    await expect(page.getByText('已上传 2 个，1 个文件未通过')).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: 'notes.mp3' })).toContainText(
      '未通过：文件内容不是 mp3 音频',
    );
    await page.getByRole('searchbox', { name: '搜索音乐' }).fill(song);
    const row = page.getByRole('row').filter({ hasText: song });
    await expect(row).toContainText(folder);
    await expect(row).toContainText('有歌词');
    await expect(row).toContainText('0:04');

    // The visitor's player finds it and plays it.
    await page.goto('/home');
    await expect(page.locator('[data-music-player]')).toHaveAttribute('data-ready', '');
    await page.getByRole('button', { name: '音乐播放器' }).click();
    const panel = page.locator('[data-music-panel]');
    await panel.getByRole('button', { name: '搜索歌曲' }).click();
    await panel.getByPlaceholder('请输入歌名或歌手').fill(song);
    await panel.getByRole('button', { name: '搜索', exact: true }).click();
    await panel.locator(`[data-song-row="${song}"]`).getByRole('button', { name: song }).click();
    await expect(panel.locator('[data-now-playing]')).toHaveText(song);
    await expect
      .poll(() => page.locator('audio[data-music-audio]').evaluate((a: HTMLAudioElement) => a.currentTime), {
        timeout: 10_000,
      })
      .toBeGreaterThan(0.3);
  } finally {
    // What the test added goes, and the library is scanned without it.
    rmSync(path.join(process.env.E2E_DATA_DIR ?? '', 'music', folder), { recursive: true, force: true });
    await request.post('/api/music/rescan', { headers: { Authorization: `Bearer ${admin().token}` } });
  }
});

for (const [theme, width] of [
  ['light', 1440],
  ['dark', 375],
] as const) {
  test(`axe: 音乐库 at ${width} px (${theme})`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await useTheme(page, theme);
    await signIn(page, admin());
    await page.goto('/admin/music');
    await consoleReady(page, '音乐库');
    await expect(page.getByText('清晨的风').first()).toBeVisible();
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(
      violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  });
}
