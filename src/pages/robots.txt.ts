import type { APIRoute } from 'astro';
import { siteUrl } from '#server/site.ts';

/** robots.txt (made here rather than in public/ because the Sitemap line needs the absolute URL). */
export const GET: APIRoute = () =>
  new Response(
    `User-agent: *
Allow: /
Disallow: /api/
Disallow: /wapi/
Disallow: /userCenter

Sitemap: ${siteUrl('/sitemap.xml')}
`,
    { headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' } },
  );
