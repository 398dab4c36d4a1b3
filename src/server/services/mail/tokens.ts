import { createHmac, timingSafeEqual } from 'node:crypto';
import { isMailKind, type MailKind } from '../../../lib/mail.ts';
import { config } from '../../config.ts';

/**
 * The unsubscribe links' tokens: the address and the kind of mail, signed with the site's signing key
 * (HMAC-SHA256), so the link works without signing in and cannot be made for another address. They do
 * not expire (a mail read a year later still unsubscribes); a rotated key ends them, and the personal
 * center's switches remain.
 */

const mac = (payload: string) =>
  createHmac('sha256', `mail-unsubscribe\n${config.jwtSecret}`).update(payload).digest('base64url');

export function unsubscribeToken(email: string, kind: MailKind): string {
  const payload = Buffer.from(JSON.stringify({ e: email.toLowerCase(), k: kind })).toString('base64url');
  return `${payload}.${mac(payload)}`;
}

/** The address and kind a token names, or null when it was not signed by this site. */
export function readUnsubscribeToken(token: string): { email: string; kind: MailKind } | null {
  const [payload, sig, extra] = token.split('.');
  if (!payload || !sig || extra !== undefined || token.length > 1000) return null;
  const want = Buffer.from(mac(payload));
  const got = Buffer.from(sig);
  if (want.length !== got.length || !timingSafeEqual(want, got)) return null;
  try {
    const v = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { e?: unknown; k?: unknown };
    if (typeof v.e !== 'string' || !v.e.includes('@') || !isMailKind(v.k)) return null;
    return { email: v.e, kind: v.k };
  } catch {
    return null;
  }
}
