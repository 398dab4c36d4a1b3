import { z } from 'zod';
import { ROLE } from '../role.ts';
import { NICK_MAX, USERNAME_MAX } from '../validation.ts';
import { choiceFilter, num, pageFields, textFilter } from './fields.ts';

/** A user as the owner's list shows it (POST /api/user/getUserList): never the password or raw address. */
export type AdminUserRow = {
  id: number;
  username: string;
  nick_name: string;
  avatar: string;
  qq: string;
  role: number;
  createdAt: string;
  updatedAt: string;
  /** The place of the user's address, 火星 when unknown. */
  ip_address: string;
  /** When the owner disabled the account (ours), else null. */
  disabledAt: string | null;
};

/** PUT /api/user/resetPassword/{id}: the new password, given this once (ours). */
export type ResetPassword = { password: string };

/** POST /api/user/register's answer (the admin app's register page prefills the login with it). */
export type Registered = { id: number; username: string };

/** A user's role in a path or filter: 1 the blogger, 2 everyone else. */
export const roleField = num(z.literal([ROLE.admin, ROLE.user], 'role 只能是 1 或 2'));

/** POST /api/user/getUserList: the owner's user list and its filters. */
export const UserList = z.object({
  ...pageFields,
  nick_name: textFilter(NICK_MAX),
  // The original ignored a role that is not a number; so does this.
  role: choiceFilter(roleField).catch(undefined),
  // Ours: a substring of the username, and 1 disabled accounts only, 2 enabled only.
  username: textFilter(USERNAME_MAX),
  disabled: choiceFilter(num(z.literal([1, 2], 'disabled 只能是 1 或 2'))),
});
