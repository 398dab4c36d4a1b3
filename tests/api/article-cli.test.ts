import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROLE } from '../../src/lib/role.ts';
import { db } from '../../src/server/db/connection.ts';
import { exportArticles, importArticles } from '../../src/server/services/article-files.ts';
import { createArticle } from '../../src/server/services/articles/write.ts';
import { verifyPassword } from '../../src/server/services/auth.ts';
import { databaseEnv } from '../setup/database.ts';
import { setupTestApi } from './helpers.ts';

const api = setupTestApi();
const FIXTURES = path.resolve(import.meta.dirname, '../fixtures/articles');
const temp: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'blog-export-'));
  temp.push(dir);
  return dir;
};
afterAll(() => {
  for (const d of temp) rmSync(d, { recursive: true, force: true });
});

const bySlug = (slug: string) =>
  db.selectFrom('article').selectAll().where('slug', '=', slug).executeTakeFirstOrThrow();
const row = (id: number) =>
  db.selectFrom('article').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const adminId = async () =>
  (
    await db
      .selectFrom('user')
      .select('id')
      .where('role', '=', ROLE.admin)
      .orderBy('id')
      .executeTakeFirstOrThrow()
  ).id;

const readAll = (dir: string) =>
  Object.fromEntries(
    readdirSync(dir)
      .sort()
      .map((f) => [f, readFileSync(path.join(dir, f), 'utf8')]),
  );

describe('blog import / export', () => {
  it('imports a folder: articles, missing categories and tags, fields from front matter', async () => {
    const report = await importArticles(FIXTURES);
    expect(report.failed).toEqual([]);
    expect(report.created.sort()).toEqual([
      'hello-import.md',
      'nested/no-front-matter.md',
      'translated-note.md',
    ]);
    const hello = await bySlug('hello-import');
    expect(hello).toMatchObject({
      article_title: '导入的第一篇文章',
      is_top: 1,
      status: 1,
      type: 1,
      article_cover: '/uploads/demo/cover.svg',
      article_description: '从 Markdown 文件导入',
      createdAt: '2024-03-04T16:00:00.000Z',
    });
    expect(hello.article_content.startsWith('# 导入的第一篇文章')).toBe(true);
    const detail = (await api.call('GET', `/api/article/getArticleById/${hello.id}`)).json.result;
    expect(detail.categoryName).toBe('导入分类');
    expect([...detail.tagNameList].sort()).toEqual(['TypeScript', '导入标签'].sort());
    const note = await bySlug('translated-note');
    expect(note).toMatchObject({
      status: 3,
      type: 3,
      origin_url: 'https://example.com/original',
      createdAt: '2023-12-31T12:30:00.000Z',
    });
    const bare = await bySlug('no-front-matter');
    expect(bare.article_title).toBe('没有 front matter 的文章');
  });

  it('is idempotent: importing again changes nothing', async () => {
    const before = await db.selectFrom('article').select(['id', 'updatedAt']).orderBy('id').execute();
    const report = await importArticles(FIXTURES);
    expect(report.created).toEqual([]);
    expect(report.updated).toEqual([]);
    expect(report.unchanged).toHaveLength(3);
    expect(await db.selectFrom('article').select(['id', 'updatedAt']).orderBy('id').execute()).toEqual(
      before,
    );
  });

  it('round-trips: export, import the export, export again gives the same files', async () => {
    const first = tempDir();
    expect(await exportArticles(first)).toBe(3);
    const files = readAll(first);
    expect(Object.keys(files)).toEqual(['hello-import.md', 'no-front-matter.md', 'translated-note.md']);
    expect(files['translated-note.md']).toContain('type: translation');
    // Re-importing the export is a no-op…
    const again = await importArticles(first);
    expect(again.unchanged).toHaveLength(3);
    expect(again.created.length + again.updated.length + again.failed.length).toBe(0);
    // …and exporting again writes identical files.
    const second = tempDir();
    await exportArticles(second);
    expect(readAll(second)).toEqual(files);
  });

  it('an edited file updates its article; a bad file is reported, the rest still imports', async () => {
    const dir = tempDir();
    await exportArticles(dir);
    const file = path.join(dir, 'hello-import.md');
    writeFileSync(
      file,
      readFileSync(file, 'utf8').replace('status: public', 'status: private').replace('正文', '改过的正文'),
    );
    writeFileSync(path.join(dir, 'broken.md'), '---\ntitle: x\nstatus: secret\n---\nbody');
    writeFileSync(path.join(dir, 'evil.md'), '---\ntitle: x\ncover: "javascript:alert(1)"\n---\nbody');
    // A NUL is refused as the API refuses it, on SQLite as on PostgreSQL (which cannot store one).
    writeFileSync(path.join(dir, 'nul.md'), '---\ntitle: 空字符\n---\n正文\u0000里');
    const stampBefore = (
      await db
        .selectFrom('article')
        .select('updatedAt')
        .where('slug', '=', 'hello-import')
        .executeTakeFirstOrThrow()
    ).updatedAt;
    const report = await importArticles(dir);
    expect(report.updated).toEqual(['hello-import.md']);
    expect(report.failed.map((f) => f.file).sort()).toEqual(['broken.md', 'evil.md', 'nul.md']);
    expect(report.failed.find((f) => f.file === 'broken.md')?.error).toContain('status');
    expect(report.failed.find((f) => f.file === 'nul.md')?.error).toBe('内容包含非法字符');
    expect(await db.selectFrom('article').select('id').where('slug', '=', 'nul').execute()).toEqual([]);
    const hello = await bySlug('hello-import');
    expect(hello.status).toBe(2);
    // The exported `updated` stamp is older than the edit: the article's updatedAt moves on.
    expect(hello.updatedAt > stampBefore).toBe(true);
    expect(hello.article_content).toContain('改过的正文');
  });

  it('the real CLI imports and exports through npm run blog', async () => {
    const dataDir = tempDir();
    const out = tempDir();
    const env = {
      ...process.env,
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      ADMIN_PASSWORD: 'Admin12345',
      LOG_LEVEL: 'silent',
      ...(await databaseEnv()),
    };
    const cli = path.resolve(import.meta.dirname, '../../src/server/cli/index.ts');
    const run = (...args: string[]) => spawnSync(process.execPath, [cli, ...args], { env, encoding: 'utf8' });
    const imported = run('import', FIXTURES);
    expect(imported.status, imported.stderr).toBe(0);
    expect(imported.stdout).toContain('新建 3 项（文章 3）');
    const exported = run('export', out);
    expect(exported.status, exported.stderr).toBe(0);
    expect(readdirSync(out).sort()).toEqual(['hello-import.md', 'no-front-matter.md', 'translated-note.md']);
    expect(run('import').status).toBe(1);
    // Three real processes, each loading the server's modules: room for a loaded machine.
  }, 60_000);
});

