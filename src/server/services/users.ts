import { randomBytes, randomInt } from 'node:crypto';
import { blockedWords } from '../../lib/blocked-words.ts';
import { imageIdentity } from '../../lib/community.ts';
import type { OwnStatistic, PublicUser } from '../../lib/contract/users.ts';
import {
  type Blogger,
  foldUsername,
  NAME_BLOCKED,
  POSES_AS_BLOGGER,
  posesAsBlogger,
  USERNAME_POSES_AS_BLOGGER,
} from '../../lib/names.ts';
import { ROLE } from '../../lib/role.ts';
import { conflict } from '../core/errors.ts';
import { MSG } from '../core/messages.ts';
import { changes, userTag } from '../core/page-tags.ts';
import { db } from '../db/connection.ts';
import { hashPassword, isBcryptHash, verifyPassword } from './auth.ts';
import { otpEnabled, recoveryLeft } from './two-factor.ts';

const now = () => new Date().toISOString();

/** Letters and digits without the look-alikes (0/O, 1/l/I): a password read off a screen is typed right. */
const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/**
 * A random password that passes the register rule (6–18 characters, two kinds at least): 16 letters and
 * digits of 56 (about 93 bits), at least one of each. The first admin's when none is given, the CLI's,
 * and the owner's reset (the console's 用户 screen).
 */
export function randomPassword(): string {
  for (;;) {
    let out = '';
    for (let i = 0; i < 16; i++) out += PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)];
    if (/\d/.test(out) && /[A-Za-z]/.test(out)) return out;
  }
}

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
      // Unique: a second `Admin` or `ａｄｍｉｎ` fails here even when two registrations race.
      username_key: foldUsername(input.username),
      password: await hashPassword(input.password),
      nick_name: input.nick_name || input.username,
      email: input.email ?? '',
      avatar: '',
      qq: '',
      role: input.role ?? ROLE.user,
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
    .where('role', '=', ROLE.admin)
    .orderBy('id')
    .executeTakeFirst();
  if (existing) return { id: existing.id };
  const taken = await findUsername(username);
  if (taken) {
    await db
      .updateTable('user')
      .set({ role: ROLE.admin, updatedAt: now() })
      .where('id', '=', taken.id)
      .execute();
    return { id: taken.id };
  }
  const generatedPassword = password ? undefined : randomPassword();
  const id = await createUser({
    username,
    password: password ?? (generatedPassword as string),
    nick_name: '博主',
    role: ROLE.admin,
  });
  return { id, generatedPassword };
}

/** A user row as the login needs it. */
type LoginRow = {
  id: number;
  username: string;
  nick_name: string;
  role: number;
  token_version: number;
  password: string;
  /** Set when the owner disabled the account: the password is right but the login is refused. */
  disabled_at: string | null;
};

// A real hash to verify against when the username does not exist, so both cases take as long
// (the answer time must not reveal which usernames exist).
let decoyHash: Promise<string> | undefined;

/**
 * The account a typed username names: the exact username first (so an old account that differs from
 * another only by case, kept from before usernames were folded, still logs in), else the account
 * whose folded key matches (`ADMIN` logs in as `admin`).
 */
async function findUsername(username: string) {
  const select = () =>
    db
      .selectFrom('user')
      .select(['id', 'username', 'nick_name', 'role', 'token_version', 'password', 'disabled_at']);
  return (
    (await select().where('username', '=', username).executeTakeFirst()) ??
    (await select().where('username_key', '=', foldUsername(username)).executeTakeFirst())
  );
}

/** The user whose username and password match, or null. Always costs one argon2 verification. */
export async function checkCredentials(username: string, password: string): Promise<LoginRow | null> {
  const row = await findUsername(username);
  if (!row) {
    decoyHash ??= hashPassword(randomBytes(12).toString('hex'));
    await verifyPassword(password, await decoyHash);
    return null;
  }
  if (!(await verifyPassword(password, row.password))) return null;
  // An imported account's bcrypt hash (the original project's) gives way to argon2id once the password is known.
  if (isBcryptHash(row.password))
    await db
      .updateTable('user')
      .set({ password: await hashPassword(password) })
      .where('id', '=', row.id)
      .where('password', '=', row.password)
      .execute();
  return row;
}

/** True when the name, or a name that folds to the same key, is taken. */
export async function usernameTaken(username: string): Promise<boolean> {
  return Boolean(await findUsername(username));
}

/**
 * Who the blogger is to a reader: every admin's nick name, username and avatar, and the blog's name
 * and avatar (the profile card's 博主头像).
 */
