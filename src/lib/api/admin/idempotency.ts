/**
 * A new Idempotency-Key for a create of the console (docs/decisions/0008-idempotency-keys.md;
 * RequestOptions.idempotencyKey): a UUID. `crypto.randomUUID` exists only in a secure context, and a
 * self-hosted console may be opened over plain HTTP on a LAN address: there, 16 random bytes in hex.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join(
    '',
  );
}
