import { createHash, randomInt } from 'node:crypto';
import type { Transaction } from 'kysely';
import { Secret, TOTP } from 'otpauth';
import type { OtpSetup, RecoveryCodes } from '../../lib/contract/users.ts';
import { db } from '../db/connection.ts';
import type { DB } from '../db/schema.ts';
import { mailAccountNotice } from './mail/events.ts';
import { wakeSender } from './mail/outbox.ts';
import { createNotify, NOTIFY } from './notify.ts';
import { getConfig } from './site.ts';

/**
 * Two-factor sign-in (docs/decisions/0016-sign-in-protection.md): RFC 6238 TOTP through `otpauth` (SHA-1, 6
 * digits, 30 s: what every authenticator app reads from the QR code), one clock step of drift either way,
 * and ten one-time recovery codes. Tables of migration 0021.
 *
 * A code is accepted once: the newest accepted time step is kept per account and moved forward by a
 * conditional update, so two requests with one code (on two processes too) cannot both pass.
 *
 * Turning it on or off ends every other session of the account (its token version moves on, in the same
 * transaction) and mails the account's own address; the route answers this tab a fresh token.
 */

const PERIOD = 30;
const DIGITS = 6;
/** One step of clock drift either way (the phone a little fast or slow). */
const WINDOW = 1;
const RECOVERY_COUNT = 10;
/** Letters and digits without look-alikes (0/O, 1/I/L): 32 symbols, 12 of them = 60 random bits. */
const RECOVERY_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

const now = () => new Date().toISOString();

const totp = (secret: string, label = '', issuer = '') =>
  new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: DIGITS,
    period: PERIOD,
    secret: Secret.fromBase32(secret),
  });

/** A code as typed: spaces and dashes dropped, upper case (recovery codes are read off paper). */
const normalized = (code: string) => code.replace(/[\s-]/g, '').toUpperCase();

const isTotpCode = (code: string) => /^\d{6}$/.test(code);

/** Recovery codes are random (60 bits): one salted SHA-256 is enough, no slow hash. */
const recoveryHash = (userId: number, code: string) =>
  createHash('sha256')
    .update(`${userId}:${normalized(code)}`)
    .digest('hex');

function recoveryCode(): string {
  let out = '';
  for (let i = 0; i < 12; i++) out += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return `${out.slice(0, 4)}-${out.slice(4, 8)}-${out.slice(8)}`;
}

/** Whether the account signs in with a second step. */
export async function otpEnabled(userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('user_otp')
    .select('secret')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Boolean(row?.secret);
}

export type SetupResult = { ok: true; setup: OtpSetup } | { ok: false; reason: 'enabled' };

/**
 * A new pending secret (replacing any earlier one that was never confirmed). Nothing checks it until
 * `enable` confirms a code from it; while 2FA is on, setup is refused (turn it off first).
 */
export async function setupOtp(user: { id: number; username: string }): Promise<SetupResult> {
  if (await otpEnabled(user.id)) return { ok: false, reason: 'enabled' };
  const secret = new Secret({ size: 20 }).base32;
  const stamp = now();
  await db
    .insertInto('user_otp')
    .values({ user_id: user.id, secret: null, pending_secret: secret, updatedAt: stamp })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ pending_secret: secret, updatedAt: stamp }))
    .execute();
  const issuer = (await getConfig()).blog_name || '小站';
  return { ok: true, setup: { secret, otpauth_url: totp(secret, user.username, issuer).toString() } };
}

/** The time step a code belongs to (within the drift window), or null when it is not the secret's. */
function stepOf(secret: string, code: string, at = Date.now()): number | null {
  const delta = totp(secret).validate({ token: code, timestamp: at, window: WINDOW });
  return delta === null ? null : Math.floor(at / 1000 / PERIOD) + delta;
}

