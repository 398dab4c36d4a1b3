import { Hono } from 'hono';
import { z } from 'zod';
import type { ApiEnv } from '../http/context.ts';
import { ok } from '../http/envelope.ts';
import { apiDoc } from '../http/openapi.ts';
import * as resources from '../services/resources.ts';
import { query } from './validate.ts';

const KindQuery = z.object({ kind: z.enum(['front', 'back'], 'kind 只能是 front 或 back') });

/** Each route in the API reference (GET /api/openapi.json). */
const doc = {
  resources: apiDoc({
    summary: '资源导航',
    query: KindQuery,
    description: '按分类分组；kind 为 front（前端）或 back（后端）。',
  }),
  sites: apiDoc({ summary: '网站导航', description: '按分类分组。' }),
};

/** Resource navigation (front / back) and the site list, grouped by category. */
export const resourceRoutes = new Hono<ApiEnv>()
  .get('/resources/list', doc.resources, async (c) => {
    const { kind } = query(c, KindQuery);
    return ok(c, await resources.listResources(kind));
  })
  .get('/site/list', doc.sites, async (c) => ok(c, await resources.listSites()));
