import { THING } from '../../lib/community.ts';
import type { Talk } from '../../lib/contract/talks.ts';
import { notFound } from '../core/errors.ts';
import { MSG } from '../core/messages.ts';
import { commentsTag, shows } from '../core/page-tags.ts';
import { db } from '../db/connection.ts';
import { commentTotals, removeCommentsFor } from './comments.ts';
import { likedIds, removeLikes, type Viewer } from './likes.ts';
import { countRows, type Page, paginate } from './paginate.ts';
import { removeUnusedUploads } from './upload-files.ts';

export type { Talk };

export function selectTalks() {
  return db
    .selectFrom('talk')
    .innerJoin('user', 'user.id', 'talk.user_id')
    .select([
      'talk.id',
      'talk.user_id',
      'talk.content',
      'talk.status',
      'talk.is_top',
      'talk.like_times',
      'user.nick_name',
      'user.avatar',
      'talk.createdAt',
      'talk.updatedAt',
    ]);
}

type TalkRow = Omit<Talk, 'talkImgList' | 'is_like' | 'comment_total'>;

/** The pictures of these talks, in the order they were given. */
export async function picturesOf(ids: number[]): Promise<{ talk_id: number; url: string }[]> {
  if (!ids.length) return [];
  return db
    .selectFrom('talk_photo')
    .select(['talk_id', 'url'])
    .where('talk_id', 'in', ids)
    .orderBy('id')
    .execute();
}

/** Adds pictures, the viewer's like and comment totals to talk rows. */
async function complete(rows: TalkRow[], viewer: Viewer | null): Promise<Talk[]> {
  const ids = rows.map((r) => r.id);
  // Each one's comment count is on the page.
  shows(...ids.map((id) => commentsTag(THING.talk, id)));
  const [photos, liked, totals] = await Promise.all([
    picturesOf(ids),
    likedIds(THING.talk, ids, viewer),
    commentTotals(THING.talk, ids),
  ]);
  return rows.map((r) => ({
    ...r,
    talkImgList: photos.filter((p) => p.talk_id === r.id).map((p) => p.url),
    is_like: liked.has(r.id),
    comment_total: totals.get(r.id) ?? 0,
  }));
}

/** Public talks, pinned first, then newest. */
export async function listTalks(current: number, size: number, viewer: Viewer | null): Promise<Page<Talk>> {
  shows('talks');
  return paginate(
    { current, size },
    async (limit, offset) =>
      complete(
        await selectTalks()
          .where('talk.status', '=', 1)
          .orderBy('talk.is_top')
          .orderBy('talk.createdAt', 'desc')
          .orderBy('talk.id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute(),
        viewer,
      ),
    () => countRows(db.selectFrom('talk').where('status', '=', 1)),
  );
}

/** One talk; a private one only for the admin. */
export async function getTalk(id: number, viewer: Viewer | null): Promise<Talk | null> {
  shows('talks');
  const row = await selectTalks().where('talk.id', '=', id).executeTakeFirst();
  if (!row || (row.status !== 1 && !viewer?.isAdmin)) return null;
  return (await complete([row], viewer))[0];
}

export type TalkInput = { content: string; talkImgList: string[]; is_top: number; status: number };

export async function publishTalk(input: TalkInput, userId: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const now = new Date().toISOString();
    const row = await trx
      .insertInto('talk')
      .values({
        user_id: userId,
        content: input.content,
        status: input.status,
        is_top: input.is_top,
        like_times: 0,
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (input.talkImgList.length)
      await trx
        .insertInto('talk_photo')
        .values(input.talkImgList.map((url) => ({ talk_id: row.id, url })))
        .execute();
    return row.id;
  });
}

/** Changes a talk; a new picture list replaces the old one, whose files no row uses any more go. */
export async function updateTalk(id: number, input: Partial<TalkInput>): Promise<void> {
  const dropped = await db.transaction().execute(async (trx) => {
    const { talkImgList, ...fields } = input;
    const res = await trx
      .updateTable('talk')
      .set({ ...fields, updatedAt: new Date().toISOString() })
      .where('id', '=', id)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) === 0) throw notFound(MSG.talk);
    if (!talkImgList) return [];
    const old = await trx.deleteFrom('talk_photo').where('talk_id', '=', id).returning('url').execute();
    if (talkImgList.length)
      await trx
        .insertInto('talk_photo')
        .values(talkImgList.map((url) => ({ talk_id: id, url })))
        .execute();
    return old.map((p) => p.url).filter((url) => !talkImgList.includes(url));
  });
  await removeUnusedUploads(dropped);
}

/**
 * Deletes a talk for good with its pictures (and their files, once no other row uses them), comments
 * and likes. `onlyFrom`: the status it must have (the recycle bin's second delete), else not found.
 */
export async function deleteTalk(id: number, onlyFrom?: number): Promise<void> {
  const pictures = await db.transaction().execute(async (trx) => {
    const found = await trx.selectFrom('talk').select('status').where('id', '=', id).executeTakeFirst();
    if (!found || (onlyFrom !== undefined && found.status !== onlyFrom)) throw notFound(MSG.talk);
    await removeCommentsFor(trx, THING.talk, [id]);
    await removeLikes(trx, THING.talk, [id]);
    const gone = await trx.deleteFrom('talk_photo').where('talk_id', '=', id).returning('url').execute();
    await trx.deleteFrom('talk').where('id', '=', id).execute();
    return gone.map((p) => p.url);
  });
  await removeUnusedUploads(pictures);
}
