import { readQr } from '../api/music-helpers.ts';
import { createUser, signIn } from './accounts.ts';
import { expect, expectToast, test } from './fixtures.ts';
import { currentTime, openPlayer } from './music-player.ts';

/** The music player against the demo library the test server generated on its first start. */

test('search a demo song, add it, play it with the lyric line highlighted, keep playing across navigation', async ({
  page,
}) => {
  test.setTimeout(60_000); // real playback through several lyric lines
  await page.goto('/home');
  await expectToast(page, '点击左边按钮听听歌吧～');
  await openPlayer(page);
  const panel = page.locator('[data-music-panel]');
  // The first category (a demo folder) is listed by default.
  await expect(panel.locator('[data-song-row="清晨的风"]')).toBeVisible();

  await panel.getByRole('button', { name: '搜索歌曲' }).click();
  const box = panel.getByPlaceholder('请输入歌名或歌手');
  await box.fill('没有这首歌');
  await panel.getByRole('button', { name: '搜索', exact: true }).click();
  await expect(panel.getByText('空空如也')).toBeVisible();
  await expectToast(page, '没有相关的歌曲');

  await box.fill('纸飞机');
  await panel.getByRole('button', { name: '搜索', exact: true }).click();
  const row = panel.locator('[data-song-row="纸飞机"]');
  await expect(row).toContainText('阿青,小满');
  await expect(panel.getByText('已经到底了')).toBeVisible();
  await row.getByRole('button', { name: '添加到我的歌单' }).click();
  await expectToast(page, '添加成功');
  await expect(row.getByRole('button', { name: '已在我的歌单' })).toHaveAttribute('data-active', 'true');

  await panel.getByRole('button', { name: '我的歌单', exact: true }).click();
  const custom = panel.locator('[data-playlist="我的歌单"]');
  await custom.getByRole('button', { name: '纸飞机' }).click();
  await expect(panel.locator('[data-now-playing]')).toHaveText('纸飞机');
  await expect.poll(() => currentTime(page), { timeout: 10_000 }).toBeGreaterThan(0.3);
  const first = await currentTime(page);
  await expect.poll(() => currentTime(page)).toBeGreaterThan(first + 0.5);
  await expect(panel.getByRole('button', { name: '暂停' })).toBeVisible();

  // The lyric board: clicking a line seeks there and that line is the highlighted one.
  await panel.getByRole('button', { name: '歌词' }).click();
  const board = page.locator('[data-lyric-board]');
  await expect(board).toBeVisible();
  await board.getByRole('button', { name: '作业本撕下 最后一页' }).click();
  const active = board.locator('[data-lyric-line][data-active="true"]');
  await expect(active).toHaveText('作业本撕下 最后一页');
  // Time goes on and the highlight follows to the next line.
  await expect(active).toHaveText('折一架飞机 写上你的名字', { timeout: 8000 });
  // Controls hide after 2 s without pointer movement.
  await expect(board).toHaveAttribute('data-controls', 'hidden', { timeout: 5000 });
  await page.mouse.move(300, 300);
  await expect(board).toHaveAttribute('data-controls', 'shown');
  // Escape closes the board (the controls may have hidden again by now).
  await page.keyboard.press('Escape');
  await expect(board).toBeHidden();
  await expect(panel).toBeVisible();

  // Navigate with the client router: the same <audio> element keeps playing.
  await page.locator('audio[data-music-audio]').evaluate((a: HTMLAudioElement) => {
    a.dataset.mark = 'kept';
  });
  await page.getByRole('button', { name: '关闭播放器' }).click();
  await page.locator('#site-header nav[aria-label="主菜单"]').getByRole('link', { name: '说说' }).click();
  await expect(page).toHaveURL(/\/talk$/);
  await expect(page.locator('[data-route="Talk"]')).toBeVisible();
  const audio = page.locator('audio[data-music-audio]');
  await expect(audio).toHaveAttribute('data-mark', 'kept');
  const before = await currentTime(page);
  await expect.poll(() => currentTime(page)).toBeGreaterThan(before + 0.5);
  expect(await audio.evaluate((a: HTMLAudioElement) => a.paused)).toBe(false);
});

