import type { z } from 'zod';
import type { FriendLink, LinkApply } from '../contract/links.ts';
import type { Page } from '../contract/page.ts';
import { post, put, type RequestOptions } from './client.ts';

/** Friend links (docs/api/public.md#friend-links). */

/** An application's fields (`LinkApply`). */
export type LinkForm = z.input<typeof LinkApply>;

export const applyLink = (form: LinkForm) => post<null>('/api/links/add', form);

/** Admin: the applications waiting for review (status 1). */
export const pendingLinks = (opts?: RequestOptions) =>
  post<Page<FriendLink>>('/api/links/getLinksList', { status: 1, size: 50 }, opts);

/** Admin: approves or deletes links. */
export const reviewLinks = (action: 'approve' | 'delete', idList: number[]) =>
  put<null>(`/api/links/${action}`, { idList });
