import { createHash, randomBytes } from 'node:crypto';
import { config } from '../config.ts';
import { db } from '../db/connection.ts';
import { isClear, openCookie, sealCookie } from './music-sealed.ts';

/**
 * Music-service accounts, separate from the site login (docs/product.md#audience-and-roles): a music
 * session is a random value (the "music cookie" of music/account.ts); the database keeps only its hash, the
 * site user it belongs to (local service) or the upstream NeteaseCloudMusicApi cookie (proxy), sealed with
 * a key from the server's secret (music-sealed.ts). QR logins are rows too: a key moves 801 → 802 → 803.
 */

export const SESSION_DAYS = 30;
export const QR_TTL_MS = 5 * 60_000;

const hash = (v: string) => createHash('sha256').update(v).digest('hex');
const iso = (ms: number) => new Date(ms).toISOString();

export type MusicSession = { id: string; user_id: number | null; cookie: string };

/** The live session of a music cookie's value, its upstream cookie opened. */
export async function readSession(value: string): Promise<MusicSession | null> {
  const row = await db
    .selectFrom('music_session')
    .select(['id', 'user_id', 'cookie'])
    .where('id', '=', hash(value))
    .where('expiresAt', '>', iso(Date.now()))
    .executeTakeFirst();
  if (!row) return null;
  const cookie = openCookie(row.cookie, config.jwtSecret, row.id);
  // A row from before encryption is read once and sealed in place; one that no longer opens (the
  // secret changed) signs the upstream account out, as if the music login had expired.
  if (row.cookie && (isClear(row.cookie) || cookie === null)) {
    const sealed = cookie ? sealCookie(cookie, config.jwtSecret, row.id) : '';
    await db.updateTable('music_session').set({ cookie: sealed }).where('id', '=', row.id).execute();
  }
  return { ...row, cookie: cookie ?? '' };
}

/** Stores a new session and returns the value its music cookie carries. */
export async function createSession(who: { userId?: number; cookie?: string }): Promise<string> {
  const value = randomBytes(24).toString('base64url');
  const id = hash(value);
  const now = Date.now();
  await db
    .insertInto('music_session')
    .values({
      id,
      user_id: who.userId ?? null,
      cookie: sealCookie(who.cookie ?? '', config.jwtSecret, id),
      createdAt: iso(now),
      expiresAt: iso(now + SESSION_DAYS * 86_400_000),
    })
    .execute();
  return value;
}

export async function dropSession(value: string): Promise<void> {
  await db.deleteFrom('music_session').where('id', '=', hash(value)).execute();
}

/** A new QR login key; expired keys and sessions are swept on the way. */
export async function createQrKey(ttlMs = QR_TTL_MS): Promise<string> {
  const now = Date.now();
  await db.deleteFrom('music_qr').where('expiresAt', '<', iso(now)).execute();
  await db.deleteFrom('music_session').where('expiresAt', '<', iso(now)).execute();
  const unikey = randomBytes(16).toString('hex');
  await db
    .insertInto('music_qr')
    .values({ unikey, status: 801, user_id: null, createdAt: iso(now), expiresAt: iso(now + ttlMs) })
    .execute();
  return unikey;
}

export const validKey = (key: unknown): key is string =>
  typeof key === 'string' && /^[0-9a-f]{32}$/.test(key);

async function liveKey(key: string) {
  if (!validKey(key)) return undefined;
  return db
    .selectFrom('music_qr')
    .selectAll()
    .where('unikey', '=', key)
    .where('expiresAt', '>', iso(Date.now()))
    .executeTakeFirst();
}

export type QrStep = 'expired' | 'taken' | 'ok';

/** The confirm page was opened by a signed-in site user: 801 → 802. */
export async function scanQr(key: string, userId: number): Promise<QrStep> {
  const row = await liveKey(key);
  if (!row || row.status === 803) return 'expired';
  if (row.user_id !== null && row.user_id !== userId) return 'taken';
  await db.updateTable('music_qr').set({ status: 802, user_id: userId }).where('unikey', '=', key).execute();
  return 'ok';
}

/** The user approved on the confirm page: → 803 (the next check hands out the music cookie). */
export async function confirmQr(key: string, userId: number): Promise<QrStep> {
  const row = await liveKey(key);
  if (!row || row.status === 803) return 'expired';
  if (row.user_id !== null && row.user_id !== userId) return 'taken';
  await db.updateTable('music_qr').set({ status: 803, user_id: userId }).where('unikey', '=', key).execute();
  return 'ok';
}

export type QrCheck =
  | { code: 800 | 801; message: string }
  | { code: 802; message: string; nickname: string; avatarUrl: string }
  | { code: 803; message: string; userId: number };

/** What qr/check answers; a confirmed key is used up by the check that reports 803. */
export async function checkQr(key: string): Promise<QrCheck> {
  const row = await liveKey(key);
  if (!row) return { code: 800, message: '二维码不存在或已过期' };
  if (row.status === 801 || row.user_id === null) return { code: 801, message: '等待扫码' };
  if (row.status === 803) {
    const used = await db.deleteFrom('music_qr').where('unikey', '=', key).executeTakeFirst();
    // Two checks racing: only the one that deleted the key logs in.
    if (Number(used.numDeletedRows) !== 1) return { code: 800, message: '二维码不存在或已过期' };
    return { code: 803, message: '授权登陆成功', userId: row.user_id };
  }
  const user = await db
    .selectFrom('user')
    .select(['nick_name', 'avatar'])
    .where('id', '=', row.user_id)
    .executeTakeFirst();
  return { code: 802, message: '待确认', nickname: user?.nick_name ?? '', avatarUrl: user?.avatar ?? '' };
}

/** The site user behind a music session, as a NeteaseCloudMusicApi profile. */
export async function profileOf(userId: number) {
  const user = await db
    .selectFrom('user')
    .select(['id', 'nick_name', 'avatar'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) return null;
  return { userId: user.id, nickname: user.nick_name, avatarUrl: user.avatar, signature: '', userType: 0 };
}
