import type { APIRoute } from 'astro';
import { createApiApp } from '#server/api/app.ts';

// `astro dev` only: injected by ../integration.mjs and absent from a build, where production
// hands /api to the same Hono app before Astro (src/server/root/front.ts).
const app = createApiApp();

export const ALL: APIRoute = ({ request, clientAddress }) => app.fetch(request, { ip: clientAddress });
