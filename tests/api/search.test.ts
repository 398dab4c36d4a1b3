import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { normalizeQuery } from '../../src/lib/search.ts';
import { db, sqlite } from '../../src/server/db/connection.ts';
import { migrate } from '../../src/server/db/migrations/index.ts';
import { searchArticles } from '../../src/server/services/search.ts';
import { onPostgres } from '../setup/database.ts';
import { articleRow } from './article-row.ts';
import { setupTestApi } from './helpers.ts';
import { migrationsAfter, undoMigrationsFrom } from './undo-migrations.ts';

const api = setupTestApi();

type Hit = { id: number; article_title: string; article_content: string };

async function search(text: string): Promise<Hit[]> {
  const { status, json } = await api.call(
    'GET',
    `/api/article/getArticleListByContent/${encodeURIComponent(text)}`,
  );
  expect(status).toBe(200);
  expect(json.code).toBe(0);
  return json.result;
}

const ids = (hits: Hit[]) => hits.map((h) => h.id);

async function add(article_title: string, article_content: string, extra: Record<string, unknown> = {}) {
  const { json } = await api.call(
    'POST',
    '/api/article/add',
    { article_title, article_content, ...extra },
    api.adminToken,
  );
  expect(json.code).toBe(0);
  const row = await db
    .selectFrom('article')
    .select('id')
    .where('article_title', '=', article_title)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** SQLite: FTS5's own check throws if an index is damaged; each holds exactly the articles. */
async function expectFtsInStep() {
  await db.updateTable('article').set({ view_times: 5 }).execute();
  const articleIds = (await db.selectFrom('article').select('id').orderBy('id').execute()).map((r) => r.id);
  for (const table of ['article_title_fts', 'article_body_fts']) {
    expect(() =>
      sqlite?.exec(`INSERT INTO ${table}(${table}, rank) VALUES ('integrity-check', 1)`),
    ).not.toThrow();
    const rows = sqlite?.prepare(`SELECT rowid AS id FROM ${table} ORDER BY rowid`).all() ?? [];
    expect(rows.map((r) => Number(r.id))).toEqual(articleIds);
  }
  const matched = sqlite
    ?.prepare(`SELECT count(*) AS n FROM article_body_fts WHERE article_body_fts MATCH '"隐藏内容"'`)
    .get() as { n: number };
  expect(matched.n).toBe(2);
}

/**
 * PostgreSQL: article_search (migration 0017) holds every article's current title and text
 * (lower-cased), and a view counter's update does not rewrite its rows (their xmin, the writing
 * transaction, stays).
 */
async function expectPgIndexInStep() {
  const texts = () =>
    sql<{ id: number; title: string; body: string; xmin: string }>`
      SELECT s.id, s.title = lower(a.article_title) AS title, s.body = lower(a.article_content) AS body,
        s.xmin::text AS xmin
      FROM article a FULL JOIN article_search s ON s.id = a.id ORDER BY s.id`.execute(db);
  const before = (await texts()).rows;
  expect(before.length).toBeGreaterThan(3);
  for (const row of before) expect([row.title, row.body], String(row.id)).toEqual([true, true]);
  await db.updateTable('article').set({ view_times: 5 }).execute();
  expect((await texts()).rows).toEqual(before);
}

const filler = (n: number) => '这是一段用来占位的普通文字，没有什么特别的内容。'.repeat(n);

describe('site search', () => {
  it('finds Chinese substrings through the index and short ones by scanning', async () => {
    const id = await add('搜索实验一号', `${filler(3)}今天我们讨论全文检索的实现细节。${filler(3)}`);
    // Substrings of three or more characters (trigram index), starting mid-word.
    expect(ids(await search('全文检索'))).toEqual([id]);
    expect(ids(await search('文检索的实'))).toEqual([id]);
    // Two characters and one character: below the trigram length, found by the scan.
    expect(ids(await search('检索'))).toContain(id);
    expect(ids(await search('讨'))).toContain(id);
    // Surrounding white space and case do not matter; an absent word finds nothing.
    expect(ids(await search('  全文检索  '))).toEqual([id]);
    await add('Case Study', 'Writing TypeScript every day.');
    expect((await search('typescript'))[0].article_title).toBe('Case Study');
    expect(await search('不存在的词语组合')).toEqual([]);
    // Short texts at the very end of a title or body are found too.
    const tail = await add('浅谈缓冲', '正文最后是尾巴');
    expect(ids(await search('缓冲'))).toEqual([tail]);
    expect(ids(await search('冲'))).toEqual([tail]);
    expect(ids(await search('尾巴'))).toEqual([tail]);
    expect(ids(await search('巴'))).toEqual([tail]);
  });

  it('gives an excerpt around the hit, from readable text', async () => {
    const id = await add(
      '摘录测试',
      `# 标题\n\n${filler(10)}**关键线索**就藏在这里。${filler(10)}\n\n\`\`\`js\nconst 代码专用词 = 1;\n\`\`\``,
    );
    const [hit] = await search('关键线索');
    expect(hit.id).toBe(id);
    expect(hit.article_content).toContain('关键线索就藏在这里');
    expect(hit.article_content.startsWith('…')).toBe(true);
    expect(hit.article_content.endsWith('…')).toBe(true);
    expect(hit.article_content.length).toBeLessThan(100);
    // No Markdown syntax in excerpts.
    expect(hit.article_content).not.toContain('**');
    // A hit inside a code block still shows the code around it.
    const [code] = await search('代码专用词');
    expect(code.id).toBe(id);
    expect(code.article_content).toContain('const 代码专用词 = 1');
    // A title-only hit shows the opening of the text.
    const [title] = await search('摘录测试');
    expect(title.article_content.startsWith('标题')).toBe(true);
  });

  // Excerpts of an article of 200,000 characters (the maximum) of unmatched `<` took the old
  // stripping regexes ~40 s of main-thread time per search (O(n²)); this test timed out. Linear now.
  it('answers at once with an excerpt for a maximal article of unmatched < and [', async () => {
    const lt = await add('尖括号之海', `海面之下${'<'.repeat(199_000)}深处的宝藏`);
    const br = await add('方括号之海', `${'['.repeat(199_000)}尽头的方括号宝藏`);
    const [hit] = await search('深处的宝藏');
    expect(hit.id).toBe(lt);
    expect(hit.article_content).toContain('深处的宝藏');
    expect(hit.article_content.length).toBeLessThan(100);
    const [other] = await search('方括号宝藏');
    expect(other.id).toBe(br);
    expect(other.article_content).toContain('尽头的方括号宝藏');
    // Titles hits show the opening.
    expect((await search('尖括号之海'))[0].article_content.startsWith('海面之下')).toBe(true);
  });

  it('ranks title hits first, returns at most 8', async () => {
    const bodyOnly = await add('没有关键字的标题', `排序关键词出现了很多次：${'排序关键词 '.repeat(20)}`);
    await db.updateTable('article').set({ view_times: 9999 }).where('id', '=', bodyOnly).execute();
    const inTitle = await add('排序关键词在标题里', filler(2));
    const hits = await search('排序关键词');
    expect(ids(hits)).toEqual([inTitle, bodyOnly]);
    // The scan for short queries ranks the same way.
    const short = await search('排序');
    expect(short[0].id).toBe(inTitle);
    expect(ids(short)).toContain(bodyOnly);

    for (let i = 0; i < 10; i++) await add(`批量文章${i}号`, `批量正文，序号 ${i}`);
    expect(await search('批量文章')).toHaveLength(8);
    expect(await search('批量')).toHaveLength(8);
  });

  it('never returns private or draft articles, and follows every write', async () => {
    const secret = await add('私密日记', '只有博主能看到的隐藏内容甲', { status: 2 });
    const draft = await add('草稿一篇', '还没写完的隐藏内容乙', { status: 3 });
    expect(await search('隐藏内容')).toEqual([]);
    expect(await search('隐藏')).toEqual([]);
    expect(await search('私密日记')).toEqual([]);

    // Publishing makes it searchable; making it private again hides it.
    await api.call('PUT', '/api/article/update', { id: draft, status: 1 }, api.adminToken);
    expect(ids(await search('隐藏内容'))).toEqual([draft]);
    await api.call('PUT', '/api/article/update', { id: draft, status: 2 }, api.adminToken);
    expect(await search('隐藏内容')).toEqual([]);

    // Edits move the index: the old words are gone, the new ones found.
    const edited = await add('修改前的标题', '修改前的正文内容');
    await api.call(
      'PUT',
      '/api/article/update',
      { id: edited, article_title: '修改后的标题', article_content: '焕然一新的正文' },
      api.adminToken,
    );
    expect(await search('修改前的')).toEqual([]);
    expect(ids(await search('焕然一新'))).toEqual([edited]);
    expect(ids(await search('修改后的标题'))).toEqual([edited]);

    // Deleting removes it.
    await api.call('DELETE', `/api/article/delete/${edited}`, undefined, api.adminToken);
    expect(await search('焕然一新')).toEqual([]);

    // A write that bypasses the services (the sqlite shell, another process) is indexed too.
    const raw = await db
      .insertInto('article')
      .values(
        articleRow({
          slug: 'raw-insert',
          article_title: '直接写入的文章',
          author_id: api.adminId,
          article_content: '绕过服务层写入的内容',
        }),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(ids(await search('绕过服务层'))).toEqual([raw.id]);
    expect(secret).toBeGreaterThan(0);

    // After all these writes each index holds exactly the articles, and view counters (no text
    // change) leave them alone.
    if (onPostgres) {
      await expectPgIndexInStep();
      // A database that had its articles before 0017: the migration copies them in.
      await undoMigrationsFrom(db as never, 'postgres', '0017_search_trgm');
      expect(await migrate(db as never, 'postgres')).toEqual([
        '0017_search_trgm',
        ...migrationsAfter('0017_search_trgm'),
      ]);
      await expectPgIndexInStep();
      expect(ids(await search('绕过服务层'))).toEqual([raw.id]);
    } else await expectFtsInStep();
  });

  it('treats pattern and query syntax as plain text', async () => {
    const parens = await add('括号文章', '函数调用 f(((x))) 三层括号');
    const percent = await add('百分比文章', '增长了 50% 左右');
    const under = await add('下划线文章', '变量名 snake_case 很常见');
    const quote = await add('引号文章', '他说 "你好" 然后 OR NEAR(a b) x*y 走了');
    // Nothing else contains these characters, so any wildcard reading would find more.
    expect(ids(await search('((('))).toEqual([parens]);
    expect(ids(await search('%'))).toEqual([percent]);
    expect(ids(await search('0%'))).toEqual([percent]);
    expect(ids(await search('_'))).toEqual([under]);
    expect(ids(await search('e_c'))).toEqual([under]);
    expect(await search('%%%')).toEqual([]);
    expect(await search('___')).toEqual([]);
    expect(ids(await search('"你好"'))).toEqual([quote]);
    expect(ids(await search('NEAR(a b)'))).toEqual([quote]);
    expect(await search('a OR b')).toEqual([]);
    expect(ids(await search('x*y'))).toEqual([quote]);
    expect(await search('NEA*')).toEqual([]);
    expect(await search('\\')).toEqual([]);
    expect(await search("' OR 1=1 --")).toEqual([]);
    expect(ids(await search('"'))).toEqual([quote]);
    // A slash in the query (encoded) is just a character.
    expect(await search('a/b')).toEqual([]);
    // Over-long input is refused with a message, not a crash.
    const long = await api.call('GET', `/api/article/getArticleListByContent/${'长'.repeat(201)}`);
    expect(long.json.code).toBe(100);
  });

  it.runIf(onPostgres)(
    'on PostgreSQL finds rare words of any length through the GIN indexes of 0017',
    async () => {
      // A blog big enough that reading every text is the planner's last choice.
      await sql`
      INSERT INTO article (slug, article_title, author_id, article_content, article_cover, article_description,
        is_top, "order", status, type, origin_url, view_times, thumbs_up_times, reading_duration,
        "createdAt", "updatedAt")
      SELECT 'gin-' || i, '填充标题' || i, ${api.adminId}, repeat('填充用的正文内容，', 20) || i, '', '',
        2, 0, 1, 1, '', i % 97, 0, 0, '2026-01-01', '2026-01-01'
      FROM generate_series(1, 3000) AS i`.execute(db);
      const rare = await add(
        '罕见标题',
        `${filler(2)}里面藏着一个罕见词：鼹鼠洞穴，还有一个字：饕。${filler(2)} c++ 代码`,
      );
      await sql`ANALYZE article_search`.execute(db);
      const scans = async () =>
        Object.fromEntries(
          (
            await sql<{ name: string; n: number }>`
            SELECT indexrelname AS name, idx_scan AS n FROM pg_stat_user_indexes
            WHERE relname = 'article_search'`.execute(db)
          ).rows.map((r) => [r.name, Number(r.n)]),
        );
      const before = await scans();
      expect(ids(await search('鼹鼠洞穴'))).toEqual([rare]); // pg_trgm
      expect(ids(await search('饕'))).toEqual([rare]); // one character: search_grams
      expect(ids(await search('鼹鼠'))).toEqual([rare]); // two characters: search_grams
      expect(ids(await search('c++'))).toEqual([rare]); // no run of three letters: search_grams, then ILIKE
      expect(ids(await search('罕见标题'))).toEqual([rare]);
      // The statistics reach pg_stat_user_indexes shortly after each transaction.
      const used = (name: string, n: number) =>
        expect
          .poll(async () => (await scans())[name] - (before[name] ?? 0), { timeout: 15_000 })
          .toBeGreaterThanOrEqual(n);
      await used('article_search_body_trgm', 1);
      await used('article_search_title_trgm', 2);
      await used('article_search_body_grams', 3);
      await used('article_search_title_grams', 3);
    },
  );

  it('agrees with a plain reference on a crowded blog (every path: walks, phrases, short prefixes)', async () => {
    // Few letters, so texts collide a lot; mixed ASCII case; views and statuses vary.
    let seed = 7;
    const rand = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const alphabet = ['甲', '乙', '丙', '丁', 'a', 'B', 'c', ' '];
    const text = (n: number) =>
      Array.from({ length: n }, () => alphabet[Math.floor(rand() * alphabet.length)]).join('');
    for (let i = 0; i < 120; i++)
      await db
        .insertInto('article')
        .values(
          articleRow({
            slug: `crowd-${i}`,
            article_title: text(2 + Math.floor(rand() * 6)),
            author_id: api.adminId,
            article_content: text(Math.floor(rand() * 60)),
            status: rand() < 0.15 ? 2 : 1,
            view_times: Math.floor(rand() * 50),
          }),
        )
        .execute();
    const all = await db
      .selectFrom('article')
      .select(['id', 'article_title', 'article_content', 'status', 'view_times'])
      .execute();
    const reference = (query: string) => {
      const q = normalizeQuery(query).toLowerCase();
      const byViews = (a: (typeof all)[number], b: (typeof all)[number]) =>
        b.view_times - a.view_times || b.id - a.id;
      const pub = all.filter((a) => a.status === 1);
      const titled = pub.filter((a) => a.article_title.toLowerCase().includes(q)).sort(byViews);
      const body = pub
        .filter(
          (a) => !a.article_title.toLowerCase().includes(q) && a.article_content.toLowerCase().includes(q),
        )
        .sort(byViews);
      return [...titled, ...body].slice(0, 8).map((a) => a.id);
    };
    const queries = new Set<string>([
      '甲',
      'a',
      'A',
      'b',
      '甲乙',
      'aB',
      'Bc',
      '丁 a',
      '丙丁甲',
      'abc',
      'cba 乙',
    ]);
    for (let i = 0; i < 80; i++) queries.add(text(1 + Math.floor(rand() * 4)).trim() || '甲');
    for (const q of queries)
      expect(
        (await searchArticles(q)).map((h) => h.id),
        q,
      ).toEqual(reference(q));
  });
});
