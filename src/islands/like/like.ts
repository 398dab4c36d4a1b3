import { http } from '../../lib/http.ts';

export type LikeState = { is_like: boolean; count: number };

/** Likes or unlikes a thing (1 article, 2 talk, 3 message, 4 comment); resolves with the new state. */
export function toggleLike(type: number, forId: number, liked: boolean): Promise<LikeState> {
  return http.post<LikeState>(liked ? '/api/like/cancelLike' : '/api/like/addLike', { type, for_id: forId });
}

/** The viewer's like and the current count of one thing. */
export function likeInfo(type: number, forId: number): Promise<LikeState> {
  return http.post<LikeState>('/api/like/getLikeInfo', { type, for_id: forId }, { quiet: true });
}
