import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { db } from '../../src/server/db/connection.ts';
import { planFor } from '../../src/server/services/import/detect.ts';
import { dryRun, runImport } from '../../src/server/services/import/run.ts';
import { setupTestApi } from './helpers.ts';
import { commentsOf } from './import-helpers.ts';

/**
 * Moving in as a blogger does: the Hexo blog first, then the comments its Waline kept, which know each
 * post only by the address the reader's browser had (`location.pathname`, percent-encoded). Nothing but
 * the import's own addresses ties the two: no address is given to the posts by hand.
 */

setupTestApi();
const HEXO = path.resolve(import.meta.dirname, '../fixtures/import/hexo-zh');
const dir = mkdtempSync(path.join(tmpdir(), 'blog-hexo-waline-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const at = (path: string) => encodeURI(path);
const comment = (id: string, url: string, text: string, more: Record<string, unknown> = {}) => ({
  objectId: id,
  nick: `读者${id.slice(-1)}`,
  mail: `reader${id.slice(-1)}@example.com`,
  link: '',
  ua: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
  ip: '198.51.100.9',
  url,
  comment: `<p>${text}</p>\n`,
  status: 'approved',
  insertedAt: `2023-08-0${id.slice(-1)}T10:00:00.000Z`,
  createdAt: `2023-08-0${id.slice(-1)}T10:00:00.000Z`,
  updatedAt: `2023-08-0${id.slice(-1)}T10:00:00.000Z`,
  ...more,
});

describe('a Hexo blog, then its Waline comments', () => {
  it('each comment finds its post by the address the Hexo import computed', async () => {
    expect((await runImport(await planFor(HEXO))).failed).toEqual([]);
    const file = path.join(dir, 'waline.json');
    const algo = at('/2023/05/14/常见算法/');
    writeFileSync(
      file,
      JSON.stringify({
        type: 'waline',
        version: 1,
        time: 1700000000000,
        tables: ['Comment', 'Counter', 'Users'],
        data: {
          Comment: [
            comment('c1', algo, '写得真好'),
            comment('c2', algo, '<a class="at" href="#c1">@读者1</a> , 谢谢', { pid: 'c1', rid: 'c1' }),
            comment('c3', algo, '<a class="at" href="#c2">@读者2</a> , 第三层', { pid: 'c2', rid: 'c1' }),
            comment('c4', at('/2023/06/02/HTML标签重点划注/'), '划重点'),
            comment('c5', '/2020/01/01/早就删了/', '这篇没了'),
          ],
          Counter: [],
          Users: [],
        },
      }),
    );
    const plan = await planFor(file);
    const preview = await dryRun(plan);
    const report = await runImport(plan);
    expect(report.created).toEqual({ comment: 4 });
    expect(preview.created).toEqual(report.created);
    expect(report.failed.map((f) => f.reason)).toEqual(['找不到页面 /2020/01/01/早就删了 对应的文章']);
    expect(preview.failed).toEqual(report.failed);

    const post = await db
      .selectFrom('article')
      .select('id')
      .where('article_title', '=', '常见算法')
      .executeTakeFirstOrThrow();
    const thread = await commentsOf(1, post.id);
    // Waline's `@读者1 ,` lead goes: to_id says whom a reply answers.
    expect(thread.map((c) => c.content)).toEqual(['写得真好', '谢谢', '第三层']);
    // Three deep on Waline, two levels here: both replies under the first, each to the one it answered.
    expect(thread[1].parent_id).toBe(thread[0].id);
    expect(thread[2].parent_id).toBe(thread[0].id);
    expect(thread[2].to_id).toBe(thread[1].from_id);
    expect((await runImport(await planFor(file))).created).toEqual({});
  });
});
