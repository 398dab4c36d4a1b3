import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseEnv } from '../setup/database.ts';
import { type Instance, startInstance } from './scale-instance.ts';

/**
 * A page write drops only (docs/decisions/0004-page-cache-and-tags.md) the cached pages that showed what it
 * changed. One server instance (no Redis; on SQLite, and on PostgreSQL in that project) with its real /api
 * app and page cache, and pages that read through the site's services (scale-instance.ts): the talk list,
 * the guestbook list, one guestbook message, a page of the config only, and a page that reads nothing (it
 * cannot say what it showed, so every write drops it).
 */

const ADMIN = { username: 'admin', password: 'Admin12345' };
const dataDir = mkdtempSync(path.join(tmpdir(), 'blog-tags-'));
let a: Instance;
let adminToken = '';
let talkId = 0;
let firstMessage = 0;
let secondMessage = 0;

const LOOK = { tag: '', color: '', font_size: 16, font_weight: 400, bg_color: '', bg_url: '' };
const PAGES = ['/page', '/talks', '/messages', '/config'];

async function addMessage(text: string): Promise<number> {
  const u = await a.user();
  const res = await a.call('POST', '/api/message/add', { ...LOOK, message: text }, u.token);
  expect(res.json.code).toBe(0);
  return res.json.result.id ?? res.json.result;
}

/** Renders every page once so each is cached, then checks they are. */
async function warm(paths: string[]) {
  for (const p of paths) await a.page(p);
  for (const p of paths) expect((await a.page(p)).cache, p).toBe('hit');
}

/** Which of these pages are still cached (a look renders a dropped one again: check once). */
async function cached(paths: string[]): Promise<string[]> {
  const out: string[] = [];
  for (const p of paths) if ((await a.page(p)).cache === 'hit') out.push(p);
  return out;
}

beforeAll(async () => {
  a = await startInstance({
    DATA_DIR: dataDir,
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    // A like drops the pages that show its count at once here (by default they are kept a minute:
    // tests/unit/page-cache-tags.test.ts, tests/e2e/page-cache-tags.spec.ts).
    PAGE_COUNTS_MAX_AGE: '0',
    // On the PostgreSQL project, its database: the tags must survive the pg driver's callbacks.
    ...(await databaseEnv()),
  });
  adminToken = (await a.call('POST', '/api/user/login', ADMIN)).json.result.token;
  const talk = await a.call(
    'POST',
    '/api/talk/publishTalk',
    { content: '标签', talkImgList: [], status: 1, is_top: 2 },
    adminToken,
  );
  talkId = talk.json.result.id ?? talk.json.result;
  firstMessage = await addMessage('第一条');
  secondMessage = await addMessage('第二条');
});

