/**
 * The encoding of browser storage (docs/product.md#browser-storage): keys and values are URI-encoded then
 * base64'd; user info and token are additionally "encrypted" with a fixed key shipped in the client.
 * That is obfuscation only (the key is public), so nothing secret relies on it. Pure, so pages and
 * tests can write what the browser reads; the storage itself is src/browser/storage.ts.
 */

const KEY = 'blog-2026-obfuscation-key';

export const encode = (text: string): string => btoa(encodeURIComponent(text));
export const decode = (text: string): string => decodeURIComponent(atob(text));

/** A 32-bit FNV-1a checksum, so a tampered or foreign value is detected rather than misread. */
function fnv(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, '0');
}

function xor(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++)
    out += String.fromCharCode(text.charCodeAt(i) ^ KEY.charCodeAt(i % KEY.length));
  return out;
}

export function encrypt(plain: string): string {
  return encode(fnv(plain) + xor(plain));
}

/** The plain text, or throws when the value was not made by encrypt(). */
export function decrypt(cipher: string): string {
  const raw = decode(cipher);
  const plain = xor(raw.slice(8));
  if (raw.length < 8 || fnv(plain) !== raw.slice(0, 8)) throw new Error('decrypt failed');
  return plain;
}
