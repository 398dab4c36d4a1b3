import type { MediaItem } from '../../contract/media.ts';
import type { Page } from '../../contract/page.ts';
import { get, post } from '../client.ts';

/** The media library's calls (docs/api/admin.md#media-library). */

export type MediaQuery = { current: number; size: number; keyword?: string; unused?: boolean };

export function listMedia({ current, size, keyword, unused }: MediaQuery) {
  const q = new URLSearchParams({ current: String(current), size: String(size) });
  if (keyword) q.set('keyword', keyword);
  if (unused) q.set('unused', '1');
  return get<Page<MediaItem>>(`/api/media/list?${q}`);
}

/**
 * Deletes uploads, all or none. `quiet`: a refusal (a picture still used, its uses in the message) is
 * shown by the screen beside the grid, not as a passing toast.
 */
export const deleteMedia = (ids: number[]) => post<number>('/api/media/delete', { ids }, { quiet: true });