afterAll(async () => {
  await a?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a page write drops exactly the pages that showed what it changed', () => {
  const details = () => [`/message?id=${firstMessage}`, `/message?id=${secondMessage}`];

  it('a comment on an article (no cached page shows it) drops only the page that cannot say', async () => {
    const article = await a.article();
    const u = await a.user();
    await warm([...PAGES, ...details()]);
    const res = await a.call(
      'POST',
      '/api/comment/add',
      { type: 1, for_id: article, content: '文章评论' },
      u.token,
    );
    expect(res.json.code).toBe(0);
    expect(await cached([...PAGES, ...details()])).toEqual([...PAGES.slice(1), ...details()]);
  });

  it('a comment on a talk, its reply and its deletion drop the talk list only', async () => {
    const u = await a.user();
    await warm([...PAGES, ...details()]);
    const add = await a.call(
      'POST',
      '/api/comment/add',
      { type: 2, for_id: talkId, content: '说说评论' },
      u.token,
    );
    expect(add.json.code).toBe(0);
    expect(await cached([...PAGES, ...details()])).toEqual(['/messages', '/config', ...details()]);
    await warm(PAGES);
    const reply = await a.call(
      'POST',
      '/api/comment/apply',
      { type: 2, for_id: talkId, parent_id: add.json.result.id, to_id: u.id, content: '回复' },
      u.token,
    );
    expect(reply.json.code).toBe(0);
    expect(await cached(PAGES)).toEqual(['/messages', '/config']);
    await warm(PAGES);
    const del = await a.call('DELETE', `/api/comment/delete/${add.json.result.id}/0`, undefined, u.token);
    expect(del.json.code).toBe(0);
    expect(await cached(PAGES)).toEqual(['/messages', '/config']);
  });

  it("a comment on a guestbook message drops the guestbook list and that message's page", async () => {
    const u = await a.user();
    await warm([...PAGES, ...details()]);
    const res = await a.call(
      'POST',
      '/api/comment/add',
      { type: 3, for_id: firstMessage, content: '留言评论' },
      u.token,
    );
    expect(res.json.code).toBe(0);
    expect(await cached([...PAGES, ...details()])).toEqual([
      '/talks',
      '/config',
      `/message?id=${secondMessage}`,
    ]);
  });

  it("a new guestbook message drops the list; an edit drops the list and the message's page", async () => {
    await warm([...PAGES, ...details()]);
    await addMessage('第三条');
    expect(await cached([...PAGES, ...details()])).toEqual(['/talks', '/config', ...details()]);
    await warm([...PAGES, ...details()]);
    const edit = await a.call(
      'POST',
      '/api/message/update',
      { ...LOOK, id: secondMessage, message: '改过' },
      adminToken,
    );
    expect(edit.json.code).toBe(0);
    expect(await cached([...PAGES, ...details()])).toEqual([
      '/talks',
      '/config',
      `/message?id=${firstMessage}`,
    ]);
  });

  it('the config drops the pages that show it (every layout does) and the page that cannot say', async () => {
    await warm([...PAGES, ...details()]);
    const res = await a.call('POST', '/api/config/update', { blog_name: '标签之后' }, adminToken);
    expect(res.json.code).toBe(0);
    // The guestbook's pages show the config too: the writer's place only when the owner turns it on.
    expect(await cached([...PAGES, ...details()])).toEqual(['/talks']);
  });

  it('a read (the chat history, a comment list) and a refused write drop nothing', async () => {
    await warm([...PAGES, ...details()]);
    expect((await a.call('POST', '/api/chat/getChatList', { size: 20 })).json.code).toBe(0);
    const list = { type: 2, for_id: talkId, current: 1, size: 10, order: 'new' };
    expect((await a.call('POST', '/api/comment/frontGetParentComment', list)).json.code).toBe(0);
    const u = await a.user();
    const refused = await a.call(
      'POST',
      '/api/comment/add',
      { type: 2, for_id: 999999, content: '无' },
      u.token,
    );
    expect(refused.json.code).toBe(100);
    expect(await cached([...PAGES, ...details()])).toEqual([...PAGES, ...details()]);
  });
});

/** The pages of `paths` a write dropped (rendered anew at the next look), after caching them all. */
async function drops(
  paths: string[],
  write: () => Promise<{ json: { code: number; message: string } }>,
): Promise<string[]> {
  await warm(paths);
  const res = await write();
  expect(res.json.code, res.json.message).toBe(0);
  const kept = await cached(paths);
  return paths.filter((p) => !kept.includes(p));
}

const admin = (method: string, url: string, body?: unknown) => a.call(method, url, body, adminToken);

async function newArticle(title: string, content: string): Promise<number> {
  const res = await admin('POST', '/api/article/add', {
    article_title: title,
    article_content: content,
    article_cover: '',
    article_description: '',
    category_name: '标签分类',
    tagNameList: ['标签'],
    is_top: 2,
    order: 0,
    status: 1,
    type: 1,
    origin_url: '',
  });
  expect(res.json.code).toBe(0);
  return res.json.result.id;
}

