import type { APIRoute } from 'astro';
import { listFeedArticles } from '#server/services/articles.ts';
import { getConfig } from '#server/services/site.ts';
import { site as ownSite } from '#server/site.ts';
import { absoluteLinks } from '../lib/feed-html.ts';
import { xmlEscape } from '../lib/xml.ts';

/**
 * RSS 2.0 feed of the latest 20 public articles: each one's summary, and its whole body as stored
 * when it was written (content:encoded; a password-protected one has neither).
 */
export const GET: APIRoute = async () => {
  const [site, articles] = await Promise.all([getConfig(), listFeedArticles(20)]);
  const origin = ownSite().origin;
  const items = articles
    .map((a) => {
      const link = `${origin}/article?id=${a.id}`;
      const summary = a.article_description || a.excerpt;
      const body = a.html
        ? `\n      <content:encoded>${xmlEscape(absoluteLinks(a.html, origin))}</content:encoded>`
        : '';
      return `    <item>
      <title>${xmlEscape(a.article_title)}</title>
      <link>${xmlEscape(link)}</link>
      <guid isPermaLink="true">${xmlEscape(link)}</guid>
      <pubDate>${new Date(a.createdAt).toUTCString()}</pubDate>
      <description>${xmlEscape(summary)}</description>${body}
    </item>`;
    })
    .join('\n');
  const body = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/">
  <channel>
    <title>${xmlEscape(site.blog_name)}</title>
    <link>${xmlEscape(`${origin}/home`)}</link>
    <atom:link href="${xmlEscape(`${origin}/rss.xml`)}" rel="self" type="application/rss+xml" />
    <description>${xmlEscape(site.personal_say || site.blog_name)}</description>
    <language>zh-CN</language>
${articles[0] ? `    <lastBuildDate>${new Date(articles[0].updatedAt).toUTCString()}</lastBuildDate>\n` : ''}${items}
  </channel>
</rss>
`;
  return new Response(body, {
    headers: { 'Content-Type': 'application/rss+xml; charset=utf-8', 'Cache-Control': 'public, max-age=600' },
  });
};