test('the player state is saved on unload (encoded) and restored; ?showSpecial opens the SPECIAL board', async ({
  page,
}) => {
  await page.goto('/home');
  await openPlayer(page);
  const panel = page.locator('[data-music-panel]');
  await panel.getByRole('button', { name: '搜索歌曲' }).click();
  await panel.getByPlaceholder('请输入歌名或歌手').fill('林夕雨');
  await panel.getByRole('button', { name: '搜索', exact: true }).click();
  await panel.locator('[data-song-row="星河入梦"]').getByRole('button', { name: '添加到我的歌单' }).click();
  await panel
    .getByRole('button', { name: '随机播放' })
    .or(panel.getByRole('button', { name: '列表循环' }))
    .click();
  const model = await panel.locator('[data-play-model]').getAttribute('data-play-model');
  await page.getByLabel('音量').fill('30');

  await page.reload();
  const raw = await page.evaluate(() => localStorage.getItem(btoa(encodeURIComponent('blog-music-player'))));
  expect(raw).toBeTruthy();
  const saved = JSON.parse(decodeURIComponent(Buffer.from(raw as string, 'base64').toString('latin1')));
  expect(saved.customerMusicList.map((s: { name: string }) => s.name)).toEqual(['星河入梦']);
  expect(saved.player.volume).toBe(0.3);

  await openPlayer(page);
  await panel.getByRole('button', { name: '我的歌单', exact: true }).click();
  await expect(panel.locator('[data-playlist="我的歌单"] [data-song-row="星河入梦"]')).toBeVisible();
  await expect(panel.locator('[data-play-model]')).toHaveAttribute('data-play-model', model as string);
  await expect(page.getByLabel('音量')).toHaveValue('30');
  // Deleting the last custom song: 删除成功 and the list is empty.
  await panel.getByRole('button', { name: '从我的歌单删除' }).click();
  await expectToast(page, '删除成功');
  await expect(panel.locator('[data-playlist="我的歌单"]')).toContainText('空空如也');

  await page.goto('/category?showSpecial');
  const board = page.locator('[data-lyric-board]');
  await expect(board).toBeVisible();
  await expect(board).toHaveAttribute('data-lyric-type', 'SPECIAL');
  await expect(page.locator('[data-music-panel]')).toBeAttached();
});

test('QR login end to end: a signed-in site user confirms on the confirm page and the player signs in', async ({
  page,
  browser,
}) => {
  const user = await createUser({ nick_name: '扫码听歌的人' });
  await page.goto('/home');
  await openPlayer(page);
  const panel = page.locator('[data-music-panel]');
  await expect(panel.locator('[data-music-account]')).toHaveAttribute('data-music-account', 'anonymous');
  await panel.getByRole('button', { name: '扫码登录' }).click();
  const qr = page.locator('img[data-qr-image]');
  await expect(qr).toBeVisible();
  const url = readQr((await qr.getAttribute('src')) as string);
  expect(url).toMatch(new RegExp(`^${process.env.E2E_URL}/music/confirm\\?key=[0-9a-f]{32}$`));
  await expect(page.locator('[data-qr-link]')).toHaveAttribute('href', url as string);

  // The phone: another browser context, signed in to the site, opens the code's address.
  const phone = await browser.newContext({ baseURL: process.env.E2E_URL });
  const confirmPage = await phone.newPage();
  await signIn(confirmPage, user);
  await confirmPage.goto(url as string);
  await expect(confirmPage.getByRole('region', { name: '确认登录音乐账号' })).toContainText('扫码听歌的人');
  const button = confirmPage.getByRole('button', { name: '确认登录' });
  await expect(button).toBeEnabled();
  // Opening the link alone scans nothing: the code still waits (801), the player learns nobody's name.
  const key = new URL(url as string).searchParams.get('key');
  const check = async () =>
    ((await (await page.request.get(`/wapi/login/qr/check?key=${key}`)).json()) as { code: number }).code;
  expect(await check()).toBe(801);
  await expect(page.locator('[data-qr-phase]')).toHaveAttribute('data-qr-phase', 'waiting');
  // The click scans (802, the player shows it) and then approves (803): the approval is held back
  // until the player has shown the scan.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await confirmPage.route('**/api/music/qr/confirm', async (route) => {
    await held;
    await route.continue();
  });
  await button.click();
  await expect(page.locator('[data-qr-phase]')).toHaveAttribute('data-qr-phase', 'scanned', {
    timeout: 10_000,
  });
  expect(await check()).toBe(802);
  release();
  await expect(confirmPage.locator('[data-confirm-state="done"]')).toBeVisible();
  await phone.close();

  await expect(panel.locator('[data-music-account]')).toHaveAttribute('data-music-account', String(user.id), {
    timeout: 10_000,
  });
  await expectToast(page, '音乐账号登录成功');
  await expect(panel.getByRole('button', { name: '扫码听歌的人喜欢的音乐' })).toBeVisible();

  // Saved songs go to the account's own playlist.
  await panel.getByRole('button', { name: '搜索歌曲' }).click();
  await panel.getByPlaceholder('请输入歌名或歌手').fill('月光慢行');
  await panel.getByRole('button', { name: '搜索', exact: true }).click();
  await panel.locator('[data-song-row="月光慢行"]').getByRole('button', { name: '添加到我的歌单' }).click();
  await panel.getByRole('button', { name: '扫码听歌的人喜欢的音乐' }).click();
  await expect(
    panel.locator('[data-playlist="扫码听歌的人喜欢的音乐"] [data-song-row="月光慢行"]'),
  ).toBeVisible();

  await panel.getByRole('button', { name: '退出音乐账号' }).click();
  await expectToast(page, '已退出音乐账号');
  await expect(panel.locator('[data-music-account]')).toHaveAttribute('data-music-account', 'anonymous');
  await expect(panel.getByRole('button', { name: '扫码听歌的人喜欢的音乐' })).toHaveCount(0);
  await expect(panel.getByRole('button', { name: '晨光小调' })).toBeVisible();
});

test('the confirm page asks a visitor to sign in first', async ({ page }) => {
  await page.goto(`/music/confirm?key=${'a'.repeat(32)}`);
  await expect(page.getByText('请先登录本站账号，再确认登录音乐账号')).toBeVisible();
});
