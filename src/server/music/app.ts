import { Hono } from 'hono';
import { withEnvelope } from '../api/app.ts';
import type { ApiEnv } from '../api/context.ts';

/** /wapi: the music service. Every call answers 404 in the envelope until the service is built. */
export function createMusicApp(): Hono<ApiEnv> {
  return withEnvelope(new Hono<ApiEnv>().basePath('/wapi'));
}
