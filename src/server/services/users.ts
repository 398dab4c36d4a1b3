import { randomBytes } from 'node:crypto';
import { db } from '../db/connection.ts';
import { hashPassword } from './auth.ts';

const now = () => new Date().toISOString();

/** A random password that passes the register rule (letters and digits, 16 characters). */
export const randomPassword = () =>
  `${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x').slice(0, 14)}7a`;

export async function createUser(input: {
  username: string;
  password: string;
  nick_name?: string;
  email?: string;
  role?: number;
  ip?: string;
}): Promise<number> {
  const row = await db
    .insertInto('user')
    .values({
      username: input.username,
      password: await hashPassword(input.password),
      nick_name: input.nick_name || input.username,
      email: input.email ?? '',
      avatar: '',
      qq: '',
      role: input.role ?? 2,
      ip: input.ip ?? '',
      createdAt: now(),
      updatedAt: now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * The first-start admin: created from ADMIN_USERNAME/ADMIN_PASSWORD when no admin exists.
 * Returns the generated password when one had to be made up (to print once), else undefined.
 */
export async function ensureAdmin(
  username: string,
  password?: string,
): Promise<{ id: number; generatedPassword?: string }> {
  const existing = await db
    .selectFrom('user')
    .select('id')
    .where('role', '=', 1)
    .orderBy('id')
    .executeTakeFirst();
  if (existing) return { id: existing.id };
  const taken = await db.selectFrom('user').select('id').where('username', '=', username).executeTakeFirst();
  if (taken) {
    await db.updateTable('user').set({ role: 1, updatedAt: now() }).where('id', '=', taken.id).execute();
    return { id: taken.id };
  }
  const generatedPassword = password ? undefined : randomPassword();
  const id = await createUser({
    username,
    password: password ?? (generatedPassword as string),
    nick_name: '博主',
    role: 1,
  });
  return { id, generatedPassword };
}
