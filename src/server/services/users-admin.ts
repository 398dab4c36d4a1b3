import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import type { z } from 'zod';
import type { AdminUserRow, UserList } from '../../lib/contract/admin-users.ts';
import { ROLE } from '../../lib/role.ts';
import { conflict, notFound } from '../core/errors.ts';
import { MSG } from '../core/messages.ts';
import { changes, userTag } from '../core/page-tags.ts';
import { db, dialect } from '../db/connection.ts';
import type { DB } from '../db/schema.ts';
import { contains } from './admin-filters.ts';
import { countRows, type Page, paginate } from './paginate.ts';
import { randomPassword, setPassword } from './users.ts';

/** Where an address is, when nothing says: the original's answer for an unknown place. */
export const UNKNOWN_PLACE = '火星';
export const SELF_DEMOTE = '不能取消自己的管理员身份';
export const LAST_ADMIN = '至少需要保留一位管理员';
const SELF_DISABLE = '不能停用自己的账号';
const SELF_RESET = '不能重置自己的密码，请在个人中心修改';

/**
 * The owner's user list (POST /api/user/getUserList): every column but the password hash, the raw
 * address and the login internals (email, token version, folded name), plus `ip_address`, the place
 * name of the user's address. This server looks no address up: the place is the region recorded with
 * the user's newest comment that has one, else 火星.
 */
export async function listUsers(input: z.output<typeof UserList>): Promise<Page<AdminUserRow>> {
  let q = db.selectFrom('user');
  if (input.nick_name) q = q.where(contains('user.nick_name', input.nick_name));
  if (input.username) q = q.where(contains('user.username', input.username));
  if (input.role) q = q.where('user.role', '=', input.role);
  if (input.disabled === 1) q = q.where('user.disabled_at', 'is not', null);
  if (input.disabled === 2) q = q.where('user.disabled_at', 'is', null);
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
          'user.disabled_at as disabledAt',
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
 * is one statement that counts the admins who can still log in (not disabled), one at a time
 * (adminsOneAtATime), so two admins demoting each other at once leave one.
 */
export async function setRole(id: number, role: number, actorId: number): Promise<void> {
  const row = await db.selectFrom('user').select('role').where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(MSG.user);
  if (row.role === role) return;
  if (row.role === ROLE.admin && id === actorId) throw conflict(SELF_DEMOTE);
  const res = await adminsOneAtATime(row.role === ROLE.admin, (tx) => {
    let q = tx.updateTable('user').set({ role, updatedAt: new Date().toISOString() }).where('id', '=', id);
    if (row.role === ROLE.admin) q = q.where(otherActiveAdmins, '>', 1);
    return q.executeTakeFirst();
  });
  if (Number(res.numUpdatedRows) === 0) throw conflict(LAST_ADMIN);
}

/** Any fixed number: the transaction lock of changes that may leave fewer admins (PostgreSQL). */
const ADMINS_LOCK = 2_100_021;

/**
 * Runs a change that may leave fewer admins who can log in one at a time. On SQLite one statement
 * already runs alone. On PostgreSQL (READ COMMITTED) two such statements at once would each count the
 * other's admin as still active and both succeed: a transaction lock makes the second wait, and its
 * statement then counts from after the first one's commit.
 */
function adminsOneAtATime<T>(needed: boolean, change: (tx: Kysely<DB>) => Promise<T>): Promise<T> {
  if (!needed || dialect !== 'postgres') return change(db);
  return db.transaction().execute(async (tx) => {
    await sql`SELECT pg_advisory_xact_lock(${ADMINS_LOCK})`.execute(tx);
    return change(tx);
  });
}

/** The admins who can still log in (role 1, not disabled), counted inside the statement that needs it. */
const otherActiveAdmins = (eb: ExpressionBuilder<DB, 'user'>) =>
  eb
    .selectFrom('user as a')
    .select((a) => a.fn.countAll<number>().as('n'))
    .where('a.role', '=', ROLE.admin)
    .where('a.disabled_at', 'is', null);

/**
 * Disables an account: it cannot log in, every token it holds ends at once (the token version moves
 * on, as a password change does) and it cannot chat; its content stays. Never oneself, never the last
 * admin who can log in (one statement counts them, as setRole does). Disabling a disabled account
 * changes nothing.
 */
export async function disableUser(id: number, actorId: number): Promise<void> {
  const row = await db
    .selectFrom('user')
    .select(['role', 'disabled_at'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound(MSG.user);
  if (id === actorId) throw conflict(SELF_DISABLE);
  if (row.disabled_at) return;
  const now = new Date().toISOString();
  const res = await adminsOneAtATime(row.role === ROLE.admin, (tx) => {
    let q = tx
      .updateTable('user')
      .set({ disabled_at: now, token_version: (eb) => eb('token_version', '+', 1), updatedAt: now })
      .where('id', '=', id)
      .where('disabled_at', 'is', null);
    if (row.role === ROLE.admin) q = q.where(otherActiveAdmins, '>', 1);
    return q.executeTakeFirst();
  });
  if (Number(res.numUpdatedRows) === 0 && row.role === ROLE.admin) throw conflict(LAST_ADMIN);
}

/** Lets a disabled account log in again (its old tokens stay ended: the user logs in afresh). */
export async function enableUser(id: number): Promise<void> {
  const res = await db
    .updateTable('user')
    .set({ disabled_at: null, updatedAt: new Date().toISOString() })
    .where('id', '=', id)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) === 0) throw notFound(MSG.user);
}

/**
 * The owner's password reset: a new random password is set (every token of the user ends, as after
 * a password change) and returned, once; it is stored only as its hash. Not one's own (the personal
 * center changes that, keeping the session).
 */
export async function resetPassword(id: number, actorId: number): Promise<string> {
  if (id === actorId) throw conflict(SELF_RESET);
  if ((await roleOf(id)) === null) throw notFound(MSG.user);
  const password = randomPassword();
  await setPassword(id, password);
  return password;
}

/** The owner's edit of someone's nick name and avatar (PUT /api/user/adminUpdateUserInfo). */
export async function adminUpdateUser(
  id: number,
  patch: { nick_name?: string; avatar?: string },
): Promise<void> {
  changes(userTag(id));
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
