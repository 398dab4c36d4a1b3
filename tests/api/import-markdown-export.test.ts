import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { db } from '../../src/server/db/connection.ts';
import { exportArticles, importArticles } from '../../src/server/services/article-files.ts';
import { deleteArticle } from '../../src/server/services/articles.ts';
import { planFor } from '../../src/server/services/import/detect.ts';
import { runImport } from '../../src/server/services/import/run.ts';
import { oldUrlsOf } from '../../src/server/services/old-urls.ts';
import { setupTestApi } from './helpers.ts';
import { frontAnswers } from './old-url-front.ts';

/**
 * The redirect table goes with the Markdown export: each article's old addresses are
 * written as Hugo's `aliases`, and importing the files into another site records them again.
 */

setupTestApi();
const JEKYLL = path.resolve(import.meta.dirname, '../fixtures/import/jekyll-zh');
const out = mkdtempSync(path.join(tmpdir(), 'blog-export-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

const OLD = ['/算法/2023/05/14/常见算法.html', '/notes/reading-notes/'];

/** As a new site would be: no articles, no memory of an import. */
async function emptySite() {
  for (const { id } of await db.selectFrom('article').select('id').execute()) await deleteArticle(id);
  await db.deleteFrom('import_source').execute();
  expect(await db.selectFrom('old_url').selectAll().execute()).toEqual([]);
}

const idOf = async (title: string) =>
  (await db.selectFrom('article').select('id').where('article_title', '=', title).executeTakeFirstOrThrow())
    .id;

describe('old addresses in the Markdown export', () => {
  it('are written as aliases and recorded again by an import of the files', async () => {
    await runImport(await planFor(JEKYLL));
    expect(await exportArticles(out)).toBe(6);
    const file = readFileSync(path.join(out, 'chang-jian-suan-fa.md'), 'utf8');
    expect(file).toMatch(
      /^aliases:\n {2}- \/算法\/2023\/05\/14\/常见算法\n {2}- \/算法\/2023\/05\/14\/常见算法\.html$/m,
    );
    // A draft had none: no empty key.
    expect(readFileSync(path.join(out, 'wei-wan-cheng.md'), 'utf8')).not.toContain('aliases');

    await emptySite();
    const report = await runImport(await planFor(out));
    expect(report).toMatchObject({ created: { article: 6 }, failed: [] });
    expect(await frontAnswers(OLD)).toEqual({
      [OLD[0]]: `/article?id=${await idOf('常见算法')}`,
      [OLD[1]]: `/article?id=${await idOf('读书笔记')}`,
    });
  });

  it('the seed import of article files records them too', async () => {
    await emptySite();
    const report = await importArticles(out);
    expect(report.created).toHaveLength(6);
    expect(await oldUrlsOf(await idOf('读书笔记'))).toEqual(['/notes/reading-notes']);
  });
});