async function bloggerLook(): Promise<Blogger & { avatars: string[]; blockedWords: string }> {
  const [rows, site] = await Promise.all([
    db
      .selectFrom('user')
      .select(['nick_name', 'username', 'avatar'])
      .where('role', '=', ROLE.admin)
      .execute(),
    db
      .selectFrom('config')
      .select(['blog_name', 'blog_avatar', 'blocked_words'])
      .where('id', '=', 1)
      .executeTakeFirst(),
  ]);
  return {
    names: rows.flatMap((r) => [r.nick_name, r.username]),
    blogName: site?.blog_name ?? '',
    avatars: [...rows.map((r) => r.avatar), site?.blog_avatar ?? ''].filter(Boolean),
    blockedWords: site?.blocked_words ?? '',
  };
}

/**
 * Refuses what would let anyone but an admin pass for the blogger beside what they write
 * (docs/decisions/0016-sign-in-protection.md):
 * a nick name or username that reads as 博主, as the blog's name or as an admin's name
 * (lib/names.ts), and the avatar of an admin or of the blog, however its address is spelled.
 * Also a nick name (or guest name) holding one of the owner's blocked words, matched as in comments
 * (lib/blocked-words.ts): a name cannot wait in the review queue, so it is refused.
 * Callers skip it for admins, who may look like themselves.
 */
export async function refuseBloggerLook(look: {
  nick_name?: string;
  username?: string;
  avatar?: string;
}): Promise<void> {
  const blogger = await bloggerLook();
  if (look.nick_name && posesAsBlogger(look.nick_name, blogger)) throw conflict(POSES_AS_BLOGGER);
  if (look.nick_name && blockedWords(blogger.blockedWords).find(look.nick_name)) throw conflict(NAME_BLOCKED);
  if (look.username && posesAsBlogger(look.username, blogger)) throw conflict(USERNAME_POSES_AS_BLOGGER);
  const avatar = look.avatar ? imageIdentity(look.avatar) : '';
  if (avatar && blogger.avatars.some((a) => imageIdentity(a) === avatar)) throw conflict(MSG.bloggerAvatar);
}

/**
 * The name a guest signs a guestbook message with: it may not look like the blogger's (博主 with
 * invisible characters or look-alike letters), nor be a member's (or the blogger's) own.
 */
export async function refuseGuestName(nickName: string): Promise<void> {
  await refuseBloggerLook({ nick_name: nickName });
  const taken = await db.selectFrom('user').select('id').where('nick_name', '=', nickName).executeTakeFirst();
  if (taken) throw conflict(MSG.guestNameTaken);
}

export type { PublicUser };

export async function getPublicUser(id: number, viewerId?: number | null): Promise<PublicUser | null> {
  const row = await db
    .selectFrom('user')
    .select(['id', 'nick_name', 'avatar', 'role', 'qq', 'createdAt', 'username', 'email'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return null;
  const { username, email, ...rest } = row;
  if (viewerId !== id) return rest;
  // Whether the second step is on is the user's own business, like the username.
  const otp_enabled = await otpEnabled(id);
  return {
    ...rest,
    username,
    email,
    otp_enabled,
    ...(otp_enabled ? { recovery_left: await recoveryLeft(id) } : {}),
  };
}

export async function updateOwnInfo(
  id: number,
  patch: { nick_name?: string; avatar?: string; qq?: string },
): Promise<void> {
  // The pages show a user's name and avatar beside what they wrote (core/page-tags.ts).
  changes(userTag(id));
  await db
    .updateTable('user')
    .set({ ...patch, updatedAt: now() })
    .where('id', '=', id)
    .execute();
}

/** Ends every token issued so far for this user (logout, password change). Returns the new version. */
export async function bumpTokenVersion(id: number): Promise<number> {
  const row = await db
    .updateTable('user')
    .set({ token_version: (eb) => eb('token_version', '+', 1), updatedAt: now() })
    .where('id', '=', id)
    .returning(['token_version'])
    .executeTakeFirstOrThrow();
  return row.token_version;
}

/** The stored hash of a user's password, for the current-password check. */
export async function passwordHashOf(id: number): Promise<string | null> {
  const row = await db.selectFrom('user').select('password').where('id', '=', id).executeTakeFirst();
  return row?.password ?? null;
}

/** Sets a new password and ends older tokens in one statement; returns what a fresh token needs. */
export async function setPassword(
  id: number,
  password: string,
): Promise<{ id: number; role: number; token_version: number }> {
  const hash = await hashPassword(password);
  return db
    .updateTable('user')
    .set({ password: hash, token_version: (eb) => eb('token_version', '+', 1), updatedAt: now() })
    .where('id', '=', id)
    .returning(['id', 'role', 'token_version'])
    .executeTakeFirstOrThrow();
}

/** The user's own figures for the personal center: their comments, guestbook messages and likes. */
export async function ownStatistic(id: number): Promise<OwnStatistic> {
  const [comments, messages, likes] = await Promise.all([
    db
      .selectFrom('comment')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('from_id', '=', id)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('message')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', id)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('like')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', id)
      .executeTakeFirstOrThrow(),
  ]);
  return { commentCount: Number(comments.n), messageCount: Number(messages.n), likeCount: Number(likes.n) };
}
