import { Hono } from 'hono';
import { z } from 'zod';
import { num } from '../../lib/contract/fields.ts';
import type { ApiEnv } from '../http/context.ts';
import { ok } from '../http/envelope.ts';
import { apiDoc } from '../http/openapi.ts';
import { getOverview } from '../services/dashboard.ts';
import { getTrend } from '../services/dashboard-trend.ts';
import { requireAdmin } from './auth.ts';
import { query } from './validate.ts';

/** How many days the charts may span (default 30). */
const TrendQuery = z.object({
  days: num(
    z.number('天数必须是整数').int('天数必须是整数').min(7, '天数最少为 7').max(90, '天数最多为 90'),
  ).default(30),
});

/** Each route in the API reference (GET /api/openapi.json). */
const doc = {
  overview: apiDoc({ summary: '后台概览', access: 'admin' }),
  trend: apiDoc({
    summary: '访问与内容趋势',
    access: 'admin',
    query: TrendQuery,
    description: '最近 days 天（7–90）。',
  }),
};

/**
 * The console's dashboard (docs/api/admin.md#dashboard-and-view-counts), admin-only. Both reads write the
 * view counters held in memory first (services/views/flush.ts), so they show every view counted so far.
 */
export const dashboardRoutes = new Hono<ApiEnv>()
  .get('/dashboard/getOverview', doc.overview, async (c) => {
    requireAdmin(c);
    return ok(c, await getOverview());
  })
  .get('/dashboard/getTrend', doc.trend, async (c) => {
    requireAdmin(c);
    const { days } = query(c, TrendQuery);
    return ok(c, await getTrend(days));
  });