/** Moves the last accepted step forward to `step`; false when that step (or a later one) was used. */
async function claimStep(userId: number, step: number): Promise<boolean> {
  const r = await db
    .updateTable('user_otp')
    .set({ last_step: step })
    .where('user_id', '=', userId)
    .where('last_step', '<', step)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** What a fresh token needs (auth.ts signToken): the account after its token version moved on. */
export type TokenUser = { id: number; role: number; token_version: number };

export type EnableResult =
  | { ok: true; codes: RecoveryCodes; user: TokenUser }
  | { ok: false; reason: 'none' | 'code' };

/** Ends every older token of the account (this tab gets a fresh one from the answer). */
const endSessions = (trx: Transaction<DB>, userId: number): Promise<TokenUser> =>
  trx
    .updateTable('user')
    .set({ token_version: (eb) => eb('token_version', '+', 1), updatedAt: now() })
    .where('id', '=', userId)
    .returning(['id', 'role', 'token_version'])
    .executeTakeFirstOrThrow();

/**
 * Turns 2FA on with a right code from the pending secret: the secret becomes the account's, its step
 * counts as used, and ten new recovery codes are made (shown once: only their hashes are kept). Every
 * other session ends and the account's address is told.
 */
export async function enableOtp(userId: number, code: string): Promise<EnableResult> {
  const row = await db
    .selectFrom('user_otp')
    .select(['pending_secret', 'secret'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row?.pending_secret || row.secret) return { ok: false, reason: 'none' };
  const pending = row.pending_secret;
  const step = stepOf(pending, normalized(code));
  if (step === null) return { ok: false, reason: 'code' };
  const codes = Array.from({ length: RECOVERY_COUNT }, recoveryCode);
  const turnedOn = await db.transaction().execute(async (trx) => {
    const r = await trx
      .updateTable('user_otp')
      .set({ secret: pending, pending_secret: null, last_step: step, enabledAt: now(), updatedAt: now() })
      .where('user_id', '=', userId)
      // Another setup in between replaced the secret the code came from.
      .where('pending_secret', '=', pending)
      .where('secret', 'is', null)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) !== 1) return null;
    await trx.deleteFrom('user_recovery_code').where('user_id', '=', userId).execute();
    await trx
      .insertInto('user_recovery_code')
      .values(codes.map((c) => ({ user_id: userId, code_hash: recoveryHash(userId, c), usedAt: null })))
      .execute();
    const user = await endSessions(trx, userId);
    await mailAccountNotice(trx, userId, 'otp_on');
    return user;
  });
  if (!turnedOn) return { ok: false, reason: 'none' };
  wakeSender();
  return { ok: true, codes: { recovery_codes: codes }, user: turnedOn };
}

/** Whether a code as typed is the 6-digit kind (else it is taken for a recovery code). */
export const isTotpForm = (code: string): boolean => isTotpCode(normalized(code));

/**
 * Checks a second-step code of an account with 2FA on and spends it: a TOTP code (its step must be
 * newer than the last one accepted) or an unused recovery code. Null when it is not good. With `totp`
 * false (the code step locked after many wrong codes) only a recovery code is checked.
 */
export async function spendCode(
  userId: number,
  code: string,
  { totp: takesTotp = true } = {},
): Promise<'totp' | 'recovery' | null> {
  const typed = normalized(code);
  if (!typed) return null;
  if (isTotpCode(typed)) {
    if (!takesTotp) return null;
    const row = await db
      .selectFrom('user_otp')
      .select('secret')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!row?.secret) return null;
    const step = stepOf(row.secret, typed);
    return step !== null && (await claimStep(userId, step)) ? 'totp' : null;
  }
  const r = await db
    .updateTable('user_recovery_code')
    .set({ usedAt: now() })
    .where('user_id', '=', userId)
    .where('code_hash', '=', recoveryHash(userId, typed))
    .where('usedAt', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1 ? 'recovery' : null;
}

/**
 * Turns 2FA off: the secret, any pending one and the recovery codes go, every session of the account
 * ends (the route answers this tab a fresh token) and the account's address is told.
 */
export async function disableOtp(userId: number): Promise<TokenUser> {
  const user = await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('user_recovery_code').where('user_id', '=', userId).execute();
    await trx.deleteFrom('user_otp').where('user_id', '=', userId).execute();
    const row = await endSessions(trx, userId);
    await mailAccountNotice(trx, userId, 'otp_off');
    return row;
  });
  wakeSender();
  return user;
}

/**
 * The account's code step was locked after too many wrong codes: its owner finds a notification in
 * 我的消息 (leading to the personal center) and a mail at the account's address.
 */
export async function noteOtpLocked(userId: number, minutes: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await createNotify(
      {
        userId,
        type: NOTIFY.account,
        toId: userId,
        message: `你的账号连续输错了多次两步验证码，验证码登录已暂停 ${minutes} 分钟（恢复码仍可使用）。如果不是你本人在登录，说明密码已经泄露，请尽快修改密码。`,
      },
      trx,
    );
    await mailAccountNotice(trx, userId, 'otp_locked');
  });
  wakeSender();
}

/** How many recovery codes are left unused (the settings show it). */
export async function recoveryLeft(userId: number): Promise<number> {
  const row = await db
    .selectFrom('user_recovery_code')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('usedAt', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
