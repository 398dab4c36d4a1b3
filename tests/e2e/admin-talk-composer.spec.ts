import type { APIRequestContext } from '@playwright/test';
import { admin, signIn } from './accounts.ts';
import { consoleReady, useTheme } from './admin-console.ts';
import { seriousViolations } from './axe.ts';
import { postAs, query, unique, write } from './community.ts';
import { expect, expectToast, test } from './fixtures.ts';

/**
 * 说说 like Halo's 瞬间 (docs/owner-guide.md#内容): the composer at the top of the list posts a private,
 * pinned talk without leaving it; each talk shows its likes and comments.
 */
const headers = () => ({ Authorization: `Bearer ${admin().token}` });

async function purge(request: APIRequestContext, content: string) {
  for (const { id, status } of query<{ id: number; status: number }>(
    'SELECT id, status FROM talk WHERE content = ?',
    content,
  )) {
    write('DELETE FROM comment WHERE type = 2 AND for_id = ?', id);
    if (status !== 3)
      await request.delete(`/api/talk/deleteTalkById/${id}/${status}`, { headers: headers() });
    await request.delete(`/api/talk/deleteTalkById/${id}/3`, { headers: headers() });
  }
}

test('the composer posts a private, pinned 说说 and the list shows it on 私密', async ({ page, request }) => {
  const content = unique('顶部发表 ');
  try {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, admin());
    await page.goto('/admin/talks');
    await consoleReady(page, '说说');
    const composer = page.getByRole('region', { name: '发表说说' });
    await composer.getByRole('textbox', { name: '内容' }).fill(content);
    await composer.getByRole('radio', { name: '私密' }).check();
    await composer.getByRole('checkbox', { name: '置顶' }).check();
    await composer.getByRole('button', { name: '发布' }).click();
    await expectToast(page, '发布成功');
    await expect(page.getByRole('tab', { name: /私密/ })).toHaveAttribute('aria-selected', 'true');
    const row = page.getByRole('row').filter({ hasText: content });
    await expect(row).toContainText('置顶');
    await expect(composer.getByRole('textbox', { name: '内容' })).toHaveValue('');
    await expect(composer.getByRole('radio', { name: '公开' })).toBeChecked();
    const [talk] = query<{ status: number; is_top: number }>(
      'SELECT status, is_top FROM talk WHERE content = ?',
      content,
    );
    expect(talk).toEqual({ status: 2, is_top: 1 });
  } finally {
    await purge(request, content);
  }
});

for (const [width, theme] of [
  [1366, 'light'],
  [375, 'dark'],
] as const) {
  test(`at ${width} px (${theme}) each 说说 shows its likes and comments`, async ({ page, request }) => {
    await useTheme(page, theme);
    const content = unique('有人点赞 ');
    try {
      const { id } = await postAs(request, admin(), '/api/talk/publishTalk', { content });
      write('UPDATE talk SET like_times = 5 WHERE id = ?', id);
      const now = new Date().toISOString();
      for (const review of ['published', 'published', 'pending'])
        write(
          `INSERT INTO comment (type, for_id, parent_id, from_id, to_id, content, thumbs_up, ip, ip_address,
            review_status, createdAt, updatedAt) VALUES (2, ?, NULL, 1, NULL, '好', 0, '127.0.0.1', '', ?, ?, ?)`,
          id,
          review,
          now,
          now,
        );
      await page.setViewportSize({ width, height: 900 });
      await signIn(page, admin());
      await page.goto('/admin/talks');
      await consoleReady(page, '说说');
      const row = page.getByRole('row').filter({ hasText: content });
      await expect(row.getByTitle('点赞')).toHaveText('点赞 5');
      await expect(row.getByTitle('评论')).toHaveText('评论 2');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      expect(await seriousViolations(page, 'main')).toEqual([]);
    } finally {
      await purge(request, content);
    }
  });
}
