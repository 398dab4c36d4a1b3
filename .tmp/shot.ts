import { chromium } from '@playwright/test';

const [url, out, width = '1440', theme = 'light', extra = ''] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium' });
const page = await browser.newPage({ viewport: { width: Number(width), height: 900 } });
await page.addInitScript((t) => {
  const enc = (s: string) => btoa(encodeURIComponent(s));
  const data: Record<string, unknown> = {
    theme: t,
    previewTheme: 'default',
    codeTheme: 'atom',
    messageTypeIsCard: false,
  };
  const extra = (window as any).__extra;
  localStorage.setItem(enc('staticData'), enc(JSON.stringify(data)));
}, theme);
await page.goto(url, { waitUntil: 'networkidle' });
if (extra) await page.evaluate(extra);
await page.waitForTimeout(500);
await page.screenshot({ path: out, fullPage: extra.includes('full') });
await browser.close();
