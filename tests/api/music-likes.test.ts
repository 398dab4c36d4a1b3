import { describe, expect, it } from 'vitest';
import { db } from '../../src/server/db/connection.ts';
import { likedSongIds, likeSong, unlikeSong } from '../../src/server/services/music-likes.ts';
import { setupTestApi } from './helpers.ts';

const api = setupTestApi();

describe('music likes (a music account’s saved songs)', () => {
  it('keeps saves in their order, each at its own place, even when they arrive at once', async () => {
    const user = await api.user();
    await Promise.all([11, 12, 13, 14, 15].map((song) => likeSong(user.id, song)));
    expect((await likedSongIds(user.id)).sort()).toEqual([11, 12, 13, 14, 15]);
    const rows = await db
      .selectFrom('music_like')
      .select('position')
      .where('user_id', '=', user.id)
      .execute();
    expect(new Set(rows.map((r) => r.position)).size).toBe(5);
    await likeSong(user.id, 16);
    expect((await likedSongIds(user.id)).at(-1)).toBe(16);
  });

  it('saving a song again changes nothing; removing takes it out', async () => {
    const user = await api.user();
    await likeSong(user.id, 21);
    await likeSong(user.id, 22);
    await likeSong(user.id, 21);
    expect(await likedSongIds(user.id)).toEqual([21, 22]);
    await unlikeSong(user.id, 21);
    expect(await likedSongIds(user.id)).toEqual([22]);
  });
});
