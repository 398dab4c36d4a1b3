import type { APIRequestContext, Page } from '@playwright/test';
import { admin, createUser, signIn } from './accounts.ts';
import { seriousViolations } from './axe.ts';
import { postAs, unique } from './community.ts';
import { expect, headerReady, test } from './fixtures.ts';

/**
 * The looks a design-minded blogger compares with Butterfly or Halo: the article
 * banner, the landing pages of categories, tags and all articles, the social links' icons, and the
 * notifications' kind and subject.
 */

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

type Summary = { id: number; article_title: string };
async function publicArticles(request: APIRequestContext): Promise<Summary[]> {
  const res = await request.get('/api/article/blogHomeGetArticleList/1/50');
  return (await res.json()).result.list;
}

/** A private article with a unique title (newest of all), for checking it never shows. */
async function privateArticle(request: APIRequestContext): Promise<string> {
  const title = unique('私密外观');
  const res = await request.post('/api/article/add', {
    data: {
      article_title: title,
      article_content: '正文',
      status: 2,
      category_name: '前端开发',
      tagNameList: ['CSS'],
    },
    headers: { authorization: `Bearer ${admin().token}` },
  });
  expect((await res.json()).code).toBe(0);
  return title;
}

/**
 * The article title's lines as the browser laid them out: the text of each line box, found by the
 * rectangles of one-character ranges (a new line starts where a character sits lower than the last).
 */
function titleLines(page: Page): Promise<string[]> {
  return page.locator('.hero h1').evaluate((h1) => {
    const walker = document.createTreeWalker(h1, NodeFilter.SHOW_TEXT);
    const lines: string[] = [];
    let lastTop = Number.NEGATIVE_INFINITY;
    const range = document.createRange();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (let i = 0; i < text.length; i++) {
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const rect = range.getClientRects()[0];
        if (!rect || !text[i].trim()) continue;
        if (rect.top > lastTop + rect.height / 2) lines.push('');
        lastTop = Math.max(lastTop, rect.top);
        lines[lines.length - 1] += text[i];
      }
    }
    return lines;
  });
}

for (const width of [375, 390]) {
  test(`at ${width} px no article title leaves one character alone on its last line`, async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 800 });
    const list = await publicArticles(request);
    expect(list.length).toBeGreaterThan(3);
    const orphans: string[] = [];
    let wrapped = 0;
    for (const a of list) {
      await page.goto(`/article?id=${a.id}`);
      await page.evaluate(() => document.fonts.ready);
      const lines = await titleLines(page);
      expect(lines.join(''), a.article_title).toBe(a.article_title.replace(/\s/g, ''));
      if (lines.length > 1) wrapped++;
      if (lines.length > 1 && [...(lines.at(-1) ?? '')].length < 2)
        orphans.push(`${a.article_title} → ${lines.join(' | ')}`);
    }
    expect(wrapped, 'some titles wrap at this width').toBeGreaterThan(0);
    expect(orphans).toEqual([]);
  });
}

