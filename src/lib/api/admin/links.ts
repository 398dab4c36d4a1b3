import type { FriendLink, LinkHealth } from '../../contract/links.ts';
import type { Page } from '../../contract/page.ts';
import { get, post, put } from '../client.ts';

/** The console's 友链 calls: ADMIN-API.md's link routes and issue 20's review and health routes. */

export type LinkFields = {
  site_name: string;
  site_desc: string;
  site_avatar: string;
  url: string;
  /** Its group on /link/list (issue 31); '' is none. */
  category: string;
};

export const listLinks = (filter: { current: number; size: number; status: 1 | 2; site_name?: string }) =>
  post<Page<FriendLink>>('/api/links/getLinksList', filter);

export const approveLinks = (ids: number[]) => put<number>('/api/links/approve', { idList: ids });

export const rejectLink = (id: number, reason: string) => put<boolean>('/api/links/reject', { id, reason });

export const saveLink = (id: number, fields: LinkFields) =>
  post<boolean>('/api/links/backUpdate', { id, ...fields, status: 2 });

export const deleteLinks = (ids: number[]) => put<number>('/api/links/delete', { idList: ids });

export const linkHealth = () => get<LinkHealth[]>('/api/links/getLinkHealth');

export const checkLinkNow = (id: number) => put<LinkHealth>(`/api/links/check/${id}`);
