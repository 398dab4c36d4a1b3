import { useState } from 'react';
import { newIdempotencyKey } from '../../lib/api/admin/idempotency.ts';
import { HttpError } from '../../lib/api/client.ts';

/**
 * One Idempotency-Key per create of a form (docs/decisions/0008-idempotency-keys.md): `keyed(call)` runs
 * the create with the form's key, the same key on every retry (a second press of 保存 after a lost answer
 * gets the server's first answer, not a second row), and a new key after a success, for the next create. A
 * 422 (this key was used with another body: the form was changed after an attempt whose answer was lost)
 * also ends the key, so the press after that message is a new create, made on purpose. A refusal or an
 * error keeps it: the server released it, and the corrected form goes with the same key.
 */
export function keyedCreates() {
  let key = '';
  return async function keyed<T>(create: (key: string) => Promise<T>): Promise<T> {
    key ||= newIdempotencyKey();
    try {
      const result = await create(key);
      key = '';
      return result;
    } catch (err) {
      if (err instanceof HttpError && err.status === 422) key = '';
      throw err;
    }
  };
}

/** keyedCreates for a form: one per mounted form (a dialog opened again starts a new create). */
export const useIdempotencyKey = () => useState(keyedCreates)[0];
