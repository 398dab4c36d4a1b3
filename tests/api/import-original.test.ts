import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalMariadb, startMariadb } from '../../scripts/local-services/mariadb.ts';
import { db } from '../../src/server/db/connection.ts';
import { planFor } from '../../src/server/services/import/detect.ts';
import { MYSQL_UNREACHABLE } from '../../src/server/services/import/mysql-connect.ts';
import { dryRun, runImport } from '../../src/server/services/import/run.ts';
import { setupTestApi } from './helpers.ts';
import { LOCAL } from './import-typecho-cases.ts';

/**
 * Importing the original project's MySQL database into this site, from a real MariaDB loaded with the
 * original schema and a few rows per table.
 * @module-tag services
 */

const api = setupTestApi();
const DIR = path.resolve(import.meta.dirname, '../fixtures/import/original');
let maria: LocalMariadb;
let url = '';

beforeAll(async () => {
  maria = await startMariadb();
  const sql = ['schema.sql', 'data.sql'].map((f) => readFileSync(path.join(DIR, f), 'utf8')).join('\n');
  url = await maria.createDatabase('online_blog', sql);
}, 120_000);
afterAll(() => maria?.stop());

describe('import the original project (MySQL)', () => {
  it('the dry run counts every table', async () => {
    const report = await dryRun(await planFor(url, { mysql: LOCAL }));
    expect(report.format).toBe('mysql');
    expect(report.created).toEqual({
      user: 2,
      category: 1,
      tag: 2,
      article: 2,
      talk: 1,
      album: 1,
      photo: 2,
      message: 2,
      comment: 3,
      like: 2,
      link: 1,
      header: 1,
      config: 1,
      notify: 1,
      chat: 2,
      site: 1,
    });
  });

  it('imports every table, keeping ids where free and relinking pictures', async () => {
    const report = await runImport(await planFor(url, { uploads: path.join(DIR, 'upload'), mysql: LOCAL }));
    expect(report.failed).toEqual([]);
    // Article 3 is free here (a site without the demo): it keeps its id, so old links still lead to it.
    const first = await db
      .selectFrom('article')
      .selectAll()
      .where('article_title', '=', '原来的第一篇')
      .executeTakeFirstOrThrow();
    expect(first).toMatchObject({
      id: 3,
      is_top: 1,
      view_times: 42,
      reading_duration: 90,
      createdAt: '2022-01-03T00:00:00.000Z',
    });
    expect(first.article_content).toMatch(/!\[\]\(\/uploads\/.+\.png\)/);
    // A picture not in the folder keeps its address.
    expect(first.article_cover).toBe('http://img.old.example.com/upload/cover.png');
    const detail = (await api.call('GET', '/api/article/getArticleById/3')).json.result;
    expect(detail.categoryName).toBe('前端');
    expect([...detail.tagNameList].sort()).toEqual(['Vue', '随笔'].sort());
    expect(
      await db.selectFrom('article').select(['status', 'type']).where('id', '=', 5).executeTakeFirst(),
    ).toEqual({ status: 3, type: 2 });

    const talk = await db.selectFrom('talk').selectAll().executeTakeFirstOrThrow();
    expect(talk).toMatchObject({ content: '今天天气不错', is_top: 1, like_times: 3 });
    expect(
      (
        await db.selectFrom('talk_photo').select('url').where('talk_id', '=', talk.id).orderBy('id').execute()
      ).map((p) => p.url),
    ).toEqual(['http://img.old.example.com/upload/t1.png', 'http://img.old.example.com/upload/t2.png']);
    expect(await db.selectFrom('photo').select('status').orderBy('id').execute()).toEqual([
      { status: 1 },
      { status: 2 },
    ]);
    const reader = await db
      .selectFrom('user')
      .selectAll()
      .where('username', '=', 'reader')
      .executeTakeFirstOrThrow();
    const comments = await db.selectFrom('comment').selectAll().orderBy('id').execute();
    expect(comments.map((c) => [c.type, c.for_id, c.content])).toEqual([
      [1, 3, '写得真好'],
      [1, 3, '谢谢'],
      [2, talk.id, '说说的评论'],
    ]);
    expect(comments[1]).toMatchObject({ parent_id: comments[0].id, to_id: reader.id });
    const messages = await db.selectFrom('message').selectAll().orderBy('id').execute();
    expect(messages[0]).toMatchObject({
      color: '#ff0000',
      font_size: 14,
      font_weight: 600,
      user_id: reader.id,
    });
    expect(messages[1]).toMatchObject({ nick_name: '匿名游客', user_id: null });
    expect(await db.selectFrom('like').select(['type', 'for_id', 'user_id']).orderBy('id').execute()).toEqual(
      [
        { type: 1, for_id: 3, user_id: reader.id },
        { type: 2, for_id: talk.id, user_id: null },
      ],
    );
    expect(await db.selectFrom('link').select(['site_name', 'status', 'user_id']).execute()).toEqual([
      { site_name: '朋友的站', status: 2, user_id: reader.id },
    ]);
    expect(
      (
        await db
          .selectFrom('page_header')
          .select('bg_url')
          .where('route_name', '=', 'Home')
          .executeTakeFirstOrThrow()
      ).bg_url,
    ).toBe('http://img.old.example.com/upload/home.png');
    expect(
      await db
        .selectFrom('config')
        .select(['blog_name', 'personal_say', 'view_time'])
        .executeTakeFirstOrThrow(),
    ).toEqual({
      blog_name: '老博客',
      personal_say: '永远年轻',
      view_time: 12345,
    });
    expect(await db.selectFrom('chat').select(['content_type']).orderBy('id').execute()).toEqual([
      { content_type: 'text' },
      { content_type: 'image' },
    ]);
    expect(await db.selectFrom('notify').select(['to_id', 'type']).execute()).toEqual([
      { to_id: 3, type: 1 },
    ]);
    expect(await db.selectFrom('site').select(['name', 'url']).execute()).toContainEqual({
      name: '好站推荐',
      url: 'https://recommend.example.com',
    });
  });

  it('a second run creates nothing; new rows after the kept ids get new ones', async () => {
    const again = await runImport(await planFor(url, { mysql: LOCAL }));
    expect(again.created).toEqual({});
    expect(again.failed).toEqual([]);
    const made = await api.call(
      'POST',
      '/api/article/add',
      {
        article_title: '导入后新写的',
        article_content: '正文',
        category_id: null,
        tagIdList: [],
        status: 1,
        type: 1,
        is_top: 2,
        origin_url: '',
        article_cover: '',
        article_description: '',
      },
      api.adminToken,
    );
    expect(made.json.code, made.json.message).toBe(0);
  });

  it('an imported user signs in with the old password; the bcrypt hash becomes argon2id', async () => {
    const before = await db
      .selectFrom('user')
      .select('password')
      .where('username', '=', 'reader')
      .executeTakeFirstOrThrow();
    expect(before.password.startsWith('$2a$10$')).toBe(true);
    const wrong = await api.call('POST', '/api/user/login', { username: 'reader', password: 'nope12345' });
    expect(wrong.json.code).not.toBe(0);
    const ok = await api.call('POST', '/api/user/login', { username: 'reader', password: 'OldPass123' });
    expect(ok.json.code, ok.json.message).toBe(0);
    const after = await db
      .selectFrom('user')
      .select('password')
      .where('username', '=', 'reader')
      .executeTakeFirstOrThrow();
    expect(after.password.startsWith('$argon2id$')).toBe(true);
    expect(
      (await api.call('POST', '/api/user/login', { username: 'reader', password: 'OldPass123' })).json.code,
    ).toBe(0);
  });

  it('a wrong address says so in Chinese', async () => {
    await expect(planFor(url.replace('online_blog', 'nope'), { mysql: LOCAL })).rejects.toThrow(
      MYSQL_UNREACHABLE,
    );
  });
});
