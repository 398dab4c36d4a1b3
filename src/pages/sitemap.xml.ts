import type { APIRoute } from 'astro';
import { categoryDictionary, listPublicArticles, tagDictionary } from '#server/services/articles.ts';
import { site } from '#server/site.ts';
import { listHref } from '../lib/article.ts';
import { xmlEscape } from '../lib/xml.ts';

/**
 * The public pages of docs/product.md#route-table (no personal or editing pages), then every public
 * article.
 */
const PAGES = [
  '/home',
  '/archives',
  '/category',
  '/tag',
  '/photoAlbum',
  '/talk',
  '/bangumi',
  '/link/list',
  '/resources/front',
  '/resources/back',
  '/siteList',
  '/message/list',
];

export const GET: APIRoute = async () => {
  const [articles, categories, tags] = await Promise.all([
    listPublicArticles(),
    categoryDictionary(),
    tagDictionary(),
  ]);
  const origin = site().origin;
  const entry = (path: string, lastmod?: string) =>
    `  <url><loc>${xmlEscape(origin + path)}</loc>${lastmod ? `<lastmod>${lastmod.slice(0, 10)}</lastmod>` : ''}</url>`;
  const lines = [
    ...PAGES.map((p) => entry(p)),
    ...categories.filter((c) => c.articleCount > 0).map((c) => entry(listHref('category', c.id, c.name))),
    ...tags.filter((t) => t.articleCount > 0).map((t) => entry(listHref('tag', t.id, t.name))),
    ...articles.map((a) => entry(`/article?id=${a.id}`, a.updatedAt)),
  ];
  const body = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${lines.join('\n')}
</urlset>
`;
  return new Response(body, {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=600' },
  });
};
