import type { z } from 'zod';
import type { FriendLink, LinkHealth, LinkList, LinkSave } from '../../contract/links.ts';
import type { Page } from '../../contract/page.ts';
import { get, post, put } from '../client.ts';

/** The console's 友链 calls: the original admin app's link routes and ours for review and health. */

/** The edit dialog's fields, each held as text ('' category is none): `LinkSave` less id and status. */
export type LinkFields = Required<Omit<z.input<typeof LinkSave>, 'id' | 'status'>>;

export const listLinks = (filter: z.input<typeof LinkList>) =>
  post<Page<FriendLink>>('/api/links/getLinksList', filter);

export const approveLinks = (ids: number[]) => put<number>('/api/links/approve', { idList: ids });

export const rejectLink = (id: number, reason: string) => put<boolean>('/api/links/reject', { id, reason });

export const saveLink = (id: number, fields: LinkFields) =>
  post<boolean>('/api/links/backUpdate', { id, ...fields, status: 2 } satisfies z.input<typeof LinkSave>);

export const deleteLinks = (ids: number[]) => put<number>('/api/links/delete', { idList: ids });

export const linkHealth = () => get<LinkHealth[]>('/api/links/getLinkHealth');

export const checkLinkNow = (id: number) => put<LinkHealth>(`/api/links/check/${id}`);
