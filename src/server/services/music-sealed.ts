import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * The upstream NeteaseCloudMusicApi cookie at rest (proxy mode): AES-256-GCM under a key derived by
 * HKDF from the server's secret (JWT_SECRET, else the signing key kept in the database: boot/secret.ts),
 * bound to its session row. With JWT_SECRET set, a copy of the database alone (a leaked file) holds
 * no usable music login; without it the key travels with the database.
 */

const PREFIX = 'enc1:';
const keys = new Map<string, Buffer>();

/** The cookie key of a server secret (derived once per secret). */
function keyOf(secret: string): Buffer {
  if (!secret) throw new Error('the server secret is not loaded yet');
  let key = keys.get(secret);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', secret, 'blog-music-cookie', 'music_session.cookie v1', 32));
    keys.set(secret, key);
  }
  return key;
}

/** A stored value that is not sealed: an old row from before encryption (or an empty cookie). */
export const isClear = (stored: string) => !stored.startsWith(PREFIX);

/** The cookie sealed for the row `rowId`; '' stays '' (nothing to hide). */
export function sealCookie(clear: string, secret: string, rowId: string): string {
  if (!clear) return '';
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret), iv).setAAD(Buffer.from(rowId));
  const data = Buffer.concat([cipher.update(clear, 'utf8'), cipher.final()]);
  return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64url');
}

/**
 * The clear cookie of a sealed value, or null when it does not open (another secret, another row,
 * tampered). A value that was never sealed is returned as is (the caller re-seals it).
 */
export function openCookie(stored: string, secret: string, rowId: string): string | null {
  if (isClear(stored)) return stored;
  const raw = Buffer.from(stored.slice(PREFIX.length), 'base64url');
  if (raw.length < 28) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(secret), raw.subarray(0, 12)).setAAD(
      Buffer.from(rowId),
    );
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
