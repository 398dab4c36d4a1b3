import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDatabase, db, dialect, openDatabase } from '../../src/server/db/connection.ts';
import { migrate } from '../../src/server/db/migrations/index.ts';
import type { DB } from '../../src/server/db/schema.ts';
import { seedDemo } from '../../src/server/seed/index.ts';

const ROUTES = [
  'Home',
  'Archives',
  'ArticleList',
  'Front',
  'Back',
  'SiteList',
  'LinkList',
  'Category',
  'Tag',
  'PhotoAlbum',
  'Talk',
  'MessageList',
  'PublishMessage',
  'MessageDetail',
  'UserCenter',
  'Bangumi',
];

const TABLES: ReadonlyArray<keyof DB> = [
  'user',
  'config',
  'page_header',
  'category',
  'tag',
  'article',
  'article_tag',
  'talk',
  'talk_photo',
  'photo_album',
  'photo',
  'link',
  'message',
  'comment',
  'like',
  'notify',
  'bangumi',
  'resource',
  'site',
];

const now = new Date('2025-06-01T08:00:00.000Z');
let dataDir: string;
let uploadsDir: string;
let adminId: number;

const count = async (table: keyof DB) => {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
};

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'blog-seed-'));
  uploadsDir = path.join(dataDir, 'uploads');
  await openDatabase({ dataDir });
  await migrate(db as never, dialect);
  const stamp = now.toISOString();
  await db
    .insertInto('config')
    .values({ id: 1, updatedAt: stamp } as never)
    .execute();
  const admin = await db
    .insertInto('user')
    .values({
      username: 'admin',
      password: 'not-a-real-hash',
      nick_name: 'admin',
      email: '',
      avatar: '',
      qq: '',
      role: 1,
      ip: '',
      createdAt: stamp,
      updatedAt: stamp,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  adminId = admin.id;
  await seedDemo({ adminId, uploadsDir, now });
}, 60_000);

