import { createHmac, randomBytes } from 'node:crypto';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { Page } from '@playwright/test';
import { encode, encrypt } from '../../src/lib/storage.ts';
import { hashPassword } from '../../src/server/services/auth.ts';

/**
 * Accounts for browser tests without going through the login UI: rows written straight into the
 * test server's database and tokens signed with its key (both from E2E_DATA_DIR).
 */
export type TestUser = {
  id: number;
  username: string;
  password: string;
  nick_name: string;
  role: number;
  token: string;
};

const dataDir = () => {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set (global setup did not run)');
  return dir;
};

/** The signing key a test server keeps in its database (the `secret` table). */
export function signingKeyIn(dataDir: string): string {
  const db = new DatabaseSync(path.join(dataDir, 'blog.db'), { readOnly: true });
  try {
    return (db.prepare("SELECT value FROM secret WHERE key = 'jwt_secret'").get() as { value: string }).value;
  } finally {
    db.close();
  }
}

function sign(claims: object): string {
  const key = signingKeyIn(dataDir());
  const b64 = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url');
  const data = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(claims)}`;
  return `${data}.${createHmac('sha256', key).update(data).digest('base64url')}`;
}

export function tokenFor(user: { id: number; role: number }, tokenVersion = 0): string {
  const now = Math.floor(Date.now() / 1000);
  return sign({ sub: user.id, role: user.role, tv: tokenVersion, iat: now, exp: now + 3600 });
}

/** A new user (role 2 unless asked) in the running test server's database. */
export async function createUser(opts: { nick_name?: string; role?: number } = {}): Promise<TestUser> {
  const username = `u${randomBytes(5).toString('hex')}`.slice(0, 12);
  const password = 'Passw0rd!x';
  const nick_name = opts.nick_name ?? `测试${username.slice(-4)}`;
  const role = opts.role ?? 2;
  const db = new DatabaseSync(path.join(dataDir(), 'blog.db'));
  try {
    db.exec('PRAGMA busy_timeout = 5000');
    const now = new Date().toISOString();
    const row = db
      .prepare(
        `INSERT INTO "user" (username, username_key, password, nick_name, email, avatar, qq, role, token_version, ip, "createdAt", "updatedAt")
         VALUES (?, ?, ?, ?, '', '', '', ?, 0, '', ?, ?) RETURNING id`,
      )
      // The username is lower-case hex: it is its own folded key.
      .get(username, username, await hashPassword(password), nick_name, role, now, now) as { id: number };
    return { id: row.id, username, password, nick_name, role, token: tokenFor({ id: row.id, role }) };
  } finally {
    db.close();
  }
}

/** The seeded admin (id 1) with a fresh token. */
export function admin(): TestUser {
  return {
    id: 1,
    username: 'admin',
    password: 'Admin12345',
    nick_name: '博主',
    role: 1,
    token: tokenFor({ id: 1, role: 1 }),
  };
}

/**
 * Makes the page start signed in as `user`: the encrypted token and user info are put in local
 * storage (docs/product.md#browser-storage encoding) before any page script runs.
 */
export async function signIn(page: Page, user: TestUser): Promise<void> {
  const entries = [
    [encode('token'), encrypt(JSON.stringify(user.token))],
    [
      encode('userInfo'),
      encrypt(JSON.stringify({ id: user.id, nick_name: user.nick_name, avatar: '', role: user.role })),
    ],
    [encode('tokenFlag'), encode('true')],
    [encode('infoFlag'), encode('true')],
  ];
  await page.addInitScript((pairs) => {
    if (sessionStorage.getItem('__signedIn')) return; // only once: a test may log out later
    sessionStorage.setItem('__signedIn', '1');
    for (const [k, v] of pairs) localStorage.setItem(k, v);
  }, entries);
}
