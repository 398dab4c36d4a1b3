import { decode, decrypt, encode, encrypt } from '../lib/storage.ts';

/**
 * Browser storage (localStorage, sessionStorage) in the encoding of src/lib/storage.ts
 * (docs/product.md#browser-storage). Every access tolerates storage being disabled: the state is then
 * simply not kept.
 */

type Area = 'local' | 'session';
const area = (kind: Area): Storage | undefined => {
  try {
    return kind === 'local' ? globalThis.localStorage : globalThis.sessionStorage;
  } catch {
    return undefined; // storage disabled (private mode, sandboxed frame)
  }
};

/** Reads an encoded JSON value; undefined when missing or unreadable. */
export function readJson<T>(key: string, kind: Area = 'local', secret = false): T | undefined {
  const raw = area(kind)?.getItem(encode(key));
  if (raw == null) return undefined;
  try {
    return JSON.parse(secret ? decrypt(raw) : decode(raw)) as T;
  } catch {
    return undefined;
  }
}

export function writeJson(key: string, value: unknown, kind: Area = 'local', secret = false): void {
  const text = JSON.stringify(value);
  try {
    area(kind)?.setItem(encode(key), secret ? encrypt(text) : encode(text));
  } catch {
    /* quota or disabled storage: the state simply is not kept */
  }
}

export function remove(key: string, kind: Area = 'local'): void {
  area(kind)?.removeItem(encode(key));
}

/** True when a stored secret exists but cannot be decrypted (the user info is cleared then). */
export function isUnreadableSecret(key: string, kind: Area = 'local'): boolean {
  const raw = area(kind)?.getItem(encode(key));
  if (raw == null) return false;
  try {
    decrypt(raw);
    return false;
  } catch {
    return true;
  }
}