afterAll(async () => {
  await closeDatabase();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('seedDemo', () => {
  it('creates the demo users and updates the admin', async () => {
    const users = await db.selectFrom('user').selectAll().orderBy('id').execute();
    const admin = users.find((u) => u.id === adminId);
    expect(admin?.nick_name).toBe('博主');
    expect(admin?.avatar).toMatch(/^\/uploads\/demo\/.+\.svg$/);
    const demo = users.filter((u) => u.role === 2);
    expect(demo).toHaveLength(4);
    for (const u of demo) {
      expect(u.nick_name).not.toBe('');
      expect(u.email).toContain('@');
      expect(u.avatar).toMatch(/^\/uploads\/demo\//);
      expect(u.password).toMatch(/^\$argon2id\$/);
    }
  });

  it('creates the taxonomy and the articles', async () => {
    expect(await count('category')).toBe(4);
    expect(await count('tag')).toBe(8);
    const articles = await db.selectFrom('article').selectAll().execute();
    const pub = articles.filter((a) => a.status === 1);
    expect(pub.length).toBeGreaterThanOrEqual(12);
    const priv = articles.filter((a) => a.status === 2);
    const drafts = articles.filter((a) => a.status === 3);
    expect(priv).toHaveLength(1);
    expect(priv[0].article_title).toContain('私密');
    expect(drafts).toHaveLength(1);
    expect(drafts[0].article_title).toContain('草稿');

    const pinned = articles.filter((a) => a.is_top === 1).sort((a, b) => a.order - b.order);
    expect(pinned.map((a) => a.order)).toEqual([1, 2]);
    expect(articles.filter((a) => a.is_top !== 1).every((a) => a.is_top === 2)).toBe(true);

    expect(pub.some((a) => a.type === 2 && a.origin_url.startsWith('https://'))).toBe(true);
    expect(pub.some((a) => a.type === 3 && a.origin_url.startsWith('https://'))).toBe(true);
    expect(new Set(articles.map((a) => a.slug)).size).toBe(articles.length);

    const tagLinks = await db.selectFrom('article_tag').selectAll().execute();
    const langs = new Set<string>();
    for (const a of articles) {
      expect(a.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(a.author_id).toBe(adminId);
      expect(a.category_id).not.toBeNull();
      expect(a.article_cover).toMatch(/^\/uploads\/demo\//);
      expect(a.article_description).not.toBe('');
      expect(a.article_content.length).toBeGreaterThanOrEqual(400);
      expect(a.article_content.length).toBeLessThanOrEqual(1500);
      expect(a.article_content).toMatch(/^## /m);
      const tags = tagLinks.filter((t) => t.article_id === a.id);
      expect(tags.length).toBeGreaterThanOrEqual(1);
      expect(tags.length).toBeLessThanOrEqual(3);
      for (const m of a.article_content.matchAll(/^```(\w+)/gm)) langs.add(m[1]);
      expect(Date.parse(a.createdAt)).toBeLessThanOrEqual(now.getTime());
    }
    for (const lang of ['ts', 'js', 'python', 'rust', 'go', 'bash', 'sql', 'css', 'json', 'html']) {
      expect(langs).toContain(lang);
    }
    const contents = pub.map((a) => a.article_content);
    expect(contents.filter((c) => /^\| --- \|/m.test(c)).length).toBeGreaterThanOrEqual(4);
    expect(contents.filter((c) => /!\[[^\]]*\]\(\/uploads\/demo\//.test(c)).length).toBeGreaterThanOrEqual(4);
    expect(contents.some((c) => /^> /m.test(c))).toBe(true);
    expect(contents.some((c) => /^1\. /m.test(c))).toBe(true);
    expect(contents.some((c) => /^- /m.test(c))).toBe(true);
    expect(contents.some((c) => /^### /m.test(c))).toBe(true);
  });

  it('creates talks, albums and friend links', async () => {
    const talks = await db.selectFrom('talk').selectAll().execute();
    expect(talks).toHaveLength(10);
    expect(talks.every((t) => t.user_id === adminId)).toBe(true);
    expect(talks.some((t) => t.is_top === 1)).toBe(true);
    const talkPhotos = await db.selectFrom('talk_photo').selectAll().execute();
    const perTalk = new Map<number, number>();
    for (const p of talkPhotos) perTalk.set(p.talk_id, (perTalk.get(p.talk_id) ?? 0) + 1);
    expect(perTalk.size).toBeGreaterThanOrEqual(3);
    for (const n of perTalk.values()) expect(n).toBeLessThanOrEqual(4);

    const albums = await db.selectFrom('photo_album').selectAll().execute();
    expect(albums).toHaveLength(3);
    for (const album of albums) {
      expect(album.album_cover).toMatch(/^\/uploads\/demo\//);
      const photos = await db.selectFrom('photo').selectAll().where('album_id', '=', album.id).execute();
      expect(photos.length).toBeGreaterThanOrEqual(6);
      expect(photos.length).toBeLessThanOrEqual(9);
    }

    const links = await db.selectFrom('link').selectAll().execute();
    expect(links.filter((l) => l.status === 2)).toHaveLength(6);
    expect(links.filter((l) => l.status === 1)).toHaveLength(1);
  });

  it('creates bangumi, resources and sites', async () => {
    const bangumi = await db.selectFrom('bangumi').selectAll().execute();
    for (const status of [1, 2, 3]) {
      expect(bangumi.filter((b) => b.status === status).length).toBeGreaterThanOrEqual(3);
    }
    for (const b of bangumi) {
      expect(b.cover).toMatch(/^\/uploads\/demo\//);
      expect(b.progress).toBeLessThanOrEqual(b.total_episodes);
      if (b.status === 1) expect(b.progress).toBe(0);
      if (b.status === 2) expect(b.progress).toBeGreaterThan(0);
      if (b.status === 2) expect(b.progress).toBeLessThan(b.total_episodes);
      if (b.status === 3) expect(b.progress).toBe(b.total_episodes);
    }

    const resources = await db.selectFrom('resource').selectAll().execute();
    for (const kind of ['front', 'back']) {
      const rows = resources.filter((r) => r.kind === kind);
      const categories = new Set(rows.map((r) => r.category));
      expect(categories.size).toBe(3);
      for (const c of categories) {
        const n = rows.filter((r) => r.category === c).length;
        expect(n).toBeGreaterThanOrEqual(3);
        expect(n).toBeLessThanOrEqual(4);
      }
    }
    expect(resources.every((r) => r.url.startsWith('https://') && r.icon.startsWith('/uploads/demo/'))).toBe(
      true,
    );

    const sites = await db.selectFrom('site').selectAll().execute();
    expect(new Set(sites.map((s) => s.category)).size).toBeGreaterThanOrEqual(2);
    expect(sites.length).toBeGreaterThanOrEqual(6);
  });

  it('creates guestbook messages and comment threads', async () => {
    const messages = await db.selectFrom('message').selectAll().execute();
    expect(messages.length).toBeGreaterThanOrEqual(10);
    expect(new Set(messages.map((m) => m.tag))).toEqual(new Set(['留言', '建议', '鼓励', '技术']));
    expect(messages.filter((m) => m.bg_url !== '').length).toBeGreaterThanOrEqual(2);
    expect(messages.some((m) => m.user_id === null)).toBe(true);
    for (const m of messages) {
      expect(m.nick_name).not.toBe('');
      expect(m.font_size).toBeGreaterThanOrEqual(12);
      expect(m.font_size).toBeLessThanOrEqual(24);
      expect([400, 500, 700]).toContain(m.font_weight);
    }

    const comments = await db.selectFrom('comment').selectAll().execute();
    const byId = new Map(comments.map((c) => [c.id, c]));
    for (const type of [1, 2, 3]) {
      expect(comments.some((c) => c.type === type && c.parent_id === null)).toBe(true);
      expect(comments.some((c) => c.type === type && c.parent_id !== null)).toBe(true);
    }
    for (const c of comments.filter((x) => x.parent_id !== null)) {
      const parent = byId.get(c.parent_id as number);
      expect(parent?.parent_id).toBeNull();
      expect(parent?.type).toBe(c.type);
      expect(parent?.for_id).toBe(c.for_id);
      expect(c.to_id).not.toBeNull();
    }
    expect(comments.some((c) => c.from_id === adminId)).toBe(true);
    expect(comments.every((c) => c.ip === '127.0.0.1' && c.ip_address !== '')).toBe(true);
    expect(comments.some((c) => c.thumbs_up > 0)).toBe(true);
  });

  it('sets page headers, the site config and notifications', async () => {
    const headers = await db.selectFrom('page_header').selectAll().execute();
    const names = headers.map((h) => h.route_name);
    for (const route of ROUTES) expect(names).toContain(route);
    expect(new Set(headers.map((h) => h.bg_url)).size).toBe(headers.length);

    const cfg = await db.selectFrom('config').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
    expect(cfg.blog_name).toBe('小站');
    expect(cfg.blog_avatar).toMatch(/^\/uploads\/demo\//);
    expect(cfg.avatar_bg).toMatch(/^\/uploads\/demo\//);
    expect(cfg.blog_notice).not.toBe('');
    expect(cfg.view_time).toBeGreaterThan(1000);

    const notes = await db.selectFrom('notify').selectAll().where('user_id', '=', adminId).execute();
    expect(notes.some((n) => n.type === 1)).toBe(true);
    expect(notes.some((n) => n.type === 4)).toBe(true);
  });

  it('writes every referenced picture, all self-contained SVG', async () => {
    const urls = new Set<string>();
    for (const table of TABLES) {
      const rows = await db.selectFrom(table).selectAll().execute();
      for (const m of JSON.stringify(rows).matchAll(/\/uploads\/demo\/[\w.-]+/g)) urls.add(m[0]);
    }
    expect(urls.size).toBeGreaterThan(50);
    for (const url of urls) {
      expect(existsSync(path.join(uploadsDir, url.slice('/uploads/'.length))), url).toBe(true);
    }
    const files = readdirSync(path.join(uploadsDir, 'demo'));
    expect(files.length).toBeGreaterThanOrEqual(urls.size);
    for (const file of files) {
      const text = readFileSync(path.join(uploadsDir, 'demo', file), 'utf8');
      expect(text.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
      expect(text.replace('http://www.w3.org/2000/svg', '')).not.toMatch(/https?:|\/\/|@import|href=/);
    }
  });
});
