import { THING } from '../../lib/community.ts';
import type { AdminTalk } from '../../lib/contract/talks.ts';
import { TALK_STATUS } from '../../lib/media.ts';
import { conflict, notFound } from '../core/errors.ts';
import { MSG } from '../core/messages.ts';
import { db } from '../db/connection.ts';
import { commentTotals } from './comments.ts';
import { countRows, type Page, paginate } from './paginate.ts';
import { deleteTalk, picturesOf, selectTalks, talkChanged } from './talks.ts';

/**
 * The owner's side of talks (docs/api/admin.md#talks-albums-and-photos): the list of every status, the
 * recycle bin (status 3: a first delete moves a talk there, a second removes it for good, revert brings it
 * back public), and the public/private and pin toggles.
 */

/** Every talk of a status (or of all three), pinned first, then newest. */
export async function adminListTalks(input: {
  current: number;
  size: number;
  status?: number;
}): Promise<Page<AdminTalk>> {
  const { status } = input;
  return paginate(
    input,
    async (limit, offset) => {
      let q = selectTalks();
      if (status !== undefined) q = q.where('talk.status', '=', status);
      const rows = await q
        .orderBy('talk.is_top')
        .orderBy('talk.createdAt', 'desc')
        .orderBy('talk.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
      const ids = rows.map((r) => r.id);
      const [pictures, totals] = await Promise.all([picturesOf(ids), commentTotals(THING.talk, ids)]);
      return rows.map((r) => {
        const urls = pictures.filter((p) => p.talk_id === r.id).map((p) => p.url);
        // Ours: the console's list shows each talk's comments beside its likes (like_times).
        const row = { ...r, comment_total: totals.get(r.id) ?? 0 };
        // The original sent no key at all for a talk without pictures; its admin app relies on that.
        return urls.length ? { ...row, talkImgList: urls } : row;
      });
    },
    () =>
      countRows(
        status === undefined ? db.selectFrom('talk') : db.selectFrom('talk').where('status', '=', status),
      ),
  );
}

async function statusOf(id: number): Promise<number> {
  const row = await db.selectFrom('talk').select('status').where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(MSG.talk);
  return row.status;
}

const now = () => new Date().toISOString();

/**
 * DELETE …/deleteTalkById/{id}/{status}: `current` is the status the client shows. 1 or 2 moves the
 * talk to the bin (again: nothing changes); 3 deletes it for good, only while it is in the bin (a
 * stale client's 3 never deletes a talk that was restored meanwhile). Answers the count (1).
 */
export async function deleteTalkFrom(id: number, current: number): Promise<number> {
  const status = await statusOf(id);
  if (current !== TALK_STATUS.bin) {
    talkChanged(id, status);
    if (status !== TALK_STATUS.bin)
      await db
        .updateTable('talk')
        .set({ status: TALK_STATUS.bin, updatedAt: now() })
        .where('id', '=', id)
        .execute();
    return 1;
  }
  if (status !== TALK_STATUS.bin) throw conflict(MSG.talkNotInBin);
  await deleteTalk(id, TALK_STATUS.bin);
  return 1;
}

/** Public (1) or private (2); a talk in the bin is restored first (revert). */
export async function setTalkPublic(id: number, status: number): Promise<void> {
  const old = await statusOf(id);
  if (old === TALK_STATUS.bin) throw conflict(MSG.talkInBin);
  talkChanged(id, old, status);
  await db.updateTable('talk').set({ status, updatedAt: now() }).where('id', '=', id).execute();
}

/** Pinned (1) or not (2). */
export async function setTalkTop(id: number, isTop: number): Promise<void> {
  talkChanged(id, await statusOf(id));
  await db.updateTable('talk').set({ is_top: isTop, updatedAt: now() }).where('id', '=', id).execute();
}

/** Out of the bin, public again (a talk not in the bin stays as it is). */
export async function revertTalk(id: number): Promise<void> {
  talkChanged(id, TALK_STATUS.public);
  if ((await statusOf(id)) !== TALK_STATUS.bin) return;
  await db
    .updateTable('talk')
    .set({ status: TALK_STATUS.public, updatedAt: now() })
    .where('id', '=', id)
    .where('status', '=', TALK_STATUS.bin)
    .execute();
}
