import type { APIRoute } from 'astro';

/** robots.txt (made here rather than in public/ because the Sitemap line needs the absolute URL). */
export const GET: APIRoute = ({ url }) =>
  new Response(
    `User-agent: *
Allow: /
Disallow: /api/
Disallow: /wapi/
Disallow: /userCenter

Sitemap: ${url.origin}/sitemap.xml
`,
    { headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' } },
  );
