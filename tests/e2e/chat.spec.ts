import { rmSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { Browser, Page } from '@playwright/test';
import { admin, createUser, signIn, type TestUser } from './accounts.ts';
import { unique, write } from './community.ts';
import { expect, test } from './fixtures.ts';
import { randomPng } from './png.ts';

/**
 * The chat room in real browsers: two contexts (two people) on the built server. The tests share the
 * server's one chat room, so they run one after another and tell their messages apart by content.
 */
test.describe.configure({ mode: 'serial' });

/** A signed-in (or, without a user, visitor) page on `path`, its chat button hydrated. */
async function person(browser: Browser, user: TestUser | null, path = '/home'): Promise<Page> {
  const ctx = await browser.newContext({ baseURL: process.env.E2E_URL });
  const page = await ctx.newPage();
  if (user) await signIn(page, user);
  await page.goto(path);
  await page.locator('[data-chat-button][data-ready]').waitFor();
  return page;
}

async function openChat(page: Page) {
  await page.locator('[data-chat-button]').click();
  const panel = page.locator('[role="dialog"][aria-label="聊天室"] [data-chat-panel]');
  await expect(panel).toBeVisible();
  await expect(panel).toHaveAttribute('data-status', 'open');
  return panel;
}

async function say(page: Page, text: string) {
  const input = page.getByRole('textbox', { name: '聊天消息' });
  await input.fill(text);
  await input.press('Enter');
  await expect(input).toHaveValue('');
}

const bubble = (page: Page, text: string) => page.locator('[data-message-id]', { hasText: text });

test('two people chat both ways; names, sides and the online list are right', async ({ browser }) => {
  // Two browser contexts and many round trips: near the default 30 s on a loaded machine.
  test.setTimeout(60_000);
  const alice = await createUser({ nick_name: '爱丽丝' });
  const bob = await createUser({ nick_name: '鲍勃' });
  const a = await person(browser, alice);
  const b = await person(browser, bob);
  const panelA = await openChat(a);
  await openChat(b);

  // Both are in each other's online list, once each.
  await expect(panelA.locator(`[data-online-user="${bob.id}"]`)).toHaveCount(1);
  await expect(b.locator(`[data-online-user="${alice.id}"]`)).toHaveCount(1);

  await say(a, '你好，鲍勃 👋');
  await expect(bubble(b, '你好，鲍勃 👋')).toContainText('爱丽丝');
  await expect(bubble(b, '你好，鲍勃 👋')).toHaveAttribute('data-mine', 'false');
  await expect(bubble(a, '你好，鲍勃 👋')).toHaveAttribute('data-mine', 'true');

  await say(b, '<i>你好</i>，爱丽丝');
  // Shown as typed: text, never markup.
  await expect(bubble(a, '<i>你好</i>，爱丽丝')).toContainText('鲍勃');
  await expect(bubble(a, '<i>你好</i>，爱丽丝').locator('i')).toHaveCount(0);

  // The emoji picker inserts into the input.
  await b.getByRole('button', { name: '表情' }).click();
  await b.getByRole('option', { name: '😂' }).click();
  await expect(b.getByRole('textbox', { name: '聊天消息' })).toHaveValue('😂');
  await b.getByRole('button', { name: '发送', exact: true }).click();
  await expect(bubble(a, '😂')).toBeVisible();

  // Empty input: 请输入消息再发送.
  await a.getByRole('button', { name: '发送', exact: true }).click();
  await expect(a.getByText('请输入消息再发送')).toBeVisible();

  // The popover is 580 px wide on a desktop.
  const box = await a.locator('[role="dialog"][aria-label="聊天室"]').boundingBox();
  expect(Math.round(box?.width ?? 0)).toBe(580);
  await a.context().close();
  await b.context().close();
});

test('a visitor reads the room but is asked to log in to send', async ({ browser }) => {
  const carol = await createUser({ nick_name: '卡罗尔' });
  const visitor = await person(browser, null);
  const c = await person(browser, carol);
  await openChat(visitor);
  await openChat(c);
  await say(c, '游客能看到吗');
  await expect(bubble(visitor, '游客能看到吗')).toBeVisible();
  await visitor.getByRole('textbox', { name: '聊天消息' }).fill('我想说话');
  await visitor.getByRole('button', { name: '发送', exact: true }).click();
  await expect(visitor.getByText('请先登录')).toBeVisible();
  await visitor.getByRole('button', { name: '发送图片' }).click();
  // Asked twice: one toast that says so twice (repeats merge).
  await expect(visitor.getByText('请先登录')).toHaveCount(1);
  await expect(visitor.getByText('×2')).toBeVisible();
  await visitor.context().close();
  await c.context().close();
});

test('the unread counter counts others’ messages while closed and resets when opened', async ({
  browser,
}) => {
  const dave = await createUser({ nick_name: '大卫' });
  const erin = await createUser({ nick_name: '艾琳' });
  const d = await person(browser, dave);
  const e = await person(browser, erin);
  await openChat(e);
  // Dave's popover stays closed: once his socket is in the room, Erin's messages are unread.
  await expect(e.locator(`[data-online-user="${dave.id}"]`)).toHaveCount(1);
  await say(e, '未读一');
  await say(e, '未读二');
  await expect(bubble(e, '未读二')).toBeVisible();
  const badge = d.locator('[data-chat-button] [data-unread]');
  await expect(badge).toHaveText('2');
  await expect(d.locator('[data-chat-button]')).toHaveAccessibleName('聊天室（2 条未读）');
  await openChat(d);
  await expect(badge).toHaveCount(0);
  await expect(bubble(d, '未读二')).toBeVisible();
  // While the room is open, nothing counts as unread; one's own messages never do.
  await say(e, '开着的时候');
  await expect(bubble(d, '开着的时候')).toBeVisible();
  await say(d, '我自己说的');
  await d.getByRole('button', { name: '关闭聊天室' }).click();
  await say(e, '关上以后');
  await expect(badge).toHaveText('1');
  await d.context().close();
  await e.context().close();
});

test('a user recalls their own message (撤回成功) and it disappears for everyone', async ({ browser }) => {
  const frank = await createUser({ nick_name: '弗兰克' });
  const grace = await createUser({ nick_name: '格蕾丝' });
  const f = await person(browser, frank);
  const g = await person(browser, grace);
  await openChat(f);
  await openChat(g);
  await say(f, '这条马上撤回');
  await say(g, '格蕾丝的消息');
  await expect(bubble(g, '这条马上撤回')).toBeVisible();
  await expect(bubble(f, '格蕾丝的消息')).toBeVisible();
  // No recall button on someone else's message.
  await expect(bubble(f, '格蕾丝的消息').getByRole('button', { name: '撤回' })).toHaveCount(0);
  const own = bubble(f, '这条马上撤回');
  await own.hover();
  await own.getByRole('button', { name: '撤回' }).click();
  await expect(f.getByText('撤回成功')).toBeVisible();
  await expect(bubble(f, '这条马上撤回')).toHaveCount(0);
  await expect(bubble(g, '这条马上撤回')).toHaveCount(0);
  await expect(bubble(g, '格蕾丝的消息')).toBeVisible();
  await f.context().close();
  await g.context().close();
});

test('the connection survives client-router navigation', async ({ browser }) => {
  const heidi = await createUser({ nick_name: '海蒂' });
  const ivan = await createUser({ nick_name: '伊万' });
  const sockets: string[] = [];
  const h = await browser.newContext({ baseURL: process.env.E2E_URL }).then((c) => c.newPage());
  h.on('websocket', (ws) => sockets.push(ws.url()));
  await signIn(h, heidi);
  await h.goto('/home');
  await h.locator('[data-chat-button][data-ready]').waitFor();
  const i = await person(browser, ivan);
  await openChat(h);
  await openChat(i);
  await say(i, '导航前');
  await expect(bubble(h, '导航前')).toBeVisible();

  // Navigate with the client router (same document), twice, with the popover open.
  await h.locator('#site-header nav[aria-label="主菜单"]').getByRole('link', { name: '说说' }).click();
  await expect(h).toHaveURL(/\/talk$/);
  await h.locator('#site-header nav[aria-label="主菜单"]').getByRole('link', { name: '分类' }).click();
  await expect(h).toHaveURL(/\/category$/);
  await say(i, '导航后');
  await expect(bubble(h, '导航后')).toBeVisible();
  await expect(bubble(h, '导航前')).toBeVisible();
  await expect(h.locator('[data-chat-panel]')).toHaveAttribute('data-status', 'open');
  // Still the one socket the page opened at first.
  expect(sockets).toHaveLength(1);
  expect(sockets[0]).toMatch(/\/ws$/);
  await h.context().close();
  await i.context().close();
});

test('the full page /message/chat is the same room, without the footer', async ({ browser }) => {
  const judy = await createUser({ nick_name: '朱迪' });
  const j = await person(browser, judy);
  // Reached through the popover's full-screen link (client router, same connection).
  await openChat(j);
  await j.getByRole('link', { name: '全屏聊天' }).click();
  await expect(j).toHaveURL(/\/message\/chat$/);
  await expect(j.locator('[data-footer]')).toHaveCount(0);
  const panel = j.locator('#chat-page-slot [data-chat-panel]');
  await expect(panel).toHaveAttribute('data-status', 'open');
  // The room is the page itself here: no floating button or popover on top of it.
  await expect(j.locator('[data-chat-button]')).toHaveCount(0);
  await expect(j.locator('[role="dialog"][aria-label="聊天室"]')).toHaveCount(0);
  await panel.getByRole('textbox', { name: '聊天消息' }).fill('在整页里说话');
  await panel.getByRole('button', { name: '发送', exact: true }).click();
  await expect(panel.locator('[data-message-id]', { hasText: '在整页里说话' })).toBeVisible();
  await expect(panel.locator(`[data-online-user="${judy.id}"]`)).toHaveCount(1);
  // Loaded directly, the page connects by itself too.
  await j.reload();
  await expect(j.locator('[data-footer]')).toHaveCount(0);
  await expect(panel).toHaveAttribute('data-status', 'open');
  await expect(panel.locator('[data-message-id]', { hasText: '在整页里说话' })).toBeVisible();
  await j.context().close();
});

test('the admin clears the room (确认清空吗) and forces a user offline (确认强制下线…吗)', async ({
  browser,
}) => {
  const kim = await createUser({ nick_name: '小金' });
  const boss = await person(browser, admin());
  const k = await person(browser, kim);
  const bossPanel = await openChat(boss);
  await openChat(k);
  await say(k, '清空前');
  await expect(bubble(boss, '清空前')).toBeVisible();
  // Ordinary users see neither control.
  await expect(k.getByRole('button', { name: '清空聊天记录' })).toHaveCount(0);
  await expect(k.locator('[data-online-user] button')).toHaveCount(0);

  await boss.getByRole('button', { name: '清空聊天记录' }).click();
  await expect(boss.getByRole('alertdialog', { name: '确认清空吗' })).toBeVisible();
  await boss.getByRole('button', { name: '确定' }).click();
  await expect(boss.getByText('聊天记录已清空')).toBeVisible();
  await expect(bubble(k, '清空前')).toHaveCount(0);
  await expect(k.getByText('还等什么 赶快聊起来吧')).toBeVisible();
  await expect(bubble(boss, '清空前')).toHaveCount(0);

  // Not offered on oneself.
  await expect(bossPanel.locator('[data-online-user="1"] button')).toHaveCount(0);
  await bossPanel.locator(`[data-online-user="${kim.id}"]`).getByRole('button', { name: '下线' }).click();
  await expect(boss.getByRole('alertdialog', { name: '确认强制下线小金吗' })).toBeVisible();
  await boss.getByRole('button', { name: '确定' }).click();
  await expect(k.getByText('你已被管理员强制下线')).toBeVisible();
  await expect(k.locator('[data-chat-panel]')).toHaveAttribute('data-status', 'closed');
  await expect(bossPanel.locator(`[data-online-user="${kim.id}"]`)).toHaveCount(0);
  // The manual reconnect button brings the user back.
  await k.getByRole('button', { name: '重新连接' }).click();
  await expect(k.locator('[data-chat-panel]')).toHaveAttribute('data-status', 'open');
  await expect(bossPanel.locator(`[data-online-user="${kim.id}"]`)).toHaveCount(1);
  await boss.context().close();
  await k.context().close();
});

test('logging out reconnects the chat as a visitor (the user changed)', async ({ browser }) => {
  const leo = await createUser({ nick_name: '里奥' });
  const mia = await createUser({ nick_name: '米娅' });
  const sockets: string[] = [];
  const l = await browser.newContext({ baseURL: process.env.E2E_URL }).then((c) => c.newPage());
  l.on('websocket', (ws) => sockets.push(ws.url()));
  await signIn(l, leo);
  await l.goto('/home');
  await l.locator('[data-chat-button][data-ready]').waitFor();
  const m = await person(browser, mia);
  const panelM = await openChat(m);
  await openChat(l);
  await expect(panelM.locator(`[data-online-user="${leo.id}"]`)).toHaveCount(1);

  await l.getByRole('button', { name: '里奥 的菜单' }).click();
  await l.getByRole('menuitem', { name: '退出登录' }).click();
  await expect(panelM.locator(`[data-online-user="${leo.id}"]`)).toHaveCount(0);
  await expect(l.locator('[data-chat-panel]')).toHaveAttribute('data-status', 'open');
  expect(sockets).toHaveLength(2);
  // Now a visitor: still reads the room, cannot send.
  await say(m, '他还能看到吗');
  await expect(bubble(l, '他还能看到吗')).toBeVisible();
  await l.getByRole('textbox', { name: '聊天消息' }).fill('试试');
  await l.getByRole('button', { name: '发送', exact: true }).click();
  await expect(l.getByText('请先登录')).toBeVisible();
  await l.context().close();
  await m.context().close();
});

// The API and the socket send `YYYY-MM-DD HH:mm:ss` China time; the room reads it through
// one parser, so a browser 16 hours behind China (Los Angeles) shows the China time, not a shifted one.
test('message times are China time in any browser zone', async ({ browser }) => {
  const said = unique('午夜的消息');
  // Just after midnight in China: 16:30 UTC the day before.
  write(
    `INSERT INTO chat (user_id, content, content_type, "createdAt") VALUES (1, ?, 'text', ?)`,
    said,
    '2026-11-20T16:30:05.123Z',
  );
  const ctx = await browser.newContext({ baseURL: process.env.E2E_URL, timezoneId: 'America/Los_Angeles' });
  try {
    const page = await ctx.newPage();
    await page.goto('/message/chat');
    const time = bubble(page, said).locator('time');
    await expect(time).toHaveText('2026-11-21 00:30');
    await expect(time).toHaveAttribute('datetime', '2026-11-20T16:30:05.000Z');
  } finally {
    await ctx.close();
  }
});

test('when the server goes away the chat says so, retries every 5 s and comes back', async ({ browser }) => {
  test.setTimeout(120_000);
  const { startServer, stopServer } = await import('./server.ts');
  const first = await startServer();
  const port = new URL(first.url).port;
  const page = await browser.newContext({ baseURL: first.url }).then((c) => c.newPage());
  await page.goto('/home');
  await page.locator('[data-chat-button][data-ready]').waitFor();
  await page.locator('[data-chat-button]').click();
  const panel = page.locator('[data-chat-panel]');
  await expect(panel).toHaveAttribute('data-status', 'open');
  await expect(page.getByText('还等什么 赶快聊起来吧')).toBeVisible();

  await stopServer(first);
  await expect(page.getByText('聊天室连接失败 正在重新连接').first()).toBeVisible({ timeout: 10_000 });
  await expect(panel).not.toHaveAttribute('data-status', 'open');
  // Something is said while this visitor is cut off.
  const db = new DatabaseSync(path.join(first.dataDir, 'blog.db'));
  db.prepare(`INSERT INTO chat (user_id, content, content_type, "createdAt") VALUES (1, ?, 'text', ?)`).run(
    '断线期间说的话',
    new Date().toISOString(),
  );
  db.close();
  // Same port and data: a retry finds it again without any click, and catches up.
  const second = await startServer({ PORT: port }, first.dataDir);
  try {
    await expect(panel).toHaveAttribute('data-status', 'open', { timeout: 20_000 });
    await expect(bubble(page, '断线期间说的话')).toBeVisible();
  } finally {
    await page.context().close();
    await stopServer(second);
    rmSync(first.dataDir, { recursive: true, force: true });
  }
});

test('an image message: uploaded (compressed over 800 KB) and shown to the other person', async ({
  browser,
  request,
}) => {
  const nina = await createUser({ nick_name: '妮娜' });
  const oscar = await createUser({ nick_name: '奥斯卡' });
  const n = await person(browser, nina);
  const o = await person(browser, oscar);
  await openChat(n);
  await openChat(o);
  const images = (page: Page) => page.locator('[data-message-id] img[alt="图片消息"]');
  const before = await images(o).count();

  // A small PNG goes up as it is.
  const small = randomPng(8, 8);
  await n
    .locator('[data-chat-file]')
    .setInputFiles({ name: 'small.png', mimeType: 'image/png', buffer: small });
  await expect(images(o)).toHaveCount(before + 1);
  const smallSrc = (await images(o).last().getAttribute('src')) as string;
  expect(smallSrc).toMatch(/^\/uploads\/\d{4}-\d{2}\/[0-9a-f]+\.png$/);
  const served = await request.get(smallSrc);
  expect(Buffer.compare(await served.body(), small)).toBe(0);
  await expect(images(n).last()).toHaveAttribute('src', smallSrc);
  await expect(o.locator('[data-message-id]').last()).toContainText('妮娜');

  // Over 800 KB: compressed in the browser (docs/product.md#image-compression: PNG becomes JPEG) before the
  // upload.
  const big = randomPng(700, 700);
  expect(big.length).toBeGreaterThan(800 * 1024);
  await n.locator('[data-chat-file]').setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: big });
  await expect(images(o)).toHaveCount(before + 2);
  const bigSrc = (await images(o).last().getAttribute('src')) as string;
  expect(bigSrc).toMatch(/^\/uploads\/\d{4}-\d{2}\/[0-9a-f]+\.jpg$/);
  const compressed = await request.get(bigSrc);
  expect(compressed.headers()['content-type']).toBe('image/jpeg');
  expect((await compressed.body()).length).toBeLessThanOrEqual(800 * 1024);
  // The picture really loads in the other browser.
  await expect
    .poll(() =>
      images(o)
        .last()
        .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
    )
    .toBe(700);
  await n.context().close();
  await o.context().close();
});
