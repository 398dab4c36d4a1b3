import type { APIRoute } from 'astro';
import { createMusicApp } from '#server/music/app.ts';

// `astro dev` only: injected by ../integration.mjs and absent from a build, where production
// hands /wapi to the same Hono app before Astro (src/server/root/front.ts).
const app = createMusicApp();

export const ALL: APIRoute = ({ request, clientAddress }) => app.fetch(request, { ip: clientAddress });