describe('each page write names what it changed', () => {
  let a2 = 0;
  let a3 = 0;
  const art = (id: number) => `/article?id=${id}`;

  beforeAll(async () => {
    a2 = await newArticle('第二篇', '短短的正文');
    a3 = await newArticle('第三篇', '另一篇的正文');
  });

  it("an article's body drops its own page and the feed, and keeps the lists and the other articles", async () => {
    const pages = [art(a2), art(a3), '/home', '/rss', '/talks', '/config'];
    expect(
      await drops(pages, () =>
        admin('PUT', '/api/article/update', { id: a2, article_content: '改过的正文' }),
      ),
    ).toEqual([art(a2), '/rss']);
  });

  it("an article's title drops it, the lists, the feed and its neighbours' pages, not the talks", async () => {
    const pages = [art(a2), art(a3), '/home', '/rss', '/talks', '/albums'];
    expect(
      await drops(pages, () => admin('PUT', '/api/article/update', { id: a2, article_title: '第二篇改名' })),
    ).toEqual([art(a2), art(a3), '/home', '/rss']);
  });

  it('a body long enough to change the reading time the lists show drops the lists too', async () => {
    const pages = [art(a2), '/home', '/talks'];
    const long = '长'.repeat(5000);
    expect(
      await drops(pages, () => admin('PUT', '/api/article/update', { id: a2, article_content: long })),
    ).toEqual([art(a2), '/home']);
  });

  it("a like of an article (and its cancel) drops the pages that render its count, not the other article's", async () => {
    const u = await a.user();
    const pages = [art(a2), art(a3), '/home', '/rss', '/talks'];
    const like = { type: 1, for_id: a2 };
    expect(await drops(pages, () => a.call('POST', '/api/like/addLike', like, u.token))).toEqual([
      art(a2),
      '/home',
    ]);
    expect(await drops(pages, () => a.call('POST', '/api/like/cancelLike', like, u.token))).toEqual([
      art(a2),
      '/home',
    ]);
  });

  it('a like of a talk drops the talk list and its page, not the home or the guestbook', async () => {
    const u = await a.user();
    const pages = ['/talks', `/talk?id=${talkId}`, '/home', '/messages', art(a3)];
    expect(
      await drops(pages, () => a.call('POST', '/api/like/addLike', { type: 2, for_id: talkId }, u.token)),
    ).toEqual(['/talks', `/talk?id=${talkId}`]);
  });

  it("a like of a guestbook message drops the guestbook and that message's page only", async () => {
    const pages = ['/messages', `/message?id=${firstMessage}`, `/message?id=${secondMessage}`, '/talks'];
    expect(
      await drops(pages, () => a.call('POST', '/api/like/addLike', { type: 3, for_id: firstMessage })),
    ).toEqual(['/messages', `/message?id=${firstMessage}`]);
  });

  it("a like of a comment drops the pages that render that thing's comments, not those that count them", async () => {
    const u = await a.user();
    const add = await a.call(
      'POST',
      '/api/comment/add',
      { type: 2, for_id: talkId, content: '可赞' },
      u.token,
    );
    expect(add.json.code).toBe(0);
    const pages = [`/comments?t=2&id=${talkId}`, `/comments?t=1&id=${a2}`, '/talks', '/home'];
    expect(
      await drops(pages, () =>
        a.call('POST', '/api/like/addLike', { type: 4, for_id: add.json.result.id }, u.token),
      ),
    ).toEqual([`/comments?t=2&id=${talkId}`]);
  });

  it('a talk edit drops the talk pages; a private new talk drops neither', async () => {
    const pages = ['/talks', `/talk?id=${talkId}`, '/home', art(a2)];
    expect(
      await drops(pages, () => admin('PUT', '/api/talk/updateTalk', { id: talkId, content: '改过' })),
    ).toEqual(['/talks', `/talk?id=${talkId}`]);
    const privateTalk = { content: '私密', talkImgList: [], status: 2, is_top: 2 };
    expect(await drops(pages, () => admin('POST', '/api/talk/publishTalk', privateTalk))).toEqual([]);
  });

  it("an album edit and a photo drop the album list and that album's page, not another album or the articles", async () => {
    const one = (
      await admin('POST', '/api/photoAlbum/add', { album_name: '甲', album_cover: '', description: '' })
    ).json.result.id;
    const two = (
      await admin('POST', '/api/photoAlbum/add', { album_name: '乙', album_cover: '', description: '' })
    ).json.result.id;
    const pages = ['/albums', `/album?id=${one}`, `/album?id=${two}`, art(a2), '/talks'];
    const edit = { id: one, album_name: '甲改', album_cover: '', description: '改过' };
    expect(await drops(pages, () => admin('PUT', '/api/photoAlbum/update', edit))).toEqual([
      '/albums',
      `/album?id=${one}`,
    ]);
    const photo = { photoList: [{ album_id: two, url: '/uploads/tag-test.png' }] };
    expect(await drops(pages, () => admin('POST', '/api/photo/add', photo))).toEqual([
      '/albums',
      `/album?id=${two}`,
    ]);
  });

  it("a page banner drops the pages with that banner only; a user's name drops what they wrote", async () => {
    const banners = ['/banner?r=Talk', '/banner?r=Home', '/talks'];
    expect(
      await drops(banners, () =>
        admin('POST', '/api/pageHeader/addOrUpdate', { route_name: 'Talk', bg_url: '/uploads/talk.jpg' }),
      ),
    ).toEqual(['/banner?r=Talk']);
    const u = await a.user();
    const res = await a.call('POST', '/api/message/add', { ...LOOK, message: '我的留言' }, u.token);
    const mine = res.json.result.id ?? res.json.result;
    const pages = ['/messages', `/message?id=${mine}`, `/message?id=${firstMessage}`, '/talks', art(a2)];
    expect(
      await drops(pages, () =>
        a.call('PUT', '/api/user/updateOwnUserInfo', { nick_name: '新名字' }, u.token),
      ),
    ).toEqual(['/messages', `/message?id=${mine}`]);
  });

  it('links, bangumi, resources and sites each drop their own page; a new unused category drops none', async () => {
    const pages = ['/links', '/bangumi', '/resources', '/sites', '/talks'];
    const bangumi = {
      title: '番',
      title_cn: '番',
      cover: '',
      status: 2,
      progress: 1,
      total_episodes: 12,
      score: 8,
      summary: '',
      url: '',
    };
    expect(await drops(pages, () => admin('POST', '/api/bangumi/add', bangumi))).toEqual(['/bangumi']);
    const row = {
      category: '工具',
      name: '资源',
      desc: '',
      url: 'https://tool.example',
      icon: '',
      kind: 'front',
    };
    expect(await drops(pages, () => admin('POST', '/api/resources/addOrUpdate', row))).toEqual([
      '/resources',
    ]);
    const u = await a.user();
    const link = { site_name: '标签小站', site_desc: '', site_avatar: '', url: 'https://tags.example' };
    const applied = await a.call('POST', '/api/links/add', link, u.token);
    expect(
      await drops(pages, () => admin('PUT', '/api/links/approve', { idList: [applied.json.result.id] })),
    ).toEqual(['/links']);
    expect(
      await drops([...pages, art(a2), '/home'], () =>
        admin('POST', '/api/category/add', { category_name: '空分类' }),
      ),
    ).toEqual([]);
  });
  it('no page write of the console drops every page: each keeps a page that did not show what it changed', async () => {
    // A page showing only one banner: none of these writes changes it; the page that cannot say
    // what it showed is dropped by every one (the write did drop something).
    const sentinel = '/banner?r=Bangumi';
    const id = (res: { json: { result?: any } }) => res.json.result?.id ?? res.json.result;
    const article = await newArticle('第四篇', '控制台的文章');
    const talk = id(
      await admin('POST', '/api/talk/publishTalk', {
        content: '控制台',
        talkImgList: [],
        status: 1,
        is_top: 2,
      }),
    );
    const album = id(
      await admin('POST', '/api/photoAlbum/add', { album_name: '丙', album_cover: '', description: '' }),
    );
    const photos = (
      await admin('POST', '/api/photo/add', { photoList: [{ album_id: album, url: '/uploads/p1.png' }] })
    ).json.result as { id: number }[];
    const cat = id(await admin('POST', '/api/category/add', { category_name: '并入' }));
    const tag = id(await admin('POST', '/api/tag/add', { tag_name: '并入标签' }));
    const bangumi = {
      title: '番二',
      title_cn: '番二',
      cover: '',
      status: 2,
      progress: 1,
      total_episodes: 12,
      score: 8,
      summary: '',
      url: '',
    };
    const bangumiId = id(await admin('POST', '/api/bangumi/add', bangumi));
    const row = { category: '工具', name: '站点', desc: '', url: 'https://site.example', icon: '' };
    const siteId = id(await admin('POST', '/api/site/addOrUpdate', row));
    const link = { site_name: '后台站', site_desc: '', site_avatar: '', url: 'https://back.example' };
    const linkId = id(await a.call('POST', '/api/links/add', link, (await a.user()).token));
    const header = await admin('POST', '/api/pageHeader/addOrUpdate', {
      route_name: 'Archives',
      bg_url: '/uploads/a.jpg',
    });
    expect(header.json.code).toBe(0);
    const headers = (await a.call('GET', '/api/pageHeader/getAll')).json.result as {
      id: number;
      route_name: string;
    }[];
    const archives = headers.find((h) => h.route_name === 'Archives')?.id;
    const u = await a.user();
    const mine = id(await a.call('POST', '/api/message/add', { ...LOOK, message: '要删的' }, u.token));
    const comment = id(
      await a.call('POST', '/api/comment/add', { type: 2, for_id: talk, content: '要删的' }, u.token),
    );
    const writes: [string, string, unknown?][] = [
      ['PUT', `/api/article/updateTop/${article}/1`],
      ['PUT', `/api/article/isPublic/${article}/1`],
      ['PUT', `/api/article/revert/${article}`],
      ['PUT', '/api/category/update', { id: cat, category_name: '并入改名' }],
      [
        'PUT',
        '/api/category/merge',
        { from: cat, to: id(await admin('POST', '/api/category/add', { category_name: '目标' })) },
      ],
      ['PUT', '/api/tag/update', { id: tag, tag_name: '并入标签改名' }],
      ['POST', '/api/tag/delete', { tagIdList: [tag] }],
      ['PUT', `/api/talk/toggleTop/${talk}/1`],
      ['PUT', `/api/talk/togglePublic/${talk}/2`],
      ['DELETE', `/api/talk/deleteTalkById/${talk}/2`],
      ['PUT', `/api/talk/revertTalk/${talk}`],
      ['PUT', `/api/photoAlbum/setCover/${album}/${photos[0].id}`],
      ['PUT', '/api/photo/delete', { imgList: [{ id: photos[0].id, url: '' }], type: 1 }],
      ['PUT', '/api/photo/revert', { idList: [photos[0].id] }],
      ['DELETE', `/api/photoAlbum/delete/${album}`],
      ['PUT', `/api/bangumi/updateProgress/${bangumiId}/2`],
      ['PUT', '/api/bangumi/delete', { idList: [bangumiId] }],
      ['PUT', '/api/site/updateOrder', { list: [{ id: siteId, order: 1 }] }],
      ['PUT', '/api/site/delete', { idList: [siteId] }],
      ['POST', '/api/links/backUpdate', { id: linkId, ...link, status: 2 }],
      ['PUT', '/api/links/delete', { idList: [linkId] }],
      ['POST', '/api/pageHeader/delete', { id: archives }],
      ['PUT', '/api/user/adminUpdateUserInfo', { id: u.id, nick_name: '改名的人' }],
      ['DELETE', `/api/comment/backDelete/${comment}/0`],
      ['PUT', '/api/message/backDelete', { idList: [mine] }],
      ['DELETE', `/api/article/delete/${article}/1`],
    ];
    for (const [method, url, body] of writes)
      expect(await drops([sentinel, '/page'], () => admin(method, url, body)), `${method} ${url}`).toEqual([
        '/page',
      ]);
  });
});
