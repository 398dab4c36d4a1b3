import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { admin, createUser, signIn } from './accounts.ts';
import { consoleReady, useTheme } from './admin-console.ts';
import { query, unique } from './community.ts';
import { expect, expectToast, test } from './fixtures.ts';

/**
 * The owner console's 聊天室 screen: the history searched, one message deleted (every open
 * chat sees it go), a user forced offline. The chat room is shared with chat.spec: these tests tell
 * their messages apart by content, remove what they wrote, and never clear the room.
 */

async function say(page: Page, text: string) {
  const input = page.getByRole('textbox', { name: '聊天消息' });
  await input.fill(text);
  await input.press('Enter');
  await expect(input).toHaveValue('');
}

/** Deletes the chat messages with these texts (whatever the test got to write). */
async function removeMessages(request: import('@playwright/test').APIRequestContext, texts: string[]) {
  const headers = { Authorization: `Bearer ${admin().token}` };
  for (const text of texts)
    for (const { id } of query<{ id: number }>('SELECT id FROM chat WHERE content = ?', text))
      await request.delete(`/api/chat/deleteOne/${id}`, { headers });
}

test('the blogger searches the chat, deletes one message and forces a user offline', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const nick = unique('聊天者');
  const user = await createUser({ nick_name: nick });
  const first = unique('第一句');
  const second = unique('第二句');
  const ctx = await browser.newContext({ baseURL: process.env.E2E_URL });
  const theirs = await ctx.newPage();
  try {
    await signIn(theirs, user);
    await theirs.goto('/home');
    await theirs.locator('[data-chat-button][data-ready]').waitFor();
    await theirs.locator('[data-chat-button]').click();
    const panel = theirs.locator('[role="dialog"][aria-label="聊天室"] [data-chat-panel]');
    await expect(panel).toHaveAttribute('data-status', 'open');
    await say(theirs, first);
    await say(theirs, second);
    const bubble = (text: string) => theirs.locator('[data-message-id]', { hasText: text });
    await expect(bubble(second)).toBeVisible();

    await signIn(page, admin());
    await page.goto('/admin/chat');
    await consoleReady(page, '聊天室');
    // Search by text: only that message; by sender: both, newest first.
    await page.getByRole('searchbox', { name: '按内容搜索消息' }).fill(first);
    await expect(page.getByRole('row').filter({ hasText: first })).toHaveCount(1);
    await expect(page.getByRole('row').filter({ hasText: second })).toHaveCount(0);
    await page.getByRole('searchbox', { name: '按内容搜索消息' }).fill('');
    await page.getByRole('searchbox', { name: '按发送者搜索消息' }).fill(nick);
    const rows = page.getByRole('row').filter({ hasText: nick });
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toContainText(second);

    // Delete one: gone from the list and from the user's open chat.
    await page.getByRole('button', { name: `删除${nick}的消息「${first.slice(0, 12)}` }).click();
    const ask = page.getByRole('alertdialog', { name: '删除消息' });
    await ask.getByRole('button', { name: '删除' }).click();
    await expect(ask).toBeHidden();
    await expectToast(page, '删除成功');
    await expect(rows).toHaveCount(1);
    await expect(bubble(first)).toHaveCount(0);
    await expect(bubble(second)).toBeVisible();

    // Who is online: the user, with force offline.
    const online = page.getByRole('region', { name: /^在线用户/ });
    await online.getByRole('button', { name: '刷新在线用户' }).click();
    await expect(online.getByText(nick)).toBeVisible();
    await online.getByRole('button', { name: `强制下线${nick}` }).click();
    const kick = page.getByRole('alertdialog', { name: '强制下线' });
    await expect(kick).toContainText(`确认强制下线${nick}吗`);
    await kick.getByRole('button', { name: '强制下线' }).click();
    await expectToast(page, `已强制下线${nick}`);
    await expect(online.getByText(nick)).toHaveCount(0);
    await expect(theirs.getByText('你已被管理员强制下线')).toBeVisible();
    // Read again from the server: they are gone.
    await online.getByRole('button', { name: '刷新在线用户' }).click();
    await expect(online.getByText(nick)).toHaveCount(0);
  } finally {
    await ctx.close();
    await removeMessages(request, [first, second]);
  }
});

for (const [theme, width] of [
  ['light', 1440],
  ['dark', 375],
] as const) {
  test(`axe: 聊天室 and its dialogs at ${width} px (${theme})`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await useTheme(page, theme);
    await signIn(page, admin());
    await page.goto('/admin/chat');
    await consoleReady(page, '聊天室');
    await expect(page.getByText('加载中…')).toHaveCount(0);
    const bad = async () => {
      const { violations } = await new AxeBuilder({ page }).analyze();
      return violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    };
    expect(await bad()).toEqual([]);
    await page.getByRole('searchbox', { name: '按内容搜索消息' }).fill('不会有这样的消息');
    await expect(page.getByText('没有相符的消息')).toBeVisible();
    expect(await bad()).toEqual([]);
    // Nothing is wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  });
}
