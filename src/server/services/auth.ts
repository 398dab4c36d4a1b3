import { argon2, randomBytes, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import bcrypt from 'bcryptjs';
import { sign, verify } from 'hono/jwt';
import { ARGON2ID_HASH } from '../../lib/password-hash.ts';
import { ROLE } from '../../lib/role.ts';
import { config } from '../config.ts';
import { db } from '../db/connection.ts';

const argon2Async = promisify(argon2);

/** OWASP's argon2id floor: 19 MiB, 2 passes, 1 lane. */
const ARGON = { memory: 19 * 1024, passes: 2, parallelism: 1, tagLength: 32 } as const;

export async function hashPassword(password: string): Promise<string> {
  const nonce = randomBytes(16);
  const hash = await argon2Async('argon2id', { message: password, nonce, ...ARGON });
  return `$argon2id$v=19$m=${ARGON.memory},t=${ARGON.passes},p=${ARGON.parallelism}$${nonce.toString('base64url')}$${hash.toString('base64url')}`;
}

/**
 * A bcrypt hash brought by the import of the original project's users (docs/owner-guide.md#导入与导出):
 * checked with bcryptjs, and replaced by argon2id at the account's first sign-in (users.ts).
 */
export const isBcryptHash = (stored: string) => /^\$2[aby]\$\d\d\$[./A-Za-z0-9]{53}$/.test(stored);

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  if (isBcryptHash(stored)) return bcrypt.compare(password, stored);
  const m = ARGON2ID_HASH.exec(stored);
  if (!m) return false;
  const expected = Buffer.from(m[5], 'base64url');
  const actual = await argon2Async('argon2id', {
    message: password,
    nonce: Buffer.from(m[4], 'base64url'),
    memory: Number(m[1]),
    passes: Number(m[2]),
    parallelism: Number(m[3]),
    tagLength: expected.length,
  });
  return timingSafeEqual(actual, expected);
}

export type TokenClaims = { sub: number; role: number; tv: number; iat: number; exp: number };

export const TOKEN_TTL_SECONDS = 7 * 24 * 3600;

/**
 * The HMAC key, imported once per secret (hono/jwt would import the raw string on every call). A
 * Promise is kept so parallel first requests share one import; a test that starts over with a new
 * secret gets a new key.
 */
let hmacKey: { secret: string; key: Promise<CryptoKey> } | undefined;
function signingKey(): Promise<CryptoKey> {
  const secret = config.jwtSecret;
  // Loaded by prepareDatabase (JWT_SECRET or the database's key): never sign with an empty key.
  if (!secret) throw new Error('the signing key is not loaded yet');
  if (hmacKey?.secret !== secret) {
    const algorithm = { name: 'HMAC', hash: 'SHA-256' };
    const key = crypto.subtle.importKey('raw', Buffer.from(secret), algorithm, false, ['sign', 'verify']);
    hmacKey = { secret, key };
  }
  return hmacKey.key;
}

/** An HS256 JWT carrying the user id, role and token version. */
export async function signToken(
  user: { id: number; role: number; token_version: number },
  now = Date.now(),
): Promise<string> {
  const iat = Math.floor(now / 1000);
  const claims: TokenClaims = {
    sub: user.id,
    role: user.role,
    tv: user.token_version,
    iat,
    exp: iat + TOKEN_TTL_SECONDS,
  };
  return sign(claims, await signingKey(), 'HS256');
}

/**
 * The claims of a well-signed, unexpired token, or null. Does not look at the database. The
 * signature, the header (HS256 only: `alg: none` and every other algorithm are refused) and the
 * JSON are hono/jwt's; the expiry is checked here against `now` (as before: iat is not checked, a
 * token is good until exp), so tests can move the clock.
 */
export async function decodeToken(token: string, now = Date.now()): Promise<TokenClaims | null> {
  try {
    const claims = (await verify(token, await signingKey(), {
      alg: 'HS256',
      exp: false,
      iat: false,
    })) as Partial<TokenClaims>;
    if (!Number.isInteger(claims.sub) || typeof claims.exp !== 'number') return null;
    if (claims.exp * 1000 <= now) return null;
    return claims as TokenClaims;
  } catch {
    return null;
  }
}

export type AuthUser = { id: number; role: number; nick_name: string; avatar: string };

/**
 * What a token says: the user it speaks for, if it is valid, not ended by logout or a password change,
 * and the account is not disabled; and whether it is a well-signed, unexpired token of a disabled
 * account (whatever its token version: disabling ends the account's tokens, and their holders are told
 * why rather than treated as guests).
 */
export async function readToken(
  token: string | null | undefined,
): Promise<{ user: AuthUser | null; disabled: boolean }> {
  const none = { user: null, disabled: false };
  if (!token) return none;
  const claims = await decodeToken(token.replace(/^Bearer\s+/i, '').trim());
  if (!claims) return none;
  const user = await db
    .selectFrom('user')
    .select(['id', 'role', 'nick_name', 'avatar', 'token_version', 'disabled_at'])
    .where('id', '=', claims.sub)
    .executeTakeFirst();
  if (!user) return none;
  if (user.disabled_at) return { user: null, disabled: true };
  if (user.token_version !== claims.tv) return none;
  return {
    user: { id: user.id, role: user.role, nick_name: user.nick_name, avatar: user.avatar },
    disabled: false,
  };
}

/** The user a token speaks for (readToken), or null. */
export async function userFromToken(token: string | null | undefined): Promise<AuthUser | null> {
  return (await readToken(token)).user;
}

export const isAdmin = (u: { role: number } | null | undefined) => u?.role === ROLE.admin;
