import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { db } from '../../src/server/db/connection.ts';
import { planFor } from '../../src/server/services/import/detect.ts';
import { oldAddresses } from '../../src/server/services/import/permalinks.ts';
import { dryRun, runImport } from '../../src/server/services/import/run.ts';
import { setupTestApi } from './helpers.ts';
import { frontAnswers } from './old-url-front.ts';

/**
 * A Chinese Jekyll blog as `jekyll new` lays it out: _config.yml with minima and a
 * timezone, dated Chinese file names, two posts whose names differ only by date, a `slug:` equal to
 * another post's name, `category` / `categories` (names between spaces), a front matter permalink
 * and a draft.
 */

setupTestApi();
const JEKYLL = path.resolve(import.meta.dirname, '../fixtures/import/jekyll-zh');

const byTitle = async (title: string) =>
  db
    .selectFrom('article')
    .select(['id', 'slug', 'createdAt', 'status'])
    .where('article_title', '=', title)
    .executeTakeFirstOrThrow();

const ADDRESSES: Record<string, string> = {
  '/算法/2023/05/14/常见算法.html': '常见算法',
  '/算法/2023/05/14/常见算法': '常见算法',
  '/算法/进阶/2023/06/01/常见算法.html': '常见算法（二）',
  '/jekyll/update/2023/07/01/welcome-to-jekyll.html': 'Welcome to Jekyll!',
  '/notes/reading-notes/': '读书笔记',
  '/2023/08/02/reading-notes.html': 'Reading notes',
};

describe('a Chinese Jekyll blog', () => {
  it('arrives whole: colliding slugs get a suffix, never "the same article"', async () => {
    const plan = await planFor(JEKYLL);
    const preview = await dryRun(plan);
    expect(preview).toMatchObject({ created: { article: 6 }, skipped: [], failed: [] });
    const report = await runImport(plan);
    expect(report).toMatchObject({ created: { article: 6 }, skipped: [], failed: [] });
    expect(await byTitle('常见算法')).toMatchObject({
      slug: 'chang-jian-suan-fa',
      createdAt: '2023-05-14T02:20:30.000Z',
    });
    expect((await byTitle('常见算法（二）')).slug).toBe('chang-jian-suan-fa-2');
    expect((await byTitle('读书笔记')).slug).toBe('reading-notes');
    expect((await byTitle('Reading notes')).slug).toBe('reading-notes-2');
    // No date in the front matter: the file name's.
    expect((await byTitle('读书笔记')).createdAt).toBe('2023-07-31T16:00:00.000Z');
    expect((await byTitle('未完成')).status).toBe(3);

    const answers = await frontAnswers(Object.keys(ADDRESSES));
    const wanted: Record<string, string> = {};
    for (const [address, title] of Object.entries(ADDRESSES))
      wanted[address] = `/article?id=${(await byTitle(title)).id}`;
    expect(answers).toEqual(wanted);
  });

  it('a second run creates nothing', async () => {
    expect((await dryRun(await planFor(JEKYLL))).created).toEqual({});
    const again = await runImport(await planFor(JEKYLL));
    expect(again).toMatchObject({ created: {}, updated: {}, already: { article: 6 }, failed: [] });
  });

  it("computes the addresses of Jekyll's permalink styles and templates", () => {
    const post = {
      rel: 'blog/_posts/2023-05-14-常见算法.md',
      data: { date: '2023-05-14 10:20:30 +0800', categories: 'Algo' },
      title: '常见算法',
      draft: false,
    };
    const at = (permalink: string, baseurl = '') =>
      oldAddresses({ kind: 'jekyll', config: '_config.yml', permalink, baseurl }, post).addresses;
    expect(at('date')).toEqual(['/blog/algo/2023/05/14/常见算法.html', '/blog/algo/2023/05/14/常见算法']);
    expect(at('pretty', '/blog')).toEqual(['/blog/blog/algo/2023/05/14/常见算法/']);
    expect(at('none')).toEqual(['/blog/algo/常见算法.html', '/blog/algo/常见算法']);
    expect(at('ordinal')).toEqual(['/blog/algo/2023/134/常见算法.html', '/blog/algo/2023/134/常见算法']);
    expect(at('/:year/:i_month/:slug/')).toEqual(['/2023/5/常见算法/']);
    expect(oldAddresses({ kind: 'jekyll', config: '', permalink: '/:nonsense/', baseurl: '' }, post)).toEqual(
      {
        addresses: [],
        missing: ':nonsense',
      },
    );
  });
});
