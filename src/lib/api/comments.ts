import type { CommentItem, ParentComment } from '../contract/comments.ts';
import type { Page } from '../contract/page.ts';
import { del, post } from './client.ts';

/**
 * Comments and replies (docs/api/public.md#guestbook-comments-and-likes): `type` 1 article, 2 talk, 3
 * guestbook message.
 */

export const PARENT_SIZE = 10;
export const REPLY_SIZE = 10;

export const getParents = (type: number, forId: number, current: number, order: 'new' | 'hot') =>
  post<Page<ParentComment>>('/api/comment/frontGetParentComment', {
    type,
    for_id: forId,
    current,
    size: PARENT_SIZE,
    order,
  });

export const getReplies = (parentId: number, current: number) =>
  post<Page<CommentItem>>('/api/comment/frontGetChildrenComment', {
    parent_id: parentId,
    current,
    size: REPLY_SIZE,
  });

export const getTotal = (type: number, forId: number) =>
  post<number>('/api/comment/getCommentTotal', { type, for_id: forId }, { quiet: true });

export const addComment = (type: number, forId: number, content: string) =>
  post<CommentItem>('/api/comment/add', { type, for_id: forId, content });

export const addReply = (type: number, forId: number, content: string, parentId: number, toId: number) =>
  post<CommentItem>('/api/comment/apply', {
    type,
    for_id: forId,
    content,
    parent_id: parentId,
    to_id: toId,
  });

export const removeComment = (id: number, parentId: number | null) =>
  del<null>(`/api/comment/delete/${id}/${parentId ?? 0}`);
