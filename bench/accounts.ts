import { createHmac } from 'node:crypto';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { encode, encrypt } from '../src/lib/storage.ts';

/** Users written straight into a bench server's database, with tokens signed by its key. */
/** The signing key a test server keeps in its database (the `secret` table). */
function signingKeyIn(dataDir: string): string {
  const db = new DatabaseSync(path.join(dataDir, 'blog.db'), { readOnly: true });
  try {
    return (db.prepare("SELECT value FROM secret WHERE key = 'jwt_secret'").get() as { value: string }).value;
  } finally {
    db.close();
  }
}

export function makeUsers(dataDir: string, count: number, prefix = 'bench'): { id: number; token: string }[] {
  const key = signingKeyIn(dataDir);
  const db = new DatabaseSync(path.join(dataDir, 'blog.db'));
  db.exec('PRAGMA busy_timeout = 10000');
  const now = new Date().toISOString();
  const insert = db.prepare(
    `INSERT INTO "user" (username, password, nick_name, email, avatar, qq, role, token_version, ip, "createdAt", "updatedAt")
     VALUES (?, 'x', ?, '', '', '', 2, 0, '', ?, ?) RETURNING id`,
  );
  const users: { id: number; token: string }[] = [];
  const b64 = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url');
  const iat = Math.floor(Date.now() / 1000);
  db.exec('BEGIN');
  for (let i = 0; i < count; i++) {
    const { id } = insert.get(`${prefix}${i}_${iat % 100000}`.slice(0, 16), `压测${i}`, now, now) as {
      id: number;
    };
    const data = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: id, role: 2, tv: 0, iat, exp: iat + 7200 })}`;
    users.push({ id, token: `${data}.${createHmac('sha256', key).update(data).digest('base64url')}` });
  }
  db.exec('COMMIT');
  db.close();
  return users;
}

/**
 * The local-storage entries of a browser signed in as the seeded admin (id 1) of a bench server, as the
 * site stores its session (docs/product.md#browser-storage encoding): a console page then opens its screen,
 * not the login.
 */
export function adminSession(dataDir: string): [string, string][] {
  const key = signingKeyIn(dataDir);
  const b64 = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url');
  const iat = Math.floor(Date.now() / 1000);
  const data = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: 1, role: 1, tv: 0, iat, exp: iat + 7200 })}`;
  const token = `${data}.${createHmac('sha256', key).update(data).digest('base64url')}`;
  return [
    [encode('token'), encrypt(JSON.stringify(token))],
    [encode('userInfo'), encrypt(JSON.stringify({ id: 1, nick_name: '博主', avatar: '', role: 1 }))],
    [encode('tokenFlag'), encode('true')],
    [encode('infoFlag'), encode('true')],
  ];
}
