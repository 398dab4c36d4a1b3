import type { Page } from '@playwright/test';
import { listHref, readingMinutes } from '../../src/lib/article.ts';
import { admin, signIn } from './accounts.ts';
import { consoleReady } from './admin-console.ts';
import { unique } from './community.ts';
import { expect, expectToast, test } from './fixtures.ts';

/**
 * The writing features of the console and the article page (docs/owner-guide.md#内容): 历史版本 with its
 * side-by-side comparison and 恢复.
 */
const bearer = () => ({ Authorization: `Bearer ${admin().token}` });

/** Titles of the articles these tests write; each test's articles are removed after it. */
const PREFIXES = ['历史版本', '定时发布', '加密文章'];

test.afterEach(async ({ request }) => {
  for (const status of [undefined, 3]) {
    for (const prefix of PREFIXES) {
      const res = await request.post('/api/article/getArticleList', {
        data: { current: 1, size: 50, article_title: prefix, ...(status ? { status } : {}) },
        headers: bearer(),
      });
      const list: { id: number }[] = (await res.json()).result?.list ?? [];
      for (const { id } of list) await request.delete(`/api/article/delete/${id}`, { headers: bearer() });
    }
  }
});

async function api(page: Page, method: 'post' | 'put', url: string, data: unknown) {
  const res = await page.request[method](url, { data, headers: bearer() });
  const body = await res.json();
  expect(body.code, body.message).toBe(0);
  return body.result;
}

test('历史版本: two saves side by side, 恢复 puts the older back as a new version', async ({ page }) => {
  const title = unique('历史版本');
  await signIn(page, admin());
  const { id } = await api(page, 'post', '/api/article/add', {
    article_title: title,
    article_content: '第一行\n旧的第二行\n第三行',
    status: 3,
  });
  await api(page, 'put', '/api/article/update', {
    id,
    article_content: '第一行\n新的第二行\n第三行\n第四行',
  });

  await page.goto(`/admin/articles/edit?id=${id}`);
  await consoleReady(page, '编辑文章');
  await page.getByRole('button', { name: '历史版本' }).click();
  const dialog = page.getByRole('dialog', { name: '历史版本' });
  await expect(dialog.locator('tbody tr[data-revision]')).toHaveCount(2);
  await expect(dialog.locator('tbody tr[data-revision]').first()).toContainText('17 字');
  // To the second: two saves within a minute read apart.
  const listed: { id: number; createdAt: string }[] = (
    await (await page.request.get(`/api/article/revisions/${id}`, { headers: bearer() })).json()
  ).result;
  expect(listed).toHaveLength(2);
  for (const r of listed)
    await expect(dialog.locator(`tr[data-revision="${r.id}"] td`).first()).toHaveText(
      new RegExp(`^${r.createdAt}`),
    );

  // The older on the left, the newer on the right: the changed line beside what it became.
  const diff = dialog.getByRole('table', { name: '版本对比' });
  await expect(diff.locator('td[data-kind="removed"]')).toHaveText(['旧的第二行']);
  await expect(diff.locator('td[data-kind="added"]')).toHaveText(['新的第二行', '第四行']);

  await dialog.locator('tbody tr[data-revision]').nth(1).getByRole('button', { name: '恢复' }).click();
  await page
    .getByRole('alertdialog', { name: '恢复这个版本？' })
    .getByRole('button', { name: '恢复' })
    .click();
  await expectToast(page, '已恢复该版本');
  await expect(page.locator('.cm-content')).toContainText('旧的第二行');

  const saved = await (
    await page.request.get(`/api/article/getArticleById/${id}`, { headers: bearer() })
  ).json();
  expect(saved.result.article_content).toBe('第一行\n旧的第二行\n第三行');
  await page.getByRole('button', { name: '历史版本' }).click();
  await expect(dialog.locator('tbody tr[data-revision]')).toHaveCount(3);
});

