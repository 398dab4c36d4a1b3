import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { db } from '../../src/server/db/connection.ts';
import { purgeExpiredArticles } from '../../src/server/services/articles/trash.ts';
import { getStatistic } from '../../src/server/services/site.ts';
import { saveImage } from '../../src/server/services/uploads.ts';
import { jobParts, setupTestApi } from './helpers.ts';

/**
 * What the original admin app (blog-v3-admin) sends and reads. Unset filters and new rows'
 * ids come as 0, "" or null; /api/statistic counts every term; reading_duration is milliseconds;
 * files of rows deleted for good go once nothing else uses them.
 */
const api = setupTestApi({ seed: true });
const admin = (method: string, url: string, body?: unknown) => api.call(method, url, body, api.adminToken);
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const upload = () => saveImage(new Uint8Array(PNG), { ext: 'png', mime: 'image/png' });
const fileOf = (url: string) => path.join(api.dataDir, 'uploads', url.slice('/uploads/'.length));
const DAY_MS = 86_400_000;

async function addArticle(fields: Record<string, unknown>) {
  const { json } = await admin('POST', '/api/article/add', {
    article_title: `文章${Math.random().toString(36).slice(2, 8)}`,
    article_content: '正文',
    category_name: '默认分类',
    tagNameList: ['默认标签'],
    status: 1,
    ...fields,
  });
  expect(json.code, json.message).toBe(0);
  return json.result.id as number;
}

describe('0, "" and null are unset in admin filters and ids', () => {
  // Every admin list with a filter the original sends as 0 for "all" (or we take like it): each
  // field as 0, "" and null answers what the body without it answers.
  const LISTS: [string, string[]][] = [
    ['/api/article/getArticleList', ['status', 'is_top', 'tag_id', 'category_id', 'is_deleted']],
    ['/api/article/adminGetArticleList', ['status']],
    ['/api/links/getLinksList', ['status']],
    ['/api/talk/getTalkList', ['status']],
    ['/api/bangumi/getBangumiList', ['status']],
    ['/api/user/getUserList', ['role', 'disabled']],
    ['/api/message/getMessageList', ['user_id']],
    ['/api/comment/backGetCommentList', ['from_id']],
    ['/api/comment/getModerationList', ['type', 'from_id']],
    ['/api/chat/backGetChatList', ['user_id']],
    ['/api/audit/getAuditList', ['user_id']],
    ['/api/resources/getResourceList', ['kind']],
  ];
  for (const [url, fields] of LISTS) {
    it(`${url}: ${fields.join(', ')}`, async () => {
      const all = await admin('POST', url, { current: 1, size: 50 });
      expect(all.json.code, all.json.message).toBe(0);
      for (const field of fields) {
        for (const unset of [0, '', null]) {
          const res = await admin('POST', url, { current: 1, size: 50, [field]: unset });
          expect(res.json.code, `${field}: ${JSON.stringify(unset)} ${res.json.message}`).toBe(0);
          expect(res.json.result.total, `${field}: ${JSON.stringify(unset)}`).toBe(all.json.result.total);
        }
      }
    });
  }

  it('getArticleList {status: 0} is the tab 所有文章 (public and private); getLinksList {status: 0} every link', async () => {
    const pub = await addArticle({ status: 1 });
    const priv = await addArticle({ status: 2 });
    const res = await admin('POST', '/api/article/getArticleList', { current: 1, size: 50, status: 0 });
    expect(res.json.code, res.json.message).toBe(0);
    const shown = res.json.result.list.map((a: { id: number }) => a.id);
    expect(shown).toEqual(expect.arrayContaining([pub, priv]));

    await admin('POST', '/api/links/backUpdate', {
      id: 0,
      site_name: '待审友链',
      site_desc: '描述',
      site_avatar: '',
      url: 'https://pending.example',
      status: 1,
    });
    const links = await admin('POST', '/api/links/getLinksList', { current: 1, size: 50, status: 0 });
    expect(links.json.code, links.json.message).toBe(0);
    const statuses = new Set(links.json.result.list.map((l: { status: number }) => l.status));
    expect(statuses).toEqual(new Set([1, 2]));
  });

  it('pageHeader/addOrUpdate with id "", 0 or null creates the header', async () => {
    const routes = ['Talk', 'Bangumi', 'PhotoAlbum'];
    for (const [i, newId] of (['', 0, null] as const).entries()) {
      const route_name = routes[i];
      await db.deleteFrom('page_header').where('route_name', '=', route_name).execute();
      const res = await admin('POST', '/api/pageHeader/addOrUpdate', {
        id: newId,
        route_name,
        bg_url: `https://img.example/${route_name}.png`,
      });
      expect(res.json.code, `${JSON.stringify(newId)}: ${res.json.message}`).toBe(0);
      const all = (await api.call('GET', '/api/pageHeader/getAll')).json.result as { route_name: string }[];
      expect(all.map((h) => h.route_name)).toContain(route_name);
    }
  });

  it('resources/addOrUpdate and links/backUpdate with id 0 create a row', async () => {
    const res = await admin('POST', '/api/resources/addOrUpdate', {
      id: 0,
      kind: 'front',
      category: '工具',
      name: '新工具',
      url: 'https://tool.example',
    });
    expect(res.json.code, res.json.message).toBe(0);
    const link = await admin('POST', '/api/links/backUpdate', {
      id: 0,
      site_name: '新友链',
      site_desc: '描述',
      site_avatar: '',
      url: 'https://new-link.example',
      status: 2,
    });
    expect(link.json.code, link.json.message).toBe(0);
  });
});

