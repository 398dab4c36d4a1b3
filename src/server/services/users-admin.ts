import type { AdminUserRow } from '../../lib/contract/admin-users.ts';
import { ROLE } from '../../lib/role.ts';
import { conflict, notFound } from '../core/errors.ts';
import { MSG } from '../core/messages.ts';
import { db } from '../db/connection.ts';
import { contains } from './admin-filters.ts';
import { countRows, type Page, paginate } from './paginate.ts';

/** Where an address is, when nothing says: the original's answer for an unknown place. */
export const UNKNOWN_PLACE = '火星';
export const SELF_DEMOTE = '不能取消自己的管理员身份';
export const LAST_ADMIN = '至少需要保留一位管理员';

/**
 * The owner's user list (POST /api/user/getUserList): every column but the password hash, the raw
 * address and the login internals (email, token version, folded name), plus `ip_address`, the place
 * name of the user's address. This server looks no address up: the place is the region recorded with
 * the user's newest comment that has one, else 火星.
 */
export async function listUsers(input: {
  current: number;
  size: number;
  nick_name?: string;
  role?: number;
}): Promise<Page<AdminUserRow>> {
  let q = db.selectFrom('user');
  if (input.nick_name) q = q.where(contains('user.nick_name', input.nick_name));
  if (input.role) q = q.where('user.role', '=', input.role);
  return paginate(
    input,
    async (limit, offset) => {
      const rows = await q
        .select((eb) => [
          'user.id',
          'user.username',
          'user.nick_name',
          'user.avatar',
          'user.qq',
          'user.role',
          'user.createdAt',
          'user.updatedAt',
          eb
            .selectFrom('comment')
            .select('comment.ip_address')
            .whereRef('comment.from_id', '=', 'user.id')
            .where('comment.ip_address', '!=', '')
            .orderBy('comment.createdAt', 'desc')
            .orderBy('comment.id', 'desc')
            .limit(1)
            .as('place'),
        ])
        .orderBy('user.id')
        .limit(limit)
        .offset(offset)
        .execute();
      return rows.map(({ place, ...r }) => ({ ...r, ip_address: place || UNKNOWN_PLACE }));
    },
    () => countRows(q),
  );
}

/**
 * Sets a user's role (the role is read from the database on every request, so it takes effect at
 * once). An admin cannot take their own admin role away, and the last admin stays one: the demotion
 * is one statement that counts the admins, so two admins demoting each other at once leave one.
 */
export async function setRole(id: number, role: number, actorId: number): Promise<void> {
  const row = await db.selectFrom('user').select('role').where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(MSG.user);
  if (row.role === role) return;
  if (row.role === ROLE.admin && id === actorId) throw conflict(SELF_DEMOTE);
  let q = db.updateTable('user').set({ role, updatedAt: new Date().toISOString() }).where('id', '=', id);
  if (row.role === ROLE.admin)
    q = q.where(
      (eb) =>
        eb
          .selectFrom('user as a')
          .select((a) => a.fn.countAll<number>().as('n'))
          .where('a.role', '=', ROLE.admin),
      '>',
      1,
    );
  const res = await q.executeTakeFirst();
  if (Number(res.numUpdatedRows) === 0) throw conflict(LAST_ADMIN);
}

/** The owner's edit of someone's nick name and avatar (PUT /api/user/adminUpdateUserInfo). */
export async function adminUpdateUser(
  id: number,
  patch: { nick_name?: string; avatar?: string },
): Promise<void> {
  const res = await db
    .updateTable('user')
    .set({ ...patch, updatedAt: new Date().toISOString() })
    .where('id', '=', id)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) === 0) throw notFound(MSG.user);
}

/** A user's role, or null when there is no such user. */
export async function roleOf(id: number): Promise<number | null> {
  const row = await db.selectFrom('user').select('role').where('id', '=', id).executeTakeFirst();
  return row?.role ?? null;
}
