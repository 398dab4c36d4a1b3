import path from 'node:path';
import { beforeAll, expect } from 'vitest';
import { db } from '../../src/server/db/connection.ts';
import { claimOldUrls } from '../../src/server/services/old-urls.ts';
import { setupTestApi } from './helpers.ts';
import { newArticle } from './import-helpers.ts';

type Api = ReturnType<typeof setupTestApi>;

/**
 * The site the comment imports land on (tests/api/import-comments-*.test.ts): the posts already
 * there, as a Markdown import leaves them (articles with their old addresses), a talk (说说) and the
 * owner's address the exports sign the blogger's comments with.
 */

export const COMMENTS_DIR = path.resolve(import.meta.dirname, '../fixtures/import/comments');

export type Site = { hello: number; algo: number; about: number; titled: number; talk: number };

/**
 * A comment import's test file: its API, the site (filled before the tests run) and the export's
 * path. Call at the file's top.
 */
export function commentsTest(file: string): { api: Api; site: Site; file: string } {
  const api = setupTestApi();
  const site = {} as Site;
  beforeAll(async () => {
    Object.assign(site, await siteWithPosts(api));
  });
  return { api, site, file: path.join(COMMENTS_DIR, file) };
}

async function siteWithPosts(api: Api): Promise<Site> {
  const article = async (title: string, addresses: string[]) => {
    const id = await newArticle(api, title);
    await claimOldUrls(db, id, addresses, 'markdown');
    return id;
  };
  await db.updateTable('user').set({ email: 'owner@example.com' }).where('id', '=', api.adminId).execute();
  const hello = await article('你好，世界', ['/2020/01/01/hello-world/']);
  const algo = await article('常见算法', ['/2023/05/14/常见算法/']);
  const about = await article('关于我', ['/about/']);
  // A post whose old address changed since: the exports that keep page titles find it by its title.
  const titled = await article('没有旧地址的文章', []);
  const now = new Date().toISOString();
  const talk = (
    await db
      .insertInto('talk')
      .values({
        user_id: api.adminId,
        content: '今天天气很好',
        status: 1,
        is_top: 2,
        like_times: 0,
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  // The exports' 说说 pages name talk 1: the fresh site's first.
  expect(talk).toBe(1);
  return { hello, algo, about, titled, talk };
}

export const messages = () => db.selectFrom('message').selectAll().orderBy('id').execute();

/** No comment or message text holds a tag: the tools' HTML became text. */
export async function noMarkupLeft(): Promise<void> {
  const texts = [
    ...(await db.selectFrom('comment').select('content').execute()).map((r) => r.content),
    ...(await db.selectFrom('message').select('message').execute()).map((r) => r.message),
  ];
  expect(texts.length).toBeGreaterThan(0);
  for (const t of texts) expect(t).not.toMatch(/<\/?[a-z][^>]*>/i);
}
