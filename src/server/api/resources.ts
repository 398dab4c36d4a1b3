import { Hono } from 'hono';
import { z } from 'zod';
import type { ApiEnv } from '../http/context.ts';
import { ok } from '../http/envelope.ts';
import * as resources from '../services/resources.ts';
import { query } from './validate.ts';

/** Resource navigation (front / back) and the site list, grouped by category. */
export const resourceRoutes = new Hono<ApiEnv>()
  .get('/resources/list', async (c) => {
    const { kind } = query(c, z.object({ kind: z.enum(['front', 'back'], 'kind 只能是 front 或 back') }));
    return ok(c, await resources.listResources(kind));
  })
  .get('/site/list', async (c) => ok(c, await resources.listSites()));
