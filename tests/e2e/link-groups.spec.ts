import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { admin, signIn } from './accounts.ts';
import { useTheme } from './admin-console.ts';
import { seriousViolations } from './axe.ts';
import { hydrated, postAs, query, unique } from './community.ts';
import { expect, test } from './fixtures.ts';

/**
 * /link/list: one section per group with its heading (by name, the links without
 * one last under 其他), two compact cards a row on a phone, and a quiet mark on a link whose site the
 * health check finds down. The links are made through the admin's API and deleted after each test.
 */

type Made = { id: number; name: string };

/** A link the admin adds and approves; a loopback address is never asked, so a check finds it down. */
async function approvedLink(request: APIRequestContext, category: string, down = false): Promise<Made> {
  const name = unique('分组小站');
  const url = down ? `http://127.0.0.1:9/${name}` : `https://${name.slice(-6)}.example/`;
  await postAs(request, admin(), '/api/links/backUpdate', {
    site_name: name,
    site_desc: '一段相当长的网站描述，在手机上只显示开头的两行，其余的用省略号代替',
    site_avatar: '',
    url,
    category,
  });
  const [{ id }] = query<{ id: number }>('SELECT id FROM link WHERE url = ?', url);
  await put(request, '/api/links/approve', { idList: [id] });
  return { id, name };
}

async function put(request: APIRequestContext, url: string, data?: object) {
  const res = await request.put(url, { data, headers: { Authorization: `Bearer ${admin().token}` } });
  expect((await res.json()).code).toBe(0);
}

const removeLinks = (request: APIRequestContext, links: Made[]) =>
  links.length ? put(request, '/api/links/delete', { idList: links.map((l) => l.id) }) : undefined;

const card = (page: Page, link: Made) => page.locator(`a[data-link-id="${link.id}"]`);
const section = (page: Page, group: string) => page.locator(`section[data-link-group="${group}"]`);

/** Two groups whose names sort one before the other (code points), unique to this run. */
function groupNames(): [string, string] {
  const tag = unique('组');
  return [`${tag}1`, `${tag}2`];
}

