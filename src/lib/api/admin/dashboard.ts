import type { DashboardOverview, DashboardTrend } from '../../contract/dashboard.ts';
import { del, get, put } from '../client.ts';

/** The console's calls for the dashboard (README "Owner API": dashboard; ADMIN-API links, message, comment). */

export const getOverview = () => get<DashboardOverview>('/api/dashboard/getOverview');

export const getTrend = (days = 30) => get<DashboardTrend>(`/api/dashboard/getTrend?days=${days}`);

export const approveLinks = (idList: number[]) => put<number>('/api/links/approve', { idList });

/** parent_id null or 0: a top-level comment, whose replies go with it. */
export const deleteComment = (id: number, parentId: number | null) =>
  del<number>(`/api/comment/backDelete/${id}/${parentId ?? 0}`);

export const deleteMessages = (idList: number[]) => put<number>('/api/message/backDelete', { idList });
