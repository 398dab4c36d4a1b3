import { describe, expect, it } from 'vitest';
import { db } from '../../src/server/db/connection.ts';
import { archivedTables } from '../../src/server/services/archive/export.ts';
import { claimOldUrls, oldUrlsOf } from '../../src/server/services/old-urls.ts';
import { setupTestApi } from './helpers.ts';
import { newArticle } from './import-helpers.ts';
import { frontAnswers } from './old-url-front.ts';

/** Old addresses of imported articles (migration 0045): kept, answered with a 301, gone with the article. */

const api = setupTestApi();

describe('old addresses of imported articles', () => {
  it('answer 301 to the article in every spelling; the first claim keeps an address', async () => {
    const a = await newArticle(api, '常见算法');
    const b = await newArticle(api, '另一篇');
    expect(
      await claimOldUrls(
        db,
        a,
        ['https://old.example.com/2023/05/14/常见算法/', '/?p=12', '/archives/12/'],
        'test',
      ),
    ).toEqual(['/2023/05/14/常见算法', '/?p=12', '/archives/12'].sort());
    // b asks for an address a holds: a keeps it.
    expect(await claimOldUrls(db, b, ['/archives/12', '/posts/another/'], 'test')).toEqual([
      '/posts/another',
    ]);
    const answers = await frontAnswers([
      '/2023/05/14/%E5%B8%B8%E8%A7%81%E7%AE%97%E6%B3%95/',
      '/2023/05/14/常见算法/index.html',
      '/?p=12',
      '/index.php?p=12&replytocom=3',
      '/archives/12',
      '/posts/another',
      '/posts/missing/',
      '/home',
    ]);
    expect(answers).toEqual({
      '/2023/05/14/%E5%B8%B8%E8%A7%81%E7%AE%97%E6%B3%95/': `/article?id=${a}`,
      '/2023/05/14/常见算法/index.html': `/article?id=${a}`,
      '/?p=12': `/article?id=${a}`,
      '/index.php?p=12&replytocom=3': `/article?id=${a}`,
      '/archives/12': `/article?id=${a}`,
      '/posts/another': `/article?id=${b}`,
      '/posts/missing/': '404',
      '/home': '404',
    });
  });

  it('go with their article', async () => {
    const c = await newArticle(api, '会被删除');
    await claimOldUrls(db, c, ['/posts/gone/'], 'test');
    expect(await oldUrlsOf(c)).toEqual(['/posts/gone']);
    await db.deleteFrom('article').where('id', '=', c).execute();
    expect(await db.selectFrom('old_url').selectAll().where('path', '=', '/posts/gone').execute()).toEqual(
      [],
    );
  });

  it('are data the whole-site archive carries', async () => {
    expect(await archivedTables()).toContain('old_url');
  });
});
