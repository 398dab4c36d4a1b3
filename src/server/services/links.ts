import { db } from '../db/connection.ts';
import type { Page } from './comments.ts';
import { escapeHtml, NOTIFY, notifyAdmins, who } from './notify.ts';

export type FriendLink = {
  id: number;
  site_name: string;
  site_desc: string;
  site_avatar: string;
  url: string;
  status: number;
  createdAt: string;
};

export type LinkInput = { site_name: string; site_desc: string; site_avatar: string; url: string };

/** Friend links of one status (2 approved, shown to everyone; 1 pending), oldest friends first. */
export async function listLinks(input: {
  current: number;
  size: number;
  status: 1 | 2;
}): Promise<Page<FriendLink>> {
  const base = db.selectFrom('link').where('status', '=', input.status);
  const [list, total] = await Promise.all([
    base
      .select(['id', 'site_name', 'site_desc', 'site_avatar', 'url', 'status', 'createdAt'])
      .orderBy('createdAt')
      .orderBy('id')
      .limit(input.size)
      .offset((input.current - 1) * input.size)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { current: input.current, size: input.size, list, total: Number(total.n) };
}

/** Applications a user may have waiting at once. */
export const PENDING_PER_USER = 3;

const sameSite = (url: string) => url.replace(/\/+$/, '').toLowerCase();

/**
 * A friend-link application: waits for an admin (status 1) and tells every admin (type 4, to_id = the
 * link). Refused when the site is already listed or the user has too many waiting.
 */
export async function applyLink(
  input: LinkInput,
  applicant: { id: number; nick_name: string },
): Promise<{ ok: true; id: number } | { ok: false; reason: string }> {
  const urls = await db.selectFrom('link').select('url').execute();
  if (urls.some((r) => sameSite(r.url) === sameSite(input.url)))
    return { ok: false, reason: '该网站已经申请过友链了' };
  const pending = await db
    .selectFrom('link')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', applicant.id)
    .where('status', '=', 1)
    .executeTakeFirstOrThrow();
  if (Number(pending.n) >= PENDING_PER_USER)
    return { ok: false, reason: '你的友链申请还在审核中，请耐心等待' };
  const id = await db.transaction().execute(async (trx) => {
    const now = new Date().toISOString();
    const row = await trx
      .insertInto('link')
      .values({ ...input, status: 1, user_id: applicant.id, createdAt: now, updatedAt: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await notifyAdmins(
      {
        type: NOTIFY.link,
        toId: row.id,
        actorId: applicant.id,
        message: `${who(applicant.nick_name)} 申请了友链「${escapeHtml(input.site_name)}」，等待审核`,
      },
      trx,
    );
    return row.id;
  });
  return { ok: true, id };
}

export async function approveLinks(ids: number[]): Promise<number> {
  const res = await db
    .updateTable('link')
    .set({ status: 2, updatedAt: new Date().toISOString() })
    .where('id', 'in', ids)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

export async function deleteLinks(ids: number[]): Promise<number> {
  const res = await db.deleteFrom('link').where('id', 'in', ids).executeTakeFirst();
  return Number(res.numDeletedRows);
}
