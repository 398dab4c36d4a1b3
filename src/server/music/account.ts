import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import {
  createSession,
  dropSession,
  type MusicSession,
  readSession,
  SESSION_DAYS,
} from '../services/music-account.ts';

/**
 * The "music cookie" of the music-service accounts, separate from the site login
 * (docs/product.md#audience-and-roles): an HttpOnly cookie holding a random session value, scoped to /wapi.
 * The sessions themselves (and the QR logins) are rows kept by services/music-account.ts.
 */

const MUSIC_COOKIE = 'blog_music';

export async function currentSession(c: Context): Promise<MusicSession | null> {
  const value = getCookie(c, MUSIC_COOKIE);
  if (!value || value.length > 100) return null;
  return readSession(value);
}

/** Starts a music session and sets the music cookie on the answer. */
export async function startSession(c: Context, who: { userId?: number; cookie?: string }): Promise<void> {
  const value = await createSession(who);
  setCookie(c, MUSIC_COOKIE, value, {
    path: '/wapi',
    httpOnly: true,
    sameSite: 'Lax',
    secure: new URL(c.req.url).protocol === 'https:',
    maxAge: SESSION_DAYS * 86_400,
  });
}

export async function endSession(c: Context): Promise<void> {
  const value = getCookie(c, MUSIC_COOKIE);
  if (value) await dropSession(value);
  deleteCookie(c, MUSIC_COOKIE, { path: '/wapi' });
}
