import type { z } from 'zod';
import type { ModerationList, ModerationRow } from '../../contract/admin-comments.ts';
import type { Page } from '../../contract/page.ts';
import { del, post, put } from '../client.ts';

/** The console's 评论与留言 calls (deletes are the original admin app's backDelete routes). */

export type ModerationFilter = z.input<typeof ModerationList>;

export const listModeration = (filter: ModerationFilter) =>
  post<Page<ModerationRow>>('/api/comment/getModerationList', filter);

/** A comment (its replies go too when it is a top-level one). */
export const deleteComment = (id: number, parentId: number | null) =>
  del<number>(`/api/comment/backDelete/${id}/${parentId ?? 0}`);

export const deleteMessages = (ids: number[]) => put<number>('/api/message/backDelete', { idList: ids });
