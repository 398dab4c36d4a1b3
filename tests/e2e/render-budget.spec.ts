import { admin, signIn } from './accounts.ts';
import { expect, test } from './fixtures.ts';

/**
 * docs/decisions/0005-render-pool-and-budget.md: an article whose Markdown keeps the parser busy for many
 * seconds (192 KB of `[a](`) is shown as escaped plain text once the render budget is spent, without
 * holding up other articles' first views; the note saying so is shown to the admin only (the page HTML is
 * shared).
 */
const NOTE = '这篇文章的正文渲染超时，已按纯文本显示；请检查 Markdown 语法后重新保存。';
const STUCK = `<script>window.__rendered = 1</script><img src=x onerror="window.__rendered = 2">\n\n${'[a]('.repeat(48_000)}`;

test('a body past the render budget: plain text for visitors, the note for the admin', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const auth = { authorization: `Bearer ${admin().token}` };
  const stamp = Date.now().toString(36);
  const add = async (title: string, content: string) => {
    const res = await request.post('/api/article/add', {
      data: { article_title: title, article_content: content, status: 1 },
      headers: auth,
    });
    return (await res.json()).result.id as number;
  };
  const stuckId = await add(`渲染超时${stamp}`, STUCK);
  const ordinaryId = await add(`平常文章${stamp}`, '# 平常的正文\n\n```ts\nconst a = 1;\n```\n');

  // Both first views (neither page is cached yet): the ordinary one is answered while the stuck one
  // is still rendering.
  const order: string[] = [];
  const stuck = request.get(`/article?id=${stuckId}`).then((res) => {
    order.push('stuck');
    return res;
  });
  const ordinary = request.get(`/article?id=${ordinaryId}`).then((res) => {
    order.push('ordinary');
    return res;
  });
  const [stuckRes, ordinaryRes] = await Promise.all([stuck, ordinary]);
  expect(order).toEqual(['ordinary', 'stuck']);
  expect(ordinaryRes.status()).toBe(200);
  expect(await ordinaryRes.text()).toContain('平常的正文');
  expect(stuckRes.status()).toBe(200);

  // A visitor: the Markdown as text, nothing of it run, no note.
  await page.goto(`/article?id=${stuckId}`);
  const body = page.locator('.md-body[data-article-body]');
  await expect(body.locator('pre.md-plain')).toContainText('<script>window.__rendered = 1</script>');
  await expect(body.locator('script, img')).toHaveCount(0);
  expect(await page.evaluate(() => (window as { __rendered?: number }).__rendered)).toBeUndefined();
  await expect(page.getByText(NOTE)).toBeHidden();

  // The admin: the same page, with the note.
  const adminPage = await page.context().browser()?.newPage();
  if (!adminPage) throw new Error('no browser');
  await signIn(adminPage, admin());
  await adminPage.goto(`${process.env.E2E_URL}/article?id=${stuckId}`);
  await expect(adminPage.locator('[data-render-note]')).toBeVisible();
  await expect(adminPage.locator('[data-render-note]')).toHaveText(NOTE);
  await expect(adminPage.locator('.md-body pre.md-plain')).toContainText('[a]([a](');
  await adminPage.close();
  // To the bin: off /home, whose height other specs scroll on (scroll.spec).
  for (const id of [stuckId, ordinaryId])
    await request.delete(`/api/article/delete/${id}/1`, { headers: auth });
});
