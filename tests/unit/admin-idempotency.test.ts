import { afterEach, describe, expect, it, vi } from 'vitest';
import { keyedCreates } from '../../src/admin/kit/use-idempotency-key.ts';
import { newIdempotencyKey } from '../../src/lib/api/admin/idempotency.ts';
import { HttpError } from '../../src/lib/api/client.ts';

/**
 * The console's key per create (docs/decisions/0008-idempotency-keys.md): kept over the retries of one
 * create, new after it succeeded, and new after a 422 (the key answered another body).
 */

afterEach(() => vi.unstubAllGlobals());

/** A create that fails with `errors` in turn, then succeeds; it notes the key of every call. */
function scripted(errors: HttpError[]) {
  const keys: string[] = [];
  const create = async (key: string) => {
    keys.push(key);
    const err = errors.shift();
    if (err) throw err;
    return key;
  };
  return { keys, create };
}

describe('keyedCreates', () => {
  it('keeps the key over every failed try of one create, then starts a new one', async () => {
    const keyed = keyedCreates();
    const lost = new HttpError('', 0, 0, false);
    const gateway = new HttpError('', 502, 502, true);
    const refused = new HttpError('标签已存在', 200, 100, true);
    const { keys, create } = scripted([lost, gateway, refused]);
    for (let i = 0; i < 3; i++) await expect(keyed(create)).rejects.toBeInstanceOf(HttpError);
    expect(await keyed(create)).toBe(keys[0]);
    expect(new Set(keys).size).toBe(1);
    await keyed(create);
    expect(keys[4]).not.toBe(keys[0]);
  });

  it('a 422 ends the key: the next press is a new create', async () => {
    const keyed = keyedCreates();
    const { keys, create } = scripted([
      new HttpError('同一个 Idempotency-Key 不能用于不同的请求', 422, 422, true),
    ]);
    await expect(keyed(create)).rejects.toMatchObject({ status: 422 });
    await keyed(create);
    expect(keys[1]).not.toBe(keys[0]);
  });

  it('two forms never share a key', async () => {
    const [a, b] = [keyedCreates(), keyedCreates()];
    expect(await a(async (k) => k)).not.toBe(await b(async (k) => k));
  });
});

describe('newIdempotencyKey', () => {
  it('is a UUID, or 32 random hex digits where randomUUID is missing (plain HTTP on a LAN address)', () => {
    expect(newIdempotencyKey()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    const { getRandomValues } = globalThis.crypto;
    vi.stubGlobal('crypto', { getRandomValues: getRandomValues.bind(globalThis.crypto) });
    const key = newIdempotencyKey();
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(newIdempotencyKey()).not.toBe(key);
  });
});
