import { notFound } from '../core/errors.ts';
import { MSG } from '../core/messages.ts';
import { changes } from '../core/page-tags.ts';
import { db } from '../db/connection.ts';
import { mailLinkApproved } from './mail/events.ts';
import { wakeSender } from './mail/outbox.ts';
import { createNotify, escapeHtml, NOTIFY } from './notify.ts';

/**
 * The admin's review of friend-link applications (the console's 友链 screen): approving or rejecting
 * one tells its applicant (a type-4 notification to them, to_id = the link; the markup is the notify
 * service's: escaped text and `<b>`). Links the admin added themself (no applicant) tell nobody.
 */

/**
 * Approves links (PUT /api/links/approve, bulk): status 2. Each applicant of a link that was waiting
 * is told; approving an approved link again changes and tells nothing. The number approved.
 */
export async function approveLinks(ids: number[], admin: { id: number }): Promise<number> {
  changes('links');
  const approved = await db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom('link')
      .select(['id', 'site_name', 'status', 'user_id'])
      .where('id', 'in', ids)
      .execute();
    if (rows.length === 0) return 0;
    await trx
      .updateTable('link')
      .set({ status: 2, updatedAt: new Date().toISOString() })
      .where('id', 'in', ids)
      .execute();
    for (const r of rows)
      if (r.status === 1 && r.user_id !== null) {
        await createNotify(
          {
            userId: r.user_id,
            type: NOTIFY.link,
            toId: r.id,
            actorId: admin.id,
            message: `你的友链「<b>${escapeHtml(r.site_name)}</b>」已通过审核，已展示在友链页`,
          },
          trx,
        );
        await mailLinkApproved(trx, { siteName: r.site_name, applicantId: r.user_id, actorId: admin.id });
      }
    return rows.length;
  });
  wakeSender();
  return approved;
}

/**
 * Rejects an application (PUT /api/links/reject): the waiting link is removed (the contract has no
 * rejected status; the applicant may apply again) and its applicant told, with the reason if one was
 * given. An approved link is not an application: 待审核的友链不存在 (delete it instead).
 */
export async function rejectLink(id: number, reason: string, admin: { id: number }): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('link')
      .select(['site_name', 'user_id'])
      .where('id', '=', id)
      .where('status', '=', 1)
      .executeTakeFirst();
    if (!row) throw notFound(MSG.pendingLink);
    await trx.deleteFrom('link').where('id', '=', id).execute();
    if (row.user_id === null) return;
    const why = reason ? `，原因：${escapeHtml(reason)}` : '';
    await createNotify(
      {
        userId: row.user_id,
        type: NOTIFY.link,
        toId: id,
        actorId: admin.id,
        message: `你的友链「<b>${escapeHtml(row.site_name)}</b>」未通过审核${why}`,
      },
      trx,
    );
  });
}
