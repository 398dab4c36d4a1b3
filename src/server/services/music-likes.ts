import { db, dialect } from '../db/connection.ts';

/**
 * A signed-in music account's saved songs (/wapi/like, /wapi/likelist, its own playlist): song ids in
 * the order they were saved. The library decides which of them still exist.
 */

/** The user's saved song ids, oldest first. */
export async function likedSongIds(userId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('music_like')
    .select('song_id')
    .where('user_id', '=', userId)
    .orderBy('position')
    .execute();
  return rows.map((r) => Number(r.song_id));
}

/**
 * Saves a song at the end of the user's list; saving it again changes nothing. The next position is
 * read and written in one transaction, so two saves at once do not take the same place (SQLite runs
 * one write transaction at a time; PostgreSQL's READ COMMITTED would let two read the same last
 * place, so there the user's row is locked first and the saves of one user go one after another).
 */
export async function likeSong(userId: number, songId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (dialect === 'postgres')
      await trx.selectFrom('user').select('id').where('id', '=', userId).forUpdate().execute();
    const last = await trx
      .selectFrom('music_like')
      .select((eb) => eb.fn.max('position').as('max'))
      .where('user_id', '=', userId)
      .executeTakeFirst();
    await trx
      .insertInto('music_like')
      .values({ user_id: userId, song_id: songId, position: Number(last?.max ?? 0) + 1 })
      .onConflict((oc) => oc.columns(['user_id', 'song_id']).doNothing())
      .execute();
  });
}

export async function unlikeSong(userId: number, songId: number): Promise<void> {
  await db.deleteFrom('music_like').where('user_id', '=', userId).where('song_id', '=', songId).execute();
}
