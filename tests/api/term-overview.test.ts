import { beforeAll, describe, expect, it } from 'vitest';
import { createArticle, getCategory, getTag } from '../../src/server/services/articles.ts';
import { listPublicNewest, recentByCategory, recentByTag } from '../../src/server/services/term-overview.ts';
import { setupTestApi } from './helpers.ts';

/**
 * /category and /tag show each term's newest public articles, and a bare
 * /articleList every public article newest first. Private (2) and draft (3) articles never show.
 */
const api = setupTestApi();
const ids: Record<string, number> = {};

/** An article of category 甲 or 乙 with tags, dated `day` days into 2026 (later day = newer). */
async function article(title: string, day: number, category: string, tags: string[], status = 1) {
  const at = new Date(Date.UTC(2026, 0, day)).toISOString();
  ids[title] = await createArticle(
    {
      article_title: title,
      article_content: '正文',
      category_name: category,
      tagNameList: tags,
      status,
      createdAt: at,
    },
    api.adminId,
  );
}

beforeAll(async () => {
  await article('甲一', 1, '甲', ['红']);
  await article('甲二', 2, '甲', ['红', '蓝']);
  await article('甲三', 3, '甲', ['红']);
  await article('甲四', 4, '甲', ['蓝']);
  await article('甲私密', 5, '甲', ['红'], 2);
  await article('甲草稿', 6, '甲', ['红'], 3);
  await article('乙一', 7, '乙', ['蓝']);
  await article('丙私密', 8, '丙', ['绿'], 2);
});

const titles = (list: { article_title: string }[] | undefined) => (list ?? []).map((a) => a.article_title);

describe('term overview', () => {
  it("gives each category's newest public articles, at most perTerm, newest first", async () => {
    const recent = await recentByCategory(3);
    const dict = (await api.call('GET', '/api/category/getCategoryDictionary')).json.result as {
      id: number;
      name: string;
    }[];
    const first = dict.find((c) => c.name === '甲')?.id ?? 0;
    expect(await getCategory(first)).toBeTruthy();
    expect(titles(recent.get(first))).toEqual(['甲四', '甲三', '甲二']);
    const all = [...recent.values()].flat().map((l) => l.article_title);
    expect(all).toContain('乙一');
    expect(all.some((t) => t.includes('私密') || t.includes('草稿'))).toBe(false);
  });

  it("gives the asked tags' newest public articles", async () => {
    const dict = (await api.call('GET', '/api/tag/getTagDictionary')).json.result as {
      id: number;
      name: string;
    }[];
    const red = dict.find((t) => t.name === '红')?.id ?? 0;
    const blue = dict.find((t) => t.name === '蓝')?.id ?? 0;
    expect(await getTag(red)).toBeTruthy();
    const recent = await recentByTag([red, blue], 2);
    expect(titles(recent.get(red))).toEqual(['甲三', '甲二']);
    expect(titles(recent.get(blue))).toEqual(['乙一', '甲四']);
    expect(recent.size).toBe(2);
    expect((await recentByTag([], 2)).size).toBe(0);
  });

  it('lists every public article newest first, a page at a time', async () => {
    const first = await listPublicNewest(1, 3);
    expect(first.total).toBe(5);
    expect(titles(first.list)).toEqual(['乙一', '甲四', '甲三']);
    expect(titles((await listPublicNewest(2, 3)).list)).toEqual(['甲二', '甲一']);
  });
});
