import type { APIRoute } from 'astro';
import { createApiApp } from '#server/api/app.ts';
import { createMusicApp } from '#server/music/app.ts';

// `astro dev` only: injected by ../integration.mjs and absent from a build, where production
// hands /api to the same Hono app before Astro (src/server/root/front.ts).
// The music app only for the API reference's /wapi part (dev/routes/wapi.ts answers /wapi).
const app = createApiApp({ alsoDocumented: [createMusicApp()] });

export const ALL: APIRoute = ({ request, clientAddress }) => app.fetch(request, { ip: clientAddress });
