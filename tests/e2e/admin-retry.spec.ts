import type { Page, Request, Route } from '@playwright/test';
import { admin, signIn } from './accounts.ts';
import { consoleReady } from './admin-console.ts';
import { unique } from './community.ts';
import { expect, expectToast, test } from './fixtures.ts';

/**
 * A create whose answer is lost on the way back (the server committed, the
 * browser got nothing) is asked again with the same Idempotency-Key, by the client itself and by the
 * console's next press, and the server answers it with the first answer: one article, never two.
 */

const bearer = () => ({ Authorization: `Bearer ${admin().token}` });
const PREFIX = '重试文章';

/** The articles with this title (drafts included), through the owner's list. */
async function articlesTitled(page: Page, title: string): Promise<{ id: number }[]> {
  const res = await page.request.post('/api/article/getArticleList', {
    data: { current: 1, size: 50, article_title: title },
    headers: bearer(),
  });
  return (await res.json()).result.list;
}

test.afterEach(async ({ request }) => {
  const res = await request.post('/api/article/getArticleList', {
    data: { current: 1, size: 50, article_title: PREFIX },
    headers: bearer(),
  });
  // To the bin (status 1 → 2 … the route takes the current status): off /home for the other specs.
  for (const { id } of (await res.json()).result?.list ?? [])
    await request.delete(`/api/article/delete/${id}/1`, { headers: bearer() });
});

/**
 * Lets the first `lose` calls to /api/article/add reach the server, which writes the article, and
 * then drops their answers as a dying process or a broken connection would; later calls go through.
 * Returns the Idempotency-Key of every call.
 */
async function loseAnswers(page: Page, lose: number): Promise<string[]> {
  const keys: string[] = [];
  await page.route('**/api/article/add', async (route: Route, request: Request) => {
    keys.push((await request.allHeaders())['idempotency-key'] ?? '');
    if (keys.length > lose) return route.continue();
    await route.fetch();
    await route.abort('connectionreset');
  });
  return keys;
}

async function newArticle(page: Page, title: string) {
  await signIn(page, admin());
  await page.goto('/admin/articles/edit');
  await consoleReady(page, '写文章');
  await page.getByLabel('文章标题').fill(title);
  const content = page.locator('.cm-content');
  await content.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(`\n${title} 的正文`);
}

test('写文章: the first answer is lost, the client asks again with its key: saved once', async ({ page }) => {
  const title = unique(PREFIX);
  await newArticle(page, title);
  const keys = await loseAnswers(page, 1);
  await page.getByRole('button', { name: '发布' }).click();
  await expectToast(page, '发布成功');
  await expect(page).toHaveURL(/\/admin\/articles\/edit\?id=\d+$/);
  expect(keys).toHaveLength(2);
  expect(keys[0]).toMatch(/^[\w-]{32,36}$/);
  expect(keys[1]).toBe(keys[0]);
  const saved = await articlesTitled(page, title);
  expect(saved).toHaveLength(1);
  expect(Number(new URL(page.url()).searchParams.get('id'))).toBe(saved[0].id);
});

test('写文章: both tries lost, the save fails; pressing 发布 again saves the same article, once', async ({
  page,
}) => {
  const title = unique(PREFIX);
  await newArticle(page, title);
  const keys = await loseAnswers(page, 2);
  await page.getByRole('button', { name: '发布' }).click();
  await expectToast(page, '保存失败，请稍后再试');
  await expect(page).toHaveURL(/\/admin\/articles\/edit$/);
  // The server wrote it on the first try, and only then.
  expect(await articlesTitled(page, title)).toHaveLength(1);

  await page.getByRole('button', { name: '发布' }).click();
  await expectToast(page, '发布成功');
  await expect(page).toHaveURL(/\/admin\/articles\/edit\?id=\d+$/);
  expect(keys).toHaveLength(3);
  expect(new Set(keys).size).toBe(1);
  const saved = await articlesTitled(page, title);
  expect(saved).toHaveLength(1);
  expect(Number(new URL(page.url()).searchParams.get('id'))).toBe(saved[0].id);

  // The next save is an update of that article, not another create.
  const updated = page.waitForResponse('**/api/article/update');
  await page.getByRole('button', { name: '更新' }).click();
  expect((await (await updated).json()).code).toBe(0);
  expect(keys).toHaveLength(3);
});
