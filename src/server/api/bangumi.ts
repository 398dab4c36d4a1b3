import { Hono } from 'hono';
import { z } from 'zod';
import { num, pageFields } from '../../lib/contract/fields.ts';
import type { ApiEnv } from '../http/context.ts';
import { ok } from '../http/envelope.ts';
import { apiDoc } from '../http/openapi.ts';
import * as bangumi from '../services/bangumi.ts';
import { query } from './validate.ts';

const ListQuery = z.object({
  status: num(z.literal([1, 2, 3], 'status 只能是 1、2 或 3')).optional(),
  ...pageFields,
});

/** The anime tracking list: 1 want to watch, 2 watching, 3 watched. */
const doc = apiDoc({
  summary: '追番列表',
  query: ListQuery,
  description: 'status：1 想看、2 在看、3 看过。',
});

export const bangumiRoutes = new Hono<ApiEnv>().get('/bangumi/list', doc, async (c) =>
  ok(c, await bangumi.listBangumi(query(c, ListQuery))),
);
