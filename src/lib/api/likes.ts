import type { LikeState } from '../contract/likes.ts';
import { post, type RequestOptions } from './client.ts';

/**
 * Likes (docs/api/public.md#guestbook-comments-and-likes): `type` 1 article, 2 talk, 3 guestbook message, 4
 * comment.
 */

export const likeInfo = (type: number, forId: number, opts?: RequestOptions) =>
  post<LikeState>('/api/like/getLikeInfo', { type, for_id: forId }, opts);

export const addLike = (type: number, forId: number) =>
  post<LikeState>('/api/like/addLike', { type, for_id: forId });

export const cancelLike = (type: number, forId: number) =>
  post<LikeState>('/api/like/cancelLike', { type, for_id: forId });