/** The WCAG contrast of an element's text against the nearest background behind it (the card's). */
function contrastOnCard(el: Locator): Promise<number> {
  return el.evaluate((node) => {
    const rgb = (c: string) => (c.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
    const lum = (c: number[]) => {
      const [r, g, b] = c.map((v) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    let back: Element | null = node;
    while (back && getComputedStyle(back).backgroundColor === 'rgba(0, 0, 0, 0)') back = back.parentElement;
    const bg = back ? getComputedStyle(back).backgroundColor : 'rgb(255, 255, 255)';
    const [hi, lo] = [lum(rgb(getComputedStyle(node).color)), lum(rgb(bg))].sort((a, b) => b - a);
    return (hi + 0.05) / (lo + 0.05);
  });
}

test('groups have a heading each, by name, and the links without one come last under 其他', async ({
  page,
  request,
}) => {
  const [first, second] = groupNames();
  const made: Made[] = [];
  try {
    // Made out of order: the page orders the groups by name, the links in each by age.
    made.push(await approvedLink(request, second));
    made.push(await approvedLink(request, first));
    made.push(await approvedLink(request, second));
    made.push(await approvedLink(request, ''));
    await page.goto('/link/list');
    const headings = await page.locator('[data-links] section:visible h2:visible').allTextContents();
    expect(headings.indexOf(first)).toBeGreaterThanOrEqual(0);
    expect(headings.indexOf(second)).toBe(headings.indexOf(first) + 1);
    expect(headings.at(-1)).toBe('其他');
    await expect(section(page, first).locator('a[data-link-id]')).toHaveCount(1);
    await expect(section(page, first).locator('h2')).toHaveText(first);
    const inSecond = section(page, second).locator('a[data-link-id]');
    await expect(inSecond).toHaveText([new RegExp(made[0].name), new RegExp(made[2].name)]);
    await expect(section(page, '').locator(`a[data-link-id="${made[3].id}"]`)).toHaveCount(1);
  } finally {
    await removeLinks(request, made);
  }
});

test("the admin's review puts an approved link into its group's section, made in its place", async ({
  page,
  request,
}) => {
  const [first, second] = groupNames();
  const made: Made[] = [];
  try {
    made.push(await approvedLink(request, second));
    const name = unique('待审小站');
    const url = `https://${name.slice(-6)}.example/`;
    await postAs(request, admin(), '/api/links/backUpdate', {
      site_name: name,
      site_desc: '',
      site_avatar: '',
      url,
      category: first,
    });
    made.push({ id: query<{ id: number }>('SELECT id FROM link WHERE url = ?', url)[0].id, name });
    await signIn(page, admin());
    await page.goto('/link/list');
    await hydrated(page, '[aria-expanded]');
    await expect(section(page, first)).toHaveCount(0);
    await page
      .locator('[data-link-review] li')
      .filter({ hasText: name })
      .getByRole('button', { name: '通过' })
      .click();
    await expect(section(page, first).locator('h2')).toHaveText(first);
    await expect(section(page, first).locator(`a[data-link-id="${made[1].id}"]`)).toHaveCount(1);
    // Before the later name.
    const order = await page
      .locator('[data-links] section[data-link-group]')
      .evaluateAll((all) => all.map((s) => (s as HTMLElement).dataset.linkGroup));
    expect(order.indexOf(first)).toBe(order.indexOf(second) - 1);
  } finally {
    await removeLinks(request, made);
  }
});

test('a phone (375 px) shows two cards a row, without overflow', async ({ page, request }) => {
  const [group] = groupNames();
  const made: Made[] = [];
  try {
    for (let i = 0; i < 3; i++) made.push(await approvedLink(request, group));
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/link/list');
    const boxes = await Promise.all(made.map(async (l) => (await card(page, l).boundingBox()) ?? null));
    const [a, b, c] = boxes.map((box) => {
      if (!box) throw new Error('card not laid out');
      return box;
    });
    // The first two share a row, side by side; the third starts the next.
    expect(Math.abs(a.y - b.y)).toBeLessThan(1);
    expect(b.x).toBeGreaterThanOrEqual(a.x + a.width);
    expect(c.y).toBeGreaterThan(a.y + a.height - 1);
    for (const box of [a, b, c]) expect(box.x + box.width).toBeLessThanOrEqual(375);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // The long description is cut, not the card stretched.
    const desc = card(page, made[0]).locator('.desc');
    expect(await desc.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
  } finally {
    await removeLinks(request, made);
  }
});

for (const theme of ['light', 'dark'] as const) {
  test(`a link found down is marked quietly and readably, an answering one is not (${theme})`, async ({
    page,
    request,
  }) => {
    await useTheme(page, theme);
    const [group] = groupNames();
    const made: Made[] = [];
    try {
      const up = await approvedLink(request, group);
      const down = await approvedLink(request, group, true);
      made.push(up, down);
      // Seen before the check: the page the check must drop from the cache.
      await page.goto('/link/list');
      await expect(card(page, down)).toBeVisible();
      await expect(card(page, down).locator('[data-link-down]')).toHaveCount(0);
      await put(request, `/api/links/check/${down.id}`);
      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      const mark = card(page, down).locator('[data-link-down]');
      await expect(mark).toHaveText('暂时无法访问');
      await expect(card(page, down)).toHaveAttribute('title', /无法访问/);
      await expect(card(page, down)).toHaveAttribute('href', /127\.0\.0\.1/);
      expect(await contrastOnCard(mark)).toBeGreaterThanOrEqual(4.5);
      await expect(card(page, up).locator('[data-link-down]')).toHaveCount(0);
      await expect(card(page, up)).not.toHaveAttribute('title', /.+/);
      // The grouped list with its mark, as axe sees it.
      expect(await seriousViolations(page, '[data-links]')).toEqual([]);
    } finally {
      await removeLinks(request, made);
    }
  });
}