test('定时发布: the list shows 定时 with the time; the article appears at its time', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const title = unique('定时发布');
  await signIn(page, admin());
  // A few seconds ahead: the job of the test's server looks every 5 s.
  const at = new Date(Date.now() + 8_000);
  const { id } = await api(page, 'post', '/api/article/add', {
    article_title: title,
    article_content: '到点才出现的正文',
    publish_at: at.toISOString(),
  });
  await page.goto('/admin/articles');
  await consoleReady(page, '文章');
  await expect(page.getByRole('row').filter({ hasText: title })).toContainText(
    /定时 \d{4}-\d{2}-\d{2} \d{2}:\d{2}/,
  );

  // A visitor: a context of its own, signed in nowhere.
  const guest = await browser.newContext({ baseURL });
  const visitor = await guest.newPage();
  const res = await visitor.goto(`/article?id=${id}`);
  expect(res?.status()).toBe(404);
  await expect
    .poll(
      async () => {
        await visitor.goto(`/article?id=${id}`);
        return visitor.getByRole('heading', { level: 1, name: title }).count();
      },
      { timeout: 45_000, intervals: [2_000] },
    )
    .toBe(1);
  await guest.close();
});

test('加密文章: visitors get a password box and no text; the password opens it for the session', async ({
  page,
  browser,
  baseURL,
}) => {
  const title = unique('加密文章');
  const secret = unique('只有密码才能看到');
  await signIn(page, admin());
  const tag = unique('加密标签').slice(0, 20);
  const { id } = await api(page, 'post', '/api/article/add', {
    article_title: title,
    article_content: `## 秘密小节\n\n${secret}`,
    article_description: '一篇需要密码的文章',
    password: 'e2e-密码',
    tagNameList: [tag],
  });
  const { wordCount, tagIdList } = (
    await (await page.request.get(`/api/article/getArticleById/${id}`, { headers: bearer() })).json()
  ).result;
  // What its length would say: neither is in a page before it is opened.
  const words = `${wordCount} 字`;
  const minutes = `约 ${readingMinutes(wordCount)} 分钟`;
  // The admin reads it at once.
  await page.goto(`/article?id=${id}`);
  await expect(page.locator('[data-locked-body]')).toContainText(secret);

  const guest = await browser.newContext({ baseURL });
  const visitor = await guest.newPage();
  const html = await (await visitor.request.get(`/article?id=${id}`)).text();
  expect(html).toContain(title);
  expect(html).not.toContain(secret);
  expect(html).not.toContain('秘密小节');
  expect(html).not.toContain(words);
  expect(html).not.toMatch(/约 \d+ 分钟/);
  const card = await (await visitor.request.get(listHref('tag', tagIdList[0], tag))).text();
  expect(card).toContain(title);
  expect(card).not.toMatch(/约 \d+ 分钟/);
  await visitor.goto(`/article?id=${id}`);
  await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(visitor.getByText('一篇需要密码的文章')).toBeVisible();
  const facts = visitor.getByRole('list', { name: '文章信息' });
  await expect(facts).toContainText('次浏览');
  await expect(facts).not.toContainText('字');
  await expect(facts).not.toContainText('分钟');
  const box = visitor.getByLabel('文章密码');
  await box.fill('不对');
  await visitor.getByRole('button', { name: '解锁' }).click();
  await expect(visitor.getByRole('alert')).toHaveText('密码错误');
  await box.fill('e2e-密码');
  await visitor.getByRole('button', { name: '解锁' }).click();
  await expect(visitor.locator('[data-locked-body]')).toContainText(secret);
  await expect(visitor.getByRole('heading', { name: '秘密小节' })).toBeVisible();
  // Opened: the banner tells its length.
  await expect(facts).toContainText(words);
  await expect(facts).toContainText(minutes);
  // For the rest of the session it opens by itself.
  await visitor.reload();
  await expect(visitor.locator('[data-locked-body]')).toContainText(secret);
  await expect(visitor.getByLabel('文章密码')).toHaveCount(0);
  await guest.close();
});