test('the banner never blows the cover up behind the title: blurred backdrop, the picture beside it', async ({
  page,
  request,
}) => {
  const [first] = await publicArticles(request);
  await page.goto(`/article?id=${first.id}`);
  const hero = page.locator('.hero');
  const cover = hero.locator('img.cover');
  await expect(cover).toBeVisible();
  const src = (await cover.getAttribute('src')) ?? '';
  expect(src).not.toBe('');
  // Every box of the banner that paints the cover as a background blurs it past reading.
  const sharp = await hero.evaluate((el, url) => {
    const found: string[] = [];
    for (const node of [el, ...el.querySelectorAll('*')])
      for (const pseudo of [null, '::before', '::after']) {
        const style = getComputedStyle(node, pseudo);
        if (style.backgroundImage.includes(url) && !/blur\((?:[4-9]|\d{2,})/.test(style.filter))
          found.push(`${node.tagName.toLowerCase()}${pseudo ?? ''}`);
      }
    return found;
  }, src);
  expect(sharp).toEqual([]);
  // The picture itself keeps its proportions (16:9, as covers are made) and is not enlarged.
  const size = await cover.evaluate((img: HTMLImageElement) => ({
    w: img.clientWidth,
    h: img.clientHeight,
    natural: img.naturalWidth,
  }));
  expect(Math.abs(size.w / size.h - 16 / 9)).toBeLessThan(0.05);
  expect(size.w).toBeLessThanOrEqual(size.natural);
  // Title and picture sit side by side on a wide screen.
  const title = await hero.locator('h1').boundingBox();
  const picture = await cover.boundingBox();
  expect((title?.x ?? 0) + (title?.width ?? 0)).toBeLessThanOrEqual(picture?.x ?? 0);
});

test('a bare /articleList lists every public article, newest first, with pages', async ({
  page,
  request,
}) => {
  const hidden = await privateArticle(request);
  const total = (await (await request.get('/api/article/blogHomeGetArticleList/1/1')).json()).result.total;
  await page.goto('/articleList');
  await expect(page.locator('h1')).toHaveText('文章列表');
  await expect(page.getByText(`共 ${total} 篇文章`)).toBeVisible();
  await expect(page.getByText('空空如也')).toHaveCount(0);
  const cards = page.locator('.article-card');
  await expect(cards).toHaveCount(Math.min(total, 8));
  const dates = await cards
    .locator('time[datetime]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('datetime') ?? ''));
  expect(dates.length).toBeGreaterThan(1);
  expect([...dates].sort().reverse()).toEqual(dates);
  await expect(page.locator('main')).not.toContainText(hidden);
  if (total > 8) {
    await page
      .getByRole('navigation', { name: '分页' })
      .getByRole('link', { name: '2', exact: true })
      .click();
    await expect(page).toHaveURL(/\/articleList\?page=2$/);
    await expect(page.locator('.article-card').first()).toBeVisible();
  }
});

test('/category shows each category with its count and its newest articles', async ({ page, request }) => {
  const hidden = await privateArticle(request);
  const dict = (await (await request.get('/api/category/getCategoryDictionary')).json()).result as {
    name: string;
    articleCount: number;
  }[];
  expect(dict.length).toBeGreaterThan(1);
  await page.goto('/category');
  for (const c of dict) {
    const card = page
      .locator('article.term')
      .filter({ has: page.getByRole('heading', { name: c.name, exact: true }) });
    await expect(card).toContainText(`${c.articleCount} 篇`);
    await expect(card.locator('a[href^="/article?id="]')).toHaveCount(Math.min(3, c.articleCount));
  }
  await expect(page.locator('main')).not.toContainText(hidden);
});

test('/tag shows a cloud with counts and, beneath, the top tags with their newest articles', async ({
  page,
  request,
}) => {
  const hidden = await privateArticle(request);
  const dict = (await (await request.get('/api/tag/getTagDictionary')).json()).result as {
    name: string;
    articleCount: number;
  }[];
  await page.goto('/tag');
  const cloud = page.getByRole('region', { name: '标签云' });
  for (const t of dict)
    await expect(
      cloud.getByRole('link', {
        name: new RegExp(`^${escapeRegExp(t.name)}\\s*，\\s*${t.articleCount}\\s*篇$`),
      }),
    ).toBeVisible();
  // Sized by use: the most used tag is drawn larger than the least used.
  const sizes = await cloud
    .locator('a')
    .evaluateAll((els) => els.map((e) => Number.parseFloat(getComputedStyle(e).fontSize)));
  expect(Math.max(...sizes)).toBeGreaterThan(Math.min(...sizes));
  const top = page.getByRole('region', { name: '热门标签' });
  await expect(top.locator('article.term')).toHaveCount(Math.min(4, dict.length));
  await expect(top.locator('a[href^="/article?id="]').first()).toBeVisible();
  await expect(page.locator('main')).not.toContainText(hidden);
});

test('the social links show their brand icons, named for screen readers', async ({ page }) => {
  await page.goto('/home');
  const links = page.getByRole('list', { name: '社交链接' }).getByRole('link');
  expect(await links.count()).toBeGreaterThan(1);
  for (const link of await links.all()) {
    await expect(link.locator('svg path')).toHaveCount(1);
    expect(((await link.textContent()) ?? '').trim()).toBe('');
    expect(['GitHub', 'Gitee', '哔哩哔哩', 'QQ', '微信']).toContain(await link.getAttribute('aria-label'));
  }
});

for (const theme of ['light', 'dark'] as const) {
  test(`a notification shows its kind's icon and its subject's title (${theme})`, async ({
    page,
    request,
  }) => {
    const [article] = await publicArticles(request);
    const alice = await createUser({ nick_name: unique('甲') });
    const bob = await createUser({ nick_name: unique('乙') });
    const top = await postAs(request, alice, '/api/comment/add', {
      type: 1,
      for_id: article.id,
      content: '好文',
    });
    await postAs(request, bob, '/api/comment/apply', {
      type: 1,
      for_id: article.id,
      parent_id: top.id,
      to_id: alice.id,
      content: '同意',
    });
    // The theme is saved the way the site does (staticData in local storage) before any script runs.
    await page.addInitScript((t) => {
      const key = btoa(encodeURIComponent('staticData'));
      localStorage.setItem(key, btoa(encodeURIComponent(JSON.stringify({ theme: t }))));
    }, theme);
    await signIn(page, alice);
    await page.goto('/home');
    await headerReady(page);
    await page.locator('[data-notify-bell]').click();
    const drawer = page.getByRole('dialog', { name: '我的消息' });
    const item = drawer.locator('[data-notify-item]');
    await expect(item).toHaveCount(1);
    await expect(item.locator('[data-notify-kind="1"] svg')).toBeVisible();
    await expect(item.locator('[data-notify-kind="1"]')).toContainText('文章');
    await expect(item.locator('[data-notify-subject]')).toHaveText(article.article_title);
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    expect(await seriousViolations(page, '[data-notify-drawer]')).toEqual([]);
  });
}
