import { http } from '../http.ts';

export type CommentItem = {
  id: number;
  type: number;
  for_id: number;
  parent_id: number | null;
  from_id: number;
  from_name: string;
  from_avatar: string;
  to_id: number | null;
  to_name: string | null;
  content: string;
  thumbs_up: number;
  is_like: boolean;
  ipAddress: string;
  createdAt: string;
};
export type ParentComment = CommentItem & { childrenTotal: number; childrenList: CommentItem[] };
export type Page<T> = { current: number; size: number; list: T[]; total: number };

export const PARENT_SIZE = 10;
export const REPLY_SIZE = 10;

export const getParents = (type: number, forId: number, current: number, order: 'new' | 'hot') =>
  http.post<Page<ParentComment>>('/api/comment/frontGetParentComment', {
    type,
    for_id: forId,
    current,
    size: PARENT_SIZE,
    order,
  });

export const getReplies = (parentId: number, current: number) =>
  http.post<Page<CommentItem>>('/api/comment/frontGetChildrenComment', {
    parent_id: parentId,
    current,
    size: REPLY_SIZE,
  });

export const getTotal = (type: number, forId: number) =>
  http.post<number>('/api/comment/getCommentTotal', { type, for_id: forId }, { quiet: true });

export const addComment = (type: number, forId: number, content: string) =>
  http.post<CommentItem>('/api/comment/add', { type, for_id: forId, content });

export const addReply = (type: number, forId: number, content: string, parentId: number, toId: number) =>
  http.post<CommentItem>('/api/comment/apply', {
    type,
    for_id: forId,
    content,
    parent_id: parentId,
    to_id: toId,
  });

export const removeComment = (id: number, parentId: number | null) =>
  http.delete<null>(`/api/comment/delete/${id}/${parentId ?? 0}`);
