import { describe, expect, it } from 'vitest';
import { setupTestApi } from './helpers.ts';

/**
 * Per-article and site-wide SEO text (docs/owner-guide.md#seo, docs/api/admin.md): optional, checked,
 * kept as written (keywords with one comma between them); the original client's calls go on without it.
 */
const api = setupTestApi();

async function call(method: string, url: string, body?: unknown, token = api.adminToken) {
  return (await api.call(method, url, body, token)).json;
}
const article = async (id: number) => (await call('GET', `/api/article/getArticleById/${id}`)).result;

describe('article meta description and keywords', () => {
  it('are stored on add and update, keywords tidied, "" clearing them', async () => {
    const added = await call('POST', '/api/article/add', {
      article_title: 'SEO 文章',
      article_content: '正文',
      meta_description: '  给搜索引擎的描述  ',
      meta_keywords: '前端， Astro,,前端',
    });
    expect(added.code, added.message).toBe(0);
    const id = added.result.id as number;
    expect(await article(id)).toMatchObject({
      meta_description: '给搜索引擎的描述',
      meta_keywords: '前端,Astro',
    });

    const updated = await call('PUT', '/api/article/update', { id, meta_keywords: 'KaTeX、mermaid' });
    expect(updated.code, updated.message).toBe(0);
    expect(await article(id)).toMatchObject({
      meta_description: '给搜索引擎的描述',
      meta_keywords: 'KaTeX,mermaid',
    });

    await call('PUT', '/api/article/update', { id, meta_description: '', meta_keywords: '' });
    expect(await article(id)).toMatchObject({ meta_description: '', meta_keywords: '' });
  });

  it('are optional: the original client adds and updates without them', async () => {
    const added = await call('POST', '/api/article/add', {
      article_title: '原版客户端',
      article_content: '正文',
      category: { category_name: '随笔' },
      tagList: [{ tag_name: '旧标签' }],
      article_description: null,
    });
    expect(added.code, added.message).toBe(0);
    const id = added.result.id as number;
    expect(await article(id)).toMatchObject({ meta_description: '', meta_keywords: '' });
    const updated = await call('PUT', '/api/article/update', { id, article_title: '改了标题' });
    expect(updated.code, updated.message).toBe(0);
  });

  it('refuse what is too long or not text, in Chinese, and change nothing', async () => {
    const id = (await call('POST', '/api/article/add', { article_title: '限长', article_content: '正文' }))
      .result.id as number;
    const cases: [Record<string, unknown>, string][] = [
      [{ meta_description: '描'.repeat(301) }, 'SEO 描述最多 300 个字符'],
      [{ meta_keywords: '词'.repeat(201) }, 'SEO 关键词最多 200 个字符'],
      [{ meta_description: 42 }, 'SEO 描述必须是文字'],
      [{ meta_keywords: ['a'] }, 'SEO 关键词必须是文字'],
    ];
    for (const [fields, message] of cases) {
      const add = await call('POST', '/api/article/add', {
        article_title: 't',
        article_content: 'c',
        ...fields,
      });
      expect(add.code).toBe(100);
      expect(add.message).toContain(message);
      const update = await call('PUT', '/api/article/update', { id, ...fields });
      expect(update.code).toBe(100);
      expect(update.message).toContain(message);
    }
    expect(await article(id)).toMatchObject({ meta_description: '', meta_keywords: '' });
  });
});

describe('site SEO settings', () => {
  const config = async () => (await api.call('GET', '/api/config')).json.result;

  it('are empty at first, saved by the admin (keywords tidied), refused when too long', async () => {
    expect(await config()).toMatchObject({ seo_title_suffix: '', seo_keywords: '', seo_description: '' });
    const saved = await call('POST', '/api/config/update', {
      seo_title_suffix: ' 技术笔记 ',
      seo_keywords: '博客，前端 , 生活',
      seo_description: '一个写代码的人的博客',
    });
    expect(saved.code, saved.message).toBe(0);
    expect(await config()).toMatchObject({
      seo_title_suffix: '技术笔记',
      seo_keywords: '博客,前端,生活',
      seo_description: '一个写代码的人的博客',
    });
    const long = await call('POST', '/api/config/update', { seo_description: '述'.repeat(301) });
    expect(long.code).toBe(100);
    expect(long.message).toContain('站点描述不能超过 300 个字');
    const guest = await api.call('POST', '/api/config/update', { seo_keywords: 'x' });
    expect(guest.status).toBe(401);
    await call('POST', '/api/config/update', { seo_title_suffix: '', seo_keywords: '', seo_description: '' });
  });
});
