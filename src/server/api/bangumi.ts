import { Hono } from 'hono';
import { z } from 'zod';
import { num, pageFields } from '../../lib/contract/fields.ts';
import type { ApiEnv } from '../http/context.ts';
import { ok } from '../http/envelope.ts';
import * as bangumi from '../services/bangumi.ts';
import { query } from './validate.ts';

const ListQuery = z.object({
  status: num(z.literal([1, 2, 3], 'status 只能是 1、2 或 3')).optional(),
  ...pageFields,
});

/** The anime tracking list: 1 want to watch, 2 watching, 3 watched. */
export const bangumiRoutes = new Hono<ApiEnv>().get('/bangumi/list', async (c) =>
  ok(c, await bangumi.listBangumi(query(c, ListQuery))),
);
