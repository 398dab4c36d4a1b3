import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { admin, signIn } from './accounts.ts';
import { consoleReady, useTheme } from './admin-console.ts';
import { expect, expectToast, test } from './fixtures.ts';

/**
 * 导入与导出 (/admin/import): a WordPress export's dry run is shown with what would be created and
 * what is skipped and why (nothing written: the shared site stays as found), and the whole-site
 * archive downloads.
 */

const WXR = path.resolve(import.meta.dirname, '../fixtures/import/wordpress/export.xml');

for (const [theme, width] of [
  ['light', 1440],
  ['dark', 375],
] as const) {
  test(`the dry run of a WordPress export at ${width} px (${theme})`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await useTheme(page, theme);
    await signIn(page, admin());
    await page.goto('/admin/import');
    await consoleReady(page, '导入与导出');
    await expect(page.getByRole('button', { name: '开始导入' })).toBeDisabled();
    await page.getByLabel('文件').setInputFiles(WXR);
    await page.getByRole('button', { name: '试运行' }).click();
    await expect(page.getByText('试运行报告（尚未写入）')).toBeVisible();
    await expect(page.getByText(/^将新建 \d+ 项（.*文章 3.*评论 3/)).toBeVisible();
    // Per kind: what would be created, imported before, left out and failed.
    await expect(page.getByRole('columnheader', { name: '将新建' })).toBeVisible();
    await expect(page.getByRole('row', { name: /^文章 3 0 0 \d+ 0$/ })).toBeVisible();
    await expect(page.getByRole('cell', { name: '《扔掉的文章》' })).toBeVisible();
    await expect(page.getByRole('cell', { name: /回收站/ }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: '开始导入' })).toBeEnabled();
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(
      violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id),
    ).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  });
}

test('下载全站归档 gives a dated .tar.gz', async ({ page }) => {
  await signIn(page, admin());
  await page.goto('/admin/import');
  await consoleReady(page, '导入与导出');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: '下载全站归档' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^blog-site-\d{8}-\d{6}\.tar\.gz$/);
  const { readFileSync } = await import('node:fs');
  const bytes = readFileSync(await download.path());
  expect([bytes[0], bytes[1]]).toEqual([0x1f, 0x8b]);
  await expectToast(page, /^全站归档已下载：blog-site-/);
});
