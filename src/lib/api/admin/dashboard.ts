import type { DashboardOverview, DashboardTrend } from '../../contract/dashboard.ts';
import { get } from '../client.ts';

/**
 * The console's calls for the dashboard's figures (docs/api/admin.md#dashboard-and-view-counts); its
 * one-click moderation uses the 友链 and 评论与留言 screens' calls (links.ts, moderation.ts).
 */

export const getOverview = () => get<DashboardOverview>('/api/dashboard/getOverview');

export const getTrend = (days = 30) => get<DashboardTrend>(`/api/dashboard/getTrend?days=${days}`);