describe('what the files keep besides the text', () => {
  it('a scheduled, password-protected article with SEO text comes back as it was', async () => {
    const publishAt = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const id = await createArticle(
      {
        article_title: '定时的加密文章',
        article_content: '只给知道密码的人看',
        slug: 'locked-scheduled',
        status: 1,
        publish_at: publishAt,
        password: '芝麻开门',
        meta_description: '搜索结果里的简介',
        meta_keywords: '定时, 加密',
        tagIdList: [],
      },
      await adminId(),
    );
    const stored = await row(id);
    expect(stored.status).toBe(4);
    const dir = tempDir();
    await exportArticles(dir);
    const text = readFileSync(path.join(dir, 'locked-scheduled.md'), 'utf8');
    expect(text).toContain('status: scheduled');
    expect(text).toContain(`publish_at: ${publishAt}`);
    expect(text).toContain(`password_hash: ${stored.password}`);
    expect(text).toContain('meta_description: 搜索结果里的简介');
    expect(text).toContain('keywords: 定时, 加密');
    expect(text).not.toContain('芝麻开门');
    // Imported again over itself: nothing differs.
    expect((await importArticles(dir)).updated).not.toContain('locked-scheduled.md');

    // Gone, then imported from the file: still scheduled, still locked with the same password.
    await db.deleteFrom('article_tag').where('article_id', '=', id).execute();
    await db.deleteFrom('article').where('id', '=', id).execute();
    const only = tempDir();
    writeFileSync(path.join(only, 'locked-scheduled.md'), text);
    expect((await importArticles(only)).created).toEqual(['locked-scheduled.md']);
    const back = await bySlug('locked-scheduled');
    expect(back).toMatchObject({
      status: 4,
      publish_at: publishAt,
      password: stored.password,
      meta_description: '搜索结果里的简介',
      meta_keywords: '定时, 加密',
    });
    await db.deleteFrom('article').where('id', '=', back.id).execute();
  });

  it("hexo-blog-encrypt's plain `password` is imported hashed; an empty one removes it", async () => {
    const dir = tempDir();
    const file = path.join(dir, 'hexo-encrypted.md');
    writeFileSync(file, '---\ntitle: 加密的 Hexo 文章\npassword: hexo123\n---\n\n秘密\n');
    expect((await importArticles(dir)).created).toEqual(['hexo-encrypted.md']);
    const hashed = await bySlug('hexo-encrypted');
    expect(hashed.password).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword('hexo123', hashed.password)).toBe(true);
    // The same password again changes nothing; an empty one opens the article.
    expect((await importArticles(dir)).unchanged).toEqual(['hexo-encrypted.md']);
    writeFileSync(file, '---\ntitle: 加密的 Hexo 文章\npassword: ""\n---\n\n秘密\n');
    expect((await importArticles(dir)).updated).toEqual(['hexo-encrypted.md']);
    expect((await row(hashed.id)).password).toBe('');
    await db.deleteFrom('article').where('id', '=', hashed.id).execute();
  });
});