describe('GET /api/statistic', () => {
  it('counts every category and tag row, as the original did; our home page still counts the public ones', async () => {
    await admin('POST', '/api/category/add', { category_name: '空分类31' });
    await admin('POST', '/api/tag/add', { tag_name: '空标签31' });
    await addArticle({ status: 2, category_name: '私密分类31', tagNameList: ['私密标签31'] });
    const rows = async (table: 'category' | 'tag') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const stat = (await api.call('GET', '/api/statistic')).json.result;
    expect(stat.categoryCount).toBe(await rows('category'));
    expect(stat.tagCount).toBe(await rows('tag'));
    const home = await getStatistic();
    expect(home.categoryCount).toBeLessThan(stat.categoryCount);
    expect(home.tagCount).toBeLessThan(stat.tagCount);
  });
});

describe('reading_duration is milliseconds on /api', () => {
  it('answers what was reported, in milliseconds (the column keeps seconds)', async () => {
    const id = await addArticle({ status: 1 });
    await api.call('PUT', `/api/article/addReadingDuration/${id}/180000`);
    const row = await db
      .selectFrom('article')
      .select('reading_duration')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.reading_duration).toBe(180);
    const one = await api.call('GET', `/api/article/getArticleById/${id}`);
    expect(one.json.result.reading_duration).toBe(180_000);
    const list = await admin('POST', '/api/article/getArticleList', { current: 1, size: 50 });
    const item = list.json.result.list.find((a: { id: number }) => a.id === id);
    expect(item.reading_duration).toBe(180_000);
  });
});

describe('files of rows deleted for good', () => {
  it('an article deleted for good takes its cover, unless another row uses it', async () => {
    const own = await upload();
    const shared = await upload();
    const a = await addArticle({ status: 1, article_cover: own });
    const b = await addArticle({ status: 1, article_cover: shared });
    await addArticle({ status: 2, article_content: `![图](${shared})` });
    for (const id of [a, b]) {
      expect((await admin('DELETE', `/api/article/delete/${id}/1`)).json.code).toBe(0);
      // In the bin the file stays: the article can come back.
      expect(existsSync(fileOf(id === a ? own : shared))).toBe(true);
      expect((await admin('DELETE', `/api/article/delete/${id}/3`)).json.code).toBe(0);
    }
    expect(existsSync(fileOf(own))).toBe(false);
    expect(existsSync(fileOf(shared))).toBe(true);
  });

  it('the bin purge takes the cover too', async () => {
    const cover = await upload();
    const id = await addArticle({ status: 1, article_cover: cover });
    await admin('DELETE', `/api/article/delete/${id}/1`);
    expect(await purgeExpiredArticles(jobParts(31 * DAY_MS))).toContain(id);
    expect(existsSync(fileOf(cover))).toBe(false);
  });

  it('a deleted page header takes its picture, unless another row uses it', async () => {
    const own = await upload();
    const shared = await upload();
    await addArticle({ status: 1, article_cover: shared });
    const ids: number[] = [];
    for (const [route_name, bg_url] of [
      ['Archives', own],
      ['Tag', shared],
    ]) {
      await admin('POST', '/api/pageHeader/addOrUpdate', { route_name, bg_url });
      const all = (await api.call('GET', '/api/pageHeader/getAll')).json.result as {
        id: number;
        route_name: string;
      }[];
      ids.push(all.find((h) => h.route_name === route_name)?.id ?? 0);
    }
    for (const id of ids) {
      expect((await admin('POST', '/api/pageHeader/delete', { id })).json.code).toBe(0);
    }
    expect(existsSync(fileOf(own))).toBe(false);
    expect(existsSync(fileOf(shared))).toBe(true);
  });
});
