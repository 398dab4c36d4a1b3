import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { config } from '../../src/server/config.ts';
import { decodeToken, signToken, TOKEN_TTL_SECONDS, userFromToken } from '../../src/server/services/auth.ts';
import { setupTestApi } from './helpers.ts';

const api = setupTestApi();

const b64 = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url');
/** A token signed the way the hand-written signer before hono/jwt did it. */
function handSigned(claims: object, header: object = { alg: 'HS256', typ: 'JWT' }): string {
  const data = `${b64(header)}.${b64(claims)}`;
  return `${data}.${createHmac('sha256', config.jwtSecret).update(data).digest('base64url')}`;
}

describe('HS256 tokens (hono/jwt)', () => {
  const who = { id: 7, role: 2, token_version: 3 };
  const at = Date.UTC(2026, 0, 2, 3, 4, 5);

  it('signs the same bytes as the hand-written signer, so tokens issued before stay good', async () => {
    const iat = Math.floor(at / 1000);
    const expected = handSigned({ sub: 7, role: 2, tv: 3, iat, exp: iat + TOKEN_TTL_SECONDS });
    expect(await signToken(who, at)).toBe(expected);
  });

  it('is good until its expiry and not a second longer', async () => {
    const token = await signToken(who, at);
    const exp = Math.floor(at / 1000) + TOKEN_TTL_SECONDS;
    expect(await decodeToken(token, exp * 1000 - 1)).toMatchObject({ sub: 7, role: 2, tv: 3, exp });
    expect(await decodeToken(token, exp * 1000)).toBeNull();
  });

  it('refuses another signature, another algorithm, an unsigned token and claims of the wrong shape', async () => {
    const token = await signToken(who, at);
    const [h, p, s] = token.split('.');
    const flipped = `${s.slice(0, -2)}${s.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(await decodeToken(`${h}.${p}.${flipped}`, at)).toBeNull();
    expect(await decodeToken(`${b64({ alg: 'none' })}.${p}.`, at)).toBeNull();
    const claims = { sub: 7, role: 2, tv: 3, iat: 0, exp: 4e9 };
    expect(await decodeToken(handSigned(claims, { alg: 'HS512', typ: 'JWT' }), at)).toBeNull();
    expect(await decodeToken(handSigned({ ...claims, sub: '7' }), at)).toBeNull();
    expect(await decodeToken(handSigned({ ...claims, exp: undefined }), at)).toBeNull();
    for (const garbage of ['', '..', 'a.b.c', '%%%.\u00ff.!!!', 'a'.repeat(10_000)])
      expect(await decodeToken(garbage, at)).toBeNull();
  });

  it('speaks for its user only while the token version matches (logout, password change)', async () => {
    const { id, token } = await api.user('tokenuser');
    expect(await userFromToken(`Bearer ${token}`)).toMatchObject({ id });
    expect(await userFromToken(token)).toMatchObject({ id });
    expect((await api.call('POST', '/api/user/logout', undefined, token)).json.code).toBe(0);
    expect(await userFromToken(token)).toBeNull();
  });
});
