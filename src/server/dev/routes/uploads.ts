import { readFile } from 'node:fs/promises';
import type { APIRoute } from 'astro';
import { contentType } from '#server/static.ts';
import { UPLOAD_CSP, uploadedFile } from '#server/uploads/serve.ts';

// `astro dev` only: injected by ../integration.mjs and absent from a build, where production
// serves /uploads from the data dir before Astro (src/server/root/front.ts).
export const GET: APIRoute = async ({ params }) => {
  const found = uploadedFile(params.path ?? '');
  if (!found) return new Response('Not found', { status: 404 });
  return new Response(await readFile(found.file), {
    headers: {
      'Content-Type': contentType(found.file),
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': UPLOAD_CSP,
    },
  });
};
