import { chromium } from '@playwright/test';
import { startServer, stopServer } from '../tests/e2e/server.ts';
const s = await startServer();
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
for (const [name, vp, theme] of [['desk-light', { width: 1440, height: 900 }, 'light'], ['desk-dark', { width: 1440, height: 900 }, 'dark'], ['mobile', { width: 375, height: 740 }, 'light']] as const) {
  const ctx = await browser.newContext({ viewport: vp, baseURL: s.url, colorScheme: theme });
  const page = await ctx.newPage();
  await page.addInitScript((t) => localStorage.setItem(btoa(encodeURIComponent('staticData')), btoa(encodeURIComponent(JSON.stringify({ theme: t, previewTheme: 'default', codeTheme: 'atom', messageTypeIsCard: false })))), theme);
  await page.goto('/home');
  await page.waitForSelector('astro-island:has([data-music-player]):not([ssr])', { state: 'attached' });
  await page.getByRole('button', { name: '音乐播放器' }).click();
  await page.locator('[data-song-row="清晨的风"]').waitFor();
  await page.locator('[data-song-row="清晨的风"] button').first().click();
  await page.waitForTimeout(4000);
  await page.screenshot({ path: `tmp/${name}-panel.png` });
  await page.getByRole('button', { name: '歌词' }).click();
  await page.waitForTimeout(800);
  await page.screenshot({ path: `tmp/${name}-board.png` });
  await ctx.close();
}
await browser.close();
await stopServer(s);
