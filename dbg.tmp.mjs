import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage();
page.on('console', (m) => console.log('console', m.type(), m.text()));
page.on('pageerror', (e) => console.log('pageerror', e.message, e.stack));
await page.goto('http://127.0.0.1:4555' + process.argv[2]);
await page.waitForTimeout(2000);
console.log(await page.locator('[data-talk-id]').count());
await browser.close();
