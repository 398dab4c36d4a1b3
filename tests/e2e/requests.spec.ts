import { hydrated } from './community.ts';
import { expect, test } from './fixtures.ts';

/** Waits for the browser to paint this many frames (renders settle; no fixed time). */
const frames = (page: import('@playwright/test').Page, n: number) =>
  page.evaluate(
    (count) =>
      new Promise<void>((done) => {
        let left = count;
        const tick = () => (--left <= 0 ? done() : requestAnimationFrame(tick));
        requestAnimationFrame(tick);
      }),
    n,
  );

test("opening a talk's comments asks for their total once, not in a loop", async ({ page }) => {
  await page.goto('/talk');
  await hydrated(page, '[data-talk-id]');
  let totals = 0;
  page.on('request', (r) => {
    if (r.url().includes('/api/comment/getCommentTotal')) totals++;
  });
  const talk = page.locator('[data-talk-id]').first();
  const id = await talk.getAttribute('data-talk-id');
  await talk.getByRole('button', { name: /评论/ }).first().click();
  await expect(talk.locator(`[data-comments="2-${id}"]`)).toBeVisible();
  await expect.poll(() => totals).toBeGreaterThan(0);
  await frames(page, 60);
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => {});
  expect(totals).toBeLessThanOrEqual(2);
});

test('a talk opened from a notification (/talk?id=) and a message detail ask for their comment total once', async ({
  page,
  request,
}) => {
  let totals = 0;
  page.on('request', (r) => {
    if (r.url().includes('/api/comment/getCommentTotal')) totals++;
  });
  const talks = (
    await (await request.post('/api/talk/blogGetTalkList', { data: { current: 1, size: 2 } })).json()
  ).result.list as { id: number }[];
  const id = talks[1].id;
  await page.goto(`/talk?id=${id}`);
  await expect(page.locator(`[data-comments="2-${id}"]`)).toBeVisible();
  await expect.poll(() => totals).toBeGreaterThan(0);
  await frames(page, 60);
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => {});
  expect(totals).toBeLessThanOrEqual(2);

  totals = 0;
  const messages = (
    await (await request.post('/api/message/getMessageList', { data: { current: 1, size: 1 } })).json()
  ).result.list as { id: number }[];
  await page.goto(`/message/detail?id=${messages[0].id}`);
  await expect(page.locator(`[data-comments="3-${messages[0].id}"]`)).toBeVisible();
  // The comments are server HTML until the reader touches them (client:interaction,
  // docs/decisions/0010-islands-on-interaction.md).
  await hydrated(page, `[data-comments="3-${messages[0].id}"]`);
  await expect.poll(() => totals).toBeGreaterThan(0);
  await frames(page, 60);
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => {});
  expect(totals).toBeLessThanOrEqual(2);
});
