import { createHmac, timingSafeEqual } from 'node:crypto';
import { isMailKind, type MailKind } from '../../../lib/mail.ts';
import { config } from '../../config.ts';

/**
 * The mail links' tokens. The unsubscribe links': the address and the kind of mail, signed with the site's signing key
 * (HMAC-SHA256), so the link works without signing in and cannot be made for another address. They do
 * not expire (a mail read a year later still unsubscribes); a rotated key ends them, and the personal
 * center's switches remain.
 */

/** Each kind of link signs with its own key, so one kind's token is never taken for another's. */
type Purpose = 'mail-unsubscribe' | 'mail-confirm';

const mac = (purpose: Purpose, payload: string) =>
  createHmac('sha256', `${purpose}\n${config.jwtSecret}`).update(payload).digest('base64url');

const sign = (purpose: Purpose, value: object) => {
  const payload = Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${payload}.${mac(purpose, payload)}`;
};

/** The signed object of a token, or null when this site did not sign it for this purpose. */
function read(purpose: Purpose, token: string): Record<string, unknown> | null {
  const [payload, sig, extra] = token.split('.');
  if (!payload || !sig || extra !== undefined || token.length > 1000) return null;
  const want = Buffer.from(mac(purpose, payload));
  const got = Buffer.from(sig);
  if (want.length !== got.length || !timingSafeEqual(want, got)) return null;
  try {
    const v = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as unknown;
    return v && typeof v === 'object' ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export function unsubscribeToken(email: string, kind: MailKind): string {
  return sign('mail-unsubscribe', { e: email.toLowerCase(), k: kind });
}

/** The address and kind a token names, or null when it was not signed by this site. */
export function readUnsubscribeToken(token: string): { email: string; kind: MailKind } | null {
  const v = read('mail-unsubscribe', token);
  if (!v || typeof v.e !== 'string' || !v.e.includes('@') || !isMailKind(v.k)) return null;
  return { email: v.e, kind: v.k };
}

/**
 * An address confirmation link's token (services/mail/confirm.ts): the account, its address, the
 * link's nonce and when it ends, signed as the unsubscribe tokens are (its own key). The signature
 * proves the site made it; the nonce, kept on the account, makes it single-use (and ends it when a
 * newer link is sent or the address changes); `x` ends it after CONFIRM_TTL_MS.
 */
export type ConfirmClaim = { userId: number; email: string; nonce: string; expires: number };

export const confirmToken = (c: ConfirmClaim): string =>
  sign('mail-confirm', { u: c.userId, e: c.email.toLowerCase(), n: c.nonce, x: c.expires });

/** What a confirmation token claims, or null when it was not signed here (its expiry is the caller's). */
export function readConfirmToken(token: string): ConfirmClaim | null {
  const v = read('mail-confirm', token);
  if (!v || typeof v.u !== 'number' || typeof v.e !== 'string' || typeof v.n !== 'string') return null;
  if (typeof v.x !== 'number' || !v.n) return null;
  return { userId: v.u, email: v.e, nonce: v.n, expires: v.x };
}
