import { admin } from './accounts.ts';
import { expect, test } from './fixtures.ts';

/**
 * A category and a tag used only by a private article are not shown by the public pages
 * (the cached HTML is the same for everyone, the admin included); publishing the article shows them.
 */
test('pages list a category or tag only while a public article uses it', async ({ request }) => {
  const auth = { authorization: `Bearer ${admin().token}` };
  const stamp = Date.now().toString(36);
  const category = `私密分类${stamp}`;
  const tag = `私密标签${stamp}`;
  const made = await request.post('/api/category/add', { data: { category_name: category }, headers: auth });
  const categoryId = (await made.json()).result.id;
  const article = await request.post('/api/article/add', {
    data: {
      article_title: `私密文章${stamp}`,
      article_content: '正文',
      status: 2,
      category_id: categoryId,
      tagNameList: [tag],
    },
    headers: auth,
  });
  const articleId = (await article.json()).result.id;
  const pages = ['/category', '/tag', '/home', '/sitemap.xml', `/articleList?id=${categoryId}&type=category`];
  for (const path of pages) {
    const html = await (await request.get(path)).text();
    expect(html, path).not.toContain(category);
    expect(html, path).not.toContain(tag);
  }
  const published = await request.put('/api/article/update', {
    data: { id: articleId, status: 1 },
    headers: auth,
  });
  expect((await published.json()).code).toBe(0);
  expect(await (await request.get('/category')).text()).toContain(category);
  expect(await (await request.get('/tag')).text()).toContain(tag);
  expect(await (await request.get(`/articleList?id=${categoryId}&type=category`)).text()).toContain(category);
  // Back to private for the other specs sharing the server.
  await request.put('/api/article/update', { data: { id: articleId, status: 2 }, headers: auth });
});
