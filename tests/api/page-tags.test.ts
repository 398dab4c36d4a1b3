import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseEnv } from '../setup/database.ts';
import { type Instance, startInstance } from './scale-instance.ts';

/**
 * Issue 22: a page write drops only the cached pages that showed what it changed. One server
 * instance (no Redis; on SQLite, and on PostgreSQL in that project) with its real /api app and page cache, and pages that read through the site's
 * services (scale-instance.ts): the talk list, the guestbook list, one guestbook message, a page of
 * the config only, and a page that reads nothing (it cannot say what it showed, so every write drops it).
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

  it('a write whose service names nothing (a new talk, the config) drops every page', async () => {
    await warm([...PAGES, ...details()]);
    const res = await a.call('POST', '/api/config/update', { blog_name: '标签之后' }, adminToken);
    expect(res.json.code).toBe(0);
    expect(await cached([...PAGES, ...details()])).toEqual([]);
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
