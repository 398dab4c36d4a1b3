import { atom } from 'nanostores';
import { wapi } from '../../lib/api/music.ts';
import type { SearchSong, Song } from '../../lib/music-rules.ts';
import { $musicAccount, type MusicAccount } from '../../stores/music.ts';

/** Playlist categories of the panel: the default ones, or the signed-in account's playlists. */
export type Category = { id: number; name: string; coverImgUrl: string; trackCount?: number };
export const $categories = atom<Category[]>([]);
export const $categoriesLoading = atom(false);

type StatusAnswer = {
  data?: { account?: { id: number; anonimousUser?: boolean } | null; profile?: MusicAccount | null };
};

/** login/status, then user/playlist (signed in) or toplist/detail (anonymous). */
export async function loadAccountAndCategories(): Promise<void> {
  $categoriesLoading.set(true);
  try {
    const status = await wapi<StatusAnswer>('login/status', { timestamp: Date.now() }).catch(() => null);
    const account = status?.data?.account;
    const profile = status?.data?.profile;
    const signedIn = account && !account.anonimousUser && profile ? profile : null;
    $musicAccount.set(signedIn);
    if (signedIn) {
      const lists = await wapi<{ playlist?: Category[] }>('user/playlist', { uid: signedIn.userId });
      $categories.set(lists.playlist ?? []);
    } else {
      const top = await wapi<{ list?: Category[] }>('toplist/detail');
      $categories.set(top.list ?? []);
    }
  } catch {
    $categories.set([]);
  } finally {
    $categoriesLoading.set(false);
  }
}

export async function loadTracks(id: number, offset: number, limit: number): Promise<Song[]> {
  const answer = await wapi<{ songs?: Song[] }>('playlist/track/all', { id, limit, offset });
  return answer.songs ?? [];
}

export async function searchSongs(keywords: string, offset: number, limit: number) {
  const answer = await wapi<{ result?: { songs?: SearchSong[]; hasMore?: boolean } }>('search', {
    keywords,
    offset,
    limit,
  });
  return { songs: answer.result?.songs ?? [], hasMore: answer.result?.hasMore };
}
