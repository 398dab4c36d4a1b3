import { sql } from 'kysely';
import type { z } from 'zod';
import type { FriendLink, LinkApply, LinkList, LinkSave, PublicLink } from '../../lib/contract/links.ts';
import { conflict, forbidden, notFound } from '../core/errors.ts';
import { MSG } from '../core/messages.ts';
import { changes, changesNothingShown, shows } from '../core/page-tags.ts';
import { db, dialect } from '../db/connection.ts';
import { contains, within } from './admin-filters.ts';
import { forgetHealthIfMoved } from './link-health.ts';
import { mailLinkApplied } from './mail/events.ts';
import { wakeSender } from './mail/outbox.ts';
import { escapeHtml, NOTIFY, notifyAdmins, who } from './notify.ts';
import { countRows, type Page, paginate } from './paginate.ts';

export type { FriendLink };

/** An application's or an edit's site fields (`LinkApply`). */
export type LinkInput = z.output<typeof LinkApply>;

/**
 * Friend links of one status (2 approved, shown to everyone; 1 pending) or of both (the admin's "all"),
 * optionally a site-name substring and a creation window, oldest friends first.
 */
export async function listLinks(input: z.output<typeof LinkList>): Promise<Page<FriendLink>> {
  shows('links');
  let base = db.selectFrom('link');
  if (input.status) base = base.where('status', '=', input.status);
  if (input.site_name) base = base.where(contains('site_name', input.site_name));
  if (input.time) base = base.where(within('createdAt', input.time));
  return paginate(
    input,
    (limit, offset) =>
      base
        .select([
          'id',
          'site_name',
          'site_desc',
          'site_avatar',
          'url',
          'status',
          'user_id',
          'category',
          'createdAt',
          'updatedAt',
        ])
        .orderBy('createdAt')
        .orderBy('id')
        .limit(limit)
        .offset(offset)
        .execute(),
    () => countRows(base),
  );
}

/**
 * The approved links as /link/list shows them: group by group, in compareGroups' order
 * (lib/link-groups.ts: by name in code points, PostgreSQL told so, no group last), oldest friends first
 * in each, so a page break never scatters a group; each with whether its site is down now.
 */
export async function publicLinks(input: { current: number; size: number }): Promise<Page<PublicLink>> {
  shows('links');
  const base = db.selectFrom('link').where('status', '=', 2);
  const byName = dialect === 'postgres' ? sql`category COLLATE "C"` : sql`category`;
  const page = await paginate(
    input,
    (limit, offset) =>
      base
        .select(['id', 'site_name', 'site_desc', 'site_avatar', 'url', 'category', 'downAt'])
        .orderBy(sql`category = ''`)
        .orderBy(byName)
        .orderBy('createdAt')
        .orderBy('id')
        .limit(limit)
        .offset(offset)
        .execute(),
    () => countRows(base),
  );
  return { ...page, list: page.list.map(({ downAt, ...l }) => ({ ...l, down: downAt !== null })) };
}

/** Applications a user may have waiting at once. */
export const PENDING_PER_USER = 3;

const sameSite = (url: string) => url.replace(/\/+$/, '').toLowerCase();
export const TAKEN = '该网站已经申请过友链了';

/** Whether another link (not `except`) already lists this site. */
async function siteTaken(url: string, except?: number): Promise<boolean> {
  let q = db.selectFrom('link').select('url');
  if (except !== undefined) q = q.where('id', '!=', except);
  return (await q.execute()).some((r) => sameSite(r.url) === sameSite(url));
}

/**
 * A friend-link application: waits for an admin (status 1) and tells every admin (type 4, to_id = the
 * link). Refused when the site is already listed or the user has too many waiting.
 */
export async function applyLink(
  input: LinkInput,
  applicant: { id: number; nick_name: string },
): Promise<{ ok: true; id: number } | { ok: false; reason: string }> {
  if (await siteTaken(input.url)) return { ok: false, reason: TAKEN };
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
    await mailLinkApplied(trx, { siteName: input.site_name, url: input.url, applicant });
    return row.id;
  });
  wakeSender();
  return { ok: true, id };
}

export async function deleteLinks(ids: number[]): Promise<number> {
  changes('links');
  const res = await db.deleteFrom('link').where('id', 'in', ids).executeTakeFirst();
  return Number(res.numDeletedRows);
}

export type LinkEditor = { id: number; nick_name: string; isAdmin: boolean };

/**
 * An edit of a link (POST /api/links/frontUpdate): its applicant's own, pending or approved, or any by
 * an admin. The applicant's edit goes back to review (status 1, as the original's client sent it)
 * and tells every admin, as an application does; an admin's edit keeps the status.
 */
export async function editLink(
  id: number,
  input: LinkInput,
  editor: LinkEditor,
): Promise<{ status: number }> {
  const row = await db
    .selectFrom('link')
    .select(['user_id', 'status'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound(MSG.link);
  if (!editor.isAdmin && row.user_id !== editor.id) throw forbidden(MSG.ownLinkOnly);
  if (await siteTaken(input.url, id)) throw conflict(TAKEN);
  const status = editor.isAdmin ? row.status : 1;
  // /link/list shows the approved links (status 2): one that was or is approved changes it.
  if (row.status === 2 || status === 2) changes('links');
  else changesNothingShown();
  await db.transaction().execute(async (trx) => {
    await forgetHealthIfMoved(id, input.url, trx);
    await trx
      .updateTable('link')
      .set({ ...input, status, updatedAt: new Date().toISOString() })
      .where('id', '=', id)
      .execute();
    if (editor.isAdmin) return;
    await notifyAdmins(
      {
        type: NOTIFY.link,
        toId: id,
        actorId: editor.id,
        message: `${who(editor.nick_name)} 修改了友链「${escapeHtml(input.site_name)}」，等待审核`,
      },
      trx,
    );
    await mailLinkApplied(trx, {
      siteName: input.site_name,
      url: input.url,
      applicant: editor,
      edited: true,
    });
  });
  wakeSender();
  return { status };
}

/**
 * The admin's save (POST /api/links/backUpdate): with an id, that link's fields and status (the console
 * sends the whole row back); without, a new link waiting for review (status 1, as the original made
 * it) that the other admins hear about. A group left out (the original's console) keeps the link's, or
 * none for a new one. Returns the link's id.
 */
export async function adminSaveLink(
  id: number | undefined,
  input: Omit<z.output<typeof LinkSave>, 'id'>,
  admin: { id: number; nick_name: string },
): Promise<number> {
  const { status, ...fields } = input;
  if (await siteTaken(fields.url, id)) throw conflict(TAKEN);
  const stamp = new Date().toISOString();
  if (id !== undefined) {
    changes('links');
    await forgetHealthIfMoved(id, fields.url);
    const res = await db
      .updateTable('link')
      .set({ ...fields, ...(status ? { status } : {}), updatedAt: stamp })
      .where('id', '=', id)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) === 0) throw notFound(MSG.link);
    return id;
  }
  // A new link waits for review: no public page shows it yet.
  changesNothingShown();
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('link')
      .values({ ...fields, status: 1, user_id: null, createdAt: stamp, updatedAt: stamp })
      .returning('id')
      .executeTakeFirstOrThrow();
    await notifyAdmins(
      {
        type: NOTIFY.link,
        toId: row.id,
        actorId: admin.id,
        message: `${who(admin.nick_name)} 添加了友链「${escapeHtml(fields.site_name)}」，等待审核`,
      },
      trx,
    );
    return row.id;
  });
}
